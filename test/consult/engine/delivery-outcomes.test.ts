import { Bot } from 'grammy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createChannelMessenger } from '../../../src/bot/channel-messenger.js';
import { RateScheduler } from '../../../src/bot/delivery/rate-scheduler.js';
import { TelegramOutbound } from '../../../src/bot/telegram/telegram-outbound.js';
import { receiveInbound, type ConsultEngineDeps } from '../../../src/consult/consult-engine.js';
import { deliverOutbox } from '../../../src/consult/deliver-outbox.js';
import type { InboundMessage } from '../../../src/consult/messages.js';
import { createConsultStore } from '../../../src/infra/db/stores/consult-store.js';
import { createSideEffectLedger } from '../../../src/infra/db/stores/side-effect-store.js';
import { createInProcessJobQueue } from '../../../src/jobs/in-process-job-queue.js';
import { FAKE_TELEGRAM_TOKEN, FakeTelegramServer } from '../../fakes/fake-telegram-server.js';
import { openTestDatabase, type TestDatabase } from '../../support/test-database.js';

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
/** Pacing that keeps the test quick; the pacing itself is tested in telegram-outbound.test.ts. */
const FAST = { perChat: { perSecond: 50, burst: 50 }, global: { perSecond: 100, burst: 100 } };

let counter = 0;
function message(chatId: number, text: string): InboundMessage {
  return { channel: 'telegram', chatId: String(chatId), messageId: `d${++counter}`, senderId: String(chatId), chatType: 'private', text, receivedAt: new Date() };
}

/** A reply long enough for three Telegram messages (sample text, not guidance). */
function threePartText(): string {
  return Array.from({ length: 45 }, (_, p) => `Section ${p}. ${'Step of the sample plan, kept long on purpose. '.repeat(5)}`).join('\n\n');
}

describe('delivery outcomes: refused for good vs try again later', () => {
  let db: TestDatabase;
  let fake: FakeTelegramServer;
  let deps: ConsultEngineDeps;
  let store: ReturnType<typeof createConsultStore>;
  const queue = createInProcessJobQueue();

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    fake = new FakeTelegramServer();
    const { url } = await fake.start();
    const bot = new Bot(FAKE_TELEGRAM_TOKEN, { client: { apiRoot: url } });
    const telegram = new TelegramOutbound({ api: bot.api, scheduler: new RateScheduler(FAST), maxAttempts: 1 });
    store = createConsultStore(db);
    deps = {
      store,
      messenger: createChannelMessenger({ telegram }),
      jobs: queue,
      ledger: createSideEffectLedger(db),
      log: silent,
    };
  });

  afterAll(async () => {
    await queue.close();
    await fake?.close();
    await db?.close();
  });

  it('stops after one refused attempt (403), records why, and lets the chat and other chats carry on', async () => {
    const blocked = 7_300_001;
    const other = 7_300_002;
    fake.failNext(1, { kind: 'blocked' });
    await receiveInbound(deps, message(blocked, '/help'), null).catch(() => undefined);
    expect(fake.callsOf('sendMessage').filter((call) => (call.params as { chat_id?: unknown }).chat_id === blocked)).toHaveLength(1);
    expect(fake.sentTo(blocked)).toHaveLength(0);

    // Another pass over the outbox does not try the refused message again.
    const chatRef = await deps.store.findChat('telegram', String(blocked));
    expect(chatRef).not.toBeNull();
    await deliverOutbox(deps, chatRef ?? '');
    expect(fake.callsOf('sendMessage').filter((call) => (call.params as { chat_id?: unknown }).chat_id === blocked)).toHaveLength(1);
    expect(await deps.store.unsentOutbound(chatRef ?? '')).toHaveLength(0);

    // The chat's next message and another chat's messages are delivered.
    await receiveInbound(deps, message(blocked, '/help'), null);
    await receiveInbound(deps, message(other, '/help'), null);
    expect(fake.sentTo(blocked)).toHaveLength(1);
    expect(fake.sentTo(other)).toHaveLength(1);

    const audit = await db.prisma.auditEvent.findMany({ where: { action: 'delivery.undeliverable' } });
    expect(audit).toHaveLength(1);
    expect(audit[0]?.data).toMatchObject({ reason: 'recipient_blocked', chatRef });
    const refused = await db.prisma.message.findMany({ where: { chatId: chatRef ?? '', direction: 'outbound', undeliverableAt: { not: null } } });
    expect(refused).toHaveLength(1);
  });

  it('resumes a three-part reply from the part that failed, without repeating the parts that arrived', async () => {
    const chat = 7_300_003;
    await receiveInbound(deps, message(chat, '3 year old boy, 14 kg, fever for 2 days'), null);
    const chatRef = (await deps.store.findChat('telegram', String(chat))) ?? '';
    const consult = await deps.store.activeConsult(chatRef);
    expect(consult).not.toBeNull();
    const before = fake.sentTo(chat).length;

    fake.failNextWhere(1, { kind: 'server_error' }, (params) => String(params.text ?? '').includes('(part 2 of 3)'));
    await store.commitPlan({
      consultId: consult?.id ?? '',
      idempotencyKey: `follow-up:resume-test`,
      kind: 'follow_up',
      mode: 'extractive',
      model: null,
      text: threePartText(),
      citations: [],
    });
    await expect(deliverOutbox(deps, chatRef)).rejects.toThrow(/not delivered/);
    const afterFailure = fake.sentTo(chat).slice(before);
    expect(afterFailure).toHaveLength(1);
    expect(afterFailure[0]?.text).toMatch(/\(part 1 of 3\)/);

    await deliverOutbox(deps, chatRef);
    const parts = fake.sentTo(chat).slice(before).map((sent) => sent.text.match(/\(part (\d) of 3\)/)?.[1]);
    expect(parts).toEqual(['1', '2', '3']);
    expect(await deps.store.unsentOutbound(chatRef)).toHaveLength(0);
  });
});
