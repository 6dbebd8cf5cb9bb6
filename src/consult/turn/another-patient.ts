import { ageInMonths } from '../../patient/age.js';
import type { Demographics } from '../../patient/findings.js';
import type { ExtractedFacts } from '../offline/extract-facts.js';

/**
 * Two stated ages of one patient differ by rounding at most ("2 years" and "26 months"): by more than
 * this share of the older age, and more than two months, they are two patients.
 */
const SAME_AGE_SHARE = 0.1;
const SAME_AGE_MONTHS = 2;

/**
 * True when a message after a finished consult states an age or an explicit sex that cannot be the
 * finished consult's patient's: "2 year old boy, MUAC 127 mm" after a plan for a 29-year-old man is a new
 * patient, not a follow-up question about him, and answering it with his demographics would mix the two.
 * A sex read only from a pronoun, or a patient whose age and sex were never said, decides nothing.
 */
export function describesAnotherPatient(patient: Demographics, message: Pick<ExtractedFacts, 'demographics' | 'sexCue'>): boolean {
  const stated = message.demographics;
  if (stated.sex !== undefined && patient.sex !== undefined && message.sexCue === 'explicit' && stated.sex !== patient.sex) return true;
  const was = ageInMonths(patient);
  const now = ageInMonths(stated);
  if (was === undefined || now === undefined) return false;
  return Math.abs(was - now) > Math.max(SAME_AGE_MONTHS, SAME_AGE_SHARE * Math.max(was, now));
}
