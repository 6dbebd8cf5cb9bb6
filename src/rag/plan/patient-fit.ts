import { adultTextApplies, ageInMonthsForBands, ageUnitOf, childTextApplies, toMonths } from '../../patient/age.js';
import { medicinesTaken, type Demographics, type Finding } from '../../patient/findings.js';
import { dailyDoseMg } from '../../patient/medicine-dose.js';
import { cannotBePregnant, pregnancyStatus, setsPregnancyAside, trimesterOf, withoutPregnancyAsideOrInclusion } from '../../patient/pregnancy.js';
import { inBand, type Band } from '../../patient/weight.js';
import { measuredFit, type Measurement } from '../number-fit.js';
import { pregnancyCareBookForOthers } from '../population-fit.js';
import { normaliseDoseText } from './doses.js';
import { drugsNamed, drugsTaken } from './drug-names.js';

/**
 * Whether a piece of guideline text is about this patient: the weight or age band of a dosing-table
 * row, and the weight/age qualifiers, pregnancy and adult/child wording of a sentence. Only what the
 * health worker has said is used; an unknown weight or age decides nothing.
 */

/** Months in one unit of an age band ("years", "yrs", "months"); 1 when the unit is not an age unit. */
function unitMonths(unit: string): number {
  const u = ageUnitOf(unit);
  return u === undefined ? 1 : toMonths(1, u);
}

/**
 * Weight band of a table cell such as "5 to <15", "from 4.5 to <9", "≥35", "20 or more", "40 kg and
 * over", "more than 40 kg", "<5" (kg). The one reader of a weight band: the extractive plan's rows and
 * the check of a drafted dose both use it.
 */
export function parseWeightBand(value: string): Band | null {
  const v = prepare(value).replace(/^from\s+/, '');
  const range = /^(\d+(?:\.\d+)?)\s*(?:kg)?\s*(?:to|-|up to)\s*(<|under|less than|but not including)?\s*(\d+(?:\.\d+)?)/.exec(v);
  if (range) {
    const high = Number(range[3]);
    return { low: Number(range[1]), high: range[2] ? high : high + 1e-9 };
  }
  const atLeast = /^(?:≥|>=|at least)\s*(\d+(?:\.\d+)?)/.exec(v) ?? /^(\d+(?:\.\d+)?)\s*(?:kg\s*)?(?:or|and)\s+(?:more|above|over|heavier)\b|^(\d+(?:\.\d+)?)\s*(?:kg\s*)?\+/.exec(v);
  if (atLeast) return { low: Number(atLeast[1] ?? atLeast[2]), high: Infinity };
  // "More than 40 kg" leaves out 40 kg itself.
  const above = /^(?:>|more than|over|above|heavier than)\s*(\d+(?:\.\d+)?)/.exec(v);
  if (above) return { low: Number(above[1]) + 1e-9, high: Infinity };
  const under = /^(?:<|under|less than|below|lighter than)\s*(\d+(?:\.\d+)?)/.exec(v);
  if (under) return { low: 0, high: Number(under[1]) };
  return null;
}

