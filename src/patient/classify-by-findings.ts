import { namesOnlyScreenSymptoms, namesUnconfirmedTb, presumptiveTbByScreen, tbScreenAskedAndPositive } from './tb-symptom-screen.js';
import { adultBloodPressureClass, namesBloodPressure } from './adult-blood-pressure.js';
import { nonSevereAnaemiaMeasured, severeAnaemiaFound, somePallorFound } from './anaemia.js';
import { lowGlucoseFound, veryHighGlucoseFound } from './glucose.js';
import { dehydrationClass, isPersistentDiarrhoea, namesDiarrhoea, namesDysentery } from './dehydration.js';
import type { Demographics, Finding } from './findings.js';
import { namesEclampsia, suggestedPreEclampsia } from './hypertension-in-pregnancy.js';
import { coughClass, pneumoniaClass, type PneumoniaClass } from './pneumonia-class.js';
import { resultPolarity } from './test-result.js';
import { illnessBackAfterCourseIn, stillIllOnAntimalarial, TREATMENT_FAILURE_DAYS } from './illness-returned.js';
import { DISCHARGE_MUAC_MM, malnutritionTreatmentCourse, muacReadingsMm, SAM_MUAC_MM } from './malnutrition-treatment-course.js';
import { oedemaFound } from './oedema.js';
import { ageGroupForMonths, ageInMonths, UNDER_FIVE_UPPER_MONTHS } from './age.js';
import { normaliseClinicalText } from './clinical-text.js';
import { withoutNegatedPhrases } from './negation.js';
import { withIptInPregnancyNamed } from './ipt-in-pregnancy.js';
import { pregnancyStatus } from './pregnancy.js';

/**
 * A diagnosis made more precise by what the health worker found, where a guideline's classification
 * turns on a finding the diagnosis does not state. Severe acute malnutrition: the appetite test decides
 * between treatment at home with RUTF (passed) and referral for inpatient care (failed), so a bare "SAM"
 * with a failed test is complicated SAM, and with a passed test and no danger sign it is uncomplicated.
 * Oedema up to the face (grade +++), or any oedema with a MUAC below 115 mm, is complicated whatever the
 * appetite test (oedema.ts).
 * A diagnosis that already says which, or a finding both ways, is left as it is.
 */
export function classifiedByFindings(condition: string, findings: readonly Finding[], hasDangerSign: boolean, demographics: Demographics = {}): string {
  // Each step refines only the diagnoses it is about and leaves the others as they are.
  const steps: Array<(dx: string) => string> = [
    (dx) => withIptInPregnancyNamed(dx, findings, demographics),
    (dx) => classifiedMalnutrition(dx, findings, hasDangerSign, demographics),
    (dx) => classifiedDiarrhoea(dx, findings, demographics),
    (dx) => classifiedAnaemia(dx, findings),
    (dx) => classifiedTbScreen(dx, findings, demographics),
    (dx) => classifiedPreEclampsia(dx, demographics, findings),
    (dx) => classifiedPneumonia(dx, demographics, findings, hasDangerSign),
    (dx) => classifiedMalaria(dx, findings, hasDangerSign),
    (dx) => classifiedHypertension(dx, demographics, findings),
    (dx) => classifiedDiabetes(dx, findings),
  ];
  return steps.reduce((dx, step) => step(dx), condition);
}

/**
 * Malaria with a positive test (RDT or microscopy) and no danger sign found is uncomplicated malaria, as
 * WHO defines it (an ACT at home): "malaria" with "RDT +" and no danger sign is "uncomplicated malaria",
 * whose plan does not open with what makes malaria severe. A class the diagnosis states is left as it is.
 */
