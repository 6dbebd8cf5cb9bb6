/**
 * Whether the consult says the patient lives with HIV: "HIV+", "HIV positive", "HIV reactive", "PLHIV",
 * "living with HIV", on ART or a named ART regimen, or a diagnosis of HIV itself ("HIV, losing weight",
 * "advanced HIV disease"; not an HIV test, an exposure, prevention or an unknown status). Negated and past
 * mentions count for nothing (negation.ts).
 */
import { normaliseClinicalText } from './clinical-text.js';
import type { Finding } from './findings.js';
import { firstPresent } from './negation.js';

const LIVING_WITH_HIV = /\bhiv\s*(?:\+|(?:status\s*)?(?:positive|pos|reactive)\b)|\bplhiv\b|\bliving with hiv\b|\bon\s+(?:art|arvs?|haart|antiretrovirals?)\b|\b(?:tld|tle|dolutegravir)\b/;
const HIV_DIAGNOSIS = /\b(?:hiv|aids)\b/;
const NOT_HIV_DIAGNOSIS = /\b(?:exposed|exposure|test\w*|negative|prevent\w*|prep|pep|status|unknown)\b/;

export function livesWithHiv(condition: string, findings: readonly Finding[]): boolean {
  const diagnosis = normaliseClinicalText(condition);
  if (firstPresent(diagnosis, HIV_DIAGNOSIS) !== undefined && !NOT_HIV_DIAGNOSIS.test(diagnosis.text)) return true;
  const texts = [diagnosis, ...findings.filter((f) => !f.negated).map((f) => normaliseClinicalText(f.value))];
  return texts.some((t) => firstPresent(t, LIVING_WITH_HIV) !== undefined);
}
