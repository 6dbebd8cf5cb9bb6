/**
 * What the Telegram fault suites share: the fake Bot API, the bot processes they start and kill, and
 * the questions they ask the database afterwards (what was stored, what is still unhandled, which
 * danger sign went unreferred). With `database`, one database the processes share, reached through a
 * TCP proxy a test can cut.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, afterEach, beforeAll, expect } from 'vitest';
import { newInviteCode } from '../../../src/consult/enrollment/invite-code.js';
import { createStaffMember } from '../../../src/infra/db/stores/people-store.js';
import { inviteWorker, TEST_SENDER_HASH_SECRET } from '../../support/enrollment.js';
import { FAKE_TELEGRAM_TOKEN, FakeTelegramServer } from '../../fakes/fake-telegram-server.js';
import { startEntry, type RunningProcess } from '../../support/processes.js';
import type { startSharedDatabase } from '../../support/shared-database.js';
import { startTcpProxy, type TcpProxy } from '../../support/tcp-proxy.js';

export const URGENT = /^URGENT: danger sign/;
export const DANGER_TEXT = 'he had convulsions this morning';

type SharedDatabase = Awaited<ReturnType<typeof startSharedDatabase>>;

export interface FaultRig {
  telegram: FakeTelegramServer;
  shared: SharedDatabase;
  proxy: TcpProxy;
  /** The bot's environment: the proxied shared database when there is one. */
  env: Record<string, string>;
  supervisorId: string;
  /** Killed after each test, so a failed test's bot does not take the next test's updates. */
  processes: RunningProcess[];
  newChatId(): number;
  startPolling(): Promise<RunningProcess>;
  enrolChats(count: number): Promise<number[]>;
  storedTexts(chatId: number): Promise<string[]>;
  unreferredDangerMessages(chats: number[]): Promise<number>;
  unhandled(chats: number[]): Promise<number>;
  expectNothingLost(script: Map<number, string[]>): Promise<void>;
}

export async function waitUntil(check: () => Promise<boolean>, timeoutMs: number, what: string): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await sleep(500);
  }
}

/** Each chat's messages for `rounds` rounds, a danger sign in half the chats midway. */
export function scriptFor(chats: number[], rounds: number): Map<number, string[]> {
  return new Map(chats.map((chatId, c) => [chatId, Array.from({ length: rounds }, (_, r) => (r === Math.floor(rounds / 2) && c % 2 === 0 ? `${DANGER_TEXT} (${r})` : `note ${r}: 4 year old boy, fever`))]));
}

/** Registers the suite's hooks; the rig's fields are set once beforeAll has run. */
export function useFaultRig(options: { database?: typeof startSharedDatabase; firstChatId: number }): FaultRig {
  let nextChat = options.firstChatId;
  let dataDir = '';
  const rig = {
    telegram: new FakeTelegramServer({ chatRateLimit: false }),
    env: {},
    supervisorId: '',
    processes: [],
    newChatId: () => nextChat++,
  } as unknown as FaultRig;
  const sql = () => rig.shared.db.sql;

  beforeAll(async () => {
    const { url } = await rig.telegram.start();
    dataDir = await mkdtemp(join(tmpdir(), 'bot-faults-'));
    rig.env = { SENDER_HASH_SECRET: TEST_SENDER_HASH_SECRET, TELEGRAM_BOT_TOKEN: FAKE_TELEGRAM_TOKEN, TELEGRAM_API_ROOT: url, DATA_DIR: dataDir, TELEGRAM_SEND_TIMEOUT_SECONDS: '2' };
    if (options.database) {
      rig.shared = await options.database();
      rig.proxy = await startTcpProxy(rig.shared.url);
      rig.supervisorId = await createStaffMember(rig.shared.db, { role: 'supervisor', name: 'Supervisor', email: 'faults@example.org' });
      rig.env = { ...rig.env, DATABASE_URL: rig.proxy.url, DATABASE_POOL_SIZE: '4' };
    }
  }, 120_000);

  afterEach(async () => {
    for (const p of rig.processes.splice(0)) await p.kill();
  }, 60_000);

  afterAll(async () => {
    await rig.telegram.close();
    await rig.proxy?.close();
    await rig.shared?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  rig.startPolling = async () => {
    const bot = startEntry('bot', rig.env);
    rig.processes.push(bot);
    await rig.telegram.waitForPoll(60_000);
    return bot;
  };

  rig.enrolChats = async (count) => {
    const chats = Array.from({ length: count }, () => nextChat++);
    for (const chatId of chats) {
      const code = newInviteCode();
      await inviteWorker(rig.shared.db, { displayName: `CHW ${chatId}`, supervisorId: rig.supervisorId, code });
      rig.telegram.pushTextMessage({ chatId, fromId: chatId, text: `/start ${code}` });
    }
    for (const chatId of chats) await rig.telegram.waitForMessages(chatId, 1, 60_000);
    return chats;
  };

  rig.storedTexts = async (chatId) => {
    const rows = await sql().query<{ text: string }>(
      `SELECT m.text FROM messages m JOIN chats c ON c.id = m.chat_id
        WHERE c.external_chat_id = $1 AND m.direction = 'inbound' AND m.text NOT LIKE '/start %' ORDER BY m.seq`,
      [String(chatId)],
    );
    return rows.map((r) => r.text);
  };

  rig.unreferredDangerMessages = async (chats) => {
    const rows = await sql().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages m JOIN chats c ON c.id = m.chat_id
        WHERE c.external_chat_id = ANY($1) AND m.direction = 'inbound' AND m.text LIKE $2
          AND NOT EXISTS (SELECT 1 FROM messages o WHERE o.idempotency_key = 'urgent:' || m.id::text AND o.reply_kind = 'urgent')`,
      [chats.map(String), `%${DANGER_TEXT}%`],
    );
    return rows[0]?.n ?? -1;
  };

  rig.unhandled = async (chats) => {
    const rows = await sql().query<{ n: number }>(
      `SELECT count(*)::int AS n FROM messages m JOIN chats c ON c.id = m.chat_id
        WHERE c.external_chat_id = ANY($1) AND m.direction = 'inbound' AND m.processed_at IS NULL`,
      [chats.map(String)],
    );
    return rows[0]?.n ?? -1;
  };

  rig.expectNothingLost = async (script) => {
    const chats = [...script.keys()];
    await waitUntil(async () => (await rig.unhandled(chats)) === 0 && rig.telegram.pendingUpdates().length === 0, 180_000, 'every stored message handled');
    let lost = 0;
    for (const [chatId, texts] of script) {
      const stored = await rig.storedTexts(chatId);
      lost += texts.filter((t) => !stored.includes(t)).length;
      // Order kept, and each message stored once.
      expect(stored).toEqual(texts);
    }
    expect(lost).toBe(0);
    expect(await rig.unreferredDangerMessages(chats)).toBe(0);
  };

  return rig;
}