export function classifiedMalaria(condition: string, findings: readonly Finding[], hasDangerSign: boolean): string {
  // "A child with severe anaemia and a positive test has severe malaria" (anaemia sample): referred after
  // pre-referral rectal artesunate, never the three days of AL at home.
  if (/\bmalaria\b/i.test(condition) && !SEVERE_MALARIA_STATED.test(condition) && positiveMalariaTest(findings) && severeAnaemiaFound(findings)) {
    return withClass('severe malaria', condition);
  }
  if (!hasDangerSign && /\bmalaria\b/i.test(condition) && !/\b(?:severe|complicated|treatment failure|failed treatment)\b/i.test(condition)) {
    // Fever back within 28 days of a finished course (illness-returned.ts): the same ACT again is not the plan.
    // Fever back after paracetamol, or after an antibiotic, is not a malaria treatment that failed.
    const back = illnessBackAfterCourseIn(findings);
    if (back?.possiblyAntimalarial && back.daysSinceCourse <= TREATMENT_FAILURE_DAYS) return withClass('suspected malaria treatment failure', condition);
    // Still feverish on the course she is taking: an early treatment failure, referred, not the course again.
    if (stillIllOnAntimalarial(findings)) return withClass('suspected malaria treatment failure', condition);
  }
  const bare = /^\s*malaria\s*$/i.test(condition);
  if (hasDangerSign || !(bare || namesMalariaOfAPopulation(condition))) return condition;
  if (!positiveMalariaTest(findings)) return condition;
  return bare ? 'uncomplicated malaria' : withClass('uncomplicated malaria', condition);
}

const SEVERE_MALARIA_STATED = /(?<!\bun)\b(?:severe|complicated) malaria\b/i;

/** A malaria test (RDT, microscopy) reported positive. */
function positiveMalariaTest(findings: readonly Finding[]): boolean {
  return findings.some((f) => f.category === 'test_result' && !f.negated && /\b(?:m?rdt|malaria|microscopy|blood smear|bs)\b/i.test(f.value) && resultPolarity(f.value) === 'positive');
}

/**
 * "malaria 1st trimester", "malaria in pregnancy", "malaria, child": malaria and who has it, no class.
 * With a positive test and no danger sign it is uncomplicated, as a bare "malaria" is; "malaria 1st
 * trimester" took "Any one of these means the patient has severe malaria" for its assessment.
 */
function namesMalariaOfAPopulation(condition: string): boolean {
  const lower = condition.toLowerCase();
  if (!/\bmalaria\b/.test(lower)) return false;
  return lower.replace(/\bmalaria\b|\b(?:in|during|the|of|at|a|an)\b|\b(?:pregnan\w*|preg|1st|2nd|3rd|first|second|third|trimester|child|children|adult|woman|man|weeks?|wks?|\d+)\b|[,.;:\s-]+/g, ' ').trim() === '';
}

/**
 * Hypertension in a non-pregnant adult, graded by the readings as the guideline's Table 3.1 grades it
 * (adult-blood-pressure.ts) when the diagnosis does not say which: "hypertension" at 150/95 is "grade 1
 * hypertension: hypertension", whose plan is confirming and starting treatment, not the same-day
 * referral of a severe reading. Only grades 1 and 2 are named; a severe, high-normal or normal reading,
 * or a class the diagnosis states, leaves it as it is.
 */
export function classifiedHypertension(condition: string, demographics: Demographics, findings: readonly Finding[]): string {
  if (!namesBloodPressure(condition) || HYPERTENSION_CLASS_STATED.test(condition)) return condition;
  const found = adultBloodPressureClass(demographics, findings);
  return found === 'grade 1' || found === 'grade 2' ? withClass(`${found} hypertension`, condition) : condition;
}

const HYPERTENSION_CLASS_STATED = /\bgrade\b|\bsevere\b|\bhigh-normal\b|\burgency\b|\bemergency\b|\bpregnan\w*|\beclampsia\b|\bcontrolled\b|\bnormal\b/i;

/**
 * Pneumonia in a child of 2 to 59 months as IMCI classifies it by the signs found (pneumonia-class.ts),
 * when the diagnosis does not say which: "pneumonia" at 10 months with a rate of 56 and no chest indrawing
 * is "pneumonia with fast breathing" (amoxicillin at home), not also the same-day referral of
 * chest-indrawing pneumonia. A class the diagnosis states is left as it is.
 */
