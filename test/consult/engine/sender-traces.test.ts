import { Bot } from 'grammy';
import type { Update } from 'grammy/types';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChannelMessenger } from '../../../src/bot/channel-messenger.js';
import { RateScheduler } from '../../../src/bot/delivery/rate-scheduler.js';
import { inboundFromTelegramUpdate } from '../../../src/bot/telegram/telegram-inbound.js';
import { TelegramOutbound } from '../../../src/bot/telegram/telegram-outbound.js';
import { receiveInbound } from '../../../src/consult/consult-engine.js';
import type { InboundMessage } from '../../../src/consult/messages.js';
import { applyRetention } from '../../../src/consult/retention/apply-retention.js';
import { gateReplyKey } from '../../../src/consult/send-gate-reply.js';
import { gateSender, UNKNOWN_SENDER_REPLY } from '../../../src/consult/sender-gate.js';
import { buildConsultRuntime, type ConsultRuntime } from '../../../src/entry/consult-runtime.js';
import { loadConfig } from '../../../src/infra/config/config.js';
import { createStaffMember } from '../../../src/infra/db/stores/people-store.js';
import { createRetentionStore } from '../../../src/infra/db/stores/retention-store.js';
import { createLogger } from '../../../src/infra/log/logger.js';
import { FAKE_TELEGRAM_TOKEN, FakeTelegramServer } from '../../fakes/fake-telegram-server.js';
import { inviteWorker, TEST_SENDER_HASH_SECRET, testGateDeps, testSenderHasher } from '../../support/enrollment.js';
import { openTestDatabase, type TestDatabase } from '../../support/test-database.js';

const FAST = { perChat: { perSecond: 50, burst: 50 }, global: { perSecond: 100, burst: 100 } };

/** Unknown senders, each down another path of the gate; ids long enough to be found unambiguously. */
const STRANGER = 7_412_345_001;
const CODE_GUESSER = 7_412_345_002;
const BLOCKED = 7_412_345_003;
const RETRIED = 7_412_345_004;
const GROUP = -1_007_412_345_005;
const GROUP_MEMBER = 7_412_345_006;
/** Its answer cannot be sent (no WhatsApp client in this test): the chat waits for it until retention. */
const WHATSAPP_STRANGER = '2347412345007@c.us';
const WHATSAPP_MESSAGE_ID = `false_${WHATSAPP_STRANGER}_3EB0C0FFEE7412345007`;
const CHW = 7_499_000_001;

let updateId = 0;
function telegramUpdate(chatId: number, text: string, options: { messageId?: number; group?: boolean; from?: number } = {}): InboundMessage {
  const from = options.from ?? chatId;
  const update = {
    update_id: ++updateId,
    message: {
      message_id: options.messageId ?? 1,
      date: Math.trunc(Date.now() / 1000),
      chat: options.group ? { id: chatId, type: 'supergroup', title: 'A group' } : { id: chatId, type: 'private', first_name: 'Someone' },
      from: { id: from, is_bot: false, first_name: 'Someone' },
      text,
    },
  } as unknown as Update;
  const inbound = inboundFromTelegramUpdate(update);
  if (!inbound) throw new Error('not a message update');
  return inbound;
}

interface Hit {
  table: string;
  column: string;
  needle: string;
}

/**
 * Every column of every table in the schema (read from information_schema, so a table added later is
 * searched too), cast to text and searched for each needle.
 */
