import type { Finding } from './findings.js';

/**
 * A diagnosis made more precise by what the health worker found, where a guideline's classification
 * turns on a finding the diagnosis does not state. Severe acute malnutrition: the appetite test decides
 * between treatment at home with RUTF (passed) and referral for inpatient care (failed), so a bare "SAM"
 * with a failed test is complicated SAM, and with a passed test and no danger sign it is uncomplicated.
 * A diagnosis that already says which, or a finding both ways, is left as it is.
 */
export function classifiedByFindings(condition: string, findings: readonly Finding[], hasDangerSign: boolean): string {
  if (!SAM.test(condition) || STATES_COMPLICATION.test(condition)) return condition;
  // "passed appetite test" as the offline extractor records it, "appetite test: failed" as a model may.
  const appetite = findings.filter((f) => f.category === 'test_result' && !f.negated && /\bappetite test\b/i.test(f.value)).map((f) => f.value.toLowerCase());
  const failed = appetite.some((r) => FAILED.test(r));
  const passed = appetite.some((r) => !FAILED.test(r) && /\bpass(?:ed|es)?\b/.test(r));
  if (failed && !passed) return `complicated ${condition}`;
  if (passed && !failed && !hasDangerSign) return `uncomplicated ${condition}`;
  return condition;
}

const FAILED = /\bfail(?:ed|s)?\b|\b(?:not|did not|didn't) pass(?:ed)?\b/;
const SAM = /\b(?:sam|severe acute malnutrition)\b/i;
const STATES_COMPLICATION = /\b(?:un)?complicated\b|\bwith complications?\b|\bwithout complications?\b/i;