export function classifiedPneumonia(condition: string, demographics: Demographics, findings: readonly Finding[], hasDangerSign: boolean): string {
  // A child brought for a cough is classified the same way, and with a counted rate that is not fast (no
  // indrawing, no danger sign) is a cough or cold: "cough" at 2 years with RR 30 had the amoxicillin lines
  // of pneumonia with fast breathing.
  if (namesOnlyCough(condition)) {
    const found = coughClass(demographics, findings, hasDangerSign);
    return found === undefined ? condition : withClass(found === 'no pneumonia' ? NO_PNEUMONIA : PNEUMONIA_CLASS_NAMES[found], condition);
  }
  if (!/\bpneumonia\b/i.test(condition) || PNEUMONIA_CLASS_STATED.test(condition)) return condition;
  // Pneumonia in a young infant is part of possible serious bacterial infection: referred urgently, never
  // amoxicillin at home. "pneumonia" at 5 weeks was planned as a child's fast breathing (3 days of amoxicillin).
  const months = ageInMonths(demographics);
  const found = months !== undefined && ageGroupForMonths(months) === 'young_infant' ? (/\byoung infant\b/i.test(condition) ? undefined : 'young infant') : pneumoniaClass(demographics, findings, hasDangerSign);
  if (found === undefined) return condition;
  const named = found === 'young infant' ? YOUNG_INFANT_PNEUMONIA : PNEUMONIA_CLASS_NAMES[found];
  return /^\s*pneumonia\s*$/i.test(condition) ? named : withClass(named, condition);
}

const NO_PNEUMONIA = 'cough or cold (no pneumonia)';
const YOUNG_INFANT_PNEUMONIA = 'pneumonia in a young infant under 2 months';

/** A diagnosis that names nothing but a cough or a cold and how long ("cough", "cough 3 days", "cold and cough"). */
function namesOnlyCough(condition: string): boolean {
  const lower = condition.toLowerCase();
  return /\bcough\w*|\bcold\b/.test(lower) && lower.replace(/\bcough\w*|\bcold\b|\b(?:and|or|with|for|since|x|\d+|days?|weeks?|d|wks?)\b|[^a-z\s]/g, ' ').trim() === '';
}

const PNEUMONIA_CLASS_STATED = /\bfast breathing\b|\bchest[- ]indrawing\b|\bsevere\b|\bno pneumonia\b|\bcold\b/i;
const PNEUMONIA_CLASS_NAMES: Record<PneumoniaClass, string> = {
  severe: 'severe pneumonia or very severe disease',
  'chest indrawing': 'chest-indrawing pneumonia',
  'fast breathing': 'pneumonia with fast breathing',
};

/**
 * A raised blood pressure in pregnancy or after birth that the readings and symptoms make pre-eclampsia
 * (hypertension-in-pregnancy.ts): "high BP in pregnancy" at 30 weeks with 165/112 and a severe headache
 * is "severe pre-eclampsia: high BP in pregnancy", whose care is magnesium sulfate and urgent referral. Only
 * a diagnosis about the pressure, the urine protein or a headache is refined, or one naming pre-eclampsia
 * and no class ("preeclampsia" with blurred vision is "severe pre-eclampsia"); one that names eclampsia or
 * a class of it, or another illness, is left as it is.
 */
export function classifiedPreEclampsia(condition: string, demographics: Demographics, findings: readonly Finding[]): string {
  // "preeclampsia" at 150/100 with a headache and blurred vision has severe features: it is severe
  // pre-eclampsia (magnesium sulfate, transfer), not the milder class's "before she leaves".
  if (namesEclampsia(condition)) {
    const unclassed = PRE_ECLAMPSIA_UNCLASSED.test(condition) && !PRE_ECLAMPSIA_CLASS_STATED.test(condition);
    if (!unclassed || suggestedPreEclampsia(demographics, findings) !== 'severe pre-eclampsia') return condition;
    const severe = condition.replace(PRE_ECLAMPSIA_UNCLASSED, 'severe pre-eclampsia');
    // "postpartum" beside it is her state, which her demographics carry: as a search word it reads as
    // "after birth" and ranks bleeding after birth above the magnesium sulfate loading dose.
    return pregnancyStatus(demographics).state === 'postpartum' ? severe.replace(AFTER_BIRTH_WORDS, ' ').replace(/\s+/g, ' ').trim() : severe;
  }
  if (!ABOUT_THE_PRESSURE.test(condition)) return condition;
  const suggested = suggestedPreEclampsia(demographics, findings);
  return suggested ? withClass(suggested, condition) : condition;
}

const AFTER_BIRTH_WORDS = /\b(?:postpartum|post-partum|postnatal|after (?:birth|delivery))\b/gi;
const PRE_ECLAMPSIA_UNCLASSED = /\bpre-?\s*eclampsia\b/i;
/** A severity the diagnosis states itself ("without severe features", "mild"), or eclampsia, graver still. */
const PRE_ECLAMPSIA_CLASS_STATED = /\b(?:severe|mild|moderate|without|no|not|imminent)\b|(?<!pre-?\s*)\beclampsia\b/i;

