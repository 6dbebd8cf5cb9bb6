import type { Demographics } from '../../consult/findings.js';
import { normaliseDoseText } from './doses.js';

/**
 * Whether a piece of guideline text is about this patient: the weight or age band of a dosing-table
 * row, and the weight/age qualifiers, pregnancy and adult/child wording of a sentence. Only what the
 * health worker has said is used; an unknown weight or age decides nothing.
 */

interface Band {
  low: number;
  /** Exclusive upper bound (an inclusive "1 to 5 years" is stored as < 6 years). */
  high: number;
}

const UNIT_MONTHS: Record<string, number> = { month: 1, months: 1, year: 12, years: 12, yr: 12, yrs: 12 };

/** Weight band of a table cell such as "5 to <15", "4.5 to <9", "≥35", "20 or more", "<5" (kg). */
export function parseWeightBand(value: string): Band | null {
  const v = prepare(value);
  const range = /^(\d+(?:\.\d+)?)\s*(?:kg)?\s*(?:to|-|up to)\s*(<|under|less than|but not including)?\s*(\d+(?:\.\d+)?)/.exec(v);
  if (range) {
    const high = Number(range[3]);
    return { low: Number(range[1]), high: range[2] ? high : high + 1e-9 };
  }
  const atLeast = /^(?:≥|>=|at least)\s*(\d+(?:\.\d+)?)/.exec(v) ?? /^(\d+(?:\.\d+)?)\s*(?:kg\s*)?(?:or more|and above|and over|\+)/.exec(v);
  if (atLeast) return { low: Number(atLeast[1]), high: Infinity };
  const under = /^(?:<|under|less than|below)\s*(\d+(?:\.\d+)?)/.exec(v);
  if (under) return { low: 0, high: Number(under[1]) };
  return null;
}

/** Age band in months of a cell such as "2 months to <12 months", "1 to 5 years", "6 years and older". */
export function parseAgeBand(value: string): Band | null {
  const v = prepare(value);
  const range = /^(\d+(?:\.\d+)?)\s*(months?|years?|yrs?)?\s*(?:to|-)\s*(<|under|less than)?\s*(\d+(?:\.\d+)?)\s*(months?|years?|yrs?)/.exec(v);
  if (range) {
    const highUnit = UNIT_MONTHS[range[5] ?? ''] ?? 1;
    const lowUnit = UNIT_MONTHS[range[2] ?? range[5] ?? ''] ?? highUnit;
    const high = Number(range[4]) * highUnit;
    // "1 to 5 years" includes a child of 5 years 11 months: completed units, inclusive.
    return { low: Number(range[1]) * lowUnit, high: range[3] ? high : high + highUnit };
  }
  const atLeast = /^(?:≥|>=)?\s*(\d+(?:\.\d+)?)\s*(months?|years?|yrs?)\s*(?:and older|or older|and over|or more|and above|\+)?$/.exec(v);
  if (atLeast && (/^(?:≥|>=)/.test(v) || /older|over|more|above|\+/.test(v))) {
    return { low: Number(atLeast[1]) * (UNIT_MONTHS[atLeast[2] ?? ''] ?? 1), high: Infinity };
  }
  const under = /^(?:<|under|less than|below)\s*(\d+(?:\.\d+)?)\s*(months?|years?|yrs?)/.exec(v);
  if (under) return { low: 0, high: Number(under[1]) * (UNIT_MONTHS[under[2] ?? ''] ?? 1) };
  return null;
}

/**
 * A dosing-table row against the patient: 'fits' when its weight band (or, with no weight known, its
 * age band) holds the patient, 'other_band' when it does not, 'undecided' when the row has bands the
 * patient's known data cannot place, 'no_band' when the row has no weight or age column.
 */
export function rowFit(cells: ReadonlyMap<string, string>, demographics: Demographics): 'fits' | 'other_band' | 'undecided' | 'no_band' {
  let weightBand: Band | null = null;
  let ageBand: Band | null = null;
  for (const [header, value] of cells) {
    if (/weight/i.test(header)) weightBand ??= parseWeightBand(value);
    else if (/^(?:approximate\s+)?age\b/i.test(header)) ageBand ??= parseAgeBand(value);
  }
  if (!weightBand && !ageBand) return 'no_band';
  if (weightBand && demographics.weightKg !== undefined) return inBand(demographics.weightKg, weightBand) ? 'fits' : 'other_band';
  const months = patientMonths(demographics);
  if (ageBand && months !== undefined) return inBand(months, ageBand) ? 'fits' : 'other_band';
  return 'undecided';
}

/**
 * True when a sentence is evidently about other patients: every weight or age qualifier it states that
 * can be checked ("under 5 kg", "35 kg or more", "aged 3 to 59 months") excludes this patient, or it
 * speaks only of adults to a child (or only of children to an adult), or of pregnancy to a patient
 * who is not pregnant, or of another trimester.
 */
