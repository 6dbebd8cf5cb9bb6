import { classifiedByFindings } from '../patient/classify-by-findings.js';
import type { Demographics, Finding } from '../patient/findings.js';
import { withLexiconSlipsCorrected } from '../rag/normalise-query.js';

/**
 * A diagnosis as the plan job retrieves and writes for it: a word mistyped by one slip put right, then
 * completed by what was found ("SAM" with a failed appetite test is complicated SAM; a "cough" on ART is
 * presumptive tuberculosis). `urgentReferral`: a danger sign raised the consult's urgent referral. The
 * plan, a follow-up question and `npm run eval`'s plan-job row all read the diagnosis through this.
 */
export function planCondition(condition: string, consult: { findings: readonly Finding[]; urgentReferral: boolean; demographics: Demographics }): string {
  return classifiedByFindings(withLexiconSlipsCorrected(condition), consult.findings, consult.urgentReferral, consult.demographics);
}
