import { AUTH_POLICY } from './policy.js';
import type { ReviewAudit, ReviewAuthStore } from './ports.js';
import { DUMMY_PASSWORD_HASH, hashSecret, newSecret, verifyPassword } from './secrets.js';

export type SignInResult = { ok: true; sessionId: string; staffId: string } | { ok: false; reason: 'invalid' | 'locked' };

/**
 * Checks email + password under the per-account and per-address failure limits. On success a NEW
 * session id is issued (never the one the browser came with: no session fixation). The reply never says
 * whether the email exists.
 */
export async function signIn(
  deps: { store: ReviewAuthStore; audit: ReviewAudit },
  input: { email: string; password: string; address: string },
  now = new Date(),
): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const accountKey = `account:${email}`;
  const addressKey = `address:${input.address}`;
  const since = new Date(now.getTime() - AUTH_POLICY.failureWindowMs);
  const [accountFailures, addressFailures] = await Promise.all([
    deps.store.countLoginFailures(accountKey, since),
    deps.store.countLoginFailures(addressKey, since),
  ]);
  const staff = await deps.store.findStaffByEmail(email);
  if (accountFailures >= AUTH_POLICY.maxFailuresPerAccount || addressFailures >= AUTH_POLICY.maxFailuresPerAddress) {
    await deps.audit.record({ actorId: staff?.id ?? null, action: 'review.sign_in_locked', data: { byAccount: accountFailures >= AUTH_POLICY.maxFailuresPerAccount } });
    return { ok: false, reason: 'locked' };
  }
  const good = await verifyPassword(input.password, staff?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!staff || !staff.passwordHash || !good) {
    await deps.store.recordLoginFailure(accountKey, now);
    await deps.store.recordLoginFailure(addressKey, now);
    await deps.audit.record({ actorId: staff?.id ?? null, action: 'review.sign_in_failed' });
    return { ok: false, reason: 'invalid' };
  }
  await deps.store.clearLoginFailures(accountKey);
  const sessionId = newSecret();
  await deps.store.createSession({ idHash: hashSecret(sessionId), staffId: staff.id, csrfToken: newSecret(), now });
  await deps.audit.record({ actorId: staff.id, action: 'review.signed_in', subjectType: 'staff_member', subjectId: staff.id });
  return { ok: true, sessionId, staffId: staff.id };
}
