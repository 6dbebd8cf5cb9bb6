import { AUTH_POLICY } from './policy.js';
import type { ReviewAuthStore } from './ports.js';
import { hashSecret, newSecret } from './secrets.js';

/** Issues a one-time set-password token for a staff member; only its hash is stored. */
export async function issueSetupToken(store: ReviewAuthStore, staffId: string, now = new Date()): Promise<{ token: string; expiresAt: Date }> {
  const token = newSecret();
  const expiresAt = new Date(now.getTime() + AUTH_POLICY.setupLinkMs);
  await store.saveSetupToken({ staffId, tokenHash: hashSecret(token), expiresAt });
  return { token, expiresAt };
}
