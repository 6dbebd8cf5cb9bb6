import { createBullBoard } from '@bull-board/api';
import { BullMQAdapter } from '@bull-board/api/bullMQAdapter';
import { HonoAdapter } from '@bull-board/hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { Queue } from 'bullmq';
import { Hono } from 'hono';
import { connectRedis } from '../infra/redis/connect-redis.js';
import type { BullmqLocation } from './bullmq-job-queue.js';

/**
 * Bull Board over the job queue, as a Hono app for the review app to serve to admins at `basePath`.
 * Read-only: jobs are retried by their own policy, not by hand.
 */
export async function createQueueBoard(location: BullmqLocation & { basePath: string }): Promise<{ app: Hono; close(): Promise<void> }> {
  const connection = await connectRedis(location.redisUrl);
  const queue = new Queue(location.queueName ?? 'jobs', { connection, prefix: location.prefix ?? 'chw' });
  const serverAdapter = new HonoAdapter(serveStatic).setBasePath(location.basePath);
  // @bull-board/hono pins its own copy of @bull-board/api (one patch version apart): the same interface, two declarations.
  createBullBoard({ queues: [new BullMQAdapter(queue, { readOnlyMode: true })], serverAdapter: serverAdapter as unknown as Parameters<typeof createBullBoard>[0]['serverAdapter'] });
  const board = serverAdapter.registerPlugin() as unknown as Hono;
  const app = new Hono();
  // Its page links a Google Fonts stylesheet: a request to a third party from an admin page (their
  // address, the fact they opened it) and a style-src violation under the app's CSP. Dropped: the
  // board falls back to the system font.
  app.use('*', async (c, next) => {
    await next();
    if (!c.res.headers.get('content-type')?.startsWith('text/html')) return;
    const page = await c.res.text();
    c.res = new Response(page.replace(/<link\b[^>]*\bhref="https:\/\/[^"]*"[^>]*>/g, ''), c.res);
  });
  app.route('/', board);
  return {
    app,
    async close() {
      await queue.close();
      connection.disconnect();
    },
  };
}
