import type { Demographics, Finding } from './findings.js';
import { livesWithHiv } from './hiv-status.js';
import { pregnancyStatus } from './pregnancy.js';

/** "IPT" written on its own (not "IPTp"). */
const BARE_IPT = /\bipt\b/gi;
/** A diagnosis that says the preventive treatment is TB's (isoniazid). */
const NAMES_TB = /\b(?:tb|tuberculosis|isoniazid|inh|tpt|contacts?)\b/i;
/** A diagnosis that says it is malaria's (sulfadoxine-pyrimethamine). */
const NAMES_MALARIA = /\b(?:sp|sulfadoxine\S*|fansidar|malaria)\b/i;

/**
 * "IPT" names two treatments: isoniazid preventive therapy against TB, and intermittent preventive
 * treatment of malaria in pregnancy (IPTp), sulfadoxine-pyrimethamine given at antenatal care. For a
 * pregnant woman it is the antenatal one, unless the diagnosis names TB, or she lives with HIV (for whom
 * isoniazid is the TB guideline's) and the diagnosis does not name malaria or SP: "IPT for belle woman" at
 * 16 weeks asked for SP, and got the isoniazid dose by body weight.
 */
export function withIptInPregnancyNamed(condition: string, findings: readonly Finding[], demographics: Demographics): string {
  if (!condition.match(BARE_IPT) || pregnancyStatus(demographics).state !== 'pregnant' || NAMES_TB.test(condition)) return condition;
  if (!NAMES_MALARIA.test(condition) && livesWithHiv(condition, findings)) return condition;
  return condition.replace(BARE_IPT, 'IPTp');
}
