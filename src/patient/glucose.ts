/**
 * A very high blood glucose: above 18 mmol/L (about 324 mg/dL). The sample diabetes guideline (ch4,
 * "Very high glucose: hyperglycaemic emergencies") suspects an emergency above it with vomiting, deep
 * breathing, dehydration or drowsiness, and without them "still needs a clinician review within one day":
 * either way it is not a glucose to start metformin on at home and nothing more. Negated findings count
 * for nothing.
 */
import type { Finding } from './findings.js';

/** Blood glucose (mmol/L) below which the glucose is low: hypoglycaemia (the sample guideline's ch4, 70 mg/dL). */
export const LOW_GLUCOSE_MMOL_L = 3.9;
/** Blood glucose (mmol/L) above which the glucose is very high. */
export const VERY_HIGH_GLUCOSE_MMOL_L = 18;
const MG_DL_PER_MMOL_L = 18;
/** The most a glucose in mmol/L reads; a larger number is mg/dL. */
export const MAX_GLUCOSE_MMOL_L = 40;

/** The words for a blood glucose reading ("random blood sugar", "RBS", "FBS", "gluc"), for a regular expression. */
export const GLUCOSE_NAMES = String.raw`(?:random |fasting )?blood (?:glucose|sugar)|glucose|sugar|rbs|fbs|gluc|bgl?`;

/** "blood glucose 22 mmol/L" as the offline extractor records it, "RBS 400 mg/dl", "sugar 25" as typed. */
const GLUCOSE = new RegExp(String.raw`\b(?:${GLUCOSE_NAMES})(?:\s+level)?\s*(?:of|is|was|=|:)?\s*(\d+(?:\.\d+)?)\s*(mmol\s*\/?\s*l|mg\s*\/?\s*dl)?`);

/** The blood glucose a text states, in mmol/L (mg/dL said, or implied by the size of the number, is converted). */
export function glucoseMmolPerL(text: string): number | undefined {
  const match = GLUCOSE.exec(text.toLowerCase());
  if (!match) return undefined;
  const value = Number(match[1]);
  return match[2]?.startsWith('mg') || value > MAX_GLUCOSE_MMOL_L ? value / MG_DL_PER_MMOL_L : value;
}

/** True when a finding states a glucose above VERY_HIGH_GLUCOSE_MMOL_L. */
export function veryHighGlucoseFound(findings: readonly Finding[]): boolean {
  return findings.some((f) => {
    if (f.negated) return false;
    const glucose = glucoseMmolPerL(f.value);
    return glucose !== undefined && glucose > VERY_HIGH_GLUCOSE_MMOL_L;
  });
}

/** True when a finding states a glucose below LOW_GLUCOSE_MMOL_L: hypoglycaemia, whatever the diagnosis calls it. */
export function lowGlucoseFound(findings: readonly Finding[]): boolean {
  return findings.some((f) => {
    if (f.negated) return false;
    const glucose = glucoseMmolPerL(f.value);
    return glucose !== undefined && glucose < LOW_GLUCOSE_MMOL_L;
  });
}
