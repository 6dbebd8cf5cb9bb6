/**
 * Doses of a medicine the patient is on, said to be missed: "sometimes she forget the drugs", "misses doses
 * when he travels", "skips her tablets", "not taking the medicine regularly", "stopped his BP drugs". For a
 * patient on treatment whose illness is not controlled, missed doses come first (helping her take the
 * medicine every day), before a higher dose. One place for the phrasings, read by the offline extraction
 * and by the plan job.
 */
import type { Finding } from './findings.js';

/** How the offline extraction records missed doses. */
export const MISSED_MEDICINES = 'missed medicines';

const MEDICINE = String.raw`(?:drugs?|medicines?|medications?|meds|tablets?|pills?|doses?|treatment|arvs?|art)`;
const OWNER = String.raw`(?:(?:the|her|his|their|my|its|some|a|of|bp|hbp|htn|sugar|diabetes|hiv|tb|blood pressure)\s+){0,3}`;

/** Forgetting, missing or skipping the medicine, or not taking it as prescribed; read with its negation ("never misses doses"). */
export const MISSED_DOSES = new RegExp(
  String.raw`\b(?:forg[eo]t(?:s|ting|ten)?|miss(?:es|ed|ing)?|skip(?:s|ped|ping)?|stopped(?:\s+taking)?)\s+${OWNER}${MEDICINE}\b` +
    String.raw`|\b(?:not|no dey|doesn't|does not|don't|do not)\s+(?:taking|take)\s+${OWNER}${MEDICINE}\s+(?:well|regularly|every day|daily|as (?:prescribed|advised))\b` +
    String.raw`|\b(?:poor|bad)\s+adherence\b|\bnon-?\s?adheren(?:t|ce)\b|\bnot adherent\b`,
  'i',
);

/** True when the findings say doses are missed: she is on treatment, and not taking all of it. */
export function missesDoses(findings: readonly Finding[]): boolean {
  return findings.some((f) => !f.negated && (f.value === MISSED_MEDICINES || MISSED_DOSES.test(f.value)));
}
