/**
 * kill -9 of the Telegram bot on the embedded default, PGlite inside the bot process: every message
 * the fake Bot API saw confirmed is stored, in order, and every danger sign referred.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/infra/config/config.js';
import { applyMigrations, readMigrations } from '../../../src/infra/db/migrate.js';
import { openDatabase } from '../../../src/infra/db/open-database.js';
import { createIngestStore } from '../../../src/infra/db/stores/ingest-run-store.js';
import { createStaffMember } from '../../../src/infra/db/stores/people-store.js';
import { loadSampleCorpus } from '../../../src/ingest/load-sample-corpus.js';
import { MIGRATIONS_DIR } from '../../support/test-database.js';
import { inviteWorker } from '../../support/enrollment.js';
import { startEntry } from '../../support/processes.js';
import { DANGER_TEXT, scriptFor, URGENT, useFaultRig, waitUntil } from './fault-rig.js';

describe('the Telegram bot killed with -9 on the embedded database', () => {
  const rig = useFaultRig({ firstChatId: 9_500_000 });

  it('loses no message over two kill -9s on the embedded default (PGlite in the bot process)', { timeout: 420_000 }, async () => {
    const embeddedDir = await mkdtemp(join(tmpdir(), 'bot-faults-embedded-'));
    try {
      const location = loadConfig({ DATA_DIR: embeddedDir }).database;
      let db = await openDatabase(location);
      await applyMigrations(db.sql, await readMigrations(MIGRATIONS_DIR));
      await loadSampleCorpus(createIngestStore(db));
      const supervisor = await createStaffMember(db, { role: 'supervisor', name: 'Supervisor', email: 'embedded@example.org' });
      const chats = Array.from({ length: 4 }, () => rig.newChatId());
      const codes: string[] = [];
      for (const chatId of chats) codes.push((await inviteWorker(db, { displayName: `CHW ${chatId}`, supervisorId: supervisor })).code);
      await db.close();
      const embeddedEnv = { ...rig.env, DATABASE_URL: '', DATA_DIR: embeddedDir };
      const start = async () => {
        const bot = startEntry('bot', embeddedEnv);
        rig.processes.push(bot);
        await rig.telegram.waitForPoll(60_000);
        return bot;
      };
      let bot = await start();
      chats.forEach((chatId, i) => rig.telegram.pushTextMessage({ chatId, fromId: chatId, text: `/start ${codes[i]}` }));
      for (const chatId of chats) await rig.telegram.waitForMessages(chatId, 1, 60_000);
      const script = scriptFor(chats, 25);
      const killer = (async () => {
        for (let kill = 0; kill < 2; kill++) {
          await sleep(1_500 + Math.random() * 2_500);
          await bot.kill();
          bot = await start();
        }
      })();
      for (let round = 0; round < 25; round++) {
        for (const [chatId, texts] of script) rig.telegram.pushTextMessage({ chatId, fromId: chatId, text: texts[round] as string });
        await sleep(150);
      }
      await killer;
      await waitUntil(async () => rig.telegram.pendingUpdates().length === 0, 60_000, 'every update confirmed');
      // The embedded database has one owner, so the bot runs until every danger sign's referral has
      // reached the chat (a chat stranded by a kill resumes after its lock lease), then stops, and the
      // test reads what it stored.
      const dangerSigns = [...script.values()].flat().filter((text) => text.includes(DANGER_TEXT)).length;
      await waitUntil(async () => chats.reduce((n, chatId) => n + rig.telegram.sentTo(chatId).filter((m) => URGENT.test(m.text)).length, 0) >= dangerSigns, 120_000, 'every danger sign referred');
      await bot.stop(30_000);
      db = await openDatabase(location);
      try {
        const stored = async (chatId: number) =>
          (
            await db.sql.query<{ text: string }>(
              `SELECT m.text FROM messages m JOIN chats c ON c.id = m.chat_id
                WHERE c.external_chat_id = $1 AND m.direction = 'inbound' AND m.text NOT LIKE '/start %' ORDER BY m.seq`,
              [String(chatId)],
            )
          ).map((r) => r.text);
        for (const [chatId, texts] of script) expect(await stored(chatId)).toEqual(texts);
        const unreferred = await db.sql.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM messages m
            WHERE m.direction = 'inbound' AND m.text LIKE $1
              AND NOT EXISTS (SELECT 1 FROM messages o WHERE o.idempotency_key = 'urgent:' || m.id::text AND o.reply_kind = 'urgent')`,
          [`%${DANGER_TEXT}%`],
        );
        expect(unreferred[0]?.n).toBe(0);
      } finally {
        await db.close();
      }
    } finally {
      await rm(embeddedDir, { recursive: true, force: true });
    }
  });
});
