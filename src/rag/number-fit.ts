import { inBand, type Band } from '../patient/weight.js';
import { bloodPressureReadings, plausibleBloodPressure } from '../patient/hypertension-in-pregnancy.js';

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

/** A blood pressure reading is two values, each placed on its own: 162/100 against "140/90 mmHg or more". */
type Unit = 'kg' | 'mm' | 'mmol/l' | 'g/dl' | 'mg/dl' | 'mmhg' | 'copies/ml' | 'days' | 'systolic' | 'diastolic';

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

/**
 * A number written with the unit, in any of its forms: a section without one states no range for it.
 * The substring is the cheap test that comes first (a reranker reads up to 200 candidates per search).
 */
const WRITTEN_WITH_UNIT: Record<Unit, { hint: string; pattern: RegExp }> = {
  kg: { hint: 'kg', pattern: /\d\s*kg/i },
  mm: { hint: 'm', pattern: /\d\s*[mc]m\b/i },
  'mmol/l': { hint: 'mmol', pattern: /\d\s*mmol/i },
  'g/dl': { hint: '/', pattern: /\d\s*g\s*\/\s*[dl]/i },
  'mg/dl': { hint: '/', pattern: /\d\s*mg\s*\/\s*dl/i },
  mmhg: { hint: 'hg', pattern: /\d\s*mm\s*hg/i },
  'copies/ml': { hint: 'copies', pattern: /\d\s*copies/i },
  days: { hint: '', pattern: /\d\s*(?:days?|weeks?|wks?)\b/i },
  systolic: { hint: '', pattern: /\d{2,3}\s*\/\s*\d{2,3}|systolic\s*\(mm\s*hg\)/i },
  diastolic: { hint: '', pattern: /\d{2,3}\s*\/\s*\d{2,3}|systolic\s*\(mm\s*hg\)/i },
};

const WHOLE_UNITS = UNITS.map((u) => ({ ...u, whole: new RegExp(`^(?:${u.pattern})$`) }));

function canonical(written: string): { unit: Unit; factor: number } | undefined {
  return WHOLE_UNITS.find((u) => u.whole.test(written));
}

const BP = '(\\d{2,3})\\s*/\\s*(\\d{2,3})';

const MEASUREMENT = new RegExp(`(?<![\\d.<>≥≤])${NUMBER}\\s*${UNIT}`, 'g');

/**
 * Lab shorthand a health worker types without the unit ("MUAC 108 red", "RBS 16 mmol", "Hb 6"): the
 * quantity's name says the unit, and the size of the number says which of its usual units it is in (a
 * MUAC of 11.5 is in centimetres, a glucose of 180 in mg/dL). A value outside every plausible range is
 * left unread rather than guessed.
 */
const SHORTHAND: Array<{ name: RegExp; read: (value: number) => Measurement | undefined }> = [
  { name: /\bmuac\s*$/, read: (v) => (v >= 50 && v <= 300 ? { unit: 'mm', value: v } : v >= 5 && v <= 30 ? { unit: 'mm', value: v * 10 } : undefined) },
  {
    name: /\b(?:[rf]bs|[rf]bg|cbg|glucose|sugar)\s*$/,
    read: (v) => (v >= 1 && v <= 35 ? { unit: 'mmol/l', value: v } : v > 35 && v <= 700 ? { unit: 'mg/dl', value: v } : undefined),
  },
  { name: /\b(?:hb|hgb|ha?emoglobin)\s*$/, read: (v) => (v >= 2 && v <= 25 ? { unit: 'g/dl', value: v } : undefined) },
];
/** A quantity's name right before its number with no unit after it (or "mmol" alone): "RBS: 16", "muac 108 red". */
const NAMED_NUMBER = /([a-z][a-z ]{1,20}?)\s*(?:of|is|was|=|:)?\s*(\d+(?:\.\d+)?)(?![\d.]|\s*(?:\/|-\s*\d|to\s+\d|[a-z]*\s*\/\s*[a-z])|\s*(?:mm|cm|g\b|g\/|mg|kg|mmhg|copies|days?|weeks?|wks?|months?|years?|yrs?|hours?|hrs?|times|x|am|pm|%)(?![a-z]))(\s*mmol\b)?/g;