export function excludesPatient(sentence: string, demographics: Demographics): boolean {
  const text = prepare(sentence);
  const verdicts = qualifierVerdicts(text, demographics);
  if (verdicts.length > 0 && !verdicts.includes(true)) return true;

  const ageGroup = patientAgeGroup(demographics);
  const mentionsAdults = /\b(?:adults?|adolescents?)\b/.test(text);
  const mentionsChildren = /\b(?:child|children|infants?)\b/.test(text);
  if (ageGroup === 'child' && mentionsAdults && !mentionsChildren) return true;
  if (ageGroup === 'adult' && mentionsChildren && !mentionsAdults) return true;

  if (/\b(?:pregnan\w*|trimester|antenatal|iptp)\b/.test(text) && cannotBePregnant(demographics)) return true;
  if (demographics.trimester !== undefined) {
    const named = (['first', 'second', 'third'] as const).filter((word) => text.includes(`${word} trimester`) || new RegExp(`${word}(?:,| and| or) (?:second|third)`).test(text));
    const mine = (['first', 'second', 'third'] as const)[demographics.trimester - 1];
    if (named.length > 0 && mine !== undefined && !named.includes(mine)) return true;
  }
  return false;
}

function qualifierVerdicts(text: string, demographics: Demographics): boolean[] {
  const verdicts: boolean[] = [];
  const months = patientMonths(demographics);
  const measure = (unit: string): number | undefined => (unit === 'kg' ? demographics.weightKg : months);
  const toScale = (n: number, unit: string): number => (unit === 'kg' ? n : n * (UNIT_MONTHS[unit] ?? 1));
  const seen: Array<[number, number]> = [];
  const overlaps = (index: number, length: number): boolean => seen.some(([s, e]) => index < e && index + length > s);

  const range = /(\d+(?:\.\d+)?)\s*(kg|months?|years?)?\s*(?:to|-|up to)\s*(but not including|<|under|less than)?\s*(\d+(?:\.\d+)?)\s*(kg|months?|years?)/g;
  for (const m of text.matchAll(range)) {
    const unit = m[5] ?? '';
    const lowUnit = m[2] ?? unit;
    if ((lowUnit === 'kg') !== (unit === 'kg')) continue;
    seen.push([m.index, m.index + m[0].length]);
    const value = measure(unit);
    if (value === undefined) continue;
    const inclusiveStep = unit === 'kg' ? 1e-9 : (UNIT_MONTHS[unit] ?? 1);
    const high = toScale(Number(m[4]), unit) + (m[3] ? 0 : inclusiveStep);
    verdicts.push(inBand(value, { low: toScale(Number(m[1]), lowUnit), high }));
  }
  const under = /(?:under|less than|below|younger than|<)\s*(\d+(?:\.\d+)?)\s*(kg|months?|years?)\b/g;
  for (const m of text.matchAll(under)) {
    if (overlaps(m.index, m[0].length)) continue;
    const value = measure(m[2] ?? '');
    if (value !== undefined) verdicts.push(value < toScale(Number(m[1]), m[2] ?? ''));
  }
  const atLeast = /(?:(?:≥|at least|over|more than|older than)\s*(\d+(?:\.\d+)?)\s*(kg|months?|years?)\b)|(?:(\d+(?:\.\d+)?)\s*(kg|months?|years?)\s*(?:or more|and older|or older|and over|and above))/g;
  for (const m of text.matchAll(atLeast)) {
    if (overlaps(m.index, m[0].length)) continue;
    const unit = m[2] ?? m[4] ?? '';
    const value = measure(unit);
    if (value !== undefined) verdicts.push(value >= toScale(Number(m[1] ?? m[3]), unit));
  }
  return verdicts;
}

/** Age in months: the total months when given, else the middle of the stated year of age. */
function patientMonths(d: Demographics): number | undefined {
  if (d.ageMonths !== undefined) return d.ageMonths;
  if (d.ageYears !== undefined) return d.ageYears * 12 + 6;
  return undefined;
}

function patientAgeGroup(d: Demographics): 'child' | 'adult' | undefined {
  const months = d.ageMonths ?? (d.ageYears !== undefined ? d.ageYears * 12 : undefined);
  if (months !== undefined) return months < 15 * 12 ? 'child' : 'adult';
  if (d.pregnant) return 'adult';
  return undefined;
}

function cannotBePregnant(d: Demographics): boolean {
  if (d.pregnant === true) return false;
  if (d.pregnant === false || d.sex === 'male') return true;
  const months = d.ageMonths ?? (d.ageYears !== undefined ? d.ageYears * 12 : undefined);
  return months !== undefined && months < 10 * 12;
}

function inBand(value: number, band: Band): boolean {
  return value >= band.low && value < band.high;
}

/** Lower case, number words as digits, dashes as '-' (shared with dose matching). */
function prepare(text: string): string {
  return normaliseDoseText(text).trim();
}
