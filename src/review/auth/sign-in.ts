import { succeededWithin, type AttemptLimits } from '../../core/attempt-limits.js';
import { AUTH_POLICY } from './policy.js';
import type { ReviewAudit, ReviewAuthStore } from './ports.js';
import { DUMMY_PASSWORD_HASH, hashSecret, newSecret, verifyPassword } from './secrets.js';

export type SignInResult = { ok: true; sessionId: string; staffId: string } | { ok: false; reason: 'invalid' } | { ok: false; reason: 'locked'; retryAt: Date };

/** Limit scopes; each id is stored only as a keyed hash. */
const PAIR = 'sign-in-pair';
const ACCOUNT = 'sign-in-account';
const ADDRESS = 'sign-in-address';

/**
 * Checks email + password under the limits of AUTH_POLICY: per account and address, per account, per
 * address. On success a NEW session id is issued (never the one the browser came with: no session
 * fixation). The reply never says whether the email exists: an unknown one is limited like any other.
 */
export async function signIn(
  deps: { store: ReviewAuthStore; audit: ReviewAudit; limits: AttemptLimits },
  input: { email: string; password: string; address: string },
  now = new Date(),
): Promise<SignInResult> {
  const email = input.email.trim().toLowerCase();
  const pairId = `${email}\n${input.address}`;
  const [pair, account, address] = await Promise.all([
    deps.limits.readAttempts(PAIR, pairId, now),
    deps.limits.readAttempts(ACCOUNT, email, now),
    deps.limits.readAttempts(ADDRESS, input.address, now),
  ]);
  // Where the account signed in lately, only its own pair limit applies: its owner is not locked out by
  // failures from elsewhere, and a guesser there is held by the pair limit.
  const known = succeededWithin(pair, AUTH_POLICY.knownAddressMs, now);
  const blockedUntil = pair.blockedUntil ?? (known ? null : (account.blockedUntil ?? (pair.failures > 0 ? address.blockedUntil : null)));
  const staff = await deps.store.findStaffByEmail(email);
  if (blockedUntil) {
    const by = pair.blockedUntil ? 'account_and_address' : account.blockedUntil ? 'account' : 'address';
    await deps.audit.record({ actorId: staff?.id ?? null, action: 'review.sign_in_locked', data: { by } });
    return { ok: false, reason: 'locked', retryAt: blockedUntil };
  }
  const good = await verifyPassword(input.password, staff?.passwordHash ?? DUMMY_PASSWORD_HASH);
  if (!staff || !staff.passwordHash || !good) {
    await deps.limits.recordFailedAttempt(PAIR, pairId, AUTH_POLICY.perAccountAndAddress, now);
    if (!known) {
      await deps.limits.recordFailedAttempt(ACCOUNT, email, AUTH_POLICY.perAccount, now);
      await deps.limits.recordFailedAttempt(ADDRESS, input.address, AUTH_POLICY.perAddress, now);
    }
    await deps.audit.record({ actorId: staff?.id ?? null, action: 'review.sign_in_failed' });
    return { ok: false, reason: 'invalid' };
  }
  // The account's and the address' counts stay: they are others' failures as much as this one's.
  await deps.limits.recordSucceededAttempt(PAIR, pairId, now, AUTH_POLICY.knownAddressMs);
  const sessionId = newSecret();
  await deps.store.createSession({ idHash: hashSecret(sessionId), staffId: staff.id, csrfToken: newSecret(), now });
  await deps.audit.record({ actorId: staff.id, action: 'review.signed_in', subjectType: 'staff_member', subjectId: staff.id });
  return { ok: true, sessionId, staffId: staff.id };
}
