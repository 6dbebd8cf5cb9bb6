import { createWhatsAppMessenger, startWhatsAppChannel } from '../bot/whatsapp/whatsapp-channel.js';
import { WhatsAppOutbound } from '../bot/whatsapp/whatsapp-outbound.js';
import { createWhatsAppWebClient } from '../bot/whatsapp/whatsapp-web-client.js';
import { createAttemptLimitStore } from '../infra/db/stores/attempt-limit-store.js';
import { createEnrollmentStore } from '../infra/db/stores/enrollment-store.js';
import { createIngestStore } from '../infra/db/stores/ingest-run-store.js';
import { loadSampleCorpusIfEmpty } from '../ingest/load-sample-corpus.js';
import { buildConsultRuntime, engineLog } from './consult-runtime.js';
import { cliProgram, exitOnSignals, loadConfigOrExit, loggerFor, openMigratedDatabase, runMain, startHealthIfConfigured } from './runtime.js';

/**
 * `npm run whatsapp`: the WhatsApp bot through WhatsApp Web (whatsapp-web.js driving Chromium at
 * CHROMIUM_PATH). The first run prints a QR code to scan in WhatsApp > Linked devices; the session is
 * kept under DATA_DIR/whatsapp-session. Without REDIS_URL the plan jobs run in this process; with it,
 * `npm run worker` processes make the plans and this process sends them (workers cannot reach WhatsApp).
 */
cliProgram('npm run whatsapp', 'The WhatsApp bot through WhatsApp Web (CHROMIUM_PATH). The first run prints a QR code to scan in WhatsApp > Linked devices.').parse();
runMain(async () => {
  const config = loadConfigOrExit();
  const logger = loggerFor(config);
  const log = engineLog(logger);
  const { db } = await openMigratedDatabase(config);
  await loadSampleCorpusIfEmpty(createIngestStore(db), { tokenBudget: config.guidelines.tokenBudget });

  const web = createWhatsAppWebClient({
    dataDir: config.dataDir,
    chromiumPath: config.whatsapp.chromiumPath,
    onQr: (drawing) => process.stdout.write(`\nScan this code in WhatsApp > Settings > Linked devices:\n${drawing}\n`),
    log,
  });
  // While WhatsApp Web is down, replies wait in the outbox instead of failing; the resume loop sends them.
  const messenger = createWhatsAppMessenger(new WhatsAppOutbound({ client: web.client }), () => web.connected);
  const runtime = await buildConsultRuntime({ config, db, logger, messenger, runJobs: config.redisUrl ? 'enqueue-only' : 'auto' });
  const identities = createEnrollmentStore(db, { hashSender: runtime.hashSender });
  const limits = createAttemptLimitStore(db, { hashKey: runtime.hashSender });

  // Subscribed before the browser starts, so nothing received right after 'ready' is missed.
  const channel = startWhatsAppChannel({ client: web.client, engine: runtime.engine, identities, limits, databaseReachable: runtime.databaseReachable, log });
  await runtime.runner?.start();
  try {
    await web.start();
  } catch (error) {
    await runtime.shutdown({ stopIntake: () => channel.stop() });
    throw error;
  }
  logger.info({}, 'whatsapp web started');

  // Replies whose send failed, or that waited for a reconnect or for a worker's plan, go out from here.
  runtime.startPump();
  const health = await startHealthIfConfigured(config, logger, runtime.databaseReachable);

  exitOnSignals(logger, 'whatsapp', () => runtime.shutdown({ stopIntake: () => channel.stop(), closeAfterJobs: () => web.stop() }).finally(() => health?.close()));
});
