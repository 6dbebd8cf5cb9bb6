/**
 * bench:channels - inbound messages per second and update-to-reply latency through the fake Telegram
 * Bot API, driving the real `npm run bot` process (long polling, in-process jobs) over a shared
 * database, with a zero-latency Claude (the fake Anthropic server; --offline: the offline protocol
 * mode, no LLM at all). N enrolled health workers run consults at once, in two phases:
 *   A back-to-back: each sends its next message the moment its reply arrives. The bot's per-chat pacing
 *     (1 message/s in a chat, 30/s overall, src/bot/delivery/rate-scheduler.ts) then sets the pace.
 *   B with think time: each waits long enough after the bot's last message that neither the per-chat
 *     nor the global bucket has to wait, so the latency is the bot's own work (the baseline for A).
 * Prints numbers, asserts no timing.
 *
 *   tsx bench/channels.ts [--chws 50] [--consults 1] [--quick] [--offline]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { newInviteCode } from '../src/consult/enrollment/invite-code.js';
import { createStaffMember } from '../src/infra/db/stores/people-store.js';
import { inviteWorker, TEST_SENDER_HASH_SECRET } from '../test/support/enrollment.js';
import { FAKE_ANTHROPIC_API_KEY, FakeAnthropicServer } from '../test/fakes/fake-anthropic-server.js';
import { FAKE_TELEGRAM_TOKEN, FakeTelegramServer } from '../test/fakes/fake-telegram-server.js';
import { startEntry, type RunningProcess } from '../test/support/processes.js';
import { startSharedDatabase } from '../test/support/shared-database.js';
import { consultScript } from './support/chw-script.js';
import { formatTable, num, ratio, type TableRow } from './support/format-table.js';
import { percentile } from './support/percentile.js';
import { scriptedConsultResponder } from './support/scripted-consult-llm.js';
import { benchArgs } from './support/bench-args.js';

const flags = benchArgs(
  'npm run bench:channels',
  'Inbound messages per second and update-to-reply latency of the real bot process over the fake Telegram Bot API (prints numbers, asserts no timing).',
  {
    chws: 'simulated health workers consulting at once (default 50)',
    consults: 'consults each (default 1)',
    quick: 'a short run',
    offline: 'the offline protocol mode instead of the fake Claude',
  },
  {
    options: {
      chws: { type: 'string' },
      consults: { type: 'string' },
      quick: { type: 'boolean', default: false },
      offline: { type: 'boolean', default: false },
    },
  },
);

/** Longest wait for one reply before the run is declared broken. */
const WAIT_MS = 120_000;
/** TELEGRAM_RATE_LIMITS in src/bot/delivery/rate-scheduler.ts: one message per second in a chat... */
const PER_CHAT_INTERVAL_MS = 1_000;
/** ...and thirty per second for the bot. */
const GLOBAL_PER_SECOND = 30;
const FIRST_CHAT_ID = 8_100_000;

interface Sample {
  /** Update pushed until the first reply of the turn reached the Bot API (ms). */
  latency: number;
  /** The least the per-chat bucket alone forced: 1 s after the bot's previous message in this chat. */
  pacingFloor: number;
}

interface PhaseResult {
  label: string;
  messages: Sample[];
  /** Interview-ending message until the plan reached the Bot API (ms). */
  plans: number[];
  wallMs: number;
  /** sendMessage calls the fake accepted during the phase. */
  outbound: number;
}

