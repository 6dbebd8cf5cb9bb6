import { createServer } from 'node:http';
import { sequentialize } from '@grammyjs/runner';
import { Bot } from 'grammy';
import { telegramWebhookHandler } from '../bot/telegram/telegram-webhook.js';
import { createChannelMessenger } from '../bot/channel-messenger.js';
import { inboundFromTelegramUpdate } from '../bot/telegram/telegram-inbound.js';
import { telegramSendApi } from '../bot/telegram/telegram-send-api.js';
import { telegramFileFetcher } from '../bot/telegram/telegram-files.js';
import { TelegramOutbound } from '../bot/telegram/telegram-outbound.js';
import { createIntake } from '../consult/intake.js';
import { createAttemptLimitStore } from '../infra/db/stores/attempt-limit-store.js';
import { createEnrollmentStore } from '../infra/db/stores/enrollment-store.js';
import { createIngestStore } from '../infra/db/stores/ingest-run-store.js';
import { loadSampleCorpusIfEmpty } from '../ingest/load-sample-corpus.js';
import { buildConsultRuntime } from './consult-runtime.js';
import { cliProgram, exitOnSignals, loadConfigOrExit, loggerFor, openMigratedDatabase, runMain, startHealthIfConfigured } from './runtime.js';

/**
 * `npm run bot`: the Telegram bot (TELEGRAM_BOT_TOKEN). Long polling through grammY's own poller (a batch is confirmed only once stored), or a
 * webhook server (TELEGRAM_MODE=webhook) that verifies Telegram's secret token header. Without
 * REDIS_URL the plan jobs run in this process; with it, `npm run worker` processes run them.
 */
cliProgram('npm run bot', 'The Telegram bot (TELEGRAM_BOT_TOKEN): long polling, or a webhook server with TELEGRAM_MODE=webhook. Without REDIS_URL plan jobs run in this process.').parse();
runMain(async () => {
  const config = loadConfigOrExit();
  if (!config.telegram.enabled) throw new Error('npm run bot needs TELEGRAM_BOT_TOKEN');
  const telegram = config.telegram;
  const logger = loggerFor(config);
  const { db } = await openMigratedDatabase(config);
  await loadSampleCorpusIfEmpty(createIngestStore(db), { tokenBudget: config.guidelines.tokenBudget });

  const bot = new Bot(telegram.token, telegram.apiRoot ? { client: { apiRoot: telegram.apiRoot } } : {});
  const outbound = new TelegramOutbound({ api: telegramSendApi(telegram.token, { apiRoot: telegram.apiRoot, timeoutSeconds: telegram.sendTimeoutSeconds }) });
  const messenger = createChannelMessenger({ telegram: outbound });
  const fetchTelegramFile = telegramFileFetcher(telegram.token, { apiRoot: telegram.apiRoot });
  const runtime = await buildConsultRuntime({
    config,
    db,
    logger,
    messenger,
    // Voice notes and photos are fetched in their turn, after the update was stored and acknowledged.
    fetchAttachment: async (channel, fileRef, maxBytes) => {
      if (channel !== 'telegram') throw new Error(`no file fetcher for ${channel}`);
      return fetchTelegramFile(fileRef, maxBytes);
    },
    runJobs: config.redisUrl ? 'enqueue-only' : 'auto',
  });
  const identities = createEnrollmentStore(db, { hashSender: runtime.hashSender });
  const limits = createAttemptLimitStore(db, { hashKey: runtime.hashSender });
  const intake = createIntake({
    engine: runtime.engine,
    identities,
    limits,
    databaseReachable: runtime.databaseReachable,
    onBackgroundError: (error, chatRef) =>
      logger.error({ chatRef, error: error instanceof Error ? error.name : 'unknown', detail: error instanceof Error ? error.message.slice(0, 300) : '' }, 'chat work failed after its message was stored; the pump resumes it'),
  });
  const webhook = telegram.mode === 'webhook';
  const stopping = new AbortController();


  // Only the gate and the store run before Telegram is answered; one chat's updates are stored in the
  // order they came. Long polling asks for no further updates until these are stored, so a message
  // the database could not take is fetched again, never skipped; a webhook answers 500 and Telegram
  // sends it again.
  bot.use(sequentialize((ctx) => ctx.chat?.id.toString()));
  bot.on(['message', 'edited_message'], async (ctx) => {
    const inbound = inboundFromTelegramUpdate(ctx.update);
    if (!inbound) return;
    if (webhook) await intake.take(inbound);
    else {
      // Stopped while the database is away: the update holds the poller unconfirmed until the process exits.
      await intake.takePatiently(inbound, stopping.signal).catch(() => (stopping.signal.aborted ? new Promise<never>(() => undefined) : undefined));
    }
  });
  bot.catch((error) => {
    logger.error({ updateId: error.ctx.update.update_id, error: error.error instanceof Error ? error.error.name : 'unknown', code: (error.error as { code?: unknown }).code, detail: error.error instanceof Error ? error.error.message.slice(0, 300) : '' }, 'update not stored; Telegram delivers it again');
    // The webhook's answer says whether the update was stored.
    if (webhook) throw error.error;
  });

  await bot.api.setMyCommands([
    { command: 'new', description: 'Start a new consult' },
    { command: 'cancel', description: 'Abandon the current consult' },
    { command: 'sources', description: "Full titles of the last plan's sources" },
    { command: 'help', description: 'How to use the bot' },
  ]);
  await runtime.runner?.start();
  await runtime.resume();
  // Replies whose send failed (network, 429 beyond the wait) are retried from the outbox.
  runtime.startPump();

  let stopBot: () => Promise<void>;
  if (webhook) {
    await bot.init();
    const handle = telegramWebhookHandler({
      secretToken: telegram.webhookSecret ?? '',
      onUpdate: (update) => bot.handleUpdate(update as Parameters<typeof bot.handleUpdate>[0]),
      onError: () => undefined,
    });
    const server = createServer(handle);
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(telegram.webhookPort, telegram.webhookHost, resolve);
    });
    // A webhook Telegram does not know about serves nothing: that is a fatal start-up error.
    await bot.api.setWebhook(telegram.webhookUrl ?? '', { secret_token: telegram.webhookSecret ?? '', allowed_updates: ['message', 'edited_message'] });
    logger.info({ host: telegram.webhookHost, port: telegram.webhookPort }, 'telegram webhook listening');
    stopBot = () => new Promise<void>((resolve) => server.close(() => resolve()));
  } else {
    await bot.api.deleteWebhook();
    // grammY's own polling handles a batch before it fetches (and so confirms) the next one: an update
    // is confirmed to Telegram only once it is stored.
    const polling = bot.start({ allowed_updates: ['message', 'edited_message'], drop_pending_updates: false });
    polling.catch((error: unknown) => logger.error({ error: error instanceof Error ? error.name : 'unknown', detail: error instanceof Error ? error.message.slice(0, 300) : '' }, 'telegram long polling stopped'));
    logger.info({}, 'telegram long polling started');
    stopBot = async () => {
      if (await runtime.databaseReachable()) return bot.stop();
      // Stopping the poller would confirm an update still waiting for the database; leave it unconfirmed.
      stopping.abort();
    };
  }

  const health = await startHealthIfConfigured(config, logger, runtime.databaseReachable);

  exitOnSignals(logger, 'bot', () =>
    runtime
      .shutdown({
        stopIntake: async () => {
          await stopBot();
          await intake.idle();
        },
      })
      .finally(() => health?.close()),
  );
});
