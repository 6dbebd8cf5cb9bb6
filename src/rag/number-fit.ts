import { inBand, type Band } from '../patient/weight.js';

/**
 * Whether a section's numbers select this patient: a range or cut-off it states that holds a value the
 * health worker measured ("MUAC 110 mm" against "Less than 115 mm", "fasting glucose 8.2 mmol/l" against
 * "7.0 mmol/L or more", a 20 kg child against "from 15 kg to under 25 kg"). Full-text search drops
 * numbers, so without this a threshold table or a weight band ranks on generic words alone.
 */

/** A measured value in one canonical unit. */
export interface Measurement {
  unit: Unit;
  value: number;
}

type Unit = 'kg' | 'mm' | 'mmol/l' | 'g/dl' | 'mg/dl' | 'mmhg' | 'copies/ml' | 'days';

/** Written units and their canonical unit with the factor into it. */
const UNITS: Array<{ pattern: string; unit: Unit; factor: number }> = [
  { pattern: 'mmol\\s*/\\s*l', unit: 'mmol/l', factor: 1 },
  { pattern: 'mg\\s*/\\s*dl', unit: 'mg/dl', factor: 1 },
  { pattern: 'g\\s*/\\s*dl', unit: 'g/dl', factor: 1 },
  { pattern: 'g\\s*/\\s*l', unit: 'g/dl', factor: 0.1 },
  { pattern: 'mm\\s*hg', unit: 'mmhg', factor: 1 },
  { pattern: 'copies\\s*/\\s*ml', unit: 'copies/ml', factor: 1 },
  { pattern: 'kg', unit: 'kg', factor: 1 },
  { pattern: 'days?', unit: 'days', factor: 1 },
  { pattern: 'weeks?|wks?', unit: 'days', factor: 7 },
  { pattern: 'mm', unit: 'mm', factor: 1 },
  { pattern: 'cm', unit: 'mm', factor: 10 },
];
const UNIT = `(${UNITS.map((u) => u.pattern).join('|')})(?![a-z/])`;
const NUMBER = '(\\d+(?:\\.\\d+)?)';

/** Text every written form of a unit contains. */
const UNIT_HINTS: Record<Unit, string[]> = {
  kg: ['kg'],
  mm: ['mm', 'cm'],
  'mmol/l': ['mmol'],
  'g/dl': ['g/'],
  'mg/dl': ['mg/'],
  mmhg: ['hg'],
  'copies/ml': ['copies'],
  days: ['day', 'week', 'wk'],
};

const WHOLE_UNITS = UNITS.map((u) => ({ ...u, whole: new RegExp(`^(?:${u.pattern})$`) }));

function canonical(written: string): { unit: Unit; factor: number } | undefined {
  return WHOLE_UNITS.find((u) => u.whole.test(written));
}

const MEASUREMENT = new RegExp(`(?<![\\d.<>≥≤])${NUMBER}\\s*${UNIT}`, 'g');

/** The measured values written in a text ("MUAC 110 mm", "8.2 mmol/l", "12cm"), in canonical units. */
export function measurementsIn(text: string): Measurement[] {
  const found: Measurement[] = [];
  for (const m of withPlainNumbers(text).matchAll(MEASUREMENT)) {
    const unit = canonical(m[2] ?? '');
    if (unit) found.push({ unit: unit.unit, value: Number(m[1]) * unit.factor });
  }
  return found;
}

/** A range or cut-off a guideline states for one unit. */
interface StatedBand {
  unit: Unit;
  band: Band;
}

const LOWER = '(?:less than|below|under|<)';
const UPPER = '(?:or more|or above|and above|or higher|and over|or over|or longer|\\+)';

const RANGE = new RegExp(`${NUMBER}\\s*(?:${UNIT})?\\s*(?:to|-)\\s*(${LOWER})?\\s*${NUMBER}\\s*${UNIT}`, 'g');
const BELOW = new RegExp(`${LOWER}\\s*${NUMBER}\\s*${UNIT}`, 'g');
const FROM = new RegExp(`(?:at least|from)\\s*${NUMBER}\\s*${UNIT}`, 'g');
const OR_MORE = new RegExp(`${NUMBER}\\s*${UNIT}\\s*${UPPER}`, 'g');

/** The ranges and cut-offs of a text: "115 mm to less than 125 mm", "Below 6.1 mmol/L", "7.0 mmol/L or more". */
export function statedBands(text: string): StatedBand[] {
  let t = withPlainNumbers(text).replace(/≥|>=/g, 'at least ').replace(/–|—/g, ' to ');
  const bands: StatedBand[] = [];
  // Each pattern consumes what it matched, so "115 to less than 125 mm" is one range, not also "< 125 mm".
  const take = (pattern: RegExp, band: (m: RegExpMatchArray) => { written: string; low: number; high: number }) => {
    t = t.replace(pattern, (...args: unknown[]) => {
      const m = args.slice(0, -2) as unknown as RegExpMatchArray;
      const { written, low, high } = band(m);
      const unit = canonical(written);
      if (unit) bands.push({ unit: unit.unit, band: { low: low * unit.factor, high: high * unit.factor } });
      return ' '.repeat(String(m[0]).length);
    });
  };
  // "6.1 to 6.9 mmol/L" includes 6.9; "115 to less than 125 mm" stops before 125.
  take(RANGE, (m) => ({ written: m[5] ?? '', low: Number(m[1]), high: m[3] ? Number(m[4]) : Number(m[4]) + 0.1 }));
  take(BELOW, (m) => ({ written: m[2] ?? '', low: 0, high: Number(m[1]) }));
  take(FROM, (m) => ({ written: m[2] ?? '', low: Number(m[1]), high: Infinity }));
  take(OR_MORE, (m) => ({ written: m[2] ?? '', low: Number(m[1]), high: Infinity }));
  return bands;
}

/** Lower case, thousands separators dropped ("1,000 copies" is 1000). */
function withPlainNumbers(text: string): string {
  return text.toLowerCase().replace(/(\d),(\d{3})\b/g, '$1$2');
}

/** Share of the measured values (0-1) that a range or cut-off stated in the section holds; 0 when none were measured. */
export function measurementsPlaced(sectionText: string, measured: readonly Measurement[]): number {
  if (measured.length === 0) return 0;
  // Most candidates never write the measured units: skip reading their ranges (a reranker reads ~100).
  const lower = sectionText.toLowerCase();
  if (!measured.some((m) => UNIT_HINTS[m.unit].some((hint) => lower.includes(hint)))) return 0;
  const bands = statedBands(sectionText);
  const placed = measured.filter((m) => bands.some((b) => b.unit === m.unit && inBand(m.value, b.band)));
  return placed.length / measured.length;
}
