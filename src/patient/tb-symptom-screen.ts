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
import { resultPolarity } from './test-result.js';

/** The screen's symptoms other than fever: a current cough, night sweats, losing weight. */
/** Night sweats or losing weight, however written ("sweat for night", "loosing weight"). */
const NIGHT_SWEATS_OR_WEIGHT_LOSS_WORDS = String.raw`\bnight\s*sweat\w*|\bsweat\w*\s+(?:for|at|in the)\s+night\b|\bweight loss\b|\blos(?:s|e|es|ing)\s+weight\b|\bloosing weight\b`;
const SCREEN_SYMPTOM = new RegExp(String.raw`\bcough\w*|${NIGHT_SWEATS_OR_WEIGHT_LOSS_WORDS}`);
const TB_NAMED = /\btb\b|\btubercul\w*/i;

/** True when a person living with HIV has a symptom of the TB screen and the diagnosis does not already name TB. */
export function presumptiveTbInHiv(condition: string, findings: readonly Finding[]): boolean {
  if (TB_NAMED.test(condition)) return false;
  const texts = [condition, ...findings.filter((f) => !f.negated).map((f) => f.value)].map((t) => normaliseClinicalText(t));
  return livesWithHiv(condition, findings) && texts.some((t) => firstPresent(t, SCREEN_SYMPTOM) !== undefined);
}

/** The screen's symptoms that point to TB in any adult or adolescent: night sweats, losing weight. */
const NIGHT_SWEATS_OR_WEIGHT_LOSS = new RegExp(NIGHT_SWEATS_OR_WEIGHT_LOSS_WORDS);

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

/** A diagnosis that asks for the TB screen: "TB screening", "screen for TB". */
const TB_SCREEN_ASKED = /\bscreen\w*/i;

/**
 * True when the diagnosis asks for the TB screen and the findings answer it: a person living with HIV with
 * any of its symptoms, or an adult or adolescent with night sweats or weight loss (presumptiveTbByScreen).
 * "TB screening" for a man on TLD coughing for a week is presumptive TB, to be tested: his plan had the
 * side-effect table and the cotrimoxazole of a person treated for TB.
 */
export function tbScreenAskedAndPositive(condition: string, findings: readonly Finding[], d: Demographics): boolean {
  return TB_NAMED.test(condition) && TB_SCREEN_ASKED.test(condition) && presumptiveTbByScreen('', findings, d);
}

/**
 * The symptoms that rule out starting TB preventive treatment until a clinician has assessed the person
 * for TB disease (sample TB guideline ch4 "Ruling out TB disease first", ch2 "Household contacts"): a
 * cough of any duration, fever, night sweats, weight loss, and in a child reduced playfulness or poor
 * weight gain.
 */
const RULES_OUT_PREVENTIVE_TREATMENT = new RegExp(
  String.raw`${SCREEN_SYMPTOM.source}|\bfever\w*|\bfebrile\b|\bpoor weight gain\b|\bnot gaining weight\b|\b(?:reduced|less|not) play\w*`,
);
/** A diagnosis about TB exposure or its prevention: "TB contact", "household contact of TB", "TPT", "isoniazid preventive therapy". */
const TB_PREVENTION_ASKED = /\bcontacts?\b|\bexpos\w*|\bprevent\w*|\bprophyla\w*|\btpt\b|\bipt\b/i;

/**
 * True when the diagnosis is about TB exposure or preventive treatment and a present finding is a symptom
 * that rules that treatment out: "TB contact" for a girl coughing for 3 weeks and losing weight. "Anyone
 * with a symptom is referred for assessment first", since a single medicine does not cure TB disease.
 */
export function symptomaticTbContact(condition: string, findings: readonly Finding[]): boolean {
  const aboutTb = TB_NAMED.test(condition) || /\b(?:tpt|ipt|isoniazid)\b/i.test(condition);
  if (!aboutTb || !TB_PREVENTION_ASKED.test(condition)) return false;
  const texts = [condition, ...findings.filter((f) => !f.negated).map((f) => f.value)].map((t) => normaliseClinicalText(t));
  return texts.some((t) => firstPresent(t, RULES_OUT_PREVENTIVE_TREATMENT) !== undefined);
}

/** TB preventive treatment by name: "isoniazid preventive therapy", "IPT", "TPT", "3HP", "3HR". */
const TB_PREVENTIVE_TREATMENT = /\b(?:ipt|tpt|3hp|3hr|1hp)\b|\bprevent\w*\s+(?:treatment|therapy)\b/i;
/** The same, every mention: what is left once they are taken out says whether TB disease is treated too. */
const EVERY_TB_PREVENTIVE_TREATMENT = new RegExp(TB_PREVENTIVE_TREATMENT.source, 'gi');
/** Treatment of TB disease: its four-medicine regimen or its medicines, or TB treatment named as such. */
const TB_DISEASE_TREATMENT = /\b(?:rhze|rhz|hrze|ethambutol|pyrazinamide|rifampi\w*|anti-?tb|fdc)\b|\b(?:tb|tuberculosis)\s+(?:treatment|drugs?|medicines?|regimen)\b/i;
/** Isoniazid (with rifapentine or not): TB disease is never treated with it alone, so it is preventive treatment. */
const ISONIAZID = /\b(?:isoniazid|inh|rifapentine)\b/i;