/** Age band in months of a cell such as "2 months to <12 months", "1 to 5 years", "6 years and older". */
export function parseAgeBand(value: string): Band | null {
  const v = prepare(value);
  // "6 months up to 5 years" ends where the next row ("5 years ...") begins, like "to <5 years".
  const range = /^(\d+(?:\.\d+)?)\s*(months?|years?|yrs?)?\s*(?:(up to)|to|-)\s*(<|under|less than)?\s*(\d+(?:\.\d+)?)\s*(months?|years?|yrs?)/.exec(v);
  if (range) {
    const highUnit = unitMonths(range[6] ?? '');
    const lowUnit = range[2] ? unitMonths(range[2]) : highUnit;
    const high = Number(range[5]) * highUnit;
    // "1 to 5 years" includes a child of 5 years 11 months: completed units, inclusive.
    return { low: Number(range[1]) * lowUnit, high: range[3] || range[4] ? high : high + highUnit };
  }
  const atLeast = /^(?:≥|>=)?\s*(\d+(?:\.\d+)?)\s*(months?|years?|yrs?)\s*(?:and older|or older|and over|or more|and above|\+)?$/.exec(v);
  if (atLeast && (/^(?:≥|>=)/.test(v) || /older|over|more|above|\+/.test(v))) {
    return { low: Number(atLeast[1]) * unitMonths(atLeast[2] ?? ''), high: Infinity };
  }
  const under = /^(?:<|under|less than|below)\s*(\d+(?:\.\d+)?)\s*(months?|years?|yrs?)/.exec(v);
  if (under) return { low: 0, high: Number(under[1]) * unitMonths(under[2] ?? '') };
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
    if (/weight/i.test(header)) {
      weightBand ??= parseWeightBand(value);
      // "Weight (age as a guide): 5 to 14.9 kg (6 months to 5 years)": the age in brackets places her when her weight is not known.
      if (/\bage\b/i.test(header)) ageBand ??= parseAgeBand(/\(([^)]*)\)/.exec(value)?.[1] ?? '');
    } else if (/^(?:approximate\s+)?age\b/i.test(header)) ageBand ??= parseAgeBand(value);
  }
  if (!weightBand && !ageBand) return 'no_band';
  if (weightBand && demographics.weightKg !== undefined) return inBand(demographics.weightKg, weightBand) ? 'fits' : 'other_band';
  const months = ageInMonthsForBands(demographics);
  if (ageBand && months !== undefined) return inBand(months, ageBand) ? 'fits' : 'other_band';
  return 'undecided';
}

/** A table header naming whom a row is for: "Group", "Population", "Patients", "Who". */
const GROUP_HEADER = /^(?:group|population|patients?|who|for)\b/i;

/**
 * True when a table row's own group cell is evidently about other patients (excludesPatient): "Group:
 * Children weighing 20 to 29.9 kg" for a man of 41. A row with no such cell is judged by its bands (rowFit).
 */
export function rowForAnotherGroup(cells: ReadonlyMap<string, string>, demographics: Demographics): boolean {
  return [...cells].some(([header, value]) => GROUP_HEADER.test(header.trim()) && excludesPatient(value, demographics));
}

/** A line that starts a medicine: "Start with low doses, such as amlodipine 2.5 mg", "metformin is started at 500 mg". */
const STARTS = /\b(?:start(?:s|ed|ing)?|begin(?:s|ning)?|initiat\w*)\b/i;

/**
 * True when a line starts, at a dose, only medicines she already takes: "Start with low doses, such as
 * amlodipine 2.5 mg once daily, increase slowly" for a man on amlodipine 10 mg whose pressure is not at
 * target. Her course is past its start; a line that also names a medicine she does not take may be the
 * step she needs, and stays.
 */
export function startsMedicineTaken(text: string, findings: readonly Finding[]): boolean {
  if (!STARTS.test(text) || !/\d\s*(?:mg|g|micrograms?|µg)\b/i.test(text)) return false;
  const named = drugsNamed(text);
  const taken = drugsTaken(findings);
  return named.size > 0 && [...named].every((drug) => taken.has(drug));
}

/**
 * True when a titration table's row is a step below the dose she already takes: "Table 3.1 Metformin
 * titration ...: Step: Week 1 (starting dose); ...; Total per day: 500 mg" for a man on metformin 1 g
 * twice daily (2000 mg a day); "Step: 1; Medicine and dose: Amlodipine 5 mg once daily" for a woman on
 * amlodipine 10 mg daily. Her own step and those above it stay; a dose recorded without how often
 * decides nothing.
 */
export function rowBelowDoseTaken(rowText: string, cells: ReadonlyMap<string, string>, findings: readonly Finding[]): boolean {
  const total = [...cells].find(([header]) => /\b(?:total per day|total daily|daily total|per day)\b/i.test(header))?.[1];
  const mg = total === undefined ? undefined : /(\d+(?:\.\d+)?)\s*(mg|g)\b/i.exec(total);
  const totalMg = mg ? Number(mg[1]) * (mg[2]?.toLowerCase() === 'g' ? 1000 : 1) : undefined;
  return [...drugsNamed(rowText)].some((drug) => {
    // The row's day total, or the dose it writes after the medicine's name ("Amlodipine 5 mg once daily").
    const rowDaily = totalMg ?? dailyDoseMg(rowText, drug);
    if (rowDaily === undefined) return false;
    return medicinesTaken(findings).some((recorded) => {
      const taken = dailyDoseMg(recorded, drug);
      return taken !== undefined && rowDaily < taken;
    });
  });
}

