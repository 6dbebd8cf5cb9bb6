/**
 * Whether the consult says the patient lives with HIV: "HIV+", "HIV positive", "HIV reactive", "PLHIV",
 * "living with HIV", on ART or a named ART regimen, or a diagnosis of HIV itself ("HIV, losing weight",
 * "advanced HIV disease"; not an HIV test, an exposure, prevention or an unknown status). Negated and past
 * mentions count for nothing (negation.ts), and so does one about someone else in the same clause ("condom
 * broke with a partner living with HIV": she was exposed).
 */
import { normaliseClinicalText } from './clinical-text.js';
import type { Finding } from './findings.js';
import { findMentions, firstPresent } from './negation.js';

/**
 * As typed ("HIV+", "PLHIV", "on ARVs", "TLD") and as the offline extractor records it ("history of HIV",
 * "HIV test reactive", "antiretroviral therapy", "tenofovir-lamivudine-dolutegravir").
 */
const LIVING_WITH_HIV =
  /\bhiv\s*(?:\+|(?:status\s*)?(?:positive|pos|reactive)\b)|\bhiv (?:rapid )?tests? (?:is |was )?(?<!non-)(?:reactive|positive)\b|\b(?:history of|known) hiv\b|\bplhiv\b|\bliving with hiv\b|\bon\s+(?:art|arvs?|haart)\b|\bantiretroviral|\b(?:tld|tle|dolutegravir|efavirenz)\b/;
const HIV_DIAGNOSIS = /\b(?:hiv|aids)\b/;
const NOT_HIV_DIAGNOSIS = /\b(?:exposed|exposure|test\w*|negative|prevent\w*|prep|pep|status|unknown)\b/;

/** Someone else the consult may speak of: "a partner living with HIV" says the patient was exposed, not infected. */
const SOMEONE_ELSE = /\b(?:partner|husband|wife|spouse|boyfriend|girlfriend|mother|mum|father|sister|brother|contact|source|neighbou?r|friend)\b/;

export function livesWithHiv(condition: string, findings: readonly Finding[]): boolean {
  const diagnosis = normaliseClinicalText(condition);
  if (firstPresent(diagnosis, HIV_DIAGNOSIS) !== undefined && !NOT_HIV_DIAGNOSIS.test(diagnosis.text)) return true;
  const texts = [diagnosis, ...findings.filter((f) => !f.negated).map((f) => normaliseClinicalText(f.value))];
  return texts.some((t) =>
    findMentions(t, LIVING_WITH_HIV).some((m) => !m.negated && !m.historical && !SOMEONE_ELSE.test(t.text.slice(0, m.start).split(/[,.;:]/).at(-1) ?? '')),
  );
}
