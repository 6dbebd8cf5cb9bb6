import { AppError } from '../../core/app-error.js';
import { hashInviteCode, newInviteCode } from './invite-code.js';
import type { EnrollmentStore } from './ports.js';

/** A long-lived code is a standing key to the bot: invites last at most this many days. */
export const MAX_INVITE_DAYS = 90;

export interface EnrollWorkerInput {
  displayName: string;
  /** Email of the supervisor the worker reports to (a staff member). */
  supervisorEmail: string;
  /** Days the invite code stays valid: a whole number from 1 to MAX_INVITE_DAYS (default 7). */
  days?: number;
  now?: Date;
}

export interface EnrolledWorker {
  workerId: string;
  /** The one-time code to hand to the worker; only its hash is stored. */
  inviteCode: string;
  expiresAt: Date;
}

/** Enrolls a health worker as `invited` and returns the one-time invite code (shown once, stored hashed). */
export async function enrollWorker(store: EnrollmentStore, input: EnrollWorkerInput): Promise<EnrolledWorker> {
  const days = input.days ?? 7;
  if (!Number.isInteger(days) || days < 1 || days > MAX_INVITE_DAYS) {
    throw new AppError('bad_input', `--days must be a whole number from 1 to ${MAX_INVITE_DAYS} (got ${days})`);
  }
  const displayName = input.displayName.trim();
  if (displayName === '') throw new AppError('bad_input', 'the health worker needs a name');
  const supervisorId = await store.findStaffIdByEmail(input.supervisorEmail.trim());
  if (!supervisorId) throw new AppError('not_found', `no supervisor with email ${input.supervisorEmail}; add one with add-supervisor`);
  const inviteCode = newInviteCode();
  const expiresAt = new Date((input.now ?? new Date()).getTime() + days * 86_400_000);
  const workerId = await store.createInvitedWorker({ displayName, supervisorId, inviteCodeHash: hashInviteCode(inviteCode), expiresAt });
  return { workerId, inviteCode, expiresAt };
}