function shorthandMeasurements(plain: string): Measurement[] {
  const found: Measurement[] = [];
  for (const m of plain.matchAll(NAMED_NUMBER)) {
    const quantity = SHORTHAND.find((q) => q.name.test(m[1] ?? ''));
    const read = quantity?.read(Number(m[2]));
    if (read && (m[3] === undefined || read.unit === 'mmol/l')) found.push(read);
  }
  return found;
}

/** The measured values written in a text ("MUAC 110 mm", "8.2 mmol/l", "12cm", "RBS 16"), in canonical units. */
export function measurementsIn(text: string): Measurement[] {
  const found: Measurement[] = [];
  const plain = withPlainNumbers(text);
  for (const m of plain.matchAll(MEASUREMENT)) {
    const unit = canonical(m[2] ?? '');
    if (unit) found.push({ unit: unit.unit, value: Number(m[1]) * unit.factor });
  }
  found.push(...shorthandMeasurements(plain));
  for (const { systolic, diastolic } of bloodPressureReadings(text)) found.push({ unit: 'systolic', value: systolic }, { unit: 'diastolic', value: diastolic });
  return found;
}

/** The measured values in the findings the health worker reported (negated findings measure nothing). */
export function measurementsReported(findings: ReadonlyArray<{ value: string; negated?: boolean }>): Measurement[] {
  return measurementsIn(findings.filter((f) => !f.negated).map((f) => f.value).join('\n'));
}

/** A range or cut-off a guideline states for one unit. */
interface StatedBand {
  unit: Unit;
  band: Band;
  /**
   * For one value of a blood pressure cut-off (a systolic band, then its diastolic band), how the two
   * combine into a class: "160/110 or more" holds a reading when either value reaches it, "below 140/90"
   * when both stay under it, "140/90 to 159/109" when either reaches the lower end and neither passes the upper.
   */
  pressure?: 'or_more' | 'below' | 'range';
}

const LOWER = '(?:less than|below|under|<)';
const UPPER = '(?:or more|or above|and above|or higher|and over|or over|or longer|\\+)';

const RANGE = new RegExp(`${NUMBER}\\s*(?:${UNIT})?\\s*(?:to|-)\\s*(${LOWER})?\\s*${NUMBER}\\s*${UNIT}`, 'g');
const BELOW = new RegExp(`${LOWER}\\s*${NUMBER}\\s*${UNIT}`, 'g');
const FROM = new RegExp(`(?:at least|from)\\s*${NUMBER}\\s*${UNIT}`, 'g');
const OR_MORE = new RegExp(`${NUMBER}\\s*${UNIT}\\s*${UPPER}`, 'g');
/** "Above 18 mmol/L", "more than 7.0 mmol/L", "> 11 g/dl": the cut-off itself is not in the band. */
const ABOVE_WORDS = '(?:above|over|more than|greater than|higher than|>)';
const ABOVE = new RegExp(`${ABOVE_WORDS}\\s*${NUMBER}\\s*${UNIT}`, 'g');
/** A value just above a cut-off: "above 18 mmol/L" holds 18.1, not 18. */
const JUST_ABOVE = 1e-9;

const MMHG = '(?:\\s*mm\\s*hg)?';
const BP_RANGE = new RegExp(`${BP}${MMHG}\\s*(?:to|and|-)\\s*${BP}`, 'g');
const BP_BELOW = new RegExp(`${LOWER}\\s*${BP}`, 'g');
const BP_OR_MORE = new RegExp(`${BP}${MMHG}\\s*${UPPER}`, 'g');
const BP_ABOVE = new RegExp(`${ABOVE_WORDS}\\s*${BP}`, 'g');

/** The ranges and cut-offs of a text: "115 mm to less than 125 mm", "Below 6.1 mmol/L", "7.0 mmol/L or more". */
export function statedBands(text: string): StatedBand[] {
  return bandsIn(withPlainNumbers(text), { pressure: true, units: true });
}