/**
 * A table row against what the health worker measured (MUAC, haemoglobin, glucose, blood pressure):
 * 'other_band' when a cell states a range or cut-off in a unit she measured and none of the row's holds
 * her value ("MUAC: Less than 115 mm; Classification: SAM" for a MUAC of 120 mm), 'fits' when one does,
 * 'no_band' when the row states none for what she measured. Weight is rowFit's; durations decide nothing
 * (a row's "14 days or more" is rarely a band the patient is placed in).
 */
export function rowFitsMeasurements(cells: ReadonlyMap<string, string>, measured: readonly Measurement[]): 'fits' | 'other_band' | 'no_band' {
  // With its header: a column may give the unit ("Systolic (mmHg): 140 to 159").
  return measuredFit([...cells].map(([header, value]) => `${header}: ${value}`).join('; '), measured);
}

/** A sentence about the weeks after birth ("pain after birth, ... as in pregnancy"). */
const AFTER_BIRTH = /\b(?:after (?:child)?birth|after delivery|postpartum|post-partum|postnatal)\b/;

/**
 * True when a sentence is evidently about other patients: every weight or age qualifier it states that
 * can be checked ("under 5 kg", "35 kg or more", "aged 3 to 59 months") excludes this patient, or it
 * speaks only of adults to a child (or only of children to an adult), or of pregnancy to a patient
 * who is not pregnant (unless it also speaks of after birth to a woman who has delivered), or sets
 * pregnancy aside ("for non-pregnant adults") to a pregnant woman, or of another trimester.
 */
export function excludesPatient(sentence: string, demographics: Demographics): boolean {
  if (statedBandExcludes(sentence, demographics)) return true;
  const text = prepare(sentence);

  const mentionsAdults = /\b(?:adults?|adolescents?)\b/.test(text);
  const mentionsChildren = /\b(?:child|children|infants?)\b/.test(text);
  if (adultTextApplies(demographics) === false && mentionsAdults && !mentionsChildren) return true;
  if (childTextApplies(demographics) === false && mentionsChildren && !mentionsAdults) return true;

  // "For non-pregnant adults", "not in pregnancy": for anyone but a pregnant woman, a man included.
  if (setsPregnancyAside(text) && pregnancyStatus(demographics).state === 'pregnant') return true;
  // "... after birth ... needs the same urgent care as in pregnancy" speaks to a woman who has delivered.
  const toHerAfterBirth = AFTER_BIRTH.test(text) && pregnancyStatus(demographics).state === 'postpartum';
  if (/\b(?:pregnan\w*|trimester|antenatal|iptp|gestational)\b/.test(withoutPregnancyAsideOrInclusion(text)) && cannotBePregnant(demographics) && !toHerAfterBirth) return true;
  const trimester = trimesterOf(demographics);
  if (trimester !== undefined) {
    const named = (['first', 'second', 'third'] as const).filter((word) => text.includes(`${word} trimester`) || new RegExp(`${word}(?:,| and| or) (?:second|third)`).test(text));
    const mine = (['first', 'second', 'third'] as const)[trimester - 1];
    if (named.length > 0 && mine !== undefined && !named.includes(mine)) return true;
  }
  return false;
}

/** True when the sentence states an age or weight band and every band it states holds this patient ("less than 5 kg" for 4.5 kg). */
export function statedBandHolds(sentence: string, demographics: Demographics): boolean {
  const verdicts = qualifierVerdicts(prepare(sentence), demographics);
  return verdicts.length > 0 && verdicts.every(Boolean);
}

/**
 * True when the sentence states an age or weight band ("people aged 65 years and older", "children under
 * 5 kg") and no band it states holds this patient. Unlike a word for a group ("children"), a stated band
 * is exact, so it can say who a whole section is written for.
 */
export function statedBandExcludes(sentence: string, demographics: Demographics): boolean {
  const verdicts = qualifierVerdicts(prepare(sentence), demographics);
  return verdicts.length > 0 && !verdicts.includes(true);
}

/** A line for the patients older than those of the line before it ("Older children and adults: ..."). */
const FOR_OLDER_THAN_BEFORE = /^\W*(?:older (?:children|infants|people|patients)|adults and older children)\b/i;

