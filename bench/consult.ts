/**
 * bench:consult - turns per second and turn latency (receiveInbound until the reply is sent) for N
 * simulated health workers running complete consults at once, with a zero-latency Claude (the fake
 * Anthropic server, reached through the real adapters), and the "interview ends -> plan delivered"
 * latency. Two configurations in one run, wired by buildConsultRuntime as the processes wire them:
 *   (a) embedded default: PGlite on disk, in-process job runner, all in this process;
 *   (b) Redis-backed jobs: the same with REDIS_URL set, an enqueue-only runtime for the engine and a
 *       BullMQ worker runtime in this process.
 * Prints numbers (and (b)/(a) ratios), asserts no timing.
 *
 *   tsx bench/consult.ts [--chws 20] [--consults 2] [--rounds 2] [--quick] [--skip-redis]
 *
 * --quick: 3 CHWs, 1 consult each, 1 round.
 * --skip-redis: run (a) alone when Redis is unreachable (otherwise that is an error).
 * Redis: BENCH_REDIS_URL, else TEST_REDIS_URL, else redis://127.0.0.1:6379.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { receiveInbound, type ConsultEngineDeps } from '../src/consult/consult-engine.js';
import type { InboundMessage } from '../src/consult/messages.js';
import { buildConsultRuntime, type ConsultRuntime } from '../src/entry/consult-runtime.js';
import { loggerFor, openMigratedDatabase } from '../src/entry/runtime.js';
import { loadConfig } from '../src/infra/config/config.js';
import type { SqlSession } from '../src/infra/db/sql-session.js';
import { loadSampleCorpusIfEmpty } from '../src/ingest/load-sample-corpus.js';
import { createIngestStore } from '../src/infra/db/stores/ingest-run-store.js';
import { FAKE_ANTHROPIC_API_KEY, FakeAnthropicServer } from '../test/fakes/fake-anthropic-server.js';
import { consultScript } from './support/chw-script.js';
import { formatTable, num, ratio, type TableRow } from './support/format-table.js';
import { percentile } from './support/percentile.js';
import { RecordingMessenger } from './support/recording-messenger.js';
import { createFreshPostgresDatabase } from '../test/support/postgres-server.js';
import { benchRedisUrl, deleteRedisPrefix, redisReachable } from './support/redis-probe.js';
import { scriptedConsultResponder } from './support/scripted-consult-llm.js';
import { benchArgs } from './support/bench-args.js';

const flags = benchArgs(
  'npm run bench:consult',
  'Turns per second and turn latency for simulated health workers, embedded default against Redis-backed jobs (prints numbers, asserts no timing; Redis: BENCH_REDIS_URL, TEST_REDIS_URL or 127.0.0.1:6379).',
  {
    chws: 'simulated health workers at once (default 20)',
    consults: 'consults each (default 2)',
    rounds: 'measured rounds (default 2)',
    quick: '3 CHWs, 1 consult each, 1 round',
    'skip-redis': 'run the embedded default alone when Redis is unreachable',
  },
  {
    options: {
      chws: { type: 'string' },
      consults: { type: 'string' },
      rounds: { type: 'string' },
      quick: { type: 'boolean', default: false },
      'skip-redis': { type: 'boolean', default: false },
    },
  },
);

/** Longest wait for one reply or plan before the run is declared broken. */
const WAIT_MS = 120_000;
/** The bot process retries unsent replies this often (src/entry/bot.ts); the bench does the same. */
const OUTBOX_RETRY_MS = 5_000;
const LABEL_A = '(a) embedded: in-process jobs';
const LABEL_B = '(b) Redis: BullMQ jobs';

interface Samples {
  /** ms from receiveInbound to the turn's first reply leaving the engine. */
  turns: number[];
  /** ms from the interview-ending message to the plan leaving the engine. */
  plans: number[];
}

interface ConfigResult {
  label: string;
  consults: number;
  turns: number;
  wallMs: number;
  turnMs: number[];
  planMs: number[];
  llmCalls: number;
  planModes: Record<string, number>;
}

