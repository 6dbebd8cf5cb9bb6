import { Bot } from 'grammy';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createChannelMessenger } from '../../../src/bot/channel-messenger.js';
import { RateScheduler } from '../../../src/bot/delivery/rate-scheduler.js';
import { TelegramOutbound } from '../../../src/bot/telegram/telegram-outbound.js';
import { receiveInbound } from '../../../src/consult/consult-engine.js';
import type { InboundMessage } from '../../../src/consult/messages.js';
import { ENROLLED_WELCOME, gateSender, UNKNOWN_SENDER_REPLY } from '../../../src/consult/sender-gate.js';
import { buildConsultRuntime, type ConsultRuntime } from '../../../src/entry/consult-runtime.js';
import { loadConfig } from '../../../src/infra/config/config.js';
import { createStaffMember } from '../../../src/infra/db/stores/people-store.js';
import { createLogger } from '../../../src/infra/log/logger.js';
import { FAKE_TELEGRAM_TOKEN, FakeTelegramServer } from '../../fakes/fake-telegram-server.js';
import { inviteWorker, testGateDeps } from '../../support/enrollment.js';
import { openTestDatabase, type TestDatabase } from '../../support/test-database.js';

const FAST = { perChat: { perSecond: 50, burst: 50 }, global: { perSecond: 100, burst: 100 } };

let counter = 0;
function message(chatId: number, text: string): InboundMessage {
  return { channel: 'telegram', chatId: String(chatId), messageId: `g${++counter}`, senderId: String(chatId), chatType: 'private', text, receivedAt: new Date() };
}

/**
 * The sender gate's answers leave through the outbox, over the fake Telegram Bot API: a send that fails
 * is retried by the runtime's outbox pump instead of being lost.
 */
describe('gate replies go through the outbox', () => {
  let db: TestDatabase;
  let fake: FakeTelegramServer;
  let runtime: ConsultRuntime;
  let gate: (inbound: InboundMessage) => ReturnType<typeof gateSender>;
  let inviteCode = '';
  let workerId = '';

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    fake = new FakeTelegramServer();
    const { url } = await fake.start();
    const bot = new Bot(FAKE_TELEGRAM_TOKEN, { client: { apiRoot: url } });
    // One attempt per send, so a failure reaches the outbox instead of the adapter's own retry.
    const telegram = new TelegramOutbound({ api: bot.api, scheduler: new RateScheduler(FAST), maxAttempts: 1 });
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-not-used' });
    runtime = await buildConsultRuntime({ config, db, logger: createLogger({ level: 'silent' }), messenger: createChannelMessenger({ telegram }), runJobs: 'auto' });
    const deps = testGateDeps(db, runtime.gateReply);
    gate = (inbound) => gateSender(deps, inbound);
    const supervisorId = await createStaffMember(db, { role: 'supervisor', name: 'Supervisor', email: 'gate@example.org' });
    ({ workerId, code: inviteCode } = await inviteWorker(db, { displayName: 'CHW', supervisorId }));
  });

  afterAll(async () => {
    await runtime?.close();
    await fake?.close();
    await db?.close();
  });

  it('retries an unknown sender answer whose first send failed, sends it once, then forgets the chat', async () => {
    const stranger = 7_400_001;
    fake.failNext(1, { kind: 'server_error' });
    expect(await gate(message(stranger, 'hello'))).toEqual({ kind: 'answered' });
    expect(fake.callsOf('sendMessage')).toHaveLength(1);
    expect(fake.sentTo(stranger)).toHaveLength(0);
    // Kept for the retry until it is out.
    expect(await db.prisma.chat.count({ where: { externalChatId: String(stranger) } })).toBe(1);

    runtime.startPump(50);
    await vi.waitFor(async () => expect(await db.prisma.chat.count({ where: { externalChatId: String(stranger) } })).toBe(0), { timeout: 10_000 });
    expect(fake.sentTo(stranger).map((sent) => sent.text)).toEqual([UNKNOWN_SENDER_REPLY]);
    expect(await db.prisma.message.count({ where: { text: UNKNOWN_SENDER_REPLY } })).toBe(0);
  });

  it('retries a welcome whose first send failed and delivers it before the first consult reply', async () => {
    const chw = 7_400_002;
    fake.failNext(1, { kind: 'server_error' });
    expect(await gate(message(chw, `/start ${inviteCode}`))).toEqual({ kind: 'answered' });
    expect(fake.sentTo(chw)).toHaveLength(0);

    const first = message(chw, '/help');
    const passed = await gate(first);
    expect(passed).toEqual({ kind: 'consult', healthWorkerId: workerId });
    await receiveInbound(runtime.engine, first, workerId);
    await vi.waitFor(() => expect(fake.sentTo(chw)).toHaveLength(2), { timeout: 10_000 });
    const texts = fake.sentTo(chw).map((sent) => sent.text);
    expect(texts[0]).toBe(ENROLLED_WELCOME);
    expect(texts[1]).not.toBe(ENROLLED_WELCOME);
    // The enrolled worker's chat is kept, bound to them.
    const chat = await db.prisma.chat.findFirst({ where: { externalChatId: String(chw) } });
    expect(chat?.healthWorkerId).toBe(workerId);
  });
});
