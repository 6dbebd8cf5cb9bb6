import { hashInviteCode, newInviteCode } from '../../src/consult/enrollment/invite-code.js';
import { createSenderHasher } from '../../src/consult/enrollment/sender-hash.js';
import type { Database } from '../../src/infra/db/open-database.js';
import type { GateDeps } from '../../src/consult/sender-gate.js';
import type { Log } from '../../src/core/logging.js';
import { createAttemptLimitStore } from '../../src/infra/db/stores/attempt-limit-store.js';
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

/** The attempt limits (invite codes, sign-ins) over a test database, keyed with the test secret. */
export function testAttemptLimits(db: Database) {
  return createAttemptLimitStore(db, { hashKey: testSenderHasher });
}

/** A Log that keeps what it was told, for tests that check a warning was (or was not) given. */
export class RecordingLog implements Log {
  readonly lines: { level: 'info' | 'warn' | 'error'; message: string; fields: Record<string, unknown> }[] = [];
  info(fields: Record<string, unknown>, message: string): void {
    this.lines.push({ level: 'info', message, fields });
  }
  warn(fields: Record<string, unknown>, message: string): void {
    this.lines.push({ level: 'warn', message, fields });
  }
  error(fields: Record<string, unknown>, message: string): void {
    this.lines.push({ level: 'error', message, fields });
  }
}

/** What the sender gate takes, over a test database: identities, attempt limits, a recording log. */
export function testGateDeps(db: Database, reply: GateDeps['reply'], options: { now?: () => Date; log?: RecordingLog } = {}): GateDeps {
  return { identities: testEnrollmentStore(db), limits: testAttemptLimits(db), reply, log: options.log ?? new RecordingLog(), ...(options.now ? { now: options.now } : {}) };
}