/** statedBands of a text already through withPlainNumbers, reading only the patterns asked for. */
function bandsIn(plain: string, read: { pressure: boolean; units: boolean }): StatedBand[] {
  let t = plain.replace(/≥|>=/g, 'at least ').replace(/–|—/g, ' to ');
  const bands: StatedBand[] = [];
  // Each pattern consumes what it matched, so "115 to less than 125 mm" is one range, not also "< 125 mm".
  const take = (pattern: RegExp, read: (m: RegExpMatchArray) => StatedBand[]) => {
    t = t.replace(pattern, (...args: unknown[]) => {
      const m = args.slice(0, -2) as unknown as RegExpMatchArray;
      bands.push(...read(m));
      return ' '.repeat(String(m[0]).length);
    });
  };
  const inUnit = (written: string | undefined, low: number, high: number): StatedBand[] => {
    const unit = canonical(written ?? '');
    return unit ? [{ unit: unit.unit, band: { low: low * unit.factor, high: high * unit.factor } }] : [];
  };
  const pressure = (m: RegExpMatchArray, kind: NonNullable<StatedBand['pressure']>, systolic: Band, diastolic: Band): StatedBand[] =>
    plausibleBloodPressure(Number(m[1]), Number(m[2])) ? [{ unit: 'systolic', band: systolic, pressure: kind }, { unit: 'diastolic', band: diastolic, pressure: kind }] : [];
  // A classification table's row: "Systolic (mmHg): 130 to 139; Diastolic (mmHg): 85 to 89".
  if (read.pressure) take(BP_CELLS, (m) => {
    const [systolic, diastolic] = [pressureCell(m[1] ?? ''), pressureCell(m[2] ?? '')];
    if (!systolic || !diastolic || systolic.kind !== diastolic.kind) return [];
    return [{ unit: 'systolic', band: systolic.band, pressure: systolic.kind }, { unit: 'diastolic', band: diastolic.band, pressure: diastolic.kind }];
  });
  // "140/90 to 159/109": each value in its own range; "below 140/90"; "160/110 mmHg or more".
  if (read.pressure) take(BP_RANGE, (m) => pressure(m, 'range', { low: Number(m[1]), high: Number(m[3]) + 1 }, { low: Number(m[2]), high: Number(m[4]) + 1 }));
  if (read.pressure) take(BP_BELOW, (m) => pressure(m, 'below', { low: 0, high: Number(m[1]) }, { low: 0, high: Number(m[2]) }));
  if (read.pressure) take(BP_OR_MORE, (m) => pressure(m, 'or_more', { low: Number(m[1]), high: Infinity }, { low: Number(m[2]), high: Infinity }));
  if (read.pressure) take(BP_ABOVE, (m) => pressure(m, 'or_more', { low: Number(m[1]) + JUST_ABOVE, high: Infinity }, { low: Number(m[2]) + JUST_ABOVE, high: Infinity }));
  if (!read.units) return bands;
  // "6.1 to 6.9 mmol/L" includes 6.9; "115 to less than 125 mm" stops before 125.
  take(RANGE, (m) => inUnit(m[5], Number(m[1]), m[3] ? Number(m[4]) : Number(m[4]) + 0.1));
  take(BELOW, (m) => inUnit(m[2], 0, Number(m[1])));
  take(FROM, (m) => inUnit(m[2], Number(m[1]), Infinity));
  take(OR_MORE, (m) => inUnit(m[2], Number(m[1]), Infinity));
  take(ABOVE, (m) => inUnit(m[2], Number(m[1]) + JUST_ABOVE, Infinity));
  return bands;
}

/** A table row's two blood pressure cells, each under a header that gives the unit. */
const BP_CELLS = /systolic\s*\(mm\s*hg\)\s*:\s*([^;\n]+);\s*diastolic\s*\(mm\s*hg\)\s*:\s*([^;\n]+)/g;

