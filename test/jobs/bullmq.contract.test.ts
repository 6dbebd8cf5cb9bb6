import { spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { once } from 'node:events';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createBullmqJobQueue, createBullmqJobRunner, toBullmqJobId } from '../../src/jobs/bullmq-job-queue.js';
import { describeWithRedis, TEST_REDIS_URL } from '../support/redis.js';
import { describeJobQueueContract } from './job-queue.contract.js';
import { testJob } from './fixtures/test-jobs.js';

// One prefix per run keeps parallel runs (and other test files) apart; every key under it is deleted after.
const prefix = `test-jobs-${process.pid}-${randomUUID().slice(0, 8)}`;
let harnesses = 0;

async function deleteKeys(redis: Redis, pattern: string): Promise<void> {
  let cursor = '0';
  do {
    const [next, keys] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 500);
    cursor = next;
    if (keys.length > 0) await redis.del(...keys);
  } while (cursor !== '0');
}

describe('BullMQ job ids', () => {
  it('escapes ":" and integer-looking ids reversibly, so different caller ids never share a BullMQ id', () => {
    const ids = ['deliver:consult-2:plan', 'deliver%3Aconsult-2%3Aplan', '42', '%i42', 'i42', '%', '%25', 'plain-id'];
    const mapped = ids.map(toBullmqJobId);
    expect(new Set(mapped).size).toBe(ids.length);
    for (const id of mapped) {
      expect(id).not.toContain(':');
      expect(`${parseInt(id, 10)}`).not.toBe(id);
    }
    expect(toBullmqJobId('plain-id')).toBe('plain-id');
  });
});

describeWithRedis('BullMQ job queue on Redis', () => {
  let redis: Redis;
  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    await deleteKeys(redis, `${prefix}:*`);
    await redis.quit();
  });

  describeJobQueueContract('BullMQ', async () => {
    const location = { redisUrl: TEST_REDIS_URL, prefix, queueName: `contract-${++harnesses}` };
    const queue = await createBullmqJobQueue(location);
    const runner = await createBullmqJobRunner({ ...location, defaults: { backoffMs: 20 } });
    return {
      queue,
      runner,
      async dispose() {
        await runner.close({ drainMs: 1_000 });
        await queue.close();
      },
    };
  });

  it('puts a job cut short by shutdown back in the queue without spending an attempt', async () => {
    const location = { redisUrl: TEST_REDIS_URL, prefix, queueName: 'interrupted' };
    const queue = await createBullmqJobQueue(location);
    const first = await createBullmqJobRunner(location);
    const second = await createBullmqJobRunner(location);
    const runs: string[] = [];
    try {
      first.register(testJob('plan'), async (_payload, { attempt, signal }) => {
        runs.push(`first attempt ${attempt}`);
        await new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted'))));
      });
      await first.start();
      await queue.enqueue(testJob('plan'), { consultId: 'consult-11' }, { jobId: 'plan:consult-11' });
      await vi.waitFor(() => expect(runs).toEqual(['first attempt 1']), { timeout: 5_000, interval: 10 });
      await first.close({ drainMs: 50 });

      second.register(testJob('plan'), async (_payload, { jobId, attempt }) => {
        runs.push(`second ${jobId} attempt ${attempt}`);
      });
      await second.start();
      await vi.waitFor(() => expect(runs).toEqual(['first attempt 1', 'second plan:consult-11 attempt 1']), { timeout: 5_000, interval: 10 });
    } finally {
      await Promise.all([first.close(), second.close({ drainMs: 1_000 })]);
      await queue.close();
    }
  });

  it('hands a job whose worker process was killed to another worker, which completes it exactly once', { timeout: 20_000 }, async () => {
    const location = { redisUrl: TEST_REDIS_URL, prefix, queueName: 'crash' };
    const startedKey = `${prefix}:test:started`;
    const queue = await createBullmqJobQueue(location);
    const child = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(new URL('./fixtures/hanging-runner.ts', import.meta.url))], {
      env: { ...process.env, REDIS_URL: TEST_REDIS_URL, JOB_PREFIX: prefix, JOB_QUEUE: location.queueName, STARTED_KEY: startedKey },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const exited = once(child, 'exit');
    const completions: string[] = [];
    const rescuer = await createBullmqJobRunner({ ...location, lockDurationMs: 1_000, stalledIntervalMs: 500 });
    try {
      await queue.enqueue(testJob('deliver'), { consultId: 'consult-12', part: 1 }, { jobId: 'deliver:consult-12:plan' });
      await vi.waitFor(async () => expect(await redis.llen(startedKey)).toBe(1), { timeout: 10_000, interval: 50 });
      child.kill('SIGKILL');
      await exited;

      rescuer.register(testJob('deliver'), async (payload, { jobId }) => {
        completions.push(`${jobId} ${JSON.stringify(payload)}`);
      });
      await rescuer.start();
      await vi.waitFor(() => expect(completions).toHaveLength(1), { timeout: 8_000, interval: 50 });
      // Longer than a lock plus two stalled checks: a second pick-up would show here.
      await sleep(1_500);
      expect(completions).toEqual(['deliver:consult-12:plan {"consultId":"consult-12","part":1}']);
      expect(await redis.lrange(startedKey, 0, -1)).toEqual([`${child.pid} deliver:consult-12:plan attempt 1`]);
      const inspector = new Queue(location.queueName, { connection: { url: TEST_REDIS_URL }, prefix });
      try {
        expect(await inspector.getJobState(toBullmqJobId('deliver:consult-12:plan'))).toBe('completed');
      } finally {
        await inspector.close();
      }
    } finally {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await rescuer.close({ drainMs: 1_000 });
      await queue.close();
    }
  });
});