async function columnsHolding(db: TestDatabase, needles: string[]): Promise<{ tables: string[]; hits: Hit[] }> {
  const columns = await db.sql.query<{ table_name: string; column_name: string }>(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
      ORDER BY c.table_name, c.ordinal_position`,
  );
  const byTable = new Map<string, string[]>();
  for (const { table_name, column_name } of columns) byTable.set(table_name, [...(byTable.get(table_name) ?? []), column_name]);
  const quote = (name: string) => `"${name.replaceAll('"', '""')}"`;
  const hits: Hit[] = [];
  for (const [table, names] of byTable) {
    const union = names
      .map((column) => `SELECT '${column.replaceAll("'", "''")}' AS column, n AS needle FROM ${quote(table)} t, unnest($1::text[]) n WHERE strpos(t.${quote(column)}::text, n) > 0`)
      .join(' UNION ALL ');
    const rows = await db.sql.query<{ column: string; needle: string }>(union, [needles]);
    hits.push(...rows.map((row) => ({ table, column: row.column, needle: row.needle })));
  }
  return { tables: [...byTable.keys()], hits };
}

/**
 * Unknown senders go through the real gate and outbox (fake Telegram Bot API, real database): no table
 * but the health worker's channel binding keeps their platform ids, and retention leaves no trace of
 * them at all, hashes included.
 */
describe('unknown senders leave no platform id, and after retention no trace', () => {
  let db: TestDatabase;
  let fake: FakeTelegramServer;
  let runtime: ConsultRuntime;
  let workerId = '';
  let retentionDays = 0;
  const arrived: InboundMessage[] = [];

  const write = async (inbound: InboundMessage) => {
    arrived.push(inbound);
    const gate = await gateSender(testGateDeps(db, runtime.gateReply), inbound);
    if (gate.kind === 'consult') await receiveInbound(runtime.engine, inbound, gate.healthWorkerId);
  };
  const strangers = () => arrived.filter((inbound) => inbound.chatId !== String(CHW));
  /** Each stranger's ids as the platform gave them: chat, sender, message (a WhatsApp one holds the number). */
  const rawIds = () => [...new Set(strangers().flatMap((inbound) => [inbound.chatId, inbound.senderId, inbound.messageId]))];
  const hashes = () => [...new Set(strangers().flatMap((inbound) => [testSenderHasher(inbound.channel, inbound.senderId), testSenderHasher(inbound.channel, inbound.messageId)]))];

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    fake = new FakeTelegramServer();
    const { url } = await fake.start();
    const bot = new Bot(FAKE_TELEGRAM_TOKEN, { client: { apiRoot: url } });
    const telegram = new TelegramOutbound({ api: bot.api, scheduler: new RateScheduler(FAST), maxAttempts: 1 });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-not-used', SENDER_HASH_SECRET: TEST_SENDER_HASH_SECRET });
    retentionDays = config.retentionDays;
    runtime = await buildConsultRuntime({ config, db, logger: createLogger({ level: 'silent' }), messenger: createChannelMessenger({ telegram }), runJobs: 'auto' });
    const supervisorId = await createStaffMember(db, { role: 'supervisor', name: 'Supervisor', email: 'traces@example.org' });
    const invited = await inviteWorker(db, { displayName: 'CHW', supervisorId });
    workerId = invited.workerId;

    await write(telegramUpdate(STRANGER, 'hello'));
    await write(telegramUpdate(CODE_GUESSER, '/start WRNG-0001-ABCD'));
    fake.failNextWhere(1, { kind: 'blocked' }, (params) => String(params.chat_id) === String(BLOCKED));
    await write(telegramUpdate(BLOCKED, 'hi'));
    fake.failNextWhere(1, { kind: 'server_error' }, (params) => String(params.chat_id) === String(RETRIED));
    await write(telegramUpdate(RETRIED, 'is anyone there'));
    await write(telegramUpdate(GROUP, 'hello group', { group: true, from: GROUP_MEMBER }));
    await write({ channel: 'whatsapp', chatId: WHATSAPP_STRANGER, messageId: WHATSAPP_MESSAGE_ID, senderId: WHATSAPP_STRANGER, chatType: 'private', text: 'hello', receivedAt: new Date() });
    // A health worker enrols and consults in the same database: retention must leave them alone.
    await write(telegramUpdate(CHW, `/start ${invited.code}`, { messageId: 1 }));
    await write(telegramUpdate(CHW, '/help', { messageId: 2 }));

    // The failed answer is retried by the pump and its chat then forgotten.
    runtime.startPump(50);
    await vi.waitFor(async () => expect(await db.prisma.chat.count({ where: { channel: 'telegram', healthWorkerId: null } })).toBe(0), { timeout: 10_000 });
    // A pump pass every 50 ms holds the waiting chat's lock now and then, and retention rightly skips a
    // locked chat: stopped here, so what retention finds does not depend on timing.
    await runtime.close();
  });

  afterAll(async () => {
    await runtime?.close();
    await fake?.close();
    await db?.close();
  });

  it('answered each of them once', () => {
    for (const chat of [STRANGER, RETRIED]) expect(fake.sentTo(chat).map((sent) => sent.text)).toEqual([UNKNOWN_SENDER_REPLY]);
    expect(fake.sentTo(CODE_GUESSER)).toHaveLength(1);
    expect(fake.sentTo(GROUP)).toHaveLength(1);
    expect(fake.sentTo(BLOCKED)).toHaveLength(0);
    expect(fake.sentTo(CHW).length).toBeGreaterThanOrEqual(2);
  });

  it('keys the ledger row of a gate answer by the hash of the message id, never `send:gate:telegram:<id>:1`', async () => {
    const keys = (await db.sql.query<{ key: string }>(`SELECT key FROM side_effects`)).map((row) => row.key);
    expect(keys).not.toContain(`send:gate:telegram:${STRANGER}:1`);
    expect(keys.filter((key) => key.includes(String(STRANGER)))).toEqual([]);
    // The key is the same for a retry of the same message: the retried answer above went out once.
    const inbound = telegramUpdate(STRANGER, 'hello');
    expect(keys).toContain(`send:${gateReplyKey(runtime.hashSender, inbound)}`);
    expect(gateReplyKey(runtime.hashSender, inbound)).toBe(gateReplyKey(runtime.hashSender, telegramUpdate(STRANGER, 'hello again')));
  });

  it('stores no raw platform id of theirs in any column of any table', async () => {
    const { tables, hits } = await columnsHolding(db, rawIds());
    // The search covers the whole schema, not an empty list.
    expect(tables).toEqual(expect.arrayContaining(['side_effects', 'processed_inbound', 'audit_events', 'messages', 'chats', 'health_workers']));
    // Only the address of the answer still waiting to be sent is held, where the outbox reads it from.
    expect(hits).toEqual([{ table: 'chats', column: 'external_chat_id', needle: WHATSAPP_STRANGER }]);
    // The health worker's binding holds their own id (that is what the binding is for).
    expect((await columnsHolding(db, [String(CHW)])).hits.map((hit) => `${hit.table}.${hit.column}`)).toContain('health_workers.telegram_user_id');
  });

  it('after RETENTION_DAYS no row anywhere holds a trace of them, hashes and their chats included', async () => {
    const before = await columnsHolding(db, hashes());
    expect(before.hits.length).toBeGreaterThan(0);
    const forgottenChats = (await db.sql.query<{ ref: string }>(`SELECT data->>'chatRef' AS ref FROM audit_events WHERE data ? 'chatRef' AND action = 'delivery.undeliverable'`)).map((row) => row.ref);
    const waitingChats = (await db.sql.query<{ id: string }>(`SELECT id FROM chats WHERE health_worker_id IS NULL`)).map((row) => row.id);
    expect(forgottenChats).toHaveLength(1);
    expect(waitingChats).toHaveLength(1);
    const workerBefore = await db.sql.query(`SELECT id, external_chat_id FROM chats WHERE health_worker_id = $1`, [workerId]);
    const workerMessages = await db.prisma.message.count({ where: { chat: { healthWorkerId: workerId } } });

    const deleted = await applyRetention(createRetentionStore(db), { days: retentionDays, now: new Date(Date.now() + (retentionDays + 1) * 86_400_000) });
    expect(deleted.strangerChats).toBe(1);
    expect(deleted.ledgerRecords).toBeGreaterThan(0);

    const { hits } = await columnsHolding(db, [...rawIds(), ...hashes(), ...forgottenChats, ...waitingChats]);
    expect(hits).toEqual([]);
    // What the health worker needs stays: the bound chat and its messages.
    expect(await db.sql.query(`SELECT id, external_chat_id FROM chats WHERE health_worker_id = $1`, [workerId])).toEqual(workerBefore);
    expect(await db.prisma.message.count({ where: { chat: { healthWorkerId: workerId } } })).toBe(workerMessages);
  });
});