/** One blood pressure cell: "<130", "130 to 139", "180 or more". */
function pressureCell(cell: string): { band: Band; kind: NonNullable<StatedBand['pressure']> } | undefined {
  const text = cell.trim();
  let m = /^(?:<|less than|below)\s*(\d{2,3})$/.exec(text);
  if (m) return { band: { low: 0, high: Number(m[1]) }, kind: 'below' };
  m = /^(\d{2,3})\s*(?:or more|or above|\+)$/.exec(text);
  if (m) return { band: { low: Number(m[1]), high: Infinity }, kind: 'or_more' };
  m = /^(\d{2,3})\s*(?:to|-)\s*(\d{2,3})$/.exec(text);
  if (m) return { band: { low: Number(m[1]), high: Number(m[2]) + 1 }, kind: 'range' };
  return undefined;
}

/** Lower case, thousands separators dropped ("1,000 copies" is 1000). */
function withPlainNumbers(text: string): string {
  return text.toLowerCase().replace(/(\d),(\d{3})\b/g, '$1$2');
}

/** Share of the measured values (0-1) that a range or cut-off stated in the section holds; 0 when none were measured. */
export function measurementsPlaced(sectionText: string, measured: readonly Measurement[]): number {
  if (measured.length === 0) return 0;
  // Most candidates never write a measured unit: only the patterns for units they write are read.
  const plain = withPlainNumbers(sectionText);
  const written = measured.filter((m) => plain.includes(WRITTEN_WITH_UNIT[m.unit].hint) && WRITTEN_WITH_UNIT[m.unit].pattern.test(plain));
  if (written.length === 0) return 0;
  const pressure = written.some((m) => m.unit === 'systolic' || m.unit === 'diastolic');
  const bands = bandsIn(plain, { pressure, units: written.some((m) => m.unit !== 'systolic' && m.unit !== 'diastolic') });
  const placed = measured.filter((m) => bands.some((b) => b.unit === m.unit && inBand(m.value, b.band)));
  return placed.length / measured.length;
}

/**
 * What the health worker measured against the ranges and cut-offs a text states: 'fits' when, for each
 * kind of value she measured that the text states a band for, one of its bands holds her value; 'other_band'
 * when for one of them none does; 'no_band' when the text states none for what she measured. A blood
 * pressure reading is one value here, placed in a class as the guidelines class it (see StatedBand.pressure):
 * 150/115 is in "160/110 mmHg or more" and not in "140/90 to 159/109". Weight and durations are left out:
 * a weight is placed by the dosing tables' own bands, and a duration is rarely a band a patient is in.
 */
export function measuredFit(text: string, measured: readonly Measurement[]): 'fits' | 'other_band' | 'no_band' {
  const placeable = measured.filter((m) => m.unit !== 'kg' && m.unit !== 'days');
  if (placeable.length === 0) return 'no_band';
  const bands = statedBands(text);
  const verdicts: boolean[] = [];
  const systolic = placeable.find((m) => m.unit === 'systolic')?.value;
  const diastolic = placeable.find((m) => m.unit === 'diastolic')?.value;
  if (systolic !== undefined && diastolic !== undefined && bands.some((b) => b.unit === 'systolic')) {
    verdicts.push(
      bands.some((b, i) => {
        const d = bands[i + 1];
        if (b.unit !== 'systolic' || d?.unit !== 'diastolic') return false;
        const s = inBand(systolic, b.band);
        const dd = inBand(diastolic, d.band);
        if (b.pressure === 'below') return s && dd;
        if (b.pressure === 'or_more') return s || dd;
        return (s || dd) && systolic < b.band.high && diastolic < d.band.high;
      }),
    );
  }
  for (const m of placeable) {
    if (m.unit === 'systolic' || m.unit === 'diastolic') continue;
    const own = bands.filter((b) => b.unit === m.unit);
    if (own.length > 0) verdicts.push(own.some((b) => inBand(m.value, b.band)));
  }
  if (verdicts.length === 0) return 'no_band';
  return verdicts.every(Boolean) ? 'fits' : 'other_band';
}
