import { spawn } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../src/infra/config/config.js';
import { openMigratedDatabase } from '../../../src/entry/runtime.js';
import { createStaffMember } from '../../../src/infra/db/stores/people-store.js';
import { FAKE_TELEGRAM_TOKEN, FakeTelegramServer } from '../../fakes/fake-telegram-server.js';
import { inviteWorker } from '../../support/enrollment.js';
import { startEntry, type RunningProcess } from '../../support/processes.js';
import { entryArgs } from '../../support/entry-command.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Runs an entry point to completion; resolves with its exit code and output. */
function runEntry(name: string, args: string[], env: Record<string, string>): Promise<{ code: number | null; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [...entryArgs(name), ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d: Buffer) => (output += d.toString()));
    child.stderr.on('data', (d: Buffer) => (output += d.toString()));
    child.once('exit', (code) => resolve({ code, output }));
  });
}

describe('the bot on the embedded database: a second process on the same data dir cannot lose data', () => {
  const telegram = new FakeTelegramServer({ chatRateLimit: false });
  let root: string;
  let env: Record<string, string>;
  let bot: RunningProcess;
  let code: string;

  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'bot-datadir-'));
    // The embedded default, as `npm run bot` runs it with only a token set.
    const { url } = await telegram.start();
    env = { DATA_DIR: root, DATABASE_URL: '', SENDER_HASH_SECRET: '', REDIS_URL: '', TELEGRAM_BOT_TOKEN: FAKE_TELEGRAM_TOKEN, TELEGRAM_API_ROOT: url };
    const { db } = await openMigratedDatabase(loadConfig(env));
    try {
      const supervisorId = await createStaffMember(db, { role: 'supervisor', name: 'Supervisor', email: 'owner@example.org' });
      code = (await inviteWorker(db, { displayName: 'CHW', supervisorId })).code;
    } finally {
      await db.close();
    }
    bot = startEntry('bot', env);
    await telegram.waitForPoll(120_000);
  }, 240_000);

  afterAll(async () => {
    await bot?.stop(15_000);
    await telegram.close();
    await rm(root, { recursive: true, force: true });
  }, 60_000);

  it('refuses `admin enroll` with exit code 78 while the bot runs; every message the bot received is still there', async () => {
    const chatId = 9_300_001;
    telegram.pushTextMessage({ chatId, fromId: chatId, text: `/start ${code}` });
    await telegram.waitForMessages(chatId, 1, 60_000);
    const texts = ['3 year old boy, 14 kg', 'fever for 2 days', 'no cough', 'RDT positive', 'eating well', 'no vomiting'];
    // Messages arrive while the second process starts: with two writers these were the rows lost.
    for (const text of texts.slice(0, 3)) telegram.pushTextMessage({ chatId, fromId: chatId, text });
    const admin = runEntry('admin', ['enroll', '--name', 'Second', '--supervisor', 'owner@example.org'], env);
    for (const text of texts.slice(3)) telegram.pushTextMessage({ chatId, fromId: chatId, text });
    const refused = await admin;
    expect(refused.code).toBe(78);
    expect(refused.output).toContain(`in use by process ${bot.child.pid}`);
    expect(refused.output).toMatch(/Stop that process and run the command again, or set DATABASE_URL/);

    // Every message is answered, the bot still up; then it stops cleanly and the data dir holds them all.
    await telegram.waitForMessages(chatId, 1 + texts.length, 120_000);
    expect(bot.child.exitCode).toBeNull();
    expect(await bot.stop(30_000)).toBe(0);

    const { db } = await openMigratedDatabase(loadConfig(env));
    try {
      const inbound = await db.sql.query<{ text: string; seq: number }>(
        `SELECT m.text, m.seq FROM messages m JOIN chats c ON c.id = m.chat_id WHERE c.external_chat_id = $1 AND m.direction = 'inbound' ORDER BY m.seq`,
        [String(chatId)],
      );
      expect(inbound.map((row) => row.text).sort()).toEqual([...texts].sort());
      expect(new Set(inbound.map((row) => row.seq)).size).toBe(texts.length);
      expect(await db.sql.query(`SELECT display_name FROM health_workers ORDER BY display_name`)).toEqual([{ display_name: 'CHW' }]);
    } finally {
      await db.close();
    }
  }, 300_000);
});
