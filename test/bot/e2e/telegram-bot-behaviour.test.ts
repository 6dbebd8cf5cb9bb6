import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newInviteCode } from '../../../src/consult/enrollment/invite-code.js';
import { BAD_INVITE, INVITE_LIMITS, INVITE_LIMITED } from '../../../src/consult/sender-gate.js';
import { createStaffMember } from '../../../src/infra/db/stores/people-store.js';
import { inviteWorker, TEST_SENDER_HASH_SECRET } from '../../support/enrollment.js';
import { FAKE_TELEGRAM_TOKEN, FakeTelegramServer } from '../../fakes/fake-telegram-server.js';
import { freePort, startEntry, type RunningProcess } from '../../support/processes.js';
import { startSharedDatabase } from '../../support/shared-database.js';


describe('the Telegram bot process (npm run bot) over the fake Bot API', () => {
  const telegram = new FakeTelegramServer({ chatRateLimit: false });
  let shared: Awaited<ReturnType<typeof startSharedDatabase>>;
  let env: Record<string, string>;
  let dataDir: string;
  const codes: string[] = [];
  const processes: RunningProcess[] = [];

  beforeAll(async () => {
    shared = await startSharedDatabase();
    const supervisorId = await createStaffMember(shared.db, { role: 'supervisor', name: 'Supervisor', email: 'bot@example.org' });
    for (let i = 0; i < 6; i++) {
      const code = newInviteCode();
      codes.push(code);
      await inviteWorker(shared.db, { displayName: `CHW ${i}`, supervisorId, code });
    }
    const { url } = await telegram.start();
    dataDir = await mkdtemp(join(tmpdir(), 'bot-'));
    env = { DATABASE_URL: shared.url, SENDER_HASH_SECRET: TEST_SENDER_HASH_SECRET, DATABASE_POOL_SIZE: '4', TELEGRAM_BOT_TOKEN: FAKE_TELEGRAM_TOKEN, TELEGRAM_API_ROOT: url, DATA_DIR: dataDir, TELEGRAM_SEND_TIMEOUT_SECONDS: '2' };
    processes.push(startEntry('bot', env));
    await telegram.waitForPoll(30_000);
  }, 120_000);

  afterAll(async () => {
    for (const p of processes) await p.stop(10_000);
    await telegram.close();
    await shared?.close();
    await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('answers an unknown sender once and stores nothing readable about them', async () => {
    const update = telegram.pushTextMessage({ chatId: 9_100_001, fromId: 9_100_001, text: 'hello, my name is Ama, 0244123456' });
    telegram.pushDuplicate(update.update_id);
    const sent = await telegram.waitForMessages(9_100_001, 1, 30_000);
    await new Promise((r) => setTimeout(r, 1_500));
    expect(telegram.sentTo(9_100_001)).toHaveLength(1);
    expect(sent[0]?.text).toMatch(/enrolled community health workers/);
    expect(await shared.db.prisma.chat.count({ where: { externalChatId: '9100001' } })).toBe(0);
    const rows = await shared.db.sql.query<{ t: string }>(`SELECT row_to_json(a)::text AS t FROM audit_events a WHERE action = 'inbound.unknown_sender'`);
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(r.t).not.toMatch(/9100001|Ama|0244123456/);
  });

  it('refuses 100 wrong invite guesses after the limit, the right code too for a guesser, while another sender still enrolls', { timeout: 120_000 }, async () => {
    // Ten senders guess ten codes each, one at a time: each gets the plain refusal up to the limit and
    // then only "too many", without any code being tried. Every guess starts with its own first group,
    // so only the per-chat limit is at work (the per-prefix one is in test/consult/invite-limits.test.ts).
    const guessers = Array.from({ length: 10 }, (_, i) => 9_200_000 + i);
    await Promise.all(
      guessers.map(async (chatId) => {
        for (let guess = 0; guess < 10; guess++) {
          telegram.pushTextMessage({ chatId, fromId: chatId, text: `/start G${String(chatId % 100).padStart(2, '0')}${guess}-WRNG` });
          await telegram.waitForMessages(chatId, guess + 1, 30_000);
        }
      }),
    );
    for (const chatId of guessers) {
      const answers = telegram.sentTo(chatId).map((m) => m.text);
      expect(answers).toHaveLength(10);
      expect(answers.filter((text) => text === BAD_INVITE)).toHaveLength(INVITE_LIMITS.perChat.failuresToBlock);
      expect(answers.slice(INVITE_LIMITS.perChat.failuresToBlock).every((text) => text === INVITE_LIMITED)).toBe(true);
    }
    const [guesser] = guessers as [number];
    telegram.pushTextMessage({ chatId: guesser, fromId: guesser, text: `/start ${codes[4]}` });
    const refused = await telegram.waitForMessages(guesser, 11, 30_000);
    expect(refused[10]?.text).toBe(INVITE_LIMITED);
    telegram.pushTextMessage({ chatId: 9_200_100, fromId: 9_200_100, text: `/start ${codes[4]}` });
    const welcomed = await telegram.waitForMessages(9_200_100, 1, 30_000);
    expect(welcomed[0]?.text).toMatch(/Welcome/);
  });

  it('refuses group chats politely', async () => {
    telegram.pushTextMessage({ chatId: -1_009_100_002, fromId: 9_100_002, text: '/start', chatType: 'supergroup' });
    const sent = await telegram.waitForMessages(-1_009_100_002, 1, 30_000);
    expect(sent[0]?.text).toMatch(/private chat/);
  });

  it('enrolls with /start CODE, explains what it can take for voice, stickers and locations, and shows typing while planning', async () => {
    const chatId = 9_100_003;
    telegram.pushTextMessage({ chatId, fromId: chatId, text: `/start ${codes[0]}` });
    await telegram.waitForMessages(chatId, 1, 30_000);
    telegram.pushVoice({ chatId, fromId: chatId });
    await telegram.waitForMessages(chatId, 2, 30_000);
    telegram.pushSticker({ chatId, fromId: chatId });
    await telegram.waitForMessages(chatId, 3, 30_000);
    telegram.pushLocation({ chatId, fromId: chatId, latitude: 5.6, longitude: -0.2 });
    const media = await telegram.waitForMessages(chatId, 4, 30_000);
    expect(media[1]?.text).toMatch(/voice notes/);
    expect(media[2]?.text).toMatch(/only read text/);
    expect(media[3]?.text).toMatch(/location/);
    for (const [i, text] of ['45 year old man', 'fever 3 days, RDT positive', 'dx: uncomplicated malaria'].entries()) {
      telegram.pushTextMessage({ chatId, fromId: chatId, text });
      await telegram.waitForMessages(chatId, 5 + i, 30_000);
    }
    const all = await telegram.waitForMessages(chatId, 8, 60_000);
    expect(all[7]?.text).toMatch(/Sources/);
    expect(all[7]?.parseMode).toBe('HTML');
    expect(telegram.chatActions.some((a) => a.chatId === chatId && a.action === 'typing')).toBe(true);
  });

  it('abandons a send Telegram never answers and sends the reply again, once', async () => {
    const chatId = 9_100_010;
    telegram.pushTextMessage({ chatId, fromId: chatId, text: `/start ${codes[5]}` });
    await telegram.waitForMessages(chatId, 1, 30_000);
    // The connection stalls: the request is taken and never answered, so the reply never arrived.
    telegram.failNext(1, { kind: 'hang' }, 'sendMessage');
    telegram.pushTextMessage({ chatId, fromId: chatId, text: '52 year old woman' });
    const sent = await telegram.waitForMessages(chatId, 2, 30_000);
    expect(sent[1]?.text).toMatch(/main findings/);
    await new Promise((r) => setTimeout(r, 3_000));
    expect(telegram.sentTo(chatId)).toHaveLength(2);
  });

  it('handles an edited message as a correction', async () => {
    const chatId = 9_100_004;
    telegram.pushTextMessage({ chatId, fromId: chatId, text: `/start ${codes[1]}` });
    await telegram.waitForMessages(chatId, 1, 30_000);
    const original = telegram.pushTextMessage({ chatId, fromId: chatId, text: '30 year old' });
    await telegram.waitForMessages(chatId, 2, 30_000);
    const message = (original as unknown as { message?: Record<string, unknown> }).message ?? {};
    telegram.pushUpdate({ edited_message: { ...message, text: '30 year old man', edit_date: Math.floor(Date.now() / 1000) + 1 } } as never);
    const sent = await telegram.waitForMessages(chatId, 3, 30_000);
    expect(sent[1]?.text).toMatch(/male or female/);
    expect(sent[2]?.text).toMatch(/main findings/);
  });

  it('stores, triages and answers a message with a NUL byte and a zero-width-split danger word', async () => {
    const chatId = 9_100_006;
    telegram.pushTextMessage({ chatId, fromId: chatId, text: `/start ${codes[3]}` });
    await telegram.waitForMessages(chatId, 1, 30_000);
    telegram.pushTextMessage({ chatId, fromId: chatId, text: '2 year old boy\u0000, had con\u200Bvulsions this morning' });
    const sent = await telegram.waitForMessages(chatId, 3, 30_000);
    expect(sent[1]?.text).toMatch(/URGENT/);
    expect(sent[1]?.text).toMatch(/convulsion/i);
    expect(sent[2]?.text).toMatch(/weight in kg/);
    const stored = await shared.db.sql.query<{ text: string }>(
      `SELECT m.text FROM messages m JOIN chats c ON c.id = m.chat_id WHERE c.external_chat_id = '9100006' AND m.direction = 'inbound' ORDER BY m.seq`,
    );
    expect(stored.at(-1)?.text).toBe('2 year old boy, had con\u200Bvulsions this morning');
  });

  it('serves a webhook that checks the secret token', async () => {
    const port = await freePort();
    const webhookBot = startEntry('bot', {
      ...env,
      TELEGRAM_MODE: 'webhook',
      TELEGRAM_WEBHOOK_URL: `https://bot.example.org/telegram`,
      TELEGRAM_WEBHOOK_SECRET: 'right-secret',
      TELEGRAM_WEBHOOK_PORT: String(port),
    });
    processes.push(webhookBot);
    const post = async (secret: string, updateId: number) => {
      for (let attempt = 0; attempt < 100; attempt++) {
        try {
          return await fetch(`http://127.0.0.1:${port}/`, {
            method: 'POST',
            headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': secret },
            body: JSON.stringify({
              update_id: updateId,
              message: { message_id: 1, date: Math.floor(Date.now() / 1000), chat: { id: 9_100_005, type: 'private' }, from: { id: 9_100_005, is_bot: false, first_name: 'X' }, text: `/start ${codes[2]}` },
            }),
          });
        } catch {
          await new Promise((r) => setTimeout(r, 200));
        }
      }
      throw new Error('webhook server never came up');
    };
    const refused = await post('wrong-secret', 900_001);
    expect(refused.status).toBe(401);
    const accepted = await post('right-secret', 900_002);
    expect(accepted.status).toBe(200);
    const sent = await telegram.waitForMessages(9_100_005, 1, 30_000);
    expect(sent[0]?.text).toMatch(/Welcome/);
    expect(telegram.sentTo(9_100_005)).toHaveLength(1);
    await webhookBot.stop(10_000);
  });

  it('survives a webhook burst slower than any request timeout, a 429 and a body that is not JSON', { timeout: 120_000 }, async () => {
    const port = await freePort();
    const webhookBot = startEntry('bot', {
      ...env,
      TELEGRAM_MODE: 'webhook',
      TELEGRAM_WEBHOOK_URL: `https://bot.example.org/telegram`,
      TELEGRAM_WEBHOOK_SECRET: 'right-secret',
      TELEGRAM_WEBHOOK_PORT: String(port),
    });
    processes.push(webhookBot);
    const chat = 9_100_007;
    const send = (body: string) =>
      fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'right-secret' }, body });
    const update = (updateId: number, text: string) =>
      JSON.stringify({ update_id: updateId, message: { message_id: updateId, date: Math.floor(Date.now() / 1000), chat: { id: chat, type: 'private' }, from: { id: chat, is_bot: false, first_name: 'X' }, text } });
    for (let attempt = 0; ; attempt++) {
      const probe = await send('{not json').catch(() => null);
      if (probe) {
        expect(probe.status).toBe(400);
        break;
      }
      if (attempt > 150) throw new Error('webhook server never came up');
      await new Promise((r) => setTimeout(r, 200));
    }
    // Twelve messages from one chat at once; replies leave at one a second per chat, and the first
    // reply meets a 429 asking for 3 s: the last update takes well over grammY's 10 s webhook timeout.
    telegram.failNext(1, { kind: 'flood', retryAfterSeconds: 3 });
    const statuses = await Promise.all(Array.from({ length: 12 }, (_, i) => send(update(910_000 + i, `hello ${i}`)).then((r) => r.status)));
    expect(statuses.every((status) => status === 200)).toBe(true);
    await telegram.waitForMessages(chat, 12, 60_000);
    expect(webhookBot.child.exitCode).toBeNull();
    expect(telegram.sentTo(chat)).toHaveLength(12);
    const after = await send(update(910_100, 'still there?'));
    expect(after.status).toBe(200);
    await telegram.waitForMessages(chat, 13, 30_000);
    await webhookBot.stop(10_000);
  });

  it('exits non-zero with a clear message when Telegram refuses the webhook, instead of serving half-configured', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const webhookBot = startEntry('bot', {
      ...env,
      TELEGRAM_MODE: 'webhook',
      TELEGRAM_WEBHOOK_URL: `http://bot.example.org/telegram`,
      TELEGRAM_WEBHOOK_SECRET: 'right-secret',
      TELEGRAM_WEBHOOK_PORT: String(port),
    });
    processes.push(webhookBot);
    const code = await new Promise<number | null>((resolve) => webhookBot.child.once('exit', (c) => resolve(c)));
    expect(code).not.toBe(0);
    expect(code).not.toBeNull();
    expect(webhookBot.output()).toMatch(/error: .*(HTTPS|webhook)/i);
  });
});
