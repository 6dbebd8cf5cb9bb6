import type { Finding } from './findings.js';
import { negatedPhrases, withoutNegationCue } from './negation.js';

/**
 * Preventive care the patient has not had, which a negation states: "never dewormed", "no net for house",
 * "never take SP", "not vaccinated". Unlike a symptom that is absent ("no fever"), the missing care is what
 * the plan must give, so the query keeps it (without the cue): the deworming dose table, the section on
 * insecticide-treated nets, IPTp.
 */
const PREVENTIVE_CARE = /\b(?:deworm\w*|worm (?:medicine|tablets?)|albendazole|mebendazole|(?:mosquito )?nets?|itns?|llins?|sp|iptp|vaccin\w*|immuni[sz]\w*|supplements?|tpt|isoniazid preventive)\b/i;

/** The preventive care the findings say she has not had, each without its negation cue. */
export function missedPrevention(findings: readonly Finding[]): string[] {
  return findings.flatMap((f) => {
    // A finding recorded as negated ("dewormed", negated) is the care not had as a whole.
    const phrases = f.negated ? [f.value] : negatedPhrases(f.value);
    return phrases
      .filter((phrase) => PREVENTIVE_CARE.test(phrase))
      .map(withoutNegationCue)
      .filter(Boolean);
  });
}