const ABOUT_THE_PRESSURE = /\b(?:bp|blood pressure|pressure|hypertensi\w*|htn|hbp|protein\w*|headache)\b/i;

/**
 * A diagnosis that is only a symptom of the TB screen ("cough", "night sweats") in a person living with
 * HIV, or in an adult or adolescent with night sweats or weight loss, is presumptive TB (tb-symptom-screen.ts): "presumptive tuberculosis: cough", so the plan also gives
 * the test the screen leads to. A diagnosis that names an illness ("pneumonia") is left as it is. A
 * diagnosis of TB that says nothing of how far it is established, with no finding that confirms or treats
 * it, is presumptive too: "TB" for a man coughing for 3 weeks got the HIV test offer and the side-effect
 * table of a person on treatment, not the laboratory test he needs. So is a TB screen asked for and answered
 * by a symptom that makes him presumptive (tbScreenAskedAndPositive).
 */
export function classifiedTbScreen(condition: string, findings: readonly Finding[], demographics: Demographics = {}): string {
  const presumptive = (namesOnlyScreenSymptoms(condition) && presumptiveTbByScreen(condition, findings, demographics)) || namesUnconfirmedTb(condition, findings) || tbScreenAskedAndPositive(condition, findings, demographics);
  return presumptive ? withClass('presumptive tuberculosis', condition) : condition;
}

/**
 * Diarrhoea as IMCI classifies it by the signs found (dehydration.ts), when the diagnosis does not say:
 * "running stomach" with two signs of some dehydration is "running stomach with some dehydration" (Plan B),
 * "diarrhoea" with "no sunken eyes" and not two signs of a row "diarrhoea with no dehydration" (Plan A);
 * diarrhoea for 14 days or more is persistent, and with dehydration "severe persistent diarrhoea" (treat
 * the dehydration, then refer). A dehydration or persistence the diagnosis states is left as it is.
 */
export function classifiedDiarrhoea(condition: string, findings: readonly Finding[], demographics: Demographics = {}): string {
  // Dysentery is classified for dehydration as any diarrhoea is: ciprofloxacin, and ORS by the dehydration's plan.
  const diarrhoea = namesDiarrhoea(condition);
  if (!diarrhoea && !namesDysentery(condition)) return condition;
  const stated = DEHYDRATION_STATED.exec(condition);
  const found = stated ? undefined : dehydrationClass(findings);
  const dehydrated = found === 'some' || found === 'severe' || (stated !== null && !/\b(?:no|without|not)\b/i.test(stated[0]));
  // "Not enough signs to classify as some or severe dehydration" (a sign said to be absent, not two of a
  // row) is no dehydration: Plan A at home, not Plan B's ORS in four hours or Plan C's emergency.
  let classified = found === 'some' || found === 'severe' ? `${condition} with ${found} dehydration` : found === 'none' ? `${condition} with no dehydration` : condition;
  const texts = [condition, ...findings.filter((f) => !f.negated).map((f) => f.value)];
  if (diarrhoea && !/\bpersistent\b/i.test(condition) && isPersistentDiarrhoea(texts)) {
    const persistent = dehydrated ? 'severe persistent diarrhoea' : 'persistent diarrhoea';
    classified = /\bdiarrh\w*/i.test(classified) ? classified.replace(/\bdiarrh\w*/i, persistent) : withClass(persistent, classified);
  }
  // Blood in the stool of a child under five is dysentery (IMCI), named or found: "bloody stool" and
  // "diarrhoea" with "stool with blood" got Plan A alone, never the guideline's section on dysentery and its
  // ciprofloxacin by weight. An adult's, or a pregnant woman's, is assessed by "Diarrhoea in adults" (refer).
  const months = ageInMonths(demographics);
  const child = months !== undefined && months < UNDER_FIVE_UPPER_MONTHS;
  const bloody = child && (namesDysentery(condition) || findings.some((f) => !f.negated && namesDysentery(withoutNegatedPhrases(f.value))));
  return bloody && !/\bdysenter/i.test(classified) ? withClass('dysentery', classified) : classified;
}

