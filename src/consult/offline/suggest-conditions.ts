/**
 * Working diagnoses the findings suggest, for the offline mode's pick list. This is a suggestion
 * list the health worker chooses from (or overrides with `dx: ...`), never a diagnosis: the rules
 * are a small subset of IMCI / WHO classifications, they see only what was recorded, and the plan
 * that follows is built from the guideline sections retrieved for the condition chosen.
 *
 * Reads the normalised values written by extractFacts ('RDT positive', 'temperature 39 °C',
 * 'respiratory rate 52/min', ...), case-insensitively, so findings recorded by the LLM interview in
 * the same wording work too. More serious suggestions come first; no suggestion is repeated.
 */
import { ageGroupOf, ageInMonths, UNDER_FIVE_UPPER_MONTHS } from '../../patient/age.js';
import type { Demographics, Finding } from '../../patient/findings.js';
import { severeAnaemiaFound } from '../../patient/anaemia.js';
import { dehydrationClass, isPersistentDiarrhoea } from '../../patient/dehydration.js';
import { presumptiveTbInHiv } from '../../patient/tb-symptom-screen.js';
import { fastBreathingThreshold } from '../../patient/pneumonia-class.js';
import { DISCHARGE_MUAC_MM, SAM_MUAC_MM } from '../../patient/malnutrition-treatment-course.js';
import { oedemaFound } from '../../patient/oedema.js';

const IMCI_UPPER_AGE_MONTHS = UNDER_FIVE_UPPER_MONTHS;
const GENERAL_DANGER_SIGNS = [
  'convulsions',
  'lethargic or unconscious',
  'not able to drink or breastfeed',
  'vomits everything',
];
const DAYS_PER_UNIT: Readonly<Record<string, number>> = { hour: 1 / 24, day: 1, week: 7, month: 30, year: 365 };

interface Facts {
  has(value: string): boolean;
  hasAny(values: readonly string[]): boolean;
  number(pattern: RegExp): number | undefined;
  numbers(pattern: RegExp): number[] | undefined;
  longestDays(symptom: string): number | undefined;
}

/** Likely working diagnoses for these findings and this patient, most serious first. */
export function suggestConditions(findings: readonly Finding[], demographics: Demographics): string[] {
  const facts = factsOf(findings);
  const ageMonths = ageInMonths(demographics);
  const group = ageGroupOf(demographics);
  const child = group === 'young_infant' || group === 'child';
  const youngInfant = group === 'young_infant';
  const pregnant = demographics.pregnant === true;
  const suggestions: string[] = [];
  const suggest = (condition: string): void => {
    if (!suggestions.includes(condition)) suggestions.push(condition);
  };

  const temperature = facts.number(/^temperature (\d+(?:\.\d+)?) °c$/);
  const fever = facts.has('fever') || (temperature !== undefined && temperature >= 37.5);
  const generalDanger = facts.hasAny(GENERAL_DANGER_SIGNS);
  const oxygen = facts.number(/^oxygen saturation (\d+)%$/);
  const severeRespiratory =
    facts.hasAny(['stridor', 'grunting', 'cyanosis', 'severe difficulty breathing']) ||
    (oxygen !== undefined && oxygen < 90);
  const malariaPositive = facts.has('RDT positive') || facts.has('malaria microscopy positive');
  const malariaNegative = facts.has('RDT negative') || facts.has('malaria microscopy negative');

  const infantSign = facts.hasAny(['not feeding well', 'chest indrawing']) || isFastBreathing(facts, ageMonths);
  if (youngInfant && (generalDanger || fever || infantSign)) suggest('possible serious bacterial infection');
  if (pregnant && facts.has('convulsions')) suggest('eclampsia');
  const severeIllness = generalDanger || severeRespiratory || facts.has('stiff neck');
  if (malariaPositive && severeIllness) suggest('severe malaria');
  if (fever && facts.has('stiff neck')) suggest('meningitis');
  if (fever && generalDanger && !malariaPositive) suggest('very severe febrile disease');

  // A current cough, night sweats or weight loss in a person living with HIV is presumptive TB at any duration.
  if (presumptiveTbInHiv('', findings)) suggest('possible tuberculosis');
  addRespiratory(facts, ageMonths, child, generalDanger || severeRespiratory, suggest);
  addPregnancy(facts, demographics, suggest);
  if (malariaPositive && !suggestions.includes('severe malaria')) {
    suggest(pregnant ? 'malaria in pregnancy' : 'uncomplicated malaria');
  }
  addDiarrhoea(facts, findings, suggest);
  addNutritionAndAnaemia(facts, findings, ageMonths, pregnant, suggest);

  if (fever && facts.has('rash') && facts.hasAny(['cough', 'runny nose', 'red eyes'])) suggest('possible measles');
  if (facts.has('HIV test reactive')) suggest('HIV infection');
  if (facts.has('TB test positive')) suggest('tuberculosis');
  if (facts.has('syphilis test reactive')) suggest('syphilis');
  addGlucose(facts, suggest);
  if (facts.has('painful urination')) suggest('urinary tract infection');
  if (facts.has('ear pain') || facts.has('ear discharge')) suggest('ear infection');
  if (facts.has('jaundice')) suggest(youngInfant ? 'neonatal jaundice' : 'jaundice');
  if (facts.has('sore throat')) suggest('sore throat');
  if (fever && suggestions.length === 0) {
    if (malariaNegative) suggest('fever, malaria test negative (other cause)');
    else if (!malariaPositive) suggest('fever (test for malaria)');
  }
  return suggestions;
}