/** DATABASE_URL: the PostgreSQL server to run on (pgvector installed, a role allowed to CREATE DATABASE). */
const SERVER_URL = process.env.DATABASE_URL;

async function main(): Promise<void> {
  const chws = positive(flags.chws, flags.quick ? 3 : 20, '--chws');
  const consultsEach = positive(flags.consults, flags.quick ? 1 : 2, '--consults');
  const redisUrl = benchRedisUrl();
  const redisUp = await redisReachable(redisUrl);
  if (!redisUp && !flags['skip-redis']) throw new Error(`Redis is not reachable at ${redisUrl}: start it, or pass --skip-redis to run (a) alone`);

  process.stdout.write(`database: ${SERVER_URL ? `PostgreSQL ${new URL(SERVER_URL).host} (DATABASE_URL), a fresh database per configuration and round, dropped after` : 'embedded PGlite on disk (set DATABASE_URL to run on PostgreSQL)'}\n`);
  const anthropic = new FakeAnthropicServer({ responder: scriptedConsultResponder });
  const { url } = await anthropic.start();
  const root = await mkdtemp(join(tmpdir(), 'bench-consult-'));
  const rounds = positive(flags.rounds, flags.quick ? 1 : 2, '--rounds');
  // A fresh queue per round, under prefixes no one else uses; all deleted at the end.
  const runId = `bench-consult-${process.pid}-${Date.now()}`;
  const jobsPrefixes = Array.from({ length: rounds }, (_, round) => `${runId}-${round}`);
  const byLabel = new Map<string, ConfigResult>();
  try {
    const base = { ANTHROPIC_API_KEY: FAKE_ANTHROPIC_API_KEY, ANTHROPIC_BASE_URL: url, LOG_LEVEL: 'silent' };
    const options = { chws, consultsEach, anthropic };
    const configs = [{ label: LABEL_A, env: (round: number) => ({ ...base, DATA_DIR: join(root, `a${round}`) }) }];
    if (redisUp) {
      configs.push({ label: LABEL_B, env: (round) => ({ ...base, DATA_DIR: join(root, `b${round}`), REDIS_URL: redisUrl, JOBS_PREFIX: jobsPrefixes[round] ?? runId }) });
    }
    for (let round = 0; round < rounds; round++) {
      // Alternate the order, so neither configuration always runs on a colder or a more fragmented process.
      for (const config of round % 2 === 0 ? configs : [...configs].reverse()) {
        const result = await measure({ ...options, label: config.label, env: config.env(round) });
        byLabel.set(config.label, merge(byLabel.get(config.label), result));
      }
    }
  } finally {
    await anthropic.close();
    if (redisUp) for (const jobsPrefix of jobsPrefixes) await deleteRedisPrefix(redisUrl, jobsPrefix);
    await rm(root, { recursive: true, force: true });
  }
  const results = [LABEL_A, LABEL_B].flatMap((label) => byLabel.get(label) ?? []);
  print(results, { chws, consultsEach, rounds, redisUrl, redisUp });
  if (anthropic.handlerErrors.length > 0) throw new Error(`the fake LLM's script failed: ${anthropic.handlerErrors[0]?.message}`);
}