/**
 * An anaemia the diagnosis does not grade, with severe pallor or a haemoglobin below 7 g/dL (anaemia.ts),
 * is severe anaemia: "anaemia" with "very pale palms, Hb 6 g/dl" is referred, and the daily iron of some
 * pallor is not its plan. With some pallor and no sign of severe anaemia, it is some pallor: iron at home,
 * and severe anaemia's pre-referral treatment is not its plan; so with a haemoglobin from 7 up to below
 * 11 g/dL ("pale, Hb 9" is non-severe anaemia). A grade or a question about prevention the diagnosis
 * states is left as it is.
 */
export function classifiedAnaemia(condition: string, findings: readonly Finding[]): string {
  if (!NAMES_ANAEMIA.test(condition) || ANAEMIA_GRADED.test(condition)) return condition;
  if (severeAnaemiaFound(findings)) return withClass('severe anaemia', condition);
  if (somePallorFound(findings)) return withClass('some pallor', condition);
  return nonSevereAnaemiaMeasured(findings) ? withClass('non-severe anaemia', condition) : condition;
}

/**
 * Diabetes, or a blood sugar, with a glucose below 3.9 mmol/L (glucose.ts) is hypoglycaemia: "sugar low?"
 * at 3.2 mmol/L on glibenclamide needs sugar by mouth now and the same-day referral of a sulfonylurea's
 * low glucose, never the diabetes book's starting doses ("sugar" alone reads as diabetes, and the plan gave
 * gliclazide and metformin titration). Diabetes with a glucose above 18 mmol/L is very high glucose: "type 2
 * diabetes, new" at 22 mmol/L needs the guideline's section on very high glucose (an emergency with its
 * signs, a clinician review within one day without them), not only metformin's starting dose; so is "sugar
 * don high" at 25. A diagnosis that already names an emergency or a low glucose is left as it is.
 */
export function classifiedDiabetes(condition: string, findings: readonly Finding[]): string {
  if (!(DIABETES.test(condition) || BLOOD_SUGAR.test(condition)) || DIABETES_EMERGENCY_STATED.test(condition)) return condition;
  if (lowGlucoseFound(findings)) return withClass('hypoglycaemia (low blood glucose)', condition);
  return veryHighGlucoseFound(findings) ? withClass('very high glucose (check for a hyperglycaemic emergency)', condition) : condition;
}

const DIABETES = /\bdiabet\w*|\bdm\b|\bsugar (?:sickness|disease)\b/i;
/** A diagnosis about the blood sugar itself: "sugar low?", "sugar don high", "glucose". */
const BLOOD_SUGAR = /\b(?:sugar|glucose)\b/i;
const DIABETES_EMERGENCY_STATED = /\b(?:very high|emergenc\w*|ketoacidosis|dka|hyperosmolar|hhs|hyperglyc\w*|hypo\w*|low (?:glucose|sugar))\b/i;

/** Anaemia as CHWs name it: "anaemia", "anemic", "pale pikin", and in Pidgin "low blood", "blood no dey", "blood don finish". */
const NAMES_ANAEMIA = /\ban(?:a)?emi|\bpale\b|\blow blood\b|\bblood (?:no dey|don finish)\b/i;
const ANAEMIA_GRADED = /\b(?:severe|mild|moderate|some|non-severe|pallor|prevent\w*|prophyla\w*|supplement\w*)\b/i;

/** A dehydration the diagnosis states, with what qualifies it ("with some dehydration", "no dehydration", "w dehydration"). */
const DEHYDRATION_STATED = /(?:\b(?:no|without|not|some|severe|w|with)\s+)?\bdehydrat\w*/i;

function classifiedMalnutrition(stated: string, findings: readonly Finding[], hasDangerSign: boolean, demographics: Demographics = {}): string {
  const condition = gradedByMuac(stated, findings, demographics);
  if (!SAM.test(condition) || STATES_COMPLICATION.test(condition)) return condition;
  // Grade +++ oedema, or any oedema with a MUAC below 115 mm, requires referral whatever the appetite test.
  const oedema = oedemaFound(findings);
  const muac = findings.filter((f) => !f.negated).flatMap((f) => muacReadingsMm(f.value.toLowerCase())).at(-1);
  if (oedema === 'generalised' || (oedema !== undefined && muac !== undefined && muac < SAM_MUAC_MM)) return `complicated ${condition}`;
  // "passed appetite test" as the offline extractor records it, "appetite test: failed" as a model may.
  const appetite = findings.filter((f) => f.category === 'test_result' && !f.negated && /\bappetite test\b/i.test(f.value)).map((f) => f.value.toLowerCase());
  const failed = appetite.some((r) => FAILED.test(r));
  const passed = appetite.some((r) => !FAILED.test(r) && /\bpass(?:ed|es)?\b/.test(r));
  if (failed && !passed) return `complicated ${condition}`;
  if (passed && !failed && !hasDangerSign) return `uncomplicated ${condition}`;
  // A child treated at home who has reached the discharge criteria is uncomplicated SAM in follow-up: the
  // referral for inpatient care is not hers unless a danger sign or a failed appetite test says so.
  if (!failed && !hasDangerSign && malnutritionTreatmentCourse(condition, findings) === 'recovered') return `uncomplicated ${condition}`;
  return condition;
}