function addRespiratory(
  facts: Facts,
  ageMonths: number | undefined,
  child: boolean,
  severe: boolean,
  suggest: (condition: string) => void,
): void {
  const cough = facts.has('cough') || facts.has('difficulty breathing') || facts.has('fast breathing');
  if (!cough) return;
  const coughDays = facts.longestDays('cough');
  if (coughDays !== undefined && coughDays >= 14) suggest('possible tuberculosis');
  if (severe) suggest('severe pneumonia');
  else if (facts.has('chest indrawing') || isFastBreathing(facts, ageMonths)) suggest('pneumonia');
  else if (child) suggest('cough or cold (no pneumonia)');
  if (facts.has('wheeze')) suggest('wheeze (possible asthma)');
}

/** IMCI fast breathing: 60/min under 2 months, 50 under 12 months, 40 under 5 years; 30 above. */
function isFastBreathing(facts: Facts, ageMonths: number | undefined): boolean {
  if (facts.has('fast breathing')) return true;
  const rate = facts.number(/^respiratory rate (\d+)\/min$/);
  if (rate === undefined || ageMonths === undefined) return false;
  return rate >= fastBreathingThreshold(ageMonths);
}

function addPregnancy(facts: Facts, demographics: Demographics, suggest: (condition: string) => void): void {
  if (demographics.pregnant !== true) {
    const bp = facts.numbers(/^blood pressure (\d+)\/(\d+) mmhg$/);
    if (bp) {
      const [systolic = 0, diastolic = 0] = bp;
      if (systolic >= 180 || diastolic >= 110) suggest('severe hypertension');
      else if (systolic >= 140 || diastolic >= 90) suggest('hypertension');
    }
    return;
  }
  const bp = facts.numbers(/^blood pressure (\d+)\/(\d+) mmhg$/);
  if (bp) {
    const [systolic = 0, diastolic = 0] = bp;
    const protein = facts.number(/^urine protein ([1-4])\+$/);
    const severeSymptoms = facts.has('severe headache') || facts.has('blurred vision');
    if (systolic >= 160 || diastolic >= 110) {
      const preEclampsia = protein !== undefined || severeSymptoms;
      suggest(preEclampsia ? 'severe pre-eclampsia' : 'severe hypertension in pregnancy');
    } else if (systolic >= 140 || diastolic >= 90) {
      suggest(protein !== undefined || severeSymptoms ? 'pre-eclampsia' : 'hypertension in pregnancy');
    }
  }
  if (facts.has('vaginal bleeding')) {
    const weeks = demographics.gestationWeeks;
    const early = weeks !== undefined ? weeks < 22 : demographics.trimester === 1;
    const late = weeks !== undefined ? weeks >= 22 : demographics.trimester === 3;
    const stage = early ? ' early' : late ? ' late' : '';
    suggest(`bleeding in${stage} pregnancy`);
  }
}

