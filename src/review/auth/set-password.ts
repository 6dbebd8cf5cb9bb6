import { AUTH_POLICY } from './policy.js';
import type { ReviewAudit, ReviewAuthStore } from './ports.js';
import { hashPassword, hashSecret } from './secrets.js';

export type SetPasswordResult = { ok: true; staffId: string } | { ok: false; reason: 'link_invalid' | 'too_short' | 'mismatch' };

/** Whether a set-password link can still be used (unused, unexpired). */
export async function setupLinkIsValid(store: ReviewAuthStore, token: string, now = new Date()): Promise<boolean> {
  return (await store.findSetupToken(hashSecret(token), now)) !== null;
}

/** Sets the password through a one-time link; the link is spent and every existing session ends. */
export async function setPasswordWithLink(
  deps: { store: ReviewAuthStore; audit: ReviewAudit },
  input: { token: string; password: string; confirm: string },
  now = new Date(),
): Promise<SetPasswordResult> {
  if (input.password.length < AUTH_POLICY.minPasswordLength) return { ok: false, reason: 'too_short' };
  if (input.password !== input.confirm) return { ok: false, reason: 'mismatch' };
  const hash = await hashPassword(input.password);
  const staffId = await deps.store.consumeSetupToken(hashSecret(input.token), now);
  if (!staffId) return { ok: false, reason: 'link_invalid' };
  await deps.store.setPassword(staffId, hash);
  await deps.store.deleteSessionsOf(staffId);
  await deps.audit.record({ actorId: staffId, action: 'review.password_set', subjectType: 'staff_member', subjectId: staffId });
  return { ok: true, staffId };
}
