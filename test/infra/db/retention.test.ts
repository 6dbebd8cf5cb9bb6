import { afterAll, beforeAll, expect, it } from 'vitest';
import type { InboundMessage } from '../../../src/consult/messages.js';
import { applyRetention, type RetentionResult } from '../../../src/consult/retention/apply-retention.js';
import { scheduleRetention } from '../../../src/consult/retention/schedule-retention.js';
import { gateSender } from '../../../src/consult/sender-gate.js';
import { recordAuditEvent } from '../../../src/infra/db/stores/audit-store.js';
import { createConsultStore } from '../../../src/infra/db/stores/consult-store.js';
import { createRetentionStore } from '../../../src/infra/db/stores/retention-store.js';
import { createSideEffectLedger } from '../../../src/infra/db/stores/side-effect-store.js';
import { testGateDeps } from '../../support/enrollment.js';
import { openTestDatabase, type TestDatabase } from '../../support/test-database.js';

let db: TestDatabase;
const silent = async (): Promise<void> => {};
const message = (chatId: string, messageId: string, text = 'hello'): InboundMessage => ({
  channel: 'telegram',
  chatId,
  messageId,
  senderId: chatId,
  chatType: 'private',
  text,
  receivedAt: new Date(),
});

beforeAll(async () => {
  db = await openTestDatabase('pglite');
});
afterAll(async () => {
  await db?.close();
});

const count = async (sql: string) => Number((await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${sql}`))[0]?.n);

it('deletes old unknown-sender traces and redelivery records, never what a consult still needs', async () => {
  const deps = testGateDeps(db, silent);
  // 50 unknown messages a month ago: each left two rows (the redelivery record and an audit event).
  for (let i = 0; i < 50; i++) await gateSender(deps, message(`9${i}`, `old-${i}`));
  await gateSender(deps, message('9000', 'start-1', '/start WRNG-0001'));
  await db.sql.query(`UPDATE processed_inbound SET received_at = now() - interval '40 days'`);
  await db.sql.query(`UPDATE audit_events SET at = now() - interval '40 days'`);
  await recordAuditEvent(db, { actorType: 'system', action: 'enrollment.revoked', subjectType: 'health_worker', subjectId: 'w1' });
  await db.sql.query(`UPDATE audit_events SET at = now() - interval '40 days' WHERE action = 'enrollment.revoked'`);
  // Today's unknown sender stays.
  await gateSender(deps, message('8001', 'new-1'));

  // An enrolled chat's messages a month ago: one handled, one still waiting in the inbox.
  const consults = createConsultStore(db);
  await consults.recordInbound(message('7001', 'done-1', 'fever 2 days'), null);
  await consults.recordInbound(message('7001', 'waiting-1', 'convulsions'), null);
  await db.sql.query(`UPDATE messages SET processed_at = now() WHERE channel_message_id = 'done-1'`);
  await db.sql.query(`UPDATE processed_inbound SET received_at = now() - interval '40 days' WHERE message_id IN ('done-1', 'waiting-1')`);

  expect(await count('processed_inbound')).toBe(54);
  const deleted = await applyRetention(createRetentionStore(db), { days: 30 });
  expect(deleted).toEqual({ redeliveryRecords: 52, unknownSenderEvents: 52, ledgerRecords: 0, strangerChats: 0 });

  expect(await count('processed_inbound')).toBe(2);
  expect(await count(`audit_events WHERE action = 'inbound.unknown_sender'`)).toBe(1);
  expect(await count(`audit_events WHERE action = 'enrollment.revoked'`)).toBe(1);
  expect(await count(`messages WHERE direction = 'inbound'`)).toBe(2);
  // The waiting message is still guarded: its redelivery is not stored twice.
  expect(await consults.recordInbound(message('7001', 'waiting-1', 'convulsions'), null)).toBeNull();
  // A second pass finds nothing.
  expect(await applyRetention(createRetentionStore(db), { days: 30 })).toEqual({ redeliveryRecords: 0, unknownSenderEvents: 0, ledgerRecords: 0, strangerChats: 0 });
});

it('a running process applies it periodically, without being asked', async () => {
  const deps = testGateDeps(db, silent);
  await gateSender(deps, message('6001', 'periodic-1'));
  await db.sql.query(`UPDATE processed_inbound SET received_at = now() - interval '40 days' WHERE chat_id LIKE 'h:%'`);
  await db.sql.query(`UPDATE audit_events SET at = now() - interval '40 days' WHERE action = 'inbound.unknown_sender'`);
  const passes: RetentionResult[] = [];
  const errors: unknown[] = [];
  const schedule = scheduleRetention({ store: createRetentionStore(db), days: 30, everyMs: 50, onPass: (deleted) => passes.push(deleted), onError: (error) => errors.push(error) });
  try {
    await expect.poll(() => passes.length, { timeout: 30_000 }).toBeGreaterThan(0);
  } finally {
    schedule.stop();
  }
  expect(errors).toEqual([]);
  expect(passes[0]).toEqual({ redeliveryRecords: 2, unknownSenderEvents: 2, ledgerRecords: 0, strangerChats: 0 });
  expect(await count(`audit_events WHERE action = 'inbound.unknown_sender'`)).toBe(0);
});

it('deletes old ledger rows, except the claim of a message still waiting in an outbox', async () => {
  const consults = createConsultStore(db);
  const ledger = createSideEffectLedger(db);
  const claimed = async (key: string, result?: unknown) => {
    expect(await ledger.claim(key, 'outbound_message')).toBe('claimed');
    if (result !== undefined) await ledger.complete(key, result);
  };
  // A chat of today whose answer waits (claimed, then the process died), and one sent answer in it.
  await consults.recordGateReply({ channel: 'telegram', externalChatId: '5001', healthWorkerId: null, text: 'waiting', idempotencyKey: 'gate:telegram:waiting' });
  await consults.recordGateReply({ channel: 'telegram', externalChatId: '5001', healthWorkerId: null, text: 'sent', idempotencyKey: 'gate:telegram:sent' });
  await db.sql.query(`UPDATE messages SET sent_at = now() WHERE idempotency_key = 'gate:telegram:sent'`);
  await claimed('send:gate:telegram:waiting');
  await claimed('send:gate:telegram:sent', { parts: 1 });
  // An answer to a chat forgotten long ago, and a chat whose answer has waited 40 days.
  await claimed('send:gate:telegram:forgotten', { parts: 1 });
  const stale = await consults.recordGateReply({ channel: 'telegram', externalChatId: '5002', healthWorkerId: null, text: 'never sent', idempotencyKey: 'gate:telegram:stale' });
  await claimed('send:gate:telegram:stale');
  await db.sql.query(`UPDATE chats SET created_at = now() - interval '40 days' WHERE id = $1`, [stale]);
  await claimed('send:reply:today', { parts: 1 });
  await db.sql.query(`UPDATE side_effects SET created_at = now() - interval '40 days' WHERE key <> 'send:reply:today'`);

  const deleted = await applyRetention(createRetentionStore(db), { days: 30 });
  expect(deleted).toMatchObject({ ledgerRecords: 3, strangerChats: 1 });
  // The waiting claim still guards its send from a second copy.
  expect((await db.sql.query<{ key: string }>(`SELECT key FROM side_effects ORDER BY key`)).map((row) => row.key)).toEqual(['send:gate:telegram:waiting', 'send:reply:today']);
  expect(await db.prisma.chat.count({ where: { externalChatId: '5002' } })).toBe(0);
  expect(await db.prisma.chat.count({ where: { externalChatId: '5001' } })).toBe(1);
});