/** One configuration: its own database and runtimes, a warm-up consult, then the measured run. */
async function measure(options: {
  label: string;
  env: Record<string, string>;
  chws: number;
  consultsEach: number;
  anthropic: FakeAnthropicServer;
}): Promise<ConfigResult> {
  // With DATABASE_URL: a fresh database on that server for this run, never the one the URL names.
  const fresh = SERVER_URL ? await createFreshPostgresDatabase(SERVER_URL) : undefined;
  // A throwaway database: a fixed HMAC key is fine (config requires one with DATABASE_URL).
  const config = loadConfig(fresh ? { ...options.env, DATABASE_URL: fresh.url, SENDER_HASH_SECRET: 'bench-only-sender-hash-secret-0123456789' } : options.env);
  const logger = loggerFor(config);
  const { db } = await openMigratedDatabase(config).catch(async (error: unknown) => {
    await fresh?.drop();
    throw error;
  });
  const runtimes: ConsultRuntime[] = [];
  const failures: string[] = [];
  let retry: NodeJS.Timeout | undefined;
  try {
    await loadSampleCorpusIfEmpty(createIngestStore(db), { tokenBudget: config.guidelines.tokenBudget });
    const messenger = new RecordingMessenger();
    let engine: ConsultEngineDeps;
    if (config.redisUrl) {
      // As a bot process and a worker process would: the engine only enqueues, the worker runs plans.
      const worker = await buildConsultRuntime({ config, db, logger, messenger, runJobs: 'worker' });
      const front = await buildConsultRuntime({ config, db, logger, messenger, runJobs: 'enqueue-only' });
      runtimes.push(front, worker);
      engine = front.engine;
    } else {
      const embedded = await buildConsultRuntime({ config, db, logger, messenger, runJobs: 'auto' });
      runtimes.push(embedded);
      engine = embedded.engine;
    }
    for (const runtime of runtimes) {
      runtime.runner?.onFailed((failure) => failures.push(`${failure.name} ${failure.jobId} failed after ${failure.attempt} attempt(s)`));
      await runtime.runner?.start();
    }
    const front = runtimes[0] as ConsultRuntime;
    retry = setInterval(() => void front.resume().catch(() => undefined), OUTBOX_RETRY_MS);

    // Warm-up (JIT, prepared statements, HTTP keep-alive, BullMQ scripts): one consult, not counted.
    await runHealthWorker({ engine, messenger, chatId: 'warm-up', index: 0, consults: 1, samples: { turns: [], plans: [] } });

    const samples: Samples = { turns: [], plans: [] };
    const llmCallsBefore = options.anthropic.answered.length;
    const plansBefore = await planModes(db.sql);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: options.chws }, (_, i) =>
        runHealthWorker({ engine, messenger, chatId: String(7_000_000 + i), index: i, consults: options.consultsEach, samples }),
      ),
    );
    const wallMs = performance.now() - started;
    if (failures.length > 0) throw new Error(`${options.label}: ${failures.join('; ')}`);

    const modes = await planModes(db.sql);
    for (const [mode, count] of Object.entries(plansBefore)) modes[mode] = (modes[mode] ?? 0) - count;
    const consults = options.chws * options.consultsEach;
    const stored = Object.values(modes).reduce((sum, n) => sum + n, 0);
    if (stored !== consults || samples.plans.length !== consults) {
      throw new Error(`${options.label}: ${consults} consults but ${stored} plans stored and ${samples.plans.length} delivered`);
    }
    return {
      label: options.label,
      consults,
      turns: samples.turns.length,
      wallMs,
      turnMs: samples.turns,
      planMs: samples.plans,
      llmCalls: options.anthropic.answered.length - llmCallsBefore,
      planModes: modes,
    };
  } finally {
    clearInterval(retry);
    for (const runtime of runtimes) await runtime.close();
    await db.close();
    await fresh?.drop();
  }
}

/** One health worker: consults one after another, each message sent when the previous reply is in. */
async function runHealthWorker(options: {
  engine: ConsultEngineDeps;
  messenger: RecordingMessenger;
  chatId: string;
  index: number;
  consults: number;
  samples: Samples;
}): Promise<void> {
  const { engine, messenger, chatId, samples } = options;
  let messageNo = 0;
  for (let k = 0; k < options.consults; k++) {
    const script = consultScript({ llm: true, first: k === 0, ageYears: 20 + (options.index % 60), feverDays: 1 + ((options.index + k) % 6) });
    for (const step of script) {
      const before = messenger.sentTo(chatId).length;
      const inbound: InboundMessage = {
        channel: 'telegram',
        chatId,
        messageId: `${chatId}:${++messageNo}`,
        senderId: chatId,
        chatType: 'private',
        text: step.text,
        receivedAt: new Date(),
      };
      const started = performance.now();
      await receiveInbound(engine, inbound, null);
      const sent = await messenger.waitFor(chatId, before + step.replies, WAIT_MS);
      const reply = sent[before];
      if (!reply || reply.kind !== 'reply') throw new Error(`chat ${chatId}: expected a reply to "${step.text}", got ${reply?.kind ?? 'nothing'}`);
      samples.turns.push(reply.at - started);
      if (step.endsInterview) {
        const plan = sent[before + 1];
        if (!plan || plan.kind !== 'plan') throw new Error(`chat ${chatId}: expected the plan after the interview, got ${plan?.kind ?? 'nothing'}`);
        samples.plans.push(plan.at - started);
      }
    }
  }
}

