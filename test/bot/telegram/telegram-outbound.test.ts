import { Bot } from 'grammy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_TELEGRAM_TOKEN, FakeTelegramServer } from '../../fakes/fake-telegram-server.js';
import type { OutboundMessage } from '../../../src/consult/messages.js';
import { isDeliveryError, type DeliveryError } from '../../../src/bot/delivery/delivery-error.js';
import { RateScheduler } from '../../../src/bot/delivery/rate-scheduler.js';
import { TelegramOutbound } from '../../../src/bot/telegram/telegram-outbound.js';

const CHAT_A = 7_100_001;
const CHAT_B = 7_100_002;
/** Pacing that lets a multi-part test finish quickly; the pacing tests use the real defaults. */
const FAST = { perChat: { perSecond: 50, burst: 50 }, global: { perSecond: 100, burst: 100 } };

function reply(chatId: number, text: string, key = `${chatId}:${text.length}`): OutboundMessage {
  return { chatId: String(chatId), text, kind: 'reply', idempotencyKey: key };
}

/** A reply long enough for three Telegram messages (sample text, not guidance). */
function threePartPlan(): string {
  return Array.from({ length: 30 }, (_, p) => {
    const sentences = Array.from({ length: 5 }, (_, s) => `Step ${p}.${s} of the sample plan, with BP <90/60 & HR >120 noted.`);
    return `**Section ${p}**\n${sentences.join(' ')}`;
  }).join('\n\n');
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('TelegramOutbound against the fake Bot API', () => {
  let fake: FakeTelegramServer;
  let bot: Bot;

  beforeEach(async () => {
    fake = new FakeTelegramServer();
    const { url } = await fake.start();
    bot = new Bot(FAKE_TELEGRAM_TOKEN, { client: { apiRoot: url } });
  });

  afterEach(async () => {
    await fake.close();
  });

  it('sends a long plan as HTML parts, in order, each labelled, nothing lost', async () => {
    const outbound = new TelegramOutbound({ api: bot.api, scheduler: new RateScheduler(FAST) });
    const receipt = await outbound.send({ ...reply(CHAT_A, threePartPlan()), kind: 'plan' });

    const sent = fake.sentTo(CHAT_A);
    expect(receipt.parts).toBeGreaterThanOrEqual(3);
    expect(sent).toHaveLength(receipt.parts);
    expect(receipt.messageIds).toEqual(sent.map((message) => String(message.messageId)));
    expect(sent.every((message) => message.parseMode === 'HTML' && message.text.length <= 4096)).toBe(true);
    sent.forEach((message, i) => expect(message.text.endsWith(`(part ${i + 1} of ${sent.length})`)).toBe(true));
    // Read back in order, the chat shows every section once, in sequence, with the escaped text intact.
    const shown = sent.map((message) => message.text).join('\n');
    const sections = [...shown.matchAll(/^Section (\d+)$/gm)].map((match) => Number(match[1]));
    expect(sections).toEqual(Array.from({ length: 30 }, (_, i) => i));
    expect(shown).toContain('Step 29.4 of the sample plan, with BP <90/60 & HR >120 noted.');
    expect(sent[0]?.entities[0]).toMatchObject({ type: 'bold', offset: 0, length: 'Section 0'.length });
  });

  it('waits out a 429 retry_after and delivers the message exactly once', async () => {
    const outbound = new TelegramOutbound({ api: bot.api });
    fake.failNext(1, { kind: 'flood', retryAfterSeconds: 1 });
    const started = Date.now();
    const receipt = await outbound.send(reply(CHAT_A, 'Your consult is saved.'));

    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect(fake.callsOf('sendMessage')).toHaveLength(2);
    expect(fake.sentTo(CHAT_A).map((message) => message.text)).toEqual(['Your consult is saved.']);
    expect(receipt.messageIds).toHaveLength(1);
  });

  it('hands a long flood wait back as a transient error instead of blocking', async () => {
    const outbound = new TelegramOutbound({ api: bot.api, maxRetryAfterSeconds: 5 });
    fake.failNext(1, { kind: 'flood', retryAfterSeconds: 120 });
    const error = await rejection(outbound.send(reply(CHAT_A, 'hello')));
    expect(isDeliveryError(error, 'rate_limited')).toBe(true);
    expect(error).toMatchObject({ transient: true, details: { retryAfterSeconds: 120, deliveredParts: 0 } });
  });

  it('falls back to plain text when Telegram cannot parse a part, so the reply still arrives', async () => {
    // Simulates a rendering bug on the wire: "&amp;" unescaped to a bare "&", which Telegram refuses.
    bot.api.config.use((previous, method, payload, signal) => {
      const text = (payload as { text?: unknown }).text;
      const corrupted = method === 'sendMessage' && typeof text === 'string' ? { ...payload, text: text.replaceAll('&amp;', '&') } : payload;
      return previous(method, corrupted, signal);
    });
    const outbound = new TelegramOutbound({ api: bot.api });
    const receipt = await outbound.send(reply(CHAT_A, '**Refer** if BP <90/60 & HR >120'));

    const attempts = fake.callsOf('sendMessage');
    expect(attempts.map((call) => call.params.parse_mode)).toEqual(['HTML', undefined]);
    expect(fake.sentTo(CHAT_A).map((message) => [message.text, message.parseMode])).toEqual([['Refer if BP <90/60 & HR >120', undefined]]);
    expect(receipt.plainTextFallbacks).toBe(1);
  });

  it('surfaces a blocked bot (403) as a typed, permanent error that says what was delivered', async () => {
    const outbound = new TelegramOutbound({ api: bot.api, scheduler: new RateScheduler(FAST) });
    const plan = { ...reply(CHAT_A, threePartPlan()), kind: 'plan' as const };
    fake.failNext(1, { kind: 'blocked' });
    const error = await rejection(outbound.send(plan));

    expect(isDeliveryError(error)).toBe(true);
    expect(error).toMatchObject({ code: 'recipient_blocked', transient: false, details: { channel: 'telegram', deliveredParts: 0 } });
    expect(fake.sentTo(CHAT_A)).toEqual([]);
  });

  it('resumes a half-delivered reply after the failed part without repeating the first parts', async () => {
    const outbound = new TelegramOutbound({ api: bot.api, scheduler: new RateScheduler(FAST), maxAttempts: 1 });
    const plan = { ...reply(CHAT_A, threePartPlan()), kind: 'plan' as const };
    // Part 1 goes through, part 2 meets a 500 with no retries left.
    bot.api.config.use((previous, method, payload, signal) => {
      if (method === 'sendMessage' && fake.sentTo(CHAT_A).length === 1 && fake.callsOf('sendMessage').length === 1) {
        fake.failNext(1, { kind: 'server_error' });
      }
      return previous(method, payload, signal);
    });
    const error = await rejection(outbound.send(plan));
    expect(error).toMatchObject({ code: 'channel_unavailable', transient: true, details: { deliveredParts: 1 } });

    const receipt = await outbound.send(plan, { resumeFromPart: (error as DeliveryError).details.deliveredParts });
    const labels = fake.sentTo(CHAT_A).map((message) => /\(part (\d) of (\d)\)$/.exec(message.text)?.slice(1).join('/'));
    expect(labels).toEqual(Array.from({ length: receipt.parts }, (_, i) => `${i + 1}/${receipt.parts}`));
  });

  it('retries a 5xx after a short backoff and delivers once', async () => {
    const outbound = new TelegramOutbound({ api: bot.api, backoffMs: 50 });
    fake.failNext(1, { kind: 'server_error' });
    await outbound.send(reply(CHAT_A, 'saved'));
    expect(fake.sentTo(CHAT_A).map((message) => message.text)).toEqual(['saved']);
    expect(fake.callsOf('sendMessage')).toHaveLength(2);
  });

  it('paces each chat to ~1 message per second without holding up another chat', async () => {
    const outbound = new TelegramOutbound({ api: bot.api });
    const started = Date.now();
    await Promise.all([
      outbound.send(reply(CHAT_A, 'A first')),
      outbound.send(reply(CHAT_A, 'A second')),
      outbound.send(reply(CHAT_B, 'B first')),
    ]);

    const [a1, a2] = fake.sentTo(CHAT_A);
    const [b1] = fake.sentTo(CHAT_B);
    expect([a1?.text, a2?.text, b1?.text]).toEqual(['A first', 'A second', 'B first']);
    expect((b1?.sentAt ?? Infinity) - started).toBeLessThan(400); // B did not wait behind A
    expect((a2?.sentAt ?? 0) - (a1?.sentAt ?? 0)).toBeGreaterThanOrEqual(900);
    expect((a2?.sentAt ?? 0) - (a1?.sentAt ?? 0)).toBeLessThan(1600);
  });

  it('holds all chats to the global rate', async () => {
    const scheduler = new RateScheduler({ perChat: { perSecond: 1, burst: 1 }, global: { perSecond: 10, burst: 5 } });
    const outbound = new TelegramOutbound({ api: bot.api, scheduler });
    const chats = Array.from({ length: 10 }, (_, i) => 7_200_000 + i);
    const started = Date.now();
    await Promise.all(chats.map((chat) => outbound.send(reply(chat, `hello ${chat}`))));
    const times = fake
      .allSent()
      .map((message) => message.sentAt - started)
      .sort((a, b) => a - b);
    expect(times).toHaveLength(10);
    expect(times[4]).toBeLessThan(300); // the burst
    expect(times[9]).toBeGreaterThanOrEqual(400); // five more at 10/s
  });

  it('shows a typing indicator', async () => {
    const outbound = new TelegramOutbound({ api: bot.api });
    expect(await outbound.sendTyping(String(CHAT_A))).toBe(true);
    expect(fake.chatActions.map((action) => [action.chatId, action.action])).toEqual([[CHAT_A, 'typing']]);
  });

  it('says a blocked chat cannot be reached instead of throwing', async () => {
    const outbound = new TelegramOutbound({ api: bot.api });
    fake.failNext(1, { kind: 'blocked' }, 'sendChatAction');
    expect(await outbound.sendTyping(String(CHAT_A))).toBe(false);
    expect(fake.callsOf('sendChatAction')).toHaveLength(1);
  });
});
