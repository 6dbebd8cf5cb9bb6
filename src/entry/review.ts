import { serve } from '@hono/node-server';
import { getConnInfo } from '@hono/node-server/conninfo';
import { createReviewAudit, createReviewAuthStore } from '../infra/db/stores/review-auth-store.js';
import { createReviewApp } from '../review/http/app.js';
import { cliProgram, loadConfigOrExit, loggerFor, openMigratedDatabase, runMain } from './runtime.js';

/** `npm run review`: the supervisor review web app on REVIEW_HOST:REVIEW_PORT (default 127.0.0.1:8080). */
cliProgram('npm run review', 'The supervisor review web app on REVIEW_HOST:REVIEW_PORT (default 127.0.0.1:8080).').parse();
runMain(async () => {
  const config = loadConfigOrExit();
  const log = loggerFor(config);
  const { db } = await openMigratedDatabase(config);
  const app = createReviewApp({
    auth: createReviewAuthStore(db),
    audit: createReviewAudit(db),
    secureCookies: config.review.publicUrl.startsWith('https://'),
    addressOf: (c) => getConnInfo(c).remote.address ?? 'unknown',
  });
  const server = serve({ fetch: app.fetch, hostname: config.review.host, port: config.review.port });
  log.info({ host: config.review.host, port: config.review.port }, 'review app listening');
  await new Promise<void>((resolve) => {
    const stop = () => resolve();
    process.once('SIGINT', stop);
    process.once('SIGTERM', stop);
  });
  await new Promise<void>((resolve) => server.close(() => resolve()));
  await db.close();
});
