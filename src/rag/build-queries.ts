import { ageGroupOf, ageInMonths, childTextApplies, isOlderAdult } from '../patient/age.js';
import type { Demographics, Finding } from '../patient/findings.js';
import { withoutNegatedPhrases } from '../patient/negation.js';
import { missedPrevention } from '../patient/missed-prevention.js';
import { pregnancyStatus } from '../patient/pregnancy.js';
import { namesEclampsia, suggestedPreEclampsia } from '../patient/hypertension-in-pregnancy.js';
import { classifiedDiarrhoea, classifiedTbScreen } from '../patient/classify-by-findings.js';
import { withIptInPregnancyNamed } from '../patient/ipt-in-pregnancy.js';
import { MALNUTRITION_COURSE_WORDS, malnutritionTreatmentCourse } from '../patient/malnutrition-treatment-course.js';
import { MEDICINE_CLASS_WORDS } from './chw-lexicon.js';
import { asksToStartTreatment, medicinesNotTaken } from './section-role.js';
import { conditionQueryText, expandLexicon, normaliseQueryText, searchTerms } from './normalise-query.js';

export interface PatientContext {
  condition: string;
  demographics: Demographics;
  findings: readonly Finding[];
}

export interface QueryVariants {
  /** The condition alone: finds the right guideline. */
  condition: string;
  /** The condition with this patient's context: finds the right section of it. */
  contextual: string;
}

/** The query texts, and each word a lexicon expansion added with its share of the phrase it explains. */
export interface BuiltQueries extends QueryVariants {
  expansionShares: Map<string, number>;
  /**
   * The diagnosis as the patient rules completed it, what they suggest first and what the health worker
   * wrote after it, so a medicine she is on stays last ("severe pre-eclampsia BP high on nifedipine").
   */
  diagnosis: string;
  /** What the patient rules suggest the findings amount to ("severe pre-eclampsia"), first in `diagnosis`. */
  suggested: string[];
}

/** Age group words the guidelines use for populations, for the WHO age group of src/patient/age.ts. */
export function ageGroup(d: Demographics): string | undefined {
  const group = ageGroupOf(d);
  switch (group) {
    case undefined:
      return undefined;
    case 'young_infant':
      return 'young infant newborn under 2 months';
    case 'child':
      return (ageInMonths(d) ?? 0) < 12 ? 'infant child under 5 years' : 'child under 5 years';
    case 'older_child':
      return 'child';
    case 'adolescent':
      return 'adolescent';
    case 'adult':
      return isOlderAdult(d) ? 'older adult' : 'adult';
  }
}

const TRIMESTER_WORDS = { 1: 'first trimester', 2: 'second trimester', 3: 'third trimester' } as const;

/** Builds the two query texts of DESIGN.md: the condition alone, and with the patient's context. */
export function buildQueryVariants(input: PatientContext): BuiltQueries {
  const d = input.demographics;
  const context: string[] = [];
  const group = ageGroup(d);
  if (group) context.push(group);
  const pregnancy = pregnancyStatus(d);
  if (pregnancy.state === 'pregnant') context.push('pregnancy pregnant woman', pregnancy.trimester ? TRIMESTER_WORDS[pregnancy.trimester] : '');
  else if (pregnancy.state === 'postpartum') context.push('woman postpartum after birth');
  else if (d.sex === 'female' && group === 'adult') context.push('woman');
  if (d.weightKg !== undefined && childTextApplies(d) === true) context.push(`weight ${d.weightKg} kg dose by body weight`);
  for (const finding of salientFindings(input.findings)) context.push(withoutNegatedPhrases(finding.value));
  context.push(...missedPrevention(input.findings));
  // "HIV positive, never started ART": starting the medicine not taken is what is asked.
  const startsTreatment = asksToStartTreatment(input.condition, input.findings);
  if (startsTreatment) context.push(...medicinesNotTaken(input.findings));
  // "BP high after delivery" with 168/112 and a strong headache is severe pre-eclampsia: its sections
  // (magnesium sulfate, urgent referral) say so, not "high" or "delivery".
  const preEclampsia = namesEclampsia(input.condition) ? undefined : suggestedPreEclampsia(d, input.findings);
  // A child on RUTF with a MUAC of 127 mm has reached the discharge criteria; one losing weight on it is
  // not responding: the follow-up section says what to do, not the ration table the words also match.
  const course = malnutritionTreatmentCourse(input.condition, input.findings);
  // "Running stomach" with sunken eyes and a slow skin pinch is diarrhoea with some dehydration (Plan B);
  // three weeks of it with dehydration, severe persistent diarrhoea (refer): not the plans its words match.
  // A "cough" in a person living with HIV is presumptive TB whatever its duration: the TB screen's next
  // step, testing, belongs in the plan.
  const classified = classifiedTbScreen(classifiedDiarrhoea(withIptInPregnancyNamed(input.condition, input.findings, d), input.findings, d), input.findings, d);
  const suggested = [preEclampsia, course && MALNUTRITION_COURSE_WORDS[course]].filter((s): s is string => Boolean(s));
  const diagnosis = [conditionQueryText(classified), ...suggested].join(' ');
  const condition = normaliseQueryText(diagnosis);
  const contextual = expandLexicon([diagnosis, ...context].filter(Boolean).join(' '));
  const classWords = startsTreatment ? medicineClassWords(condition, contextual.shares) : [];
  return { condition: [condition, ...classWords].join(' '), contextual: [contextual.text, ...classWords].join(' '), expansionShares: contextual.shares, diagnosis: [...suggested, classified].join(' '), suggested };
}

/**
 * The words guidelines use for the medicines that treat the diagnosed condition (chw-lexicon's
 * MEDICINE_CLASS_WORDS), each recorded in `shares` as half a word, for a patient whose treatment is to
 * start (section-role's asksToStartTreatment): "HBP, no drugs" needs the table of first-line
 * antihypertensives. Not for a patient already on a medicine: a woman not at target on amlodipine needs
 * "Stepping up treatment", and the starting-dose table would displace it.
 */
function medicineClassWords(condition: string, shares: Map<string, number>): string[] {
  const named = new Set(searchTerms(condition));
  const added = MEDICINE_CLASS_WORDS.filter(([word, classWord]) => named.has(word) && !named.has(classWord)).map(([, classWord]) => classWord);
  for (const word of added) shares.set(word, Math.min(shares.get(word) ?? 1, MEDICINE_CLASS_SHARE));
  return added;
}

const MEDICINE_CLASS_SHARE = 0.5;

/**
 * What the health worker wrote, as search words: the diagnosis and the salient findings (negated phrases
 * dropped, except preventive care she has not had: missed-prevention.ts), lexicon-expanded, without the
 * population and dosing words retrieval adds to the query.
 */
export function askedText(condition: string, findings: readonly Finding[]): string {
  const written = [conditionQueryText(condition), ...salientFindings(findings).map((f) => withoutNegatedPhrases(f.value)), ...missedPrevention(findings)];
  return normaliseQueryText(written.filter(Boolean).join(' '));
}

/** Findings that shape the plan: present (not negated), most specific categories first, at most eight. */
export function salientFindings(findings: readonly Finding[]): Finding[] {
  const order: Record<Finding['category'], number> = {
    exam_sign: 0,
    test_result: 1,
    vital_sign: 2,
    severity: 3,
    symptom: 4,
    history: 5,
    medication: 6,
    allergy: 7,
    duration: 8,
  };
  return findings
    .filter((f) => !f.negated)
    .slice()
    .sort((a, b) => order[a.category] - order[b.category])
    .slice(0, 8);
}
