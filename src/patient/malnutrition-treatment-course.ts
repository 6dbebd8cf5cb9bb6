/**
 * How a child's treatment for acute malnutrition is going, as the follow-up findings show it, following
 * the WHO community-management criteria the sample malnutrition guideline uses: a child on RUTF (or
 * another therapeutic food) whose MUAC is 125 mm or more with no oedema has reached the discharge
 * criteria ("recovered"); one who loses weight, does not gain, or whose MUAC or oedema gets worse is not
 * responding and is referred. A child not on treatment gets nothing: a MUAC of 127 mm at screening says
 * nothing about discharge. Negated findings ("no oedema", "not losing weight") count for nothing.
 */
import { withoutNegatedPhrases } from './negation.js';
import type { Finding } from './findings.js';
import { OEDEMA } from './oedema.js';

export type MalnutritionTreatmentCourse = 'recovered' | 'not responding';

/**
 * The guideline's words for each course: retrieval searches them with the diagnosis, and the plan puts
 * the sentences that hold them first (the discharge criteria; "refer ... if they lose weight").
 */
export const MALNUTRITION_COURSE_WORDS: Record<MalnutritionTreatmentCourse, string> = {
  recovered: 'discharged recovered',
  'not responding': 'not responding lose weight',
};

/** The guideline's headings for each course: the sentences under them answer where the treatment has got to. */
export const MALNUTRITION_COURSE_HEADINGS: Record<MalnutritionTreatmentCourse, RegExp> = {
  recovered: /\bdischarge\b/i,
  'not responding': /\bnot responding\b|\bnon-response\b/i,
};

/** The MUAC from which a treated child may be discharged (mm), and from which a child of 6 to 59 months has no acute malnutrition. */
export const DISCHARGE_MUAC_MM = 125;

/** The MUAC below which a child of 6 to 59 months has severe acute malnutrition (mm); from it up to DISCHARGE_MUAC_MM, moderate. */
export const SAM_MUAC_MM = 115;

export function malnutritionTreatmentCourse(condition: string, findings: readonly Finding[]): MalnutritionTreatmentCourse | undefined {
  const written = [condition, ...findings.filter((f) => !f.negated).map((f) => f.value)].map((v) => v.toLowerCase());
  const present = written.map(withoutNegatedPhrases);
  if (!present.some((v) => ON_THERAPEUTIC_FOOD.test(v))) return undefined;
  // "Weight not increasing" is itself a negation, which withoutNegatedPhrases would drop: read as written.
  if (present.some((v) => WORSE.test(v)) || written.some((v) => NOT_GAINING.test(v))) return 'not responding';
  const muac = present.flatMap(muacReadingsMm);
  const oedema = present.some((v) => OEDEMA.test(v));
  const latest = muac.at(-1);
  if (latest !== undefined && latest >= DISCHARGE_MUAC_MM && !oedema) return 'recovered';
  return undefined;
}

/** MUAC readings in millimetres: "MUAC 127 mm", "muac 12.7 cm", "MUAC 127" (a bare number is mm). */
export function muacReadingsMm(text: string): number[] {
  const readings: number[] = [];
  for (const m of text.matchAll(MUAC_READING)) {
    const value = Number(m[1]);
    const mm = m[2]?.toLowerCase() === 'cm' ? value * 10 : value;
    if (mm >= 60 && mm <= 250) readings.push(mm);
  }
  return readings;
}

const MUAC_READING = /\bmuac\b[^\d]{0,12}(\d{2,3}(?:\.\d)?)\s*(cm|mm)?\b/gi;
/** On treatment with a therapeutic food, as CHWs write it ("on RUTF", "plumpy nut", "home treatment for SAM"). */
const ON_THERAPEUTIC_FOOD = /\brutf\b|\bready-to-use therapeutic food\b|\bplumpy\s?nut\b|\btherapeutic food\b|\b(?:home|outpatient) treatment\b|\botp\b/;
/** The course criteria for not responding: weight lost, MUAC or oedema worse ... */
const WORSE =
  /\b(?:losing|loosing|lost|loses|lose) (?:weight|wt)\b|\bweight (?:loss|is falling|falling|dropping|going down|decreasing|reducing)\b|\bmuac (?:falling|dropping|going down|decreasing|reducing)\b|\boedema (?:increasing|worse)\b/;
/** ... or weight not gained. */
const NOT_GAINING = /\b(?:weight|wt) (?:not (?:increasing|going up|improving)|static|the same|not changed)\b|\bnot gaining\b|\bno weight gain\b/;
