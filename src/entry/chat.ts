import { join } from 'node:path';
import { Option } from 'commander';
import { AppError, isAppError, userMessage } from '../core/app-error.js';
import { receiveInbound } from '../consult/consult-engine.js';
import { requireActiveWorker } from '../consult/enrollment/require-active-worker.js';
import { createSenderHasher } from '../consult/enrollment/sender-hash.js';
import { HELP_TEXT } from '../consult/turn/texts.js';
import { renderPlain } from '../bot/format/render-plain.js';
import { readTerminalMessages, TERMINAL_CHAT_ID, terminalChatId, terminalMessenger } from '../bot/terminal/terminal-channel.js';
import type { Config } from '../infra/config/config.js';
import { resolveSenderHashSecret } from '../infra/config/sender-hash-secret.js';
import type { Database } from '../infra/db/open-database.js';
import { createEnrollmentStore } from '../infra/db/stores/enrollment-store.js';
import type { Logger } from '../infra/log/logger.js';
import { createAttemptLimitStore } from '../infra/db/stores/attempt-limit-store.js';
import { BAD_INVITE, INVITE_LIMITED, tryInviteCode } from '../consult/sender-gate.js';
import { createIngestStore } from '../infra/db/stores/ingest-run-store.js';
import { loadSampleCorpusIfEmpty } from '../ingest/load-sample-corpus.js';
import { buildConsultRuntime } from './consult-runtime.js';
import { cliProgram, loadConfigOrExit, loggerFor, openMigratedDatabase, runMain } from './runtime.js';

/**
 * `--as ID`: the active health worker the consults are recorded for. Any other id is the command
 * line's fault (AppError bad_usage, exit 64), reported before the chat starts.
 */
async function consultingWorker(db: Database, config: Config, workerId: string): Promise<string> {
  try {
    return await requireActiveWorker(createEnrollmentStore(db, { hashSender: createSenderHasher(await resolveSenderHashSecret(config)) }), workerId);
  } catch (error) {
    if (!isAppError(error, ['bad_input', 'not_found', 'conflict'])) throw error;
    await db.close();
    throw new AppError('bad_usage', `--as: ${error.message}`, { cause: error });
  }
}

/**
 * `--invite CODE`: redeems the invite code `admin enroll` printed, as the sender gate does for `/start
 * CODE` (the same limits on wrong codes, the same audit), without binding a phone; the worker is active
 * from then on. A wrong or rate-limited code is bad_usage (exit 64) with the words a CHW would read.
 */
async function redeemedWorker(db: Database, config: Config, logger: Logger, code: string): Promise<string> {
  const hashKey = createSenderHasher(await resolveSenderHashSecret(config));
  const redeemed = await tryInviteCode(
    { identities: createEnrollmentStore(db, { hashSender: hashKey }), limits: createAttemptLimitStore(db, { hashKey }), log: logger },
    'terminal',
    TERMINAL_CHAT_ID,
    code,
  );
  if (typeof redeemed === 'string') return redeemed;
  await db.close();
  throw new AppError('bad_usage', `--invite: ${redeemed === 'limited' ? INVITE_LIMITED : BAD_INVITE}`);
}

/**
 * `npm run chat`: a consult in the terminal on the embedded default (or on the configured servers).
 * Type at the prompt, or pipe a scripted conversation in: each line is one message; the command waits
 * for the plan and any follow-up answers before it exits.
 */
const program = cliProgram('npm run chat', 'A consult in the terminal. Type at the prompt, or pipe a scripted conversation in (one message per line); waits for the plan and any follow-up answers before it exits.')
  .addOption(
    new Option(
      '--as <worker-id>',
      "consult as this enrolled (active) health worker, the id `npm run admin -- list` prints: the consults are theirs, reach their supervisor's review queue, and the supervisor's feedback goes to their Telegram or WhatsApp chat (or this terminal chat if they have neither)",
    ).conflicts('invite'),
  )
  .option('--invite <code>', 'use the invite code `npm run admin -- enroll` printed (as /start CODE would on Telegram), then consult as that health worker; later runs use --as with the id printed')
  .addHelpText('after', '\nLogs go to LOG_FILE, else to $DATA_DIR/chat.log when stderr is a terminal (so they never print inside the chat), else to stderr.')
  .parse();
