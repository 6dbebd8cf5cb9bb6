/**
 * Pre-eclampsia as the findings suggest it, for a woman pregnant at 20 weeks or more (or weeks not said)
 * or within six weeks of delivery, following the WHO definitions the sample pregnancy guideline uses:
 * hypertension is a reading of 140/90 mmHg or more; with protein in the urine it is pre-eclampsia; in the
 * severe range (160/110 or more) or with a severe feature (severe headache, blurred vision, pain under
 * the ribs) it is severe pre-eclampsia, which needs magnesium sulfate and urgent referral. Before 20 weeks
 * a raised pressure is chronic hypertension, and nothing is suggested. Negated findings ("no headache",
 * "urine protein negative") count for nothing.
 */
import { withoutNegatedPhrases } from './negation.js';
import type { Demographics, Finding } from './findings.js';
import { pregnancyStatus } from './pregnancy.js';

export type SuggestedPreEclampsia = 'pre-eclampsia' | 'severe pre-eclampsia';

/** Gestation from which a new hypertension is pre-eclampsia or gestational hypertension. */
export const PRE_ECLAMPSIA_FROM_WEEKS = 20;
export const HYPERTENSION_MMHG = { systolic: 140, diastolic: 90 } as const;
export const SEVERE_RANGE_MMHG = { systolic: 160, diastolic: 110 } as const;

/** True when the diagnosis already names (pre-)eclampsia: nothing is suggested on top of it. */
export function namesEclampsia(condition: string): boolean {
  return /eclampsia/i.test(condition);
}

export function suggestedPreEclampsia(demographics: Demographics, findings: readonly Finding[]): SuggestedPreEclampsia | undefined {
  const pregnancy = pregnancyStatus(demographics);
  const afterTwentyWeeks = pregnancy.state === 'pregnant' && (pregnancy.weeks === undefined || pregnancy.weeks >= PRE_ECLAMPSIA_FROM_WEEKS);
  if (!afterTwentyWeeks && pregnancy.state !== 'postpartum') return undefined;
  const present = findings.filter((f) => !f.negated).map((f) => withoutNegatedPhrases(f.value).toLowerCase());
  const readings = present.flatMap(bloodPressureReadings);
  const raised = readings.some((r) => r.systolic >= HYPERTENSION_MMHG.systolic || r.diastolic >= HYPERTENSION_MMHG.diastolic);
  if (!raised) return undefined;
  const severeRange = readings.some((r) => r.systolic >= SEVERE_RANGE_MMHG.systolic || r.diastolic >= SEVERE_RANGE_MMHG.diastolic);
  if (severeRange || present.some((v) => SEVERE_FEATURE.test(v))) return 'severe pre-eclampsia';
  if (present.some((v) => PROTEINURIA.test(v) && !NO_PROTEIN.test(v))) return 'pre-eclampsia';
  return undefined;
}

/** Plausible "systolic/diastolic" readings written in a finding ("BP 168/112", "bp 150/100"). */
export function bloodPressureReadings(text: string): Array<{ systolic: number; diastolic: number }> {
  const readings: Array<{ systolic: number; diastolic: number }> = [];
  for (const m of text.matchAll(BP_READING)) {
    const [systolic, diastolic] = [Number(m[1]), Number(m[2])];
    if (plausibleBloodPressure(systolic, diastolic)) readings.push({ systolic, diastolic });
  }
  return readings;
}

/** A plausible reading in the severe range of pregnancy, 160/110 mmHg or more. */
export function inSevereRangeInPregnancy(systolic: number, diastolic: number): boolean {
  return plausibleBloodPressure(systolic, diastolic) && (systolic >= SEVERE_RANGE_MMHG.systolic || diastolic >= SEVERE_RANGE_MMHG.diastolic);
}

export function plausibleBloodPressure(systolic: number, diastolic: number): boolean {
  return systolic >= 60 && systolic <= 300 && diastolic >= 30 && diastolic <= 200 && systolic > diastolic;
}

/** A "systolic/diastolic" reading as written ("BP 168/112"), not a date or a fraction of a longer number. */
export const BP_READING = /(?<![\d/.])(\d{2,3})\s*\/\s*(\d{2,3})(?![\d/]|\.\d)/g;
/** Protein found on a dipstick: "protein 2+", "protein ++", "proteinuria", "protein positive", "protein trace" is not enough. */
const PROTEINURIA = /\bproteinuria\b|\bprotein\w*\s*(?::\s*)?(?:\d\s*\+|\+{1,4}|positive|present)/;
const NO_PROTEIN = /\bprotein\w*\s*(?::\s*)?(?:negative|nil|neg\b|trace)/;
/** Symptoms of severe pre-eclampsia, as written or typed ("eye dey blur"). */
const SEVERE_FEATURE = /\b(?:severe|strong|bad|terrible) headache\b|\bblur\w*\b|\bvisual disturbance|\bseeing spots\b|\bepigastric pain\b|\bpain (?:under|below) the ribs\b/;