/**
 * True when the patient takes TB preventive treatment, by name or as isoniazid with no other TB medicine,
 * and nothing says she is treated for TB disease: "dx: isoniazid side effect" for a girl on isoniazid
 * preventive therapy. The guideline's chapter for "people on TB treatment" (the four-medicine course,
 * its adherence and its side-effect table with the adults' pyridoxine 50 to 75 mg) is not hers; its
 * preventive treatment chapter is (pyridoxine 12.5 mg under five, "stop isoniazid and refer the same day").
 */
export function onTbPreventiveTreatmentOnly(condition: string, findings: readonly Finding[]): boolean {
  const texts = [condition, ...findings.filter((f) => !f.negated).map((f) => f.value)];
  const preventive = texts.some((t) => TB_PREVENTIVE_TREATMENT.test(t) || ISONIAZID.test(t));
  return preventive && !texts.some((t) => TB_DISEASE_TREATMENT.test(t.replace(EVERY_TB_PREVENTIVE_TREATMENT, ' ')));
}

/** What is left of a diagnosis that is only a screen symptom and how long it has lasted ("cough 5 days", "coughing?"). */
const SYMPTOM_ONLY_FILLER = /\b(?:and|with|for|since|x|\d+|days?|weeks?|months?|d|wks?|hiv\+?|plhiv|on|art)\b|[^a-z\s]/g;

/** True when the diagnosis names nothing but screen symptoms ("cough", "night sweats and weight loss"), not an illness. */
export function namesOnlyScreenSymptoms(condition: string): boolean {
  const lower = normaliseClinicalText(condition).text;
  if (!SCREEN_SYMPTOM.test(lower)) return false;
  return lower.replace(new RegExp(SCREEN_SYMPTOM.source, 'g'), ' ').replace(SYMPTOM_ONLY_FILLER, ' ').trim() === '';
}

/**
 * What makes a diagnosis of TB more than presumptive, or not a question of finding it: a word for how far
 * it is established or treated ("confirmed", "on treatment", "drug-resistant"), prevention or exposure
 * ("TB preventive treatment", "TB contact"), or a question about it ("presumptive", "TB?").
 */
const TB_STAGE_STATED =
  /\b(?:presumptive|presumed|suspect\w*|possible|probable|query|r\/o|rule out|confirmed|positive|diagnosed|known|treat\w*|drugs?|medicines?|rhze|drug[- ]resistant|mdr|xdr|rr|resistan\w*|latent|prevent\w*|prophyla\w*|tpt|ipt|contacts?|exposed|exposure|relapse|failure|default\w*|lost|screen\w*|side[- ]effects?|reaction)\b|\?/i;
/** A test that finds TB (rapid molecular test, sputum smear, urine LAM). */
const TB_TEST = /\b(?:tb|tuberculosis|xpert|genexpert|gene ?x?pert|mtb|sputum|smear|afb|lam|truenat)\b/i;
/** "MTB detected", as rapid molecular tests report a positive result. */
const TB_DETECTED = /(?<!\bnot )\bdetected\b/i;
/** A current course of TB treatment or its medicines, or a diagnosis already made. */
const TB_TREATED_OR_DIAGNOSED =
  /\b(?:rhze|rhz|rifampi\w*|isoniazid|inh|pyrazinamide|ethambutol|rifapentine|3hp|bedaquiline)\b|\b(?:tb|tuberculosis|anti-?tb)\s+(?:treatment|drugs?|medicines?|tablets?|regimen)\b|\bdiagnosed (?:with )?(?:tb|tuberculosis)\b|\b(?:confirmed|known) (?:tb|tuberculosis)\b/i;

/**
 * True when the diagnosis names TB without saying how far it is established ("TB", "pulmonary
 * tuberculosis") and no finding confirms it or says it is being treated: a health worker cannot confirm
 * TB, and the guideline's step for a person with its symptoms is the test ("A person with presumptive TB
 * needs a laboratory test"), not the care of a person on treatment.
 */
export function namesUnconfirmedTb(condition: string, findings: readonly Finding[]): boolean {
  if (!TB_NAMED.test(condition) || TB_STAGE_STATED.test(condition)) return false;
  return !findings.some(
    (f) => !f.negated && (TB_TREATED_OR_DIAGNOSED.test(f.value) || (f.category === 'test_result' && TB_TEST.test(f.value) && (resultPolarity(f.value) === 'positive' || TB_DETECTED.test(f.value)))),
  );
}