const options = program.opts<{ as?: string; invite?: string }>();
runMain(async () => {
  const config = loadConfigOrExit();
  // The conversation owns the terminal: on one, logs (ids only) go to a file, never between the messages.
  const logFile = config.logFile ?? (process.stderr.isTTY ? join(config.dataDir, 'chat.log') : undefined);
  const logger = loggerFor(config, { level: config.logLevel === 'info' ? 'warn' : config.logLevel, ...(logFile ? { fallbackFile: logFile } : {}) });
  const { db } = await openMigratedDatabase(config);
  const invited = options.invite === undefined ? null : await redeemedWorker(db, config, logger, options.invite);
  const healthWorkerId = invited ?? (options.as === undefined ? null : await consultingWorker(db, config, options.as));
  // Each worker has a terminal chat of their own (an anonymous session has one too).
  const chatId = terminalChatId(healthWorkerId);
  const out = process.stdout;
  const sample = await loadSampleCorpusIfEmpty(createIngestStore(db), { tokenBudget: config.guidelines.tokenBudget });
  const messenger = terminalMessenger(out, chatId);
  // A plan's (or answer's) job id is its key, so "settled" means every job the engine enqueued has stored its answer.
  const awaited = new Set<string>();
  const runtime = await buildConsultRuntime({ config, db, logger, messenger, runJobs: 'auto', onEnqueued: (jobId) => awaited.add(jobId) });
  runtime.runner?.onFailed((failure) => {
    awaited.delete(failure.jobId);
    out.write(`\nbot> ${userMessage('answer_failed')}\n`);
  });

  out.write(
    [
      'CHW consult bot - terminal chat',
      `LLM: ${config.llm.kind === 'anthropic' ? 'Claude' : 'offline protocol mode (no ANTHROPIC_API_KEY)'}; retrieval: ${config.embeddings.kind === 'none' ? 'full text' : 'hybrid'}; jobs: ${config.redisUrl ? 'BullMQ (run npm run worker)' : 'in-process'}`,
      sample ? `Loaded the sample corpus (${sample.sources} books, ${sample.inserted} sections): SAMPLE content, not clinical guidance.` : '',
      invited ? `Invite code accepted: health worker ${invited} is active. Next time start the chat with: npm run chat -- --as ${invited}` : '',
      healthWorkerId ? `Consults are recorded for health worker ${healthWorkerId}; their supervisor reviews them.` : '',
      logFile && process.stderr.isTTY ? `Logs: ${logFile}` : '',
      '',
      renderPlain(HELP_TEXT),
      '',
    ]
      .filter((line, i) => line !== '' || i > 5)
      .join('\n'),
  );

  await runtime.runner?.start();
  await runtime.resume();
  const chatRef = async () => runtime.store.findChat('terminal', chatId);
  // With separate workers (Redis), plans land in the outbox of this process's chat: the pump sends them.
  runtime.startPump(500);

  const settled = async (timeoutMs: number) => {
    const deadline = Date.now() + timeoutMs;
    while (Date.now() < deadline) {
      const ref = await chatRef();
      // A turn the pump took over is still pending until it commits its replies.
      const unsent = ref ? (await runtime.store.unsentOutbound(ref)).length + Number(await runtime.store.hasPendingInbound(ref)) : 0;
      for (const key of [...awaited]) if (await runtime.store.planExists(key)) awaited.delete(key);
      if (unsent === 0 && awaited.size === 0) return true;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    return false;
  };

  const interactive = Boolean(process.stdin.isTTY);
  await readTerminalMessages(
    process.stdin,
    async (message) => {
      // One message that fails must not end the conversation: say so and read the next line.
      try {
        await receiveInbound(runtime.engine, message, healthWorkerId);
      } catch (error) {
        logger.error({ error: error instanceof Error ? error.name : 'unknown' }, 'message failed');
        out.write(`\nbot> ${userMessage('internal')}\n`);
        return;
      }
      // A script waits for each answer, as a person would, so replies stay in conversation order.
      if (!interactive) await settled(120_000);
    },
    { chatId, ...(interactive ? { prompt: () => out.write('\nchw> ') } : {}) },
  );
  if (!(await settled(120_000))) out.write('\n(some answers were still being prepared; they are saved and will be sent next time)\n');
  await runtime.shutdown();
});