/** Pools the samples of two rounds of one configuration. */
function merge(total: ConfigResult | undefined, next: ConfigResult): ConfigResult {
  if (!total) return next;
  const planModes = { ...total.planModes };
  for (const [mode, n] of Object.entries(next.planModes)) planModes[mode] = (planModes[mode] ?? 0) + n;
  return {
    label: total.label,
    consults: total.consults + next.consults,
    turns: total.turns + next.turns,
    wallMs: total.wallMs + next.wallMs,
    turnMs: [...total.turnMs, ...next.turnMs],
    planMs: [...total.planMs, ...next.planMs],
    llmCalls: total.llmCalls + next.llmCalls,
    planModes,
  };
}

async function planModes(sql: SqlSession): Promise<Record<string, number>> {
  const rows = await sql.query<{ mode: string; n: number }>(`SELECT mode::text AS mode, count(*)::int AS n FROM plans GROUP BY mode`);
  return Object.fromEntries(rows.map((r) => [r.mode, Number(r.n)]));
}

function print(results: ConfigResult[], run: { chws: number; consultsEach: number; rounds: number; redisUrl: string; redisUp: boolean }): void {
  const rowOf = (r: ConfigResult): TableRow => [
    r.label,
    num(r.consults),
    num(r.turns),
    num(r.turns / (r.wallMs / 1000), 1),
    num(percentile(r.turnMs, 50), 1),
    num(percentile(r.turnMs, 95), 1),
    num(percentile(r.planMs, 50), 0),
    num(percentile(r.planMs, 95), 0),
  ];
  const rows = results.map(rowOf);
  const [a, b] = results;
  if (a && b) {
    rows.push([
      '(b)/(a)',
      '',
      '',
      ratio(b.turns / b.wallMs, a.turns / a.wallMs),
      ratio(percentile(b.turnMs, 50), percentile(a.turnMs, 50)),
      ratio(percentile(b.turnMs, 95), percentile(a.turnMs, 95)),
      ratio(percentile(b.planMs, 50), percentile(a.planMs, 50)),
      ratio(percentile(b.planMs, 95), percentile(a.planMs, 95)),
    ]);
  } else {
    rows.push([LABEL_B, 'skipped', '', '', '', '', '', '']);
  }
  const title = `consult turns, zero-latency fake LLM: ${run.chws} CHWs x ${run.consultsEach} consult(s) at once, ${run.rounds} round(s) per config`;
  const header = ['config', 'consults', 'turns', 'turns/s', 'p50 ms', 'p95 ms', 'plan p50 ms', 'plan p95 ms'];
  process.stdout.write(`${formatTable(title, header, rows)}\n`);
  for (const r of results) {
    const modes = Object.entries(r.planModes).map(([mode, n]) => `${n} ${mode}`).join(', ');
    process.stdout.write(
      `${r.label}: wall ${num(r.wallMs / 1000, 2)} s, ${num(r.llmCalls / r.consults, 1)} LLM calls per consult, plans stored: ${modes}\n`,
    );
  }
  process.stdout.write(
    [
      'turn latency: receiveInbound until the first reply of the turn is handed to the messenger (which sends instantly).',
      'plan latency: from the message that ends the interview (generate_differentials) to the plan handed to the messenger.',
      'turns/s: all turns of all consults over the wall time until the last plan was delivered (summed over rounds).',
      'each round uses a fresh database and runtimes after one unmeasured warm-up consult; rounds alternate the order (a,b / b,a) and are pooled.',
      run.redisUp ? `Redis: ${run.redisUrl}` : `Redis: not reachable at ${run.redisUrl}; (b) skipped (--skip-redis)`,
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
  process.stderr.write(`bench:consult failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
