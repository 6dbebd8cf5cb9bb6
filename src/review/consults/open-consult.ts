import type { ReviewAudit, StaffAccount } from '../auth/ports.js';
import { findFeedbackChat, type FeedbackChat } from './feedback-chat.js';
import type { ConsultRecord, ReviewRecord, ReviewStore } from './ports.js';
import { mayOpen } from './scope.js';

export type OpenedConsult =
  | {
      found: true;
      consult: ConsultRecord;
      reviews: ReviewRecord[];
      /** Where feedback sent to the CHW would go now; null when there is nobody to send it to. */
      feedbackChat: FeedbackChat | null;
    }
  | { found: false };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * A consult as a supervisor reviews it, when this staff member may see it. Another supervisor's
 * consult answers exactly like a missing one (its existence is not revealed) and is audited; every
 * view is audited.
 */
export async function openConsult(deps: { store: ReviewStore; audit: ReviewAudit }, staff: StaffAccount, consultId: string): Promise<OpenedConsult> {
  if (!UUID.test(consultId)) return { found: false };
  const supervisorId = await deps.store.consultSupervisor(consultId);
  if (supervisorId === undefined) return { found: false };
  if (!mayOpen(staff, supervisorId)) {
    await deps.audit.record({ actorId: staff.id, action: 'review.consult_denied', subjectType: 'consult', subjectId: consultId });
    return { found: false };
  }
  const [consult, reviews] = await Promise.all([deps.store.consultRecord(consultId), deps.store.reviewsOf(consultId)]);
  if (!consult) return { found: false };
  await deps.audit.record({ actorId: staff.id, action: 'review.consult_viewed', subjectType: 'consult', subjectId: consultId });
  return { found: true, consult, reviews, feedbackChat: await findFeedbackChat(deps.store, consult) };
}
