import type { ReviewAudit, StaffAccount } from '../auth/ports.js';
import { findFeedbackChat } from './feedback-chat.js';
import { flaggableLines } from './plan-lines.js';
import { AGREEMENTS, LINE_FLAGS, type Agreement, type LineFlag, type ReviewStore } from './ports.js';
import { mayOpen } from './scope.js';

/** Longest feedback accepted, in characters (a chat message, not a report). */
export const MAX_FEEDBACK_CHARS = 2000;

export interface ReviewSubmission {
  consultId: string;
  agreement: string;
  /** Flags per plan line, lines 0-based as planLines() numbers them; only steps (flaggableLines) may be flagged. */
  lineFlags: Array<{ line: number; flags: string[] }>;
  feedback: string;
  sendToHealthWorker: boolean;
  /** The one-time key of the rendered form: a resubmission stores and sends nothing twice. */
  submissionKey: string;
}

export type SubmitReviewResult =
  | { ok: true; reviewId: string; created: boolean; sent: boolean }
  | { ok: false; reason: 'not_found' }
  | { ok: false; reason: 'invalid'; problems: string[] };

/**
 * Records a supervisor's review of a consult they may see and, when asked, puts the feedback in the
 * outbox of the CHW's chat (feedback-chat.ts: their Telegram or WhatsApp chat) in the same transaction;
 * the bot delivers it once, under its idempotency key. Audited with ids only.
 */
export async function submitReview(deps: { store: ReviewStore; audit: ReviewAudit }, staff: StaffAccount, input: ReviewSubmission, now = new Date()): Promise<SubmitReviewResult> {
  const supervisorId = await deps.store.consultSupervisor(input.consultId);
  if (supervisorId === undefined || !mayOpen(staff, supervisorId)) {
    if (supervisorId !== undefined) await deps.audit.record({ actorId: staff.id, action: 'review.consult_denied', subjectType: 'consult', subjectId: input.consultId });
    return { ok: false, reason: 'not_found' };
  }
  const consult = await deps.store.consultRecord(input.consultId);
  if (!consult) return { ok: false, reason: 'not_found' };
  const plan = consult.plans.find((p) => p.kind === 'assessment_plan');
  // Only the plan's steps may be flagged: not its headings, notes or sources.
  const flaggable = new Set(plan ? flaggableLines(plan.text).map((l) => l.index) : []);
  const feedback = input.feedback.replace(/\r\n/g, '\n').trim();
  const problems: string[] = [];
  if (!AGREEMENTS.includes(input.agreement as Agreement)) problems.push('Choose whether you agree with the plan.');
  if (feedback.length > MAX_FEEDBACK_CHARS) problems.push(`Feedback is limited to ${MAX_FEEDBACK_CHARS} characters.`);
  if (input.sendToHealthWorker && !feedback) problems.push('Write the feedback to send to the CHW.');
  // A consult without a CHW (an anonymous terminal consult) has nobody to send feedback to.
  const target = input.sendToHealthWorker ? await findFeedbackChat(deps.store, consult) : null;
  if (input.sendToHealthWorker && !target) problems.push('This consult has no CHW chat to send feedback to.');
  if (!/^[A-Za-z0-9_-]{16,64}$/.test(input.submissionKey)) problems.push('The form expired. Reload the page and try again.');
  const lineFlags: Array<{ line: number; flags: LineFlag[] }> = [];
  for (const entry of input.lineFlags) {
    const flags = [...new Set(entry.flags)].filter((f): f is LineFlag => LINE_FLAGS.includes(f as LineFlag));
    if (flags.length !== entry.flags.length || !Number.isInteger(entry.line) || !flaggable.has(entry.line)) {
      problems.push('A plan-line flag does not match the plan.');
      break;
    }
    if (flags.length) lineFlags.push({ line: entry.line, flags });
  }
  if (problems.length) return { ok: false, reason: 'invalid', problems };

  const outbound = target ? { chatRef: target.chatRef, text: feedbackMessage(consult.startedAt, consult.diagnoses.find((d) => d.rank === 1)?.condition ?? null, feedback) } : null;
  const saved = await deps.store.saveReview({
    consultId: input.consultId,
    supervisorId: staff.id,
    agreement: input.agreement as Agreement,
    lineFlags,
    feedback: feedback || null,
    submissionKey: input.submissionKey,
    reviewedAt: now,
    feedbackMessage: outbound,
  });
  if (saved.created) {
    await deps.audit.record({
      actorId: staff.id,
      action: 'review.submitted',
      subjectType: 'consult',
      subjectId: input.consultId,
      data: { reviewId: saved.reviewId, agreement: input.agreement, flaggedLines: lineFlags.length, sentToHealthWorker: outbound !== null, at: now.toISOString() },
    });
  }
  return { ok: true, reviewId: saved.reviewId, created: saved.created, sent: outbound !== null };
}

/** The chat message that carries a supervisor's feedback (neutral markup, rendered per channel). */
export function feedbackMessage(consultStartedAt: Date, workingDiagnosis: string | null, feedback: string): string {
  const day = consultStartedAt.toISOString().slice(0, 10);
  const about = workingDiagnosis ? ` (${workingDiagnosis})` : '';
  return `**Feedback from your supervisor** on your consult of ${day}${about}:\n\n${feedback}`;
}