/**
 * For each of a section's lines, in order, whether it is for patients older than those of the lines just
 * before it that state an age band, while one of those bands holds this patient: "Older children and
 * adults: as much as they want, at least 200 to 400 ml after each loose stool" after "Children under 2
 * years: 50 to 100 ml ..." and "Children aged 2 years up to 10 years: ..." is not a 4-month-old's.
 */
export function linesForOlderPatients(lines: readonly string[], demographics: Demographics): boolean[] {
  return lines.map((line, i) => {
    if (!FOR_OLDER_THAN_BEFORE.test(line)) return false;
    for (let j = i - 1; j >= 0; j--) {
      const band = qualifierVerdicts(prepare(lines[j] ?? ''), demographics);
      if (band.length === 0) return false;
      if (band.every(Boolean)) return true;
    }
    return false;
  });
}

/**
 * True when the deepest title of a section's path that states an age or weight band ("Acute malnutrition
 * in children aged 6 to 59 months", "Infants weighing less than 5 kg") does not hold the patient: the book
 * on acute malnutrition in children aged 6 to 59 months is not a plan for a 4-month-old, but its own
 * "Infants under 6 months" is. The book title counts: a book for adults is not for a child, and a book on
 * pregnancy care is not for a child or a man. Unknown age or weight decides nothing.
 */
export function titlesExcludePatient(titlePath: string, demographics: Demographics): boolean {
  const titles = titlePath.split(' > ');
  for (let i = titles.length - 1; i >= 0; i--) {
    // "Children under five" (IMCI) is under 5 years.
    const title = (titles[i] ?? '').replace(/\bunder[- ](?:five|5)\b(?!\s*(?:kg|months?|years?|yrs?)\b)/gi, 'under 5 years');
    const verdicts = qualifierVerdicts(prepare(title), demographics);
    if (verdicts.length > 0) return !verdicts.includes(true);
  }
  // A book for adults ("Diabetes in adults", "Hypertension in adults") is not a plan for a child of 8.
  const book = (titles[0] ?? '').toLowerCase();
  if (/\badults?\b/.test(book) && !/\b(?:child\w*|infants?|adolescents?|young people)\b/.test(book) && adultTextApplies(demographics) === false) return true;
  // A book on pregnancy care ("Pregnancy care: pre-eclampsia, danger signs and referral") is not a plan
  // for a boy of 3 with a febrile fit or for a man: its "First aid during a fit" gives magnesium sulfate.
  return pregnancyCareBookForOthers(book, demographics);
}

/**
 * A span of time, not an age: "in the following two to three months", "for 2 to 3 months", "within 6
 * months". A range of months or years right after these words says nothing about who the text is for.
 */
const DURATION_BEFORE = /\b(?:following|next|past|last|within|for|after|over|during|every|in the)\s*$/;

function qualifierVerdicts(text: string, demographics: Demographics): boolean[] {
  const verdicts: boolean[] = [];
  const months = ageInMonthsForBands(demographics);
  const measure = (unit: string): number | undefined => (unit === 'kg' ? demographics.weightKg : months);
  const toScale = (n: number, unit: string): number => (unit === 'kg' ? n : n * unitMonths(unit));
  const seen: Array<[number, number]> = [];
  const overlaps = (index: number, length: number): boolean => seen.some(([s, e]) => index < e && index + length > s);

  const range = /(\d+(?:\.\d+)?)\s*(kg|months?|years?)?\s*(?:to|-|up to)\s*(but not including|<|under|less than)?\s*(\d+(?:\.\d+)?)\s*(kg|months?|years?)/g;
  for (const m of text.matchAll(range)) {
    const unit = m[5] ?? '';
    const lowUnit = m[2] ?? unit;
    if ((lowUnit === 'kg') !== (unit === 'kg')) continue;
    seen.push([m.index, m.index + m[0].length]);
    if (unit !== 'kg' && DURATION_BEFORE.test(text.slice(Math.max(0, m.index - 24), m.index))) continue;
    const value = measure(unit);
    if (value === undefined) continue;
    const inclusiveStep = unit === 'kg' ? 1e-9 : unitMonths(unit);
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

/** Lower case, number words as digits, dashes as '-' (shared with dose matching). */
function prepare(text: string): string {
  return normaliseDoseText(text).trim();
}
