import { hashInviteCode, newInviteCode } from '../../src/consult/enrollment/invite-code.js';
import { createSenderHasher } from '../../src/consult/enrollment/sender-hash.js';
import type { Database } from '../../src/infra/db/open-database.js';
import { createEnrollmentStore } from '../../src/infra/db/stores/enrollment-store.js';

/** The HMAC key tests run with (spawned processes get it as SENDER_HASH_SECRET). */
export const TEST_SENDER_HASH_SECRET = 'test-only-sender-hash-secret-0123456789';
export const testSenderHasher = createSenderHasher(TEST_SENDER_HASH_SECRET);

/** The enrollment and identity store over a test database, keyed with the test secret. */
export function testEnrollmentStore(db: Database, now?: () => Date) {
  return createEnrollmentStore(db, { hashSender: testSenderHasher, ...(now ? { now } : {}) });
}

/** Creates an invited health worker with a fresh code (valid a day unless `expiresAt`); returns both. */
export async function inviteWorker(
  db: Database,
  input: { displayName: string; supervisorId: string | null; code?: string; expiresAt?: Date },
): Promise<{ workerId: string; code: string }> {
  const code = input.code ?? newInviteCode();
  const workerId = await testEnrollmentStore(db).createInvitedWorker({
    displayName: input.displayName,
    supervisorId: input.supervisorId,
    inviteCodeHash: hashInviteCode(code),
    expiresAt: input.expiresAt ?? new Date(Date.now() + 86_400_000),
  });
  return { workerId, code };
}