/**
 * A malnutrition the diagnosis does not grade ("malnutrition", "malnourished"), in a child of 6 to 59
 * months, graded as CMAM grades it by the MUAC and oedema found: oedema of both feet, or a MUAC below
 * 115 mm, is severe acute malnutrition; 115 to below 125 mm, moderate. "Malnutrition" at 18 months with
 * a MUAC of 118 mm had SAM's appetite test, RUTF ration and urgent referral. A MUAC of 125 mm or more with
 * no oedema is no acute malnutrition (Table 1.1's green): "malnutrition?" at 130 mm had the RUTF ration of
 * SAM and its urgent referral. No MUAC, or another age: as written. Kwashiorkor and marasmus, the old
 * names of oedematous SAM and severe wasting, are SAM by name (age unknown too): "kwashiorkor" was "not
 * covered by the guidelines".
 */
function gradedByMuac(condition: string, findings: readonly Finding[], demographics: Demographics): string {
  if (!UNGRADED_MALNUTRITION.test(condition) || MALNUTRITION_GRADE_STATED.test(condition)) return condition;
  const months = ageInMonths(demographics);
  if (months !== undefined && (months < 6 || months >= 60)) return condition;
  if (SEVERE_BY_NAME.test(condition)) return withClass('severe acute malnutrition', condition);
  if (months === undefined) return condition;
  const present = findings.filter((f) => !f.negated).map((f) => normaliseClinicalText(f.value));
  const muac = present.flatMap((t) => muacReadingsMm(t.text)).at(-1);
  if (oedemaFound(findings) !== undefined || (muac !== undefined && muac < SAM_MUAC_MM)) return withClass('severe acute malnutrition', condition);
  if (muac === undefined) return condition;
  return withClass(muac < DISCHARGE_MUAC_MM ? 'moderate acute malnutrition' : NOT_ACUTELY_MALNOURISHED, condition);
}

/** The class of a MUAC in the green with no oedema, named without a negation: "no ..." reads as a diagnosis of absence, with no plan. */
const NOT_ACUTELY_MALNOURISHED = 'MUAC in the green (125 mm or more)';
const UNGRADED_MALNUTRITION = /\bmalnutrition\b|\bmalnourished\b|\bundernutrition\b|\bwasting\b|\bwasted\b|\bkwashiorkor\b|\bmarasm(?:us|ic)\b/i;
/** The old names of the two forms of severe acute malnutrition: kwashiorkor is its oedema, marasmus its severe wasting. */
const SEVERE_BY_NAME = /\bkwashiorkor\b|\bmarasm(?:us|ic)\b/i;
const MALNUTRITION_GRADE_STATED = /\b(?:sam|mam|severe|moderate|mild|complicated|uncomplicated)\b/i;

const FAILED = /\bfail(?:ed|s)?\b|\b(?:not|did not|didn't) pass(?:ed)?\b/;
const SAM = /\b(?:sam|severe acute malnutrition)\b/i;
const STATES_COMPLICATION = /\b(?:un)?complicated\b|\bwith complications?\b|\bwithout complications?\b/i;

/** The diagnosis with the class its findings give it first: "grade 1 hypertension: hypertension". */
function withClass(named: string, condition: string): string {
  return `${named}: ${condition}`;
}

/** A diagnosis in the health worker's own words, without the class its findings gave it ("hypertension" of "grade 1 hypertension: hypertension"). */
export function conditionAsWritten(condition: string): string {
  return condition.replace(/^[^:]+:\s*/, '');
}

/** The class a diagnosis was given by its findings ("grade 1 hypertension" of "grade 1 hypertension: hypertension"), if any. */
export function classGiven(condition: string): string | undefined {
  return /^([^:]+):/.exec(condition)?.[1]?.trim();
}
