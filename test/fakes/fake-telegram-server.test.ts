import { run } from '@grammyjs/runner';
import { Bot, GrammyError, HttpError, InlineKeyboard } from 'grammy';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { delay } from './fake-http.js';
import { FAKE_TELEGRAM_TOKEN, FakeTelegramServer, TELEGRAM_TEXT_LIMIT } from './fake-telegram-server.js';

const CHW_CHAT = 424242;

describe('FakeTelegramServer with a real grammY bot', () => {
  let fake: FakeTelegramServer;
  let url: string;
  let bot: Bot;

  beforeEach(async () => {
    fake = new FakeTelegramServer();
    ({ url } = await fake.start());
    bot = new Bot(FAKE_TELEGRAM_TOKEN, { client: { apiRoot: url } });
  });

  afterEach(async () => {
    if (bot.isRunning()) await bot.stop();
    await fake.close();
  });

  it('delivers a pushed message to a long-polling handler and records the reply', async () => {
    bot.on('message:text', (ctx) => ctx.reply(`Received: ${ctx.message.text}`, { reply_parameters: { message_id: ctx.message.message_id } }));
    const polling = bot.start({ timeout: 30 });
    await fake.waitForPoll();

    const update = fake.pushTextMessage({ chatId: CHW_CHAT, text: 'child 2 years, fever' });
    const [reply] = await fake.waitForMessages(CHW_CHAT, 1);

    expect(reply?.text).toBe('Received: child 2 years, fever');
    expect(reply?.replyToMessageId).toBe(update.message?.message_id);
    expect(reply?.messageId).toBe((update.message?.message_id ?? 0) + 1); // ids are shared per chat
    expect(fake.callsOf('getMe')).toHaveLength(1);
    expect(fake.callsOf('deleteWebhook')).toHaveLength(1);

    await bot.stop();
    await polling;
    expect(fake.pendingUpdates()).toEqual([]); // stop() confirmed the update with its final offset
    expect(fake.isPollHeld).toBe(false);
  });

  it('holds getUpdates open until an update arrives, then releases it at once', async () => {
    const seen: string[] = [];
    bot.on('message:text', (ctx) => {
      seen.push(ctx.message.text);
    });
    const polling = bot.start({ timeout: 30 });
    await fake.waitForPoll();
    const pollsBefore = fake.callsOf('getUpdates').length;

    await delay(200);
    expect(fake.isPollHeld).toBe(true);
    expect(fake.callsOf('getUpdates')).toHaveLength(pollsBefore); // no busy polling while idle

    const pushedAt = Date.now();
    fake.pushTextMessage({ chatId: CHW_CHAT, text: 'are you there?' });
    await fake.waitForPoll(); // the bot handled the batch and polls again
    expect(seen).toEqual(['are you there?']);
    expect(Date.now() - pushedAt).toBeLessThan(1500); // released by the update, not by the 30 s timeout
    const held = fake.callsOf('getUpdates').at(-1);
    expect(held?.params).toMatchObject({ timeout: 30 });
    expect(Number(held?.params.offset)).toBeGreaterThan(0);

    await bot.stop();
    await polling;
  });

  it('routes /commands through bot_command entities and passes media and callbacks', async () => {
    const events: string[] = [];
    bot.command('new', (ctx) => ctx.reply('New consult started.'));
    bot.on('message:voice', async (ctx) => {
      const file = await ctx.getFile();
      const response = await fetch(`${url}/file/bot${FAKE_TELEGRAM_TOKEN}/${file.file_path ?? ''}`);
      events.push(`voice ${ctx.message.voice.duration}s ${(await response.text()).slice(0, 4)}`);
    });
    bot.on('message:location', (ctx) => {
      events.push(`location ${ctx.message.location.latitude},${ctx.message.location.longitude}`);
    });
    bot.on('message:photo', (ctx) => {
      events.push(`photo ${ctx.message.photo.length} sizes, caption ${ctx.message.caption ?? ''}`);
    });
    bot.on('callback_query:data', async (ctx) => {
      events.push(`button ${ctx.callbackQuery.data}`);
      await ctx.answerCallbackQuery({ text: 'Noted' });
    });
    const polling = bot.start({ timeout: 30 });
    await fake.waitForPoll();

    fake.pushTextMessage({ chatId: CHW_CHAT, text: '/new' });
    await fake.waitForMessages(CHW_CHAT, 1);
    fake.pushVoice({ chatId: CHW_CHAT, durationSeconds: 7 });
    fake.pushLocation({ chatId: CHW_CHAT, latitude: 5.6, longitude: -0.19 });
    fake.pushPhoto({ chatId: CHW_CHAT, caption: 'rash' });
    const [newConsult] = fake.sentTo(CHW_CHAT);
    fake.pushCallbackQuery({ chatId: CHW_CHAT, messageId: newConsult?.messageId ?? 0, data: 'confirm:yes' });
    await waitUntil(() => fake.answeredCallbacks.length === 1);

    expect(newConsult?.text).toBe('New consult started.');
    expect(events).toEqual(['voice 7s OggS', 'location 5.6,-0.19', 'photo 3 sizes, caption rash', 'button confirm:yes']);
    expect(fake.answeredCallbacks[0]).toMatchObject({ text: 'Noted', showAlert: false });
    await bot.stop();
    await polling;
  });

  it('redelivers a duplicate update with the same ids, so the bot must de-duplicate', async () => {
    const seen: Array<[number, number]> = [];
    bot.on('message', (ctx) => {
      seen.push([ctx.update.update_id, ctx.message.message_id]);
    });
    const polling = bot.start({ timeout: 30 });
    await fake.waitForPoll();
    const original = fake.pushTextMessage({ chatId: CHW_CHAT, text: 'fever' });
    await waitUntil(() => seen.length === 1);
    fake.pushDuplicate(original.update_id);
    await waitUntil(() => seen.length === 2);

    const ids: [number, number] = [original.update_id, original.message?.message_id ?? -1];
    expect(seen).toEqual([ids, ids]);
    await bot.stop();
    await polling;
  });

  it('also works with @grammyjs/runner', async () => {
    bot.on('message:text', (ctx) => ctx.reply(ctx.message.text.toUpperCase()));
    const runner = run(bot, { runner: { fetch: { timeout: 30 } } });
    fake.pushTextMessage({ chatId: 7, text: 'ok' });
    fake.pushTextMessage({ chatId: 8, text: 'fine' });
    const [toSeven] = await fake.waitForMessages(7, 1);
    const [toEight] = await fake.waitForMessages(8, 1);
    expect([toSeven?.text, toEight?.text]).toEqual(['OK', 'FINE']);
    await runner.stop();
    expect(runner.isRunning()).toBe(false);
  });

  it('surfaces an injected 429 flood wait with retry_after (grammY core does not retry)', async () => {
    fake.failNext(1, { kind: 'flood', retryAfterSeconds: 7 });
    const error: unknown = await bot.api.sendMessage(CHW_CHAT, 'plan part 1').catch((e: unknown) => e);

    expect(error).toBeInstanceOf(GrammyError);
    const flood = error as GrammyError;
    expect(flood.error_code).toBe(429);
    expect(flood.description).toBe('Too Many Requests: retry after 7');
    expect(flood.parameters.retry_after).toBe(7);
    expect(fake.sentTo(CHW_CHAT)).toEqual([]);

    await bot.api.sendMessage(CHW_CHAT, 'plan part 1');
    expect(fake.sentTo(CHW_CHAT).map((m) => m.text)).toEqual(['plan part 1']);
  });

  it('injects blocked-by-user, 5xx and dropped connections', async () => {
    fake.failNext(1, { kind: 'blocked' });
    fake.failNext(1, { kind: 'bad_gateway' });
    fake.failNext(1, { kind: 'drop' });
    const blocked: unknown = await bot.api.sendMessage(CHW_CHAT, 'x').catch((e: unknown) => e);
    const gateway: unknown = await bot.api.sendMessage(CHW_CHAT, 'x').catch((e: unknown) => e);
    const dropped: unknown = await bot.api.sendMessage(CHW_CHAT, 'x').catch((e: unknown) => e);

    expect((blocked as GrammyError).description).toBe('Forbidden: bot was blocked by the user');
    expect(gateway).toBeInstanceOf(HttpError); // an HTML 502 page is not JSON
    expect(dropped).toBeInstanceOf(HttpError);
    expect(fake.sentTo(CHW_CHAT)).toEqual([]);
  });

  it('rejects text over 4096 characters after parsing, and accepts exactly 4096', async () => {
    const tooLong: unknown = await bot.api.sendMessage(CHW_CHAT, 'a'.repeat(TELEGRAM_TEXT_LIMIT + 1)).catch((e: unknown) => e);
    expect((tooLong as GrammyError).error_code).toBe(400);
    expect((tooLong as GrammyError).description).toBe('Bad Request: message is too long');

    await bot.api.sendMessage(CHW_CHAT, 'a'.repeat(TELEGRAM_TEXT_LIMIT));
    // Markup does not count: 4096 visible characters wrapped in tags still fit.
    await bot.api.sendMessage(CHW_CHAT, `<b>${'b'.repeat(TELEGRAM_TEXT_LIMIT)}</b>`, { parse_mode: 'HTML' });
    expect(fake.sentTo(CHW_CHAT).map((m) => m.text.length)).toEqual([TELEGRAM_TEXT_LIMIT, TELEGRAM_TEXT_LIMIT]);
  });

  it('rejects malformed HTML and records well-formed HTML as the user sees it', async () => {
    const unbalanced: unknown = await bot.api
      .sendMessage(CHW_CHAT, '<b>Refer <i>now</b></i>', { parse_mode: 'HTML' })
      .catch((e: unknown) => e);
    const unknownTag: unknown = await bot.api
      .sendMessage(CHW_CHAT, 'Plan<br>Give ORS', { parse_mode: 'HTML' })
      .catch((e: unknown) => e);
    expect((unbalanced as GrammyError).description).toMatch(/^Bad Request: can't parse entities: Unmatched end tag/);
    expect((unknownTag as GrammyError).description).toBe(
      'Bad Request: can\'t parse entities: Unsupported start tag "br" at byte offset 4',
    );

    const sent = await bot.api.sendMessage(CHW_CHAT, '<b>Refer urgently</b> &amp; give first dose [S2]', {
      parse_mode: 'HTML',
      reply_markup: new InlineKeyboard().text('Referred', 'referred:1'),
    });
    expect(sent.text).toBe('Refer urgently & give first dose [S2]');
    expect(sent.entities).toEqual([{ type: 'bold', offset: 0, length: 14 }]);
    expect(fake.sentTo(CHW_CHAT)).toMatchObject([
      {
        text: 'Refer urgently & give first dose [S2]',
        rawText: '<b>Refer urgently</b> &amp; give first dose [S2]',
        parseMode: 'HTML',
        replyMarkup: { inline_keyboard: [[{ text: 'Referred', callback_data: 'referred:1' }]] },
      },
    ]);
  });

  it('edits a sent message and refuses an edit that changes nothing', async () => {
    const sent = await bot.api.sendMessage(CHW_CHAT, 'Searching guidelines…');
    const edited = await bot.api.editMessageText(CHW_CHAT, sent.message_id, 'Plan ready');
    expect(edited).toMatchObject({ text: 'Plan ready', message_id: sent.message_id });
    const unchanged: unknown = await bot.api.editMessageText(CHW_CHAT, sent.message_id, 'Plan ready').catch((e: unknown) => e);
    expect((unchanged as GrammyError).description).toMatch(/^Bad Request: message is not modified/);
    const [record] = fake.sentTo(CHW_CHAT);
    expect(record?.text).toBe('Plan ready');
    expect(record?.edits.map((e) => e.text)).toEqual(['Plan ready']);
  });

  it('records chat actions, commands and per-chat rate-limit violations', async () => {
    await bot.api.sendChatAction(CHW_CHAT, 'typing');
    await bot.api.setMyCommands([{ command: 'new', description: 'Start a new consult' }]);
    await expect(bot.api.setMyCommands([{ command: 'New-Consult', description: 'bad' }])).rejects.toThrow(/BOT_COMMAND_INVALID/);
    for (let part = 1; part <= 5; part++) await bot.api.sendMessage(CHW_CHAT, `part ${part}`);
    await bot.api.sendMessage(CHW_CHAT + 1, 'other chat');

    expect(fake.chatActions.map((a) => [a.chatId, a.action])).toEqual([[CHW_CHAT, 'typing']]);
    expect(fake.commands).toEqual([{ command: 'new', description: 'Start a new consult' }]);
    // Burst of 3 allowed, then ~1/s: parts 4 and 5 came too fast for one chat; the other chat is fine.
    expect(fake.rateLimitViolations.map((v) => v.chatId)).toEqual([CHW_CHAT, CHW_CHAT]);
  });

  it('can enforce the per-chat rate limit with 429s', async () => {
    await fake.close();
    fake = new FakeTelegramServer({ chatRateLimit: { burst: 1, respond429: true } });
    ({ url } = await fake.start());
    bot = new Bot(FAKE_TELEGRAM_TOKEN, { client: { apiRoot: url } });

    await bot.api.sendMessage(CHW_CHAT, 'first');
    const second: unknown = await bot.api.sendMessage(CHW_CHAT, 'second').catch((e: unknown) => e);
    expect((second as GrammyError).parameters.retry_after).toBe(1);
    expect(fake.sentTo(CHW_CHAT).map((m) => m.text)).toEqual(['first']);
  });

  it('answers 409 to a poller superseded by another, and when a webhook is set', async () => {
    const first = bot.api.getUpdates({ timeout: 5 }).catch((e: unknown) => e);
    await fake.waitForPoll();
    const second = bot.api.getUpdates({ timeout: 0 });
    expect(((await first) as GrammyError).description).toMatch(/^Conflict: terminated by other getUpdates request/);
    expect(await second).toEqual([]);
    expect(fake.conflicts).toBe(1);

    await bot.api.setWebhook('https://bot.example.org/telegram');
    await expect(bot.api.getUpdates()).rejects.toThrow(/can't use getUpdates method while webhook is active/);
    await bot.api.deleteWebhook();
    expect(await bot.api.getUpdates()).toEqual([]);
  });

  it('filters by allowed_updates and confirms by offset', async () => {
    fake.pushTextMessage({ chatId: CHW_CHAT, text: 'hello' });
    const tap = fake.pushCallbackQuery({ chatId: CHW_CHAT, messageId: 1, data: 'x' });
    const callbacksOnly = await bot.api.getUpdates({ allowed_updates: ['callback_query'] });
    expect(callbacksOnly.map((u) => u.update_id)).toEqual([tap.update_id]);

    const later = fake.pushTextMessage({ chatId: CHW_CHAT, text: 'later' });
    const all = await bot.api.getUpdates({ allowed_updates: [] });
    expect(all.map((u) => u.update_id)).toEqual([tap.update_id, later.update_id]);
    expect(await bot.api.getUpdates({ offset: later.update_id + 1 })).toEqual([]);
    expect(fake.pendingUpdates()).toEqual([]);
  });

  it('answers unknown methods and wrong tokens like Telegram', async () => {
    const unknown = await fetch(`${url}/bot${FAKE_TELEGRAM_TOKEN}/sendTelepathy`, { method: 'POST' });
    expect(unknown.status).toBe(404);
    expect(await unknown.json()).toEqual({ ok: false, error_code: 404, description: 'Not Found: method not found' });

    const stranger = new Bot('1:wrong', { client: { apiRoot: url } });
    await expect(stranger.api.getMe()).rejects.toMatchObject({ error_code: 401, description: 'Unauthorized' });
  });
});

async function waitUntil(condition: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await delay(10);
  }
}
