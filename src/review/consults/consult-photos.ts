import type { ReviewAudit, StaffAccount } from '../auth/ports.js';
import type { ReviewStore } from './ports.js';
import { mayOpen } from './scope.js';

/** The port for the photos health workers sent in a consult (stored without metadata). */
export interface ConsultPhotos {
  /** The ids of the consult's messages that have a photo, in arrival order. */
  photoMessageIds(consultId: string): Promise<string[]>;
  /** The photo of one message of the consult, or null when that message of that consult has none. */
  photo(consultId: string, messageId: string): Promise<{ mimeType: string; bytes: Uint8Array } | null>;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * One photo of a consult, for a staff member who may open the consult (another supervisor's photo
 * answers like a missing one, as the consult does); every view is audited.
 */
export async function openConsultPhoto(
  deps: { store: Pick<ReviewStore, 'consultSupervisor'>; photos: ConsultPhotos; audit: ReviewAudit },
  staff: StaffAccount,
  consultId: string,
  messageId: string,
): Promise<{ mimeType: string; bytes: Uint8Array } | null> {
  if (!UUID.test(consultId) || !UUID.test(messageId)) return null;
  const supervisorId = await deps.store.consultSupervisor(consultId);
  if (supervisorId === undefined || !mayOpen(staff, supervisorId)) return null;
  const photo = await deps.photos.photo(consultId, messageId);
  if (photo) await deps.audit.record({ actorId: staff.id, action: 'review.photo_viewed', subjectType: 'consult', subjectId: consultId });
  return photo;
}
