import { createChannelMessenger, type ChannelSenders } from '../bot/channel-messenger.js';
import { telegramSendApi } from '../bot/telegram/telegram-send-api.js';
import { TelegramOutbound } from '../bot/telegram/telegram-outbound.js';
import { buildConsultRuntime } from './consult-runtime.js';
import { cliProgram, exitOnSignals, loadConfigOrExit, loggerFor, openMigratedDatabase, runMain, startHealthIfConfigured } from './runtime.js';

/**
 * `npm run worker`: consumes plan and follow-up jobs from Redis (BullMQ). Run as many as needed; a job
 * whose worker dies is taken over by another. Replies for Telegram are sent from here; replies for
 * channels this process cannot reach (WhatsApp's browser session, the terminal) stay in the outbox
 * for the process that owns that channel.
 */
cliProgram('npm run worker', 'Consumes plan and follow-up jobs from Redis (REDIS_URL); run as many as needed.').parse();
runMain(async () => {
  const config = loadConfigOrExit();
  if (!config.redisUrl) throw new Error('npm run worker needs REDIS_URL (without Redis, jobs run inside npm run chat / npm run bot)');
  const logger = loggerFor(config);
  const { db } = await openMigratedDatabase(config);
  const senders: ChannelSenders = {};
  if (config.telegram.enabled) {
    const { token, apiRoot, sendTimeoutSeconds } = config.telegram;
    senders.telegram = new TelegramOutbound({ api: telegramSendApi(token, { apiRoot, timeoutSeconds: sendTimeoutSeconds }) });
  }
  const runtime = await buildConsultRuntime({ config, db, logger, messenger: createChannelMessenger(senders), runJobs: 'worker' });
  await runtime.runner?.start();
  logger.info({ pid: process.pid }, 'worker started');
  const health = await startHealthIfConfigured(config, logger, runtime.databaseReachable);

  exitOnSignals(logger, 'worker', () => runtime.shutdown().finally(() => health?.close()));
});
