/**
 * The class of an adult's clinic blood pressure, as the sample hypertension guideline's Table 3.1 (after
 * WHO) gives it: normal below 130/85, high-normal 130-139/85-89, grade 1 hypertension 140-159/90-99,
 * grade 2 160-179/100-109, severe 180/110 or more. The higher of the two values decides, and the highest
 * reading reported counts. Medicines are for confirmed readings of 140/90 or more: high-normal is
 * lifestyle advice and a recheck, never a starting dose. Not for pregnancy or the six weeks after birth,
 * whose thresholds and care differ (hypertension-in-pregnancy.ts). Negated findings and phrases count for nothing.
 */
import { adultTextApplies } from './age.js';
import type { Demographics, Finding } from './findings.js';
import { bloodPressureReadings, HYPERTENSION_MMHG, plausibleBloodPressure } from './hypertension-in-pregnancy.js';
import { withoutNegatedPhrases } from './negation.js';
import { pregnancyStatus } from './pregnancy.js';

export type AdultBloodPressureClass = 'normal' | 'high-normal' | 'grade 1' | 'grade 2' | 'severe';

/** Lower bounds of each class above normal, systolic and diastolic (mmHg). */
const CLASS_FROM: ReadonlyArray<{ name: AdultBloodPressureClass; systolic: number; diastolic: number }> = [
  { name: 'severe', systolic: 180, diastolic: 110 },
  { name: 'grade 2', systolic: 160, diastolic: 100 },
  { name: 'grade 1', systolic: HYPERTENSION_MMHG.systolic, diastolic: HYPERTENSION_MMHG.diastolic },
  { name: 'high-normal', systolic: 130, diastolic: 85 },
];

/** The class of the highest reading reported for an adult neither pregnant nor just delivered (or of unstated age); undefined without a reading. */
export function adultBloodPressureClass(demographics: Demographics, findings: readonly Finding[]): AdultBloodPressureClass | undefined {
  const pregnancy = pregnancyStatus(demographics).state;
  if (adultTextApplies(demographics) === false || pregnancy === 'pregnant' || pregnancy === 'postpartum') return undefined;
  const readings = findings.filter((f) => !f.negated).flatMap((f) => bloodPressureReadings(withoutNegatedPhrases(f.value)));
  if (readings.length === 0) return undefined;
  const rank = (r: { systolic: number; diastolic: number }) => CLASS_FROM.findIndex((c) => r.systolic >= c.systolic || r.diastolic >= c.diastolic);
  const ranks = readings.map((r) => rank(r)).map((i) => (i < 0 ? CLASS_FROM.length : i));
  const highest = Math.min(...ranks);
  return CLASS_FROM[highest]?.name ?? 'normal';
}

/** A reading in the adult severe range, 180/110 mmHg or more (Table 3.1). */
export function inAdultSevereRange(systolic: number, diastolic: number): boolean {
  const severe = CLASS_FROM[0];
  return severe !== undefined && plausibleBloodPressure(systolic, diastolic) && (systolic >= severe.systolic || diastolic >= severe.diastolic);
}

/** True when every reading reported is below the pressure at which medicines are started (140/90). */
export function belowMedicineThreshold(demographics: Demographics, findings: readonly Finding[]): boolean {
  const found = adultBloodPressureClass(demographics, findings);
  return found === 'normal' || found === 'high-normal';
}

/** True when the diagnosis is about blood pressure: "hypertension", "high-normal blood pressure", "HBP", "BP". */
export function namesBloodPressure(condition: string): boolean {
  return /\b(?:bp|hbp|htn|blood pressure|hypertens\w*)\b/i.test(condition);
}

/**
 * True when no blood pressure medicine is to be started: the diagnosis is about blood pressure, she takes
 * no medicine, and every reading is below 140/90 (high-normal: lifestyle advice and a recheck).
 */
export function noBloodPressureMedicineToStart(condition: string, demographics: Demographics, findings: readonly Finding[], medicinesTaken: readonly string[]): boolean {
  return namesBloodPressure(condition) && medicinesTaken.length === 0 && belowMedicineThreshold(demographics, findings);
}
