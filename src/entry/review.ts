import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { AppError } from '../core/app-error.js';
import { createSenderHasher } from '../consult/enrollment/sender-hash.js';
import { resolveSenderHashSecret } from '../infra/config/sender-hash-secret.js';
import { createAttemptLimitStore } from '../infra/db/stores/attempt-limit-store.js';
import { createEnrollmentStore } from '../infra/db/stores/enrollment-store.js';
import { createIngestionStatus, createStaffAdmin } from '../infra/db/stores/review-admin-store.js';
import { createReviewAudit, createReviewAuthStore } from '../infra/db/stores/review-auth-store.js';
import { createConsultPhotos } from '../infra/db/stores/media-store.js';
import { createReviewStore } from '../infra/db/stores/review-store.js';
import { healthResponse, HEALTH_PATH } from '../infra/health/health-server.js';
import { createQueueBoard } from '../jobs/queue-board.js';
import { createReviewApp } from '../review/http/app.js';
import { createWorkerAdmin } from '../review/admin/worker-admin.js';
import { cliProgram, databaseAnswers, loadConfigOrExit, loggerFor, openMigratedDatabase, runMain } from './runtime.js';

/** `npm run review`: the supervisor review web app on REVIEW_HOST:REVIEW_PORT (default 127.0.0.1:8080). */
cliProgram('npm run review', 'The supervisor review web app on REVIEW_HOST:REVIEW_PORT (default 127.0.0.1:8080).').parse();
runMain(async () => {
  const config = loadConfigOrExit();
  const log = loggerFor(config);
  const { db } = await openMigratedDatabase(config);
  const hashKey = createSenderHasher(await resolveSenderHashSecret(config));
  const board = config.redisUrl ? await createQueueBoard({ redisUrl: config.redisUrl, prefix: config.jobsPrefix, basePath: '/admin/queues' }) : undefined;
  const app = createReviewApp({
    auth: createReviewAuthStore(db),
    reviews: createReviewStore(db),
    photos: createConsultPhotos(db),
    audit: createReviewAudit(db),
    limits: createAttemptLimitStore(db, { hashKey }),
    admin: {
      workers: createWorkerAdmin(createEnrollmentStore(db, { hashSender: hashKey })),
      staff: createStaffAdmin(db),
      ingestion: createIngestionStatus(db),
      publicUrl: config.review.publicUrl,
    },
    ...(board ? { queueBoard: board.app } : {}),
    secureCookies: config.review.publicUrl.startsWith('https://'),
    addressOf: (c) => getConnInfo(c).remote.address ?? 'unknown',
  });
  // GET /healthz for a container's health check: the app answers and its database does. Outside the
  // app, so it needs no session and sets no cookie.
  const fetch: typeof app.fetch = async (request, ...rest) => {
    if (new URL(request.url).pathname !== HEALTH_PATH) return app.fetch(request, ...rest);
    const { status, body } = healthResponse(await databaseAnswers(db));
    return new Response(body, { status, headers: { 'content-type': 'application/json', 'cache-control': 'no-store' } });
  };
  const server = serve({ fetch, hostname: config.review.host, port: config.review.port }, (info) => {
    const local = `http://${info.family === 'IPv6' ? `[${info.address}]` : info.address}:${info.port}`;
    const publicUrl = config.review.publicUrl === local ? '' : ` (supervisors open ${config.review.publicUrl}, REVIEW_PUBLIC_URL)`;
    process.stdout.write(`Review app: open ${local} in a browser${publicUrl}. Ctrl-C stops it.\n`);
    log.info({ host: info.address, port: info.port, queueBoard: board !== undefined }, 'review app listening');
  });
  await new Promise<void>((resolve, reject) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
    // A port taken (another review app) or not ours to take is the set-up's to fix: name the variables.
    server.once('error', (error: NodeJS.ErrnoException) => {
      const listen = `${config.review.host}:${config.review.port}`;
      if (error.code !== 'EADDRINUSE' && error.code !== 'EACCES' && error.code !== 'EADDRNOTAVAIL') reject(error);
      else reject(new AppError('bad_config', `REVIEW_HOST/REVIEW_PORT: cannot listen on ${listen} (${error.code}); stop what uses it or set REVIEW_PORT`, { cause: error }));
    });
  });
  // Stop taking requests, let those in flight finish, then close the board's Redis and the database.
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await board?.close();
  await db.close();
});
