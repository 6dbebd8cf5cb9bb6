/**
 * The WHO TB symptom screen for a person living with HIV, as the sample TB guideline words it: ask at
 * every contact about a current cough of any duration, fever, night sweats and weight loss; any one of
 * them means presumptive TB, to be tested (preferably with a rapid molecular test). A current cough is
 * also in the screen for children living with HIV.
 *
 * Fever alone does not count here: where malaria is common a fever is first the fever chapter's. The
 * general screen's "cough for two weeks or more" is not applied either: an adult's six-week cough on an
 * ACE inhibitor has another cause the diagnosis names. Negated and past mentions count for nothing
 * (negation.ts).
 */
import { normaliseClinicalText } from './clinical-text.js';
import { ADOLESCENT_LOWER_MONTHS, ageInMonths } from './age.js';
import type { Demographics, Finding } from './findings.js';
import { livesWithHiv } from './hiv-status.js';
import { firstPresent } from './negation.js';

/** The screen's symptoms other than fever: a current cough, night sweats, losing weight. */
const SCREEN_SYMPTOM = /\bcough\w*|\bnight\s*sweat\w*|\bsweat\w*\s+(?:for|at|in the)\s+night\b|\bweight loss\b|\blos(?:s|e|es|ing)\s+weight\b|\bloosing weight\b/;
const TB_NAMED = /\btb\b|\btubercul\w*/i;

/** True when a person living with HIV has a symptom of the TB screen and the diagnosis does not already name TB. */
export function presumptiveTbInHiv(condition: string, findings: readonly Finding[]): boolean {
  if (TB_NAMED.test(condition)) return false;
  const texts = [condition, ...findings.filter((f) => !f.negated).map((f) => f.value)].map((t) => normaliseClinicalText(t));
  return livesWithHiv(condition, findings) && texts.some((t) => firstPresent(t, SCREEN_SYMPTOM) !== undefined);
}

/** The screen's symptoms that point to TB in any adult or adolescent: night sweats, losing weight. */
const NIGHT_SWEATS_OR_WEIGHT_LOSS = /\bnight\s*sweat\w*|\bsweat\w*\s+(?:for|at|in the)\s+night\b|\bweight loss\b|\blos(?:s|e|es|ing)\s+weight\b|\bloosing weight\b/;

/**
 * True when the TB symptom screen makes this patient presumptive TB and the diagnosis does not already
 * name TB: a person living with HIV with any symptom of it (presumptiveTbInHiv), or an adult or
 * adolescent with night sweats or weight loss ("Ask every adult and adolescent ... A person with any
 * one of these symptoms has presumptive TB and should be tested"). An unknown age decides nothing; a
 * cough alone, or a fever alone, is left to the diagnosis (see above).
 */
export function presumptiveTbByScreen(condition: string, findings: readonly Finding[], d: Demographics): boolean {
  if (TB_NAMED.test(condition)) return false;
  if (presumptiveTbInHiv(condition, findings)) return true;
  const months = ageInMonths(d);
  if (months === undefined || months < ADOLESCENT_LOWER_MONTHS) return false;
  const texts = [condition, ...findings.filter((f) => !f.negated).map((f) => f.value)].map((t) => normaliseClinicalText(t));
  return texts.some((t) => firstPresent(t, NIGHT_SWEATS_OR_WEIGHT_LOSS) !== undefined);
}

/** What is left of a diagnosis that is only a screen symptom and how long it has lasted ("cough 5 days", "coughing?"). */
const SYMPTOM_ONLY_FILLER = /\b(?:and|with|for|since|x|\d+|days?|weeks?|months?|d|wks?|hiv\+?|plhiv|on|art)\b|[^a-z\s]/g;

/** True when the diagnosis names nothing but screen symptoms ("cough", "night sweats and weight loss"), not an illness. */
export function namesOnlyScreenSymptoms(condition: string): boolean {
  const lower = normaliseClinicalText(condition).text;
  if (!SCREEN_SYMPTOM.test(lower)) return false;
  return lower.replace(new RegExp(SCREEN_SYMPTOM.source, 'g'), ' ').replace(SYMPTOM_ONLY_FILLER, ' ').trim() === '';
}
