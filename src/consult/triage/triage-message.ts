/**
 * Triage of one message in its consult: the message against what is now known of the patient, and,
 * when this message changed who the patient is (pregnant, after a birth, an age), the consult's
 * earlier messages again, against the signs that now apply ("bleeding a lot" yesterday, "she is 30
 * weeks pregnant" today).
 */
import type { Demographics } from '../../patient/findings.js';
import { readDangerSigns } from './catalogue-triage.js';
import { detectDangerSigns as detectByRules, type DangerSignHit, type TriageContext } from './detect-danger-signs.js';

export interface TriageMessageInput {
  readonly text: string;
  /** What the consult knew before this message. */
  readonly before: Demographics;
  /** What this message states. */
  readonly stated: Demographics;
  /** The health worker's earlier messages in this consult, oldest first. */
  readonly earlier: readonly string[];
}

/** The catalogue and rule hits of this message, or of the earlier messages it casts in a new light. */
export function triageMessage(input: TriageMessageInput): DangerSignHit[] {
  const known = { ...input.before, ...input.stated };
  const context = triageContext(known);
  const hits = detectDangerSigns(input.text, context);
  if (hits.length > 0 || input.earlier.length === 0 || !changesWhoThePatientIs(input.before, known)) return hits;
  return detectDangerSigns([...input.earlier, input.text].join('\n'), context);
}

function triageContext(known: Demographics): TriageContext {
  return {
    ...(known.ageYears !== undefined ? { ageYears: known.ageYears } : {}),
    ...(known.ageMonths !== undefined ? { ageMonths: known.ageMonths } : {}),
    ...(known.pregnant !== undefined ? { pregnant: known.pregnant } : {}),
    ...(known.postpartum !== undefined ? { postpartum: known.postpartum } : {}),
  };
}

function changesWhoThePatientIs(before: Demographics, after: Demographics): boolean {
  return before.pregnant !== after.pregnant || before.postpartum !== after.postpartum || before.ageYears !== after.ageYears || before.ageMonths !== after.ageMonths;
}

/**
 * The catalogue's signs (knowledge/danger-signs.yaml) beside the ones above; one the rules above
 * already report for the same words is not repeated.
 */
function withCatalogueSigns(hits: DangerSignHit[], text: string, context: TriageContext): DangerSignHit[] {
  const reported = new Set(hits.map((hit) => hit.code as string));
  const words = hits.map((hit) => hit.matched.toLowerCase());
  const added = readDangerSigns(text, context).hits.filter(
    (hit) => !reported.has(hit.code) && !words.some((w) => w === hit.matched.toLowerCase()),
  );
  return [...hits, ...added.map((hit) => ({ code: hit.code, label: hit.label, population: 'any' as const, matched: hit.matched, advice: hit.advice }))];
}


function detectDangerSigns(text: string, context: TriageContext): DangerSignHit[] {
  return withCatalogueSigns(detectByRules(text, context), text, context);
}