function addDiarrhoea(facts: Facts, findings: readonly Finding[], suggest: (condition: string) => void): void {
  if (!facts.has('diarrhoea')) return;
  const dehydration = dehydrationClass(findings);
  suggest(dehydration === undefined ? 'diarrhoea' : `diarrhoea with ${dehydration === 'none' ? 'no' : dehydration} dehydration`);
  if (facts.has('blood in stool')) suggest('dysentery');
  if (isPersistentDiarrhoea(findings.filter((f) => !f.negated).map((f) => f.value))) suggest('persistent diarrhoea');
}

function addNutritionAndAnaemia(
  facts: Facts,
  findings: readonly Finding[],
  ageMonths: number | undefined,
  pregnant: boolean,
  suggest: (condition: string) => void,
): void {
  const muac = facts.number(/^muac (\d+) mm$/);
  const muacApplies = ageMonths === undefined ? !pregnant : ageMonths >= 6 && ageMonths < IMCI_UPPER_AGE_MONTHS;
  // Oedema of both feet is severe acute malnutrition whatever the MUAC; grade +++ (the face too), or any
  // oedema with a MUAC below 115 mm, is complicated SAM and referred (oedema.ts). A pregnant woman's
  // swollen feet are not malnutrition.
  const oedema = muacApplies ? oedemaFound(findings) : undefined;
  const redMuac = facts.has('MUAC red') || (muacApplies && muac !== undefined && muac < SAM_MUAC_MM);
  if (oedema === 'generalised' || (oedema !== undefined && redMuac)) {
    suggest('complicated severe acute malnutrition');
  } else if (oedema === 'bilateral' || facts.has('visible severe wasting') || redMuac) {
    suggest('severe acute malnutrition');
  } else if (facts.has('MUAC yellow') || (muacApplies && muac !== undefined && muac < DISCHARGE_MUAC_MM)) {
    suggest('moderate acute malnutrition');
  }
  const haemoglobin = facts.number(/^haemoglobin (\d+(?:\.\d+)?) g\/dl$/);
  if (facts.has('severe pallor') || severeAnaemiaFound(findings)) suggest('severe anaemia');
  else if (facts.has('pallor') || (haemoglobin !== undefined && haemoglobin < 11)) suggest('anaemia');
}

function addGlucose(facts: Facts, suggest: (condition: string) => void): void {
  const mmol = facts.number(/^blood glucose (\d+(?:\.\d+)?) mmol\/l$/);
  const mgPerDl = facts.number(/^blood glucose (\d+(?:\.\d+)?) mg\/dl$/);
  const value = mmol ?? (mgPerDl === undefined ? undefined : mgPerDl / 18);
  if (value === undefined) return;
  if (value < 3) suggest('hypoglycaemia');
  else if (value >= 11.1) suggest('high blood glucose (possible diabetes)');
}

function factsOf(findings: readonly Finding[]): Facts {
  const valuesOf = (negated: boolean): string[] =>
    findings
      .filter((finding) => (finding.negated === true) === negated)
      .map((finding) => finding.value.trim().toLowerCase());
  const affirmed = valuesOf(false);
  const negated = valuesOf(true);
  const has = (value: string): boolean => {
    const wanted = value.toLowerCase();
    return wanted.startsWith('no ') ? negated.includes(wanted) : affirmed.includes(wanted);
  };
  const numbers = (pattern: RegExp): number[] | undefined => {
    for (const value of affirmed) {
      const match = pattern.exec(value);
      if (match) return match.slice(1).map(Number);
    }
    return undefined;
  };
  return {
    has,
    hasAny: (values) => values.some(has),
    numbers,
    number: (pattern) => numbers(pattern)?.[0],
    longestDays(symptom) {
      const days = affirmed.flatMap((value) => {
        const match = /^(.+) for (\d+(?:\.\d+)?) (hour|day|week|month|year)s?$/.exec(value);
        if (!match || match[1] !== symptom) return [];
        return [Number(match[2]) * (DAYS_PER_UNIT[match[3] ?? ''] ?? 0)];
      });
      return days.length > 0 ? Math.max(...days) : undefined;
    },
  };
}