async function main(): Promise<void> {
  const chws = positive(flags.chws, flags.quick ? 5 : 50, '--chws');
  const consultsEach = positive(flags.consults, 1, '--consults');
  const llm = !flags.offline;
  // Think time for phase B: the chat's bucket is full again after 1 s, and N chats at one message per
  // think time stay under the global 30/s (with room for the plan's second message).
  const thinkMs = Math.max(PER_CHAT_INTERVAL_MS + 100, Math.ceil((chws / (GLOBAL_PER_SECOND * 0.8)) * 1000));

  const telegram = new FakeTelegramServer({ chatRateLimit: false });
  const anthropic = llm ? new FakeAnthropicServer({ responder: scriptedConsultResponder }) : undefined;
  // DATABASE_URL: a fresh database on that PostgreSQL server (dropped after); otherwise PGlite served over the wire.
  const serverUrl = process.env.DATABASE_URL || undefined;
  const shared = await startSharedDatabase(serverUrl);
  process.stdout.write(`database: ${serverUrl ? `PostgreSQL ${new URL(serverUrl).host} (DATABASE_URL), fresh database, dropped after` : 'embedded PGlite over pglite-socket (set DATABASE_URL to run on PostgreSQL)'}\n`);
  const dataDir = await mkdtemp(join(tmpdir(), 'bench-channels-'));
  let bot: RunningProcess | undefined;
  try {
    // One extra health worker runs a warm-up consult before anything is measured.
    const codes = await enrol(shared.db, chws + 1);
    const { url: apiRoot } = await telegram.start();
    const anthropicUrl = anthropic ? (await anthropic.start()).url : undefined;
    bot = startEntry('bot', {
      DATABASE_URL: shared.url,
      SENDER_HASH_SECRET: TEST_SENDER_HASH_SECRET,
      // One connection: pglite-socket interleaves extended-protocol messages of concurrent connections
      // (electric-sql/pglite#1046: "portal does not exist", wrong bind parameters). PGlite runs one
      // query at a time anyway, so this costs the bot little.
      DATABASE_POOL_SIZE: serverUrl ? '10' : '1',
      TELEGRAM_BOT_TOKEN: FAKE_TELEGRAM_TOKEN,
      TELEGRAM_API_ROOT: apiRoot,
      DATA_DIR: dataDir,
      // Set explicitly so nothing inherited from the shell changes the set-up being measured.
      REDIS_URL: '',
      ANTHROPIC_API_KEY: anthropic ? FAKE_ANTHROPIC_API_KEY : '',
      ANTHROPIC_BASE_URL: anthropicUrl ?? '',
      EMBEDDING_BASE_URL: '',
      EMBEDDING_MODEL: '',
      EMBEDDING_API_KEY: '',
    });
    const exited = new Promise<never>((_, reject) =>
      bot?.child.once('exit', (code) => reject(new Error(`the bot exited (code ${code}):\n${bot?.output().slice(-2000)}`))),
    );
    exited.catch(() => undefined);
    await Promise.race([telegram.waitForPoll(120_000), exited]);

    // Enrolment (/start CODE) and a warm-up consult: not measured.
    await Promise.race([Promise.all(codes.map((code, i) => say(telegram, FIRST_CHAT_ID + i, `/start ${code}`, 1))), exited]);
    await Promise.race([runConsults(telegram, { chatId: FIRST_CHAT_ID + chws, index: chws, consults: 1, firstEver: true, llm, thinkMs: 0 }), exited]);

    const phases: PhaseResult[] = [];
    for (const [label, think] of [
      ['A back-to-back', 0],
      [`B think ${num(thinkMs / 1000, 1)} s`, thinkMs],
    ] as const) {
      // Let every chat's bucket and the global one refill between phases.
      await sleep(Math.max(PER_CHAT_INTERVAL_MS, thinkMs) + 200);
      const sentBefore = telegram.allSent().length;
      const messages: Sample[] = [];
      const plans: number[] = [];
      const started = Date.now();
      await Promise.race([
        Promise.all(
          Array.from({ length: chws }, (_, i) =>
            runConsults(telegram, { chatId: FIRST_CHAT_ID + i, index: i, consults: consultsEach, firstEver: phases.length === 0, llm, thinkMs: think }, { messages, plans }),
          ),
        ),
        exited,
      ]);
      const wallMs = Date.now() - started;
      phases.push({ label, messages, plans, wallMs, outbound: telegram.allSent().length - sentBefore });
    }
    const botErrors = (bot.output().match(/"level":50/g) ?? []).length;
    print(phases, { chws, consultsEach, llm, llmCalls: anthropic?.answered.length ?? 0, botErrors });
    if (anthropic && anthropic.handlerErrors.length > 0) throw new Error(`the fake LLM's script failed: ${anthropic.handlerErrors[0]?.message}`);
  } catch (error) {
    if (bot) process.stderr.write(`last bot output:\n${bot.output().slice(-3000)}\n`);
    throw error;
  } finally {
    await bot?.stop(15_000);
    await telegram.close();
    await anthropic?.close();
    await shared.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

/** Enrolls `count` health workers under one supervisor; returns their invite codes. */
async function enrol(db: Awaited<ReturnType<typeof startSharedDatabase>>['db'], count: number): Promise<string[]> {
  const supervisorId = await createStaffMember(db, { role: 'supervisor', name: 'Bench Supervisor', email: `bench-${process.pid}@example.org` });
  const codes: string[] = [];
  for (let i = 0; i < count; i++) {
    const code = newInviteCode();
    await inviteWorker(db, { displayName: `Bench CHW ${i}`, supervisorId, code });
    codes.push(code);
  }
  return codes;
}

/** Sends one text and waits until the chat has `replies` more messages from the bot. */
async function say(telegram: FakeTelegramServer, chatId: number, text: string, replies: number) {
  const before = telegram.sentTo(chatId).length;
  const pushedAt = Date.now();
  telegram.pushTextMessage({ chatId, fromId: chatId, text });
  const sent = await telegram.waitForMessages(chatId, before + replies, WAIT_MS);
  return { pushedAt, previous: sent[before - 1], replies: sent.slice(before, before + replies) };
}

/** One health worker's consults; each message goes when the last reply is in and `thinkMs` has passed since it. */
async function runConsults(
  telegram: FakeTelegramServer,
  who: { chatId: number; index: number; consults: number; firstEver: boolean; llm: boolean; thinkMs: number },
  into: { messages: Sample[]; plans: number[] } = { messages: [], plans: [] },
): Promise<void> {
  for (let k = 0; k < who.consults; k++) {
    const script = consultScript({ llm: who.llm, first: who.firstEver && k === 0, ageYears: 20 + (who.index % 60), feverDays: 1 + ((who.index + k) % 6) });
    for (const step of script) {
      const last = telegram.sentTo(who.chatId).at(-1);
      const wait = last ? last.sentAt + who.thinkMs - Date.now() : 0;
      if (wait > 0) await sleep(wait);
      const { pushedAt, previous, replies } = await say(telegram, who.chatId, step.text, step.replies);
      const first = replies[0];
      if (!first) throw new Error(`chat ${who.chatId}: no reply to "${step.text}"`);
      const pacingFloor = previous ? Math.max(0, previous.sentAt + PER_CHAT_INTERVAL_MS - pushedAt) : 0;
      into.messages.push({ latency: first.sentAt - pushedAt, pacingFloor });
      if (step.endsInterview) {
        const plan = replies[1];
        if (!plan || !/Sources/.test(plan.text)) throw new Error(`chat ${who.chatId}: the second reply after the interview is not a plan: ${plan?.text.slice(0, 80) ?? 'none'}`);
        into.plans.push(plan.sentAt - pushedAt);
      }
    }
  }
}

function print(phases: PhaseResult[], run: { chws: number; consultsEach: number; llm: boolean; llmCalls: number; botErrors: number }): void {
  const stats = (p: PhaseResult) => {
    const latency = p.messages.map((m) => m.latency);
    return {
      msgsPerSecond: p.messages.length / (p.wallMs / 1000),
      outPerSecond: p.outbound / (p.wallMs / 1000),
      p50: percentile(latency, 50),
      p95: percentile(latency, 95),
      floor95: percentile(p.messages.map((m) => m.pacingFloor), 95),
      above95: percentile(p.messages.map((m) => m.latency - m.pacingFloor), 95),
      plan50: percentile(p.plans, 50),
      plan95: percentile(p.plans, 95),
    };
  };
  const rows: TableRow[] = phases.map((p) => {
    const s = stats(p);
    return [
      p.label,
      num(p.messages.length),
      num(s.msgsPerSecond, 1),
      num(s.outPerSecond, 1),
      num(s.p50, 0),
      num(s.p95, 0),
      num(s.floor95, 0),
      num(s.above95, 0),
      num(s.plan50, 0),
      num(s.plan95, 0),
    ];
  });
  const [a, b] = phases;
  if (a && b) {
    const sa = stats(a);
    const sb = stats(b);
    rows.push(['A/B', '', ratio(sa.msgsPerSecond, sb.msgsPerSecond), ratio(sa.outPerSecond, sb.outPerSecond), ratio(sa.p50, sb.p50), ratio(sa.p95, sb.p95), '', '', ratio(sa.plan50, sb.plan50), ratio(sa.plan95, sb.plan95)]);
  }
  const mode = run.llm ? 'zero-latency fake LLM' : 'offline protocol mode (no LLM)';
  const title = `Telegram via the fake Bot API, npm run bot (in-process jobs), ${mode}: ${run.chws} CHWs x ${run.consultsEach} consult(s) per phase`;
  const header = ['phase', 'messages', 'msgs/s', 'out msgs/s', 'p50 ms', 'p95 ms', 'pacing floor p95', 'above floor p95', 'plan p50 ms', 'plan p95 ms'];
  process.stdout.write(`${formatTable(title, header, rows)}\n`);
  process.stdout.write(
    [
      'latency: update pushed to the fake Bot API until the first reply of the turn reached it (long poll, gate, consult turn, pacing, sendMessage).',
      `pacing floor: per message, the least the per-chat bucket forced (${PER_CHAT_INTERVAL_MS} ms after the bot's previous message in that chat);`,
      `  above floor: latency minus that floor. The global bucket (${GLOBAL_PER_SECOND} msgs/s) adds waits this does not separate: out msgs/s near ${GLOBAL_PER_SECOND} means it was the limit.`,
      'plan: interview-ending message until the Assessment & Plan arrived; it follows the turn reply in the same chat, so it always includes one per-chat interval.',
      `phase B waits after each bot message so neither bucket has to wait: its latency is the bot's own work, the baseline for A.`,
      run.llm ? `LLM calls answered by the fake: ${run.llmCalls}` : 'LLM: none (offline protocol mode)',
      `bot error log lines: ${run.botErrors}`,
    ].join('\n') + '\n',
  );
}

function positive(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${flag} must be a whole number of at least 1`);
  return n;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:channels failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
