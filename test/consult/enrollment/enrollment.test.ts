import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enrollWorker } from '../../../src/consult/enrollment/enroll-worker.js';
import { listWorkers } from '../../../src/consult/enrollment/list-workers.js';
import { revokeWorker } from '../../../src/consult/enrollment/revoke-worker.js';
import { createSenderHasher } from '../../../src/consult/enrollment/sender-hash.js';
import { suspendWorker } from '../../../src/consult/enrollment/suspend-worker.js';
import type { InboundMessage } from '../../../src/consult/messages.js';
import { BAD_INVITE, ENROLLED_WELCOME, gateSender, UNKNOWN_SENDER_REPLY, type GateReply } from '../../../src/consult/sender-gate.js';
import { isAppError } from '../../../src/core/app-error.js';
import { createStaffMember } from '../../../src/infra/db/stores/people-store.js';
import { testEnrollmentStore, testGateDeps, testSenderHasher } from '../../support/enrollment.js';
import { openTestDatabase, type TestDatabase } from '../../support/test-database.js';

/** Collects the gate's answers (their delivery through the outbox is tested in gate-replies.test.ts). */
class Replies {
  readonly sent: GateReply[] = [];
  readonly reply = async (reply: GateReply): Promise<void> => {
    this.sent.push(reply);
  };
  last(chatId: string): string | undefined {
    return this.sent.filter((m) => m.chatId === chatId).at(-1)?.text;
  }
}

let counter = 0;
function telegram(senderId: string, text: string): InboundMessage {
  return { channel: 'telegram', chatId: senderId, messageId: `enr-${++counter}`, senderId, chatType: 'private', text, receivedAt: new Date() };
}

