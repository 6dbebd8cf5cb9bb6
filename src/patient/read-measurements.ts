/**
 * Measurements as a health worker writes them, read once into typed values in the catalogue's units:
 * temperature (°F converted), SpO2, haemoglobin (g/L converted), blood pressure, breathing and heart
 * rate, MUAC (cm converted) and glucose. Works on the normal form of clinical-text.ts, where a decimal
 * comma is already a point. A value outside what a living patient can show is not a measurement.
 */
import type { Quantity } from './danger-sign-catalogue.js';

/** One measurement: its quantity, its value in the catalogue's unit, and where it was written. */
export interface Measurement {
  readonly quantity: Quantity;
  readonly value: number;
  readonly start: number;
  readonly end: number;
}

const NUMBER = String.raw`(\d{1,3}(?:\.\d+)?)`;
const SEP = String.raw`\s*(?:is|of|was|at|=|:|-|of about|about|~)?\s*`;

interface Reader {
  readonly pattern: RegExp;
  /** The value in the catalogue's unit, or undefined when it cannot be this quantity. */
  read(groups: readonly (string | undefined)[]): Array<[Quantity, number]> | undefined;
}

const within = (value: number, low: number, high: number): boolean => value >= low && value <= high;

const READERS: readonly Reader[] = [
  {
    // "fever 38.9", "fievre 39.2", "homa 38.5": a fever word before a number is its temperature.
    pattern: new RegExp(String.raw`\b(?:temp(?:erature)?|t|axillary temp|fever|fievre|febrile|homa)${SEP}${NUMBER}\s*(°\s*[cf]|deg\w*\s*[cf]?|[cf]\b)?|\b${NUMBER}\s*(°\s*[cf]?|deg\w*\s*[cf]?|c\b|f\b)`, 'g'),
    read: (g) => {
      const value = Number(g[0] ?? g[2]);
      const unit = (g[1] ?? g[3] ?? '').replace(/[^cf]/g, '');
      const celsius = unit === 'f' || (unit === '' && within(value, 93, 113)) ? ((value - 32) * 5) / 9 : value;
      return within(celsius, 25, 45) ? [['temperature_c', Math.round(celsius * 10) / 10]] : undefined;
    },
  },
  {
    pattern: new RegExp(String.raw`\b(?:spo2|sp02|sao2|o2 sats?|sats?|satur\w*|oxygen(?: saturation| sat)?|pulse ox\w*)${SEP}${NUMBER}\s*%?`, 'g'),
    read: (g) => {
      const value = Number(g[0]);
      return within(value, 40, 100) ? [['spo2_pct', value]] : undefined;
    },
  },
  {
    pattern: new RegExp(String.raw`\b(?:hb|hgb|haemoglobin|hemoglobin|hemoglobine|haemoglobine)${SEP}${NUMBER}\s*(g\s*/\s*l|g\s*/\s*dl|g)?`, 'g'),
    read: (g) => {
      const raw = Number(g[0]);
      const perLitre = (g[1] ?? '').replace(/\s/g, '') === 'g/l' || raw > 25;
      const value = perLitre ? raw / 10 : raw;
      return within(value, 1, 25) ? [['hb_g_dl', Math.round(value * 10) / 10]] : undefined;
    },
  },
  {
    pattern: /\b(\d{2,3})\s*\/\s*(\d{2,3})(?!\s*\/)(?!\d)/g,
    read: (g) => {
      const systolic = Number(g[0]);
      const diastolic = Number(g[1]);
      if (!within(systolic, 60, 280) || !within(diastolic, 30, 180) || diastolic >= systolic) return undefined;
      return [['systolic_mmhg', systolic], ['diastolic_mmhg', diastolic]];
    },
  },
  {
    pattern: new RegExp(String.raw`\b(?:rr|resp(?:iratory)?(?: rate)?|breathing(?: rate)?|breaths?|fr|frequence respiratoire)${SEP}${NUMBER}|\b${NUMBER}\s*(?:breaths?|b\/min|bpm resp|\/min breath\w*)`, 'g'),
    read: (g) => {
      const value = Number(g[0] ?? g[1]);
      return within(value, 5, 150) ? [['resp_rate_per_min', value]] : undefined;
    },
  },
  {
    pattern: new RegExp(String.raw`\b(?:muac|pb|mid upper arm circumference)${SEP}${NUMBER}\s*(mm|cm)?`, 'g'),
    read: (g) => {
      const raw = Number(g[0]);
      const millimetres = g[1] === 'mm' || (g[1] !== 'cm' && raw >= 50) ? raw : raw * 10;
      return within(millimetres, 60, 300) ? [['muac_mm', millimetres]] : undefined;
    },
  },
  {
    pattern: new RegExp(String.raw`\b(?:glucose|rbs|fbs|blood sugar|sugar|glycemie|glycaemia)${SEP}${NUMBER}\s*(mg)?`, 'g'),
    read: (g) => {
      const raw = Number(g[0]);
      const value = g[1] === 'mg' || raw > 40 ? raw / 18 : raw;
      return within(value, 0.5, 40) ? [['glucose_mmol_l', Math.round(value * 10) / 10]] : undefined;
    },
  },
  {
    pattern: new RegExp(String.raw`\b(?:pulse|hr|heart rate|pr)${SEP}${NUMBER}`, 'g'),
    read: (g) => {
      const value = Number(g[0]);
      return within(value, 20, 260) ? [['heart_rate_per_min', value]] : undefined;
    },
  },
];

/** Every measurement written in normalised `text`, in the order written. */
export function readMeasurements(text: string): Measurement[] {
  const found: Measurement[] = [];
  for (const reader of READERS) {
    for (const match of text.matchAll(reader.pattern)) {
      const values = reader.read(match.slice(1));
      for (const [quantity, value] of values ?? []) {
        found.push({ quantity, value, start: match.index, end: match.index + match[0].length });
      }
    }
  }
  // "im body hot, I check am two times na 38.8 and 38.6": in a message about fever, a reading of one
  // decimal between 34 and 42.9 with no other unit is the temperature the health worker took.
  if (!found.some((m) => m.quantity === 'temperature_c') && FEVER_WORD.test(text)) {
    for (const match of text.matchAll(BARE_TEMPERATURE)) {
      found.push({ quantity: 'temperature_c', value: Number(match[0]), start: match.index, end: match.index + match[0].length });
    }
  }
  return found.sort((a, b) => a.start - b.start);
}

const FEVER_WORD = /\b(?:fever\w*|febrile|fievre|homa|temp\w*|hot)\b/;
const BARE_TEMPERATURE = /(?<![\d.])(?:3[4-9]|4[0-2])\.\d(?![\d.])(?!\s*(?:kg|%|cm|mm|g\b|mmol|mg))/g;
