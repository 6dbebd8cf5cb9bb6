/**
 * kill -9 of the Telegram bot at random moments while 200 messages arrive, by long polling and by
 * webhook, on a database the processes share. What it asserts is what a health worker would notice: no
 * message lost, a chat's messages kept in order, every danger sign referred.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { newInviteCode } from '../../../src/consult/enrollment/invite-code.js';
import { inviteWorker } from '../../support/enrollment.js';
import { freePort, startEntry } from '../../support/processes.js';
import { startSharedDatabase } from '../../support/shared-database.js';
import { scriptFor, useFaultRig, waitUntil } from './fault-rig.js';

describe('the Telegram bot killed with -9 mid-backlog (long polling and webhook)', () => {
  const rig = useFaultRig({ database: startSharedDatabase, firstChatId: 9_300_000 });

  it('loses no message over three kill -9s during 200 messages by long polling, keeps each chat in order and refers each danger sign', { timeout: 420_000 }, async () => {
    let bot = await rig.startPolling();
    const chats = await rig.enrolChats(8);
    const script = scriptFor(chats, 25);
    const killer = (async () => {
      for (let kill = 0; kill < 3; kill++) {
        await sleep(1_500 + Math.random() * 2_500);
        await bot.kill();
        await sleep(300);
        bot = await rig.startPolling();
      }
    })();
    for (let round = 0; round < 25; round++) {
      for (const [chatId, texts] of script) rig.telegram.pushTextMessage({ chatId, fromId: chatId, text: texts[round] as string });
      await sleep(150);
    }
    await killer;
    await rig.expectNothingLost(script);
    await bot.stop(20_000);
  });

  it('loses no message over three kill -9s during 200 messages by webhook: a 200 means stored', { timeout: 420_000 }, async () => {
    const port = await freePort();
    const webhookEnv = { ...rig.env, TELEGRAM_MODE: 'webhook', TELEGRAM_WEBHOOK_URL: 'https://bot.example.org/telegram', TELEGRAM_WEBHOOK_SECRET: 'fault-secret', TELEGRAM_WEBHOOK_PORT: String(port) };
    const startWebhook = async () => {
      const bot = startEntry('bot', webhookEnv);
      rig.processes.push(bot);
      // Serving once a GET is refused with 405.
      await waitUntil(async () => (await fetch(`http://127.0.0.1:${port}/`).then((r) => r.status).catch(() => 0)) === 405, 60_000, 'the webhook server');
      return bot;
    };
    let bot = await startWebhook();
    let updateId = 950_000;
    let messageId = 1;
    // Plays Telegram: one chat's updates one after another, each sent again until it is answered 200.
    const deliver = async (chatId: number, text: string) => {
      const body = JSON.stringify({ update_id: updateId++, message: { message_id: messageId++, date: Math.floor(Date.now() / 1000), chat: { id: chatId, type: 'private' }, from: { id: chatId, is_bot: false, first_name: 'X' }, text } });
      for (let attempt = 0; attempt < 600; attempt++) {
        const status = await fetch(`http://127.0.0.1:${port}/`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-telegram-bot-api-secret-token': 'fault-secret' }, body })
          .then((r) => r.status)
          .catch(() => 0);
        if (status === 200) return;
        await sleep(200);
      }
      throw new Error('an update was never answered 200');
    };
    const chats = Array.from({ length: 8 }, () => rig.newChatId());
    for (const chatId of chats) {
      const code = newInviteCode();
      await inviteWorker(rig.shared.db, { displayName: `CHW ${chatId}`, supervisorId: rig.supervisorId, code });
      await deliver(chatId, `/start ${code}`);
    }
    const script = scriptFor(chats, 25);
    let done = false;
    const killer = (async () => {
      // Each kill comes once a backlog has built up in the chats (replies go at one a second per chat).
      for (let kill = 0; kill < 3 && !done; kill++) {
        await sleep(5_000 + Math.random() * 4_000);
        await bot.kill();
        await sleep(300);
        bot = await startWebhook();
      }
    })();
    // Telegram opens several connections at once: a chat's updates arrive while its earlier ones are
    // still being answered.
    await Promise.all(
      [...script].flatMap(([chatId, texts]) =>
        texts.map(async (text, i) => {
          await sleep(i * 60);
          await deliver(chatId, text);
        }),
      ),
    );
    done = true;
    await killer;
    // Updates sent again after a kill arrive after later ones, so only completeness is asserted here.
    await waitUntil(async () => (await rig.unhandled(chats)) === 0, 180_000, 'every stored message handled');
    for (const [chatId, texts] of script) expect([...(await rig.storedTexts(chatId))].sort()).toEqual([...texts].sort());
    expect(await rig.unreferredDangerMessages(chats)).toBe(0);
    await bot.stop(20_000);
  });
});
