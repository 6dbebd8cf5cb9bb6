import type { ReviewAudit, ReviewAuthStore, StaffAccount } from '../auth/ports.js';
import { issueSetupToken } from '../auth/setup-link.js';
import type { StaffAdmin, WorkerAdmin } from './ports.js';

export type AdminResult<T> = { ok: true; value: T } | { ok: false; reason: 'forbidden' | 'not_found' | 'invalid'; message: string };

const forbidden = { ok: false, reason: 'forbidden', message: 'Only an admin can do this.' } as const;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Enrolls a CHW from the admin page: the invite code is returned to show once. */
export async function enrollFromReview(
  deps: { workers: WorkerAdmin; audit: ReviewAudit },
  staff: StaffAccount,
  input: { displayName: string; supervisorEmail: string; days: number },
): Promise<AdminResult<{ workerId: string; inviteCode: string; expiresAt: Date }>> {
  if (staff.role !== 'admin') return forbidden;
  const displayName = input.displayName.trim();
  if (!displayName || displayName.length > 100) return { ok: false, reason: 'invalid', message: 'Give the CHW a name (at most 100 characters).' };
  if (!Number.isInteger(input.days) || input.days < 1 || input.days > 90) return { ok: false, reason: 'invalid', message: 'The code must be valid for 1 to 90 days.' };
  try {
    const enrolled = await deps.workers.enroll({ displayName, supervisorEmail: input.supervisorEmail, days: input.days }, staff.id);
    await deps.audit.record({ actorId: staff.id, action: 'review.worker_enrolled', subjectType: 'health_worker', subjectId: enrolled.workerId });
    return { ok: true, value: enrolled };
  } catch (error) {
    // The enrollment module refuses an unknown supervisor with a message meant for the person enrolling.
    return { ok: false, reason: 'invalid', message: error instanceof Error ? error.message : 'The CHW could not be enrolled.' };
  }
}

/** Revokes a CHW's access: their next message gets the unknown-sender reply. */
export async function revokeWorkerFromReview(deps: { workers: WorkerAdmin; audit: ReviewAudit }, staff: StaffAccount, workerId: string): Promise<AdminResult<null>> {
  if (staff.role !== 'admin') return forbidden;
  if (!UUID.test(workerId) || !(await deps.workers.revoke(workerId, staff.id))) return { ok: false, reason: 'not_found', message: 'No such CHW.' };
  await deps.audit.record({ actorId: staff.id, action: 'review.worker_revoked', subjectType: 'health_worker', subjectId: workerId });
  return { ok: true, value: null };
}

/** Adds a supervisor or admin and issues their one-time set-password link token. */
export async function addStaffFromReview(
  deps: { staff: StaffAdmin; auth: ReviewAuthStore; audit: ReviewAudit },
  staff: StaffAccount,
  input: { name: string; email: string; role: string },
  now = new Date(),
): Promise<AdminResult<{ staffId: string; token: string; expiresAt: Date }>> {
  if (staff.role !== 'admin') return forbidden;
  const name = input.name.trim();
  const email = input.email.trim().toLowerCase();
  if (!name || !EMAIL.test(email) || (input.role !== 'supervisor' && input.role !== 'admin')) return { ok: false, reason: 'invalid', message: 'Give a name, a valid email and a role.' };
  if (await deps.staff.findStaffIdByEmail(email)) return { ok: false, reason: 'invalid', message: 'Someone already has this email.' };
  const staffId = await deps.staff.addStaff({ name, email, role: input.role });
  const link = await issueSetupToken(deps.auth, staffId, now);
  await deps.audit.record({ actorId: staff.id, action: 'review.staff_added', subjectType: 'staff_member', subjectId: staffId });
  return { ok: true, value: { staffId, ...link } };
}

/** Ends a staff member's sign-in (not one's own: an admin cannot lock themselves out). */
export async function revokeStaffFromReview(deps: { staff: StaffAdmin; audit: ReviewAudit }, staff: StaffAccount, staffId: string): Promise<AdminResult<null>> {
  if (staff.role !== 'admin') return forbidden;
  if (staffId === staff.id) return { ok: false, reason: 'invalid', message: 'You cannot revoke your own access.' };
  if (!UUID.test(staffId) || !(await deps.staff.revokeStaff(staffId))) return { ok: false, reason: 'not_found', message: 'No such account.' };
  await deps.audit.record({ actorId: staff.id, action: 'review.staff_revoked', subjectType: 'staff_member', subjectId: staffId });
  return { ok: true, value: null };
}