describe('enrollment: suspension and revocation win over an invite code', () => {
  let db: TestDatabase;
  const replies = new Replies();
  const actor = { type: 'system' } as const;
  let deps: Parameters<typeof gateSender>[0];
  let store: ReturnType<typeof testEnrollmentStore>;

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    await createStaffMember(db, { role: 'supervisor', name: 'Supervisor', email: 'enrol@example.org' });
    store = testEnrollmentStore(db);
    deps = { ...testGateDeps(db, replies.reply), identities: store };
  });
  afterAll(async () => {
    await db?.close();
  });

  const status = async (id: string) => (await listWorkers(store)).find((w) => w.id === id)?.status;

  it('a CHW suspended before using the code cannot use it and stays suspended', async () => {
    const enrolled = await enrollWorker(store, { displayName: 'Kofi', supervisorEmail: 'enrol@example.org' });
    await suspendWorker(store, { workerId: enrolled.workerId, actor });
    await gateSender(deps, telegram('5001', `/start ${enrolled.inviteCode}`));
    expect(replies.last('5001')).toBe(BAD_INVITE);
    expect(await status(enrolled.workerId)).toBe('suspended');
    await gateSender(deps, telegram('5001', 'hello'));
    expect(replies.last('5001')).toBe(UNKNOWN_SENDER_REPLY);
  });

  it('a CHW revoked before using the code cannot use it and stays revoked', async () => {
    const enrolled = await enrollWorker(store, { displayName: 'Ama', supervisorEmail: 'enrol@example.org' });
    await revokeWorker(store, { workerId: enrolled.workerId, actor });
    await gateSender(deps, telegram('5002', `/start ${enrolled.inviteCode}`));
    expect(replies.last('5002')).toBe(BAD_INVITE);
    expect(await status(enrolled.workerId)).toBe('revoked');
  });

  it("a revoked CHW's next message gets the unknown-sender reply; a new enrollment lets them back in", async () => {
    const enrolled = await enrollWorker(store, { displayName: 'Yaw', supervisorEmail: 'enrol@example.org' });
    await gateSender(deps, telegram('5003', `/start ${enrolled.inviteCode}`));
    expect(replies.last('5003')).toBe(ENROLLED_WELCOME);
    expect(await gateSender(deps, telegram('5003', '3 year old, fever'))).toEqual({ kind: 'consult', healthWorkerId: enrolled.workerId });

    expect(await revokeWorker(store, { workerId: enrolled.workerId, actor })).toEqual({ previous: 'active' });
    expect(await gateSender(deps, telegram('5003', '3 year old, fever'))).toEqual({ kind: 'answered' });
    expect(replies.last('5003')).toBe(UNKNOWN_SENDER_REPLY);
    // The old code is void for good.
    await gateSender(deps, telegram('5003', `/start ${enrolled.inviteCode}`));
    expect(replies.last('5003')).toBe(BAD_INVITE);
    // Suspending a revoked worker cannot bring the record back into play.
    await expect(suspendWorker(store, { workerId: enrolled.workerId, actor })).rejects.toSatisfy((error) => isAppError(error, 'conflict'));

    const again = await enrollWorker(store, { displayName: 'Yaw', supervisorEmail: 'enrol@example.org' });
    await gateSender(deps, telegram('5003', `/start ${again.inviteCode}`));
    expect(replies.last('5003')).toBe(ENROLLED_WELCOME);
    expect(await store.findWorker('telegram', '5003')).toBe(again.workerId);
  });

  it('a suspended active CHW is refused; their own identity cannot take a second code meanwhile', async () => {
    const enrolled = await enrollWorker(store, { displayName: 'Esi', supervisorEmail: 'enrol@example.org' });
    await gateSender(deps, telegram('5004', `/start ${enrolled.inviteCode}`));
    await suspendWorker(store, { workerId: enrolled.workerId, actor });
    await gateSender(deps, telegram('5004', 'hello'));
    expect(replies.last('5004')).toBe(UNKNOWN_SENDER_REPLY);
    const other = await enrollWorker(store, { displayName: 'Esi 2', supervisorEmail: 'enrol@example.org' });
    await gateSender(deps, telegram('5004', `/start ${other.inviteCode}`));
    expect(replies.last('5004')).toBe(BAD_INVITE);
    expect(await status(other.workerId)).toBe('invited');
  });

  it('lists every worker with status and bound channel, and audits each change', async () => {
    const workers = await listWorkers(store);
    expect(workers.map((w) => [w.displayName, w.status, w.channels])).toEqual([
      ['Kofi', 'suspended', []],
      ['Ama', 'revoked', []],
      ['Yaw', 'revoked', []],
      ['Yaw', 'active', ['telegram']],
      ['Esi', 'suspended', ['telegram']],
      ['Esi 2', 'invited', []],
    ]);
    expect(await db.prisma.auditEvent.count({ where: { action: { in: ['enrollment.suspended', 'enrollment.revoked'] } } })).toBe(4);
  });

  it('refuses an unknown worker id and a malformed one with a clear error', async () => {
    await expect(revokeWorker(store, { workerId: '00000000-0000-4000-8000-000000000000', actor })).rejects.toSatisfy((error) => isAppError(error, 'not_found'));
    await expect(suspendWorker(store, { workerId: 'kofi', actor })).rejects.toThrow(/not a health worker id/);
  });
});

describe('sender hashes are keyed', () => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('stores an HMAC of an unknown Telegram id, not the SHA-256 anyone can recompute by trying ids', async () => {
    const replies = new Replies();
    await gateSender(testGateDeps(db, replies.reply), telegram('123456789', 'hello'));
    const audit = await db.prisma.auditEvent.findFirstOrThrow({ where: { action: 'inbound.unknown_sender' } });
    const unkeyed = createHash('sha256').update('telegram:123456789').digest('hex').slice(0, 32);
    expect(audit.subjectId).not.toBe(unkeyed);
    expect(audit.subjectId).toBe(testSenderHasher('telegram', '123456789'));
    expect(createSenderHasher('another-secret-of-at-least-32-characters')('telegram', '123456789')).not.toBe(audit.subjectId);
    const rows = await db.sql.query<{ message_id: string; chat_id: string }>(`SELECT message_id, chat_id FROM processed_inbound`);
    expect(JSON.stringify(rows)).not.toContain(unkeyed);
    expect(JSON.stringify(rows)).not.toContain('123456789');
  });

  it('refuses a secret shorter than 32 characters', () => {
    expect(() => createSenderHasher('short')).toThrow(/at least 32/);
  });
});
