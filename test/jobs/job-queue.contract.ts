import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { permanentJobError, type JobContext, type JobFailure, type JobQueue, type JobRunner, type JobSpec } from '../../src/core/jobs.js';
import { testJob } from './fixtures/test-jobs.js';

/** A queue and the runner that serves it (one object in-process; two Redis clients for BullMQ). */
export interface JobQueueHarness {
  queue: JobQueue;
  runner: JobRunner;
  /** Closes whatever the harness opened; safe after runner.close(). */
  dispose(): Promise<void>;
}

interface Deferred {
  promise: Promise<void>;
  resolve(): void;
}

function deferred(): Deferred {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

const waitFor = (check: () => void, timeout = 5_000): Promise<void> => vi.waitFor(check, { timeout, interval: 10 });

/**
 * The behaviour every JobQueue/JobRunner pair must show. `make` returns a fresh, isolated harness per
 * test: jobs left waiting by one test must not reach the next.
 */
export function describeJobQueueContract(name: string, make: () => Promise<JobQueueHarness>): void {
  describe(`job queue contract: ${name}`, () => {
    const open: JobQueueHarness[] = [];
    const harness = async (): Promise<JobQueueHarness> => {
      const h = await make();
      open.push(h);
      return h;
    };
    afterEach(async () => {
      await Promise.all(open.splice(0).map((h) => h.dispose()));
    });

    it('runs the handler with the payload it was given', async () => {
      const { queue, runner } = await harness();
      const seen: { payload: unknown; context: Omit<JobContext, 'signal'> }[] = [];
      runner.register(testJob('plan'), async (payload, { jobId, attempt }) => {
        seen.push({ payload, context: { jobId, attempt } });
      });
      await runner.start();
      await queue.enqueue(testJob('plan'), { consultId: 'consult-1', diagnoses: ['malaria', 'pneumonia'] });
      await waitFor(() => expect(seen).toHaveLength(1));
      expect(seen[0]?.payload).toEqual({ consultId: 'consult-1', diagnoses: ['malaria', 'pneumonia'] });
      expect(seen[0]?.context.attempt).toBe(1);
      expect(seen[0]?.context.jobId).toMatch(/\S/);
    });

    it('runs a job enqueued twice under one jobId once, and reports that jobId to the handler', async () => {
      const { queue, runner } = await harness();
      const runs: string[] = [];
      runner.register(testJob('deliver'), async (payload, { jobId }) => {
        runs.push(`${jobId}=${String((payload as { n: number }).n)}`);
      });
      await runner.start();
      // Colons and integer-looking ids are what callers naturally use; BullMQ refuses both raw.
      await queue.enqueue(testJob('deliver'), { n: 1 }, { jobId: 'deliver:consult-2:plan' });
      await queue.enqueue(testJob('deliver'), { n: 2 }, { jobId: 'deliver:consult-2:plan' });
      await queue.enqueue(testJob('deliver'), { n: 3 }, { jobId: '42' });
      await waitFor(() => expect(runs).toHaveLength(2));
      await queue.enqueue(testJob('deliver'), { n: 4 }, { jobId: 'deliver:consult-2:plan' });
      // Concurrency 1 runs jobs of one name in order: once the sentinel ran, a duplicate would have too.
      await queue.enqueue(testJob('deliver'), { n: 5 }, { jobId: 'sentinel' });
      await waitFor(() => expect(runs).toContain('sentinel=5'));
      expect(runs).toEqual(['deliver:consult-2:plan=1', '42=3', 'sentinel=5']);
    });

    it('retries a failing handler with growing backoff until it succeeds on attempt 3', async () => {
      const { queue, runner } = await harness();
      const attempts: { attempt: number; at: number }[] = [];
      const failures: JobFailure[] = [];
      runner.onFailed((failure) => failures.push(failure));
      runner.register(
        testJob('plan'),
        async (_payload, { attempt }) => {
          attempts.push({ attempt, at: performance.now() });
          if (attempt < 3) throw new Error('LLM answered 503');
        },
        { attempts: 5, backoffMs: 50 },
      );
      await runner.start();
      await queue.enqueue(testJob('plan'), { consultId: 'consult-3' });
      await waitFor(() => expect(attempts.map((a) => a.attempt)).toEqual([1, 2, 3]));
      const [first, second, third] = attempts.map((a) => a.at) as [number, number, number];
      // Exponential: 50 ms after the first failure, 100 ms after the second (a little timer slack allowed).
      expect(second - first).toBeGreaterThanOrEqual(45);
      expect(third - second).toBeGreaterThanOrEqual(95);
      await sleep(150);
      expect(attempts).toHaveLength(3);
      expect(failures).toEqual([]);
    });

    it('fails a job whose payload does not match its definition at once, without running the handler', async () => {
      const { queue, runner } = await harness();
      const ran: unknown[] = [];
      const failures: JobFailure[] = [];
      runner.onFailed((failure) => failures.push(failure));
      // The producer (an older deploy, say) wrote a payload the worker's definition no longer accepts.
      const strict: JobSpec<{ consultId: string }> = { name: 'plan', payload: z.object({ consultId: z.string().min(1) }) };
      runner.register(strict, async (payload) => void ran.push(payload), { attempts: 5, backoffMs: 20 });
      await runner.start();
      await queue.enqueue(testJob('plan'), { consult: 42 }, { jobId: 'plan:bad-payload' });
      await waitFor(() => expect(failures).toHaveLength(1));
      expect(failures[0]).toMatchObject({ name: 'plan', jobId: 'plan:bad-payload', attempt: 1, permanent: true });
      expect(failures[0]?.error).toMatchObject({ name: 'AppError', code: 'job_cannot_succeed' });
      await sleep(200);
      expect(ran).toEqual([]);
    });

    it('refuses to enqueue a payload its definition rejects', async () => {
      const { queue } = await harness();
      const strict: JobSpec<{ consultId: string }> = { name: 'plan', payload: z.object({ consultId: z.string().min(1) }) };
      await expect(queue.enqueue(strict, { consultId: '' })).rejects.toThrow();
    });

    it('fails a permanent job error at once, without retries, and reports it as permanent', async () => {
      const { queue, runner } = await harness();
      const attempts: number[] = [];
      const failures: JobFailure[] = [];
      runner.onFailed((failure) => failures.push(failure));
      runner.register(
        testJob('plan'),
        async (_payload, { attempt }) => {
          attempts.push(attempt);
          throw permanentJobError('consult consult-404 does not exist');
        },
        { attempts: 5, backoffMs: 20 },
      );
      await runner.start();
      await queue.enqueue(testJob('plan'), { consultId: 'consult-404' }, { jobId: 'plan:consult-404' });
      await waitFor(() => expect(failures).toHaveLength(1));
      const failure = failures[0] as JobFailure;
      expect(failure).toMatchObject({ name: 'plan', jobId: 'plan:consult-404', attempt: 1, permanent: true });
      expect(failure.error).toMatchObject({ code: 'job_cannot_succeed', message: 'consult consult-404 does not exist' });
      // A retry would come 20 ms later; give it ample time to (wrongly) happen.
      await sleep(200);
      expect(attempts).toEqual([1]);
    });

    it('stops a job that always fails after its attempts and reports it as not permanent', async () => {
      const { queue, runner } = await harness();
      const attempts: number[] = [];
      const failures: JobFailure[] = [];
      runner.onFailed((failure) => failures.push(failure));
      runner.register(
        testJob('plan'),
        async (_payload, { attempt }) => {
          attempts.push(attempt);
          throw new Error('LLM answered 529');
        },
        { attempts: 3, backoffMs: 10 },
      );
      await runner.start();
      await queue.enqueue(testJob('plan'), { consultId: 'consult-5' }, { jobId: 'plan:consult-5' });
      await waitFor(() => expect(failures).toHaveLength(1));
      expect(failures[0]).toMatchObject({ name: 'plan', jobId: 'plan:consult-5', attempt: 3, permanent: false });
      expect((failures[0]?.error as Error).message).toBe('LLM answered 529');
      await sleep(200);
      expect(attempts).toEqual([1, 2, 3]);
      expect(failures).toHaveLength(1);
    });

    it('runs no more jobs of a name at once than its concurrency, without holding up other names', async () => {
      const { queue, runner } = await harness();
      const gate = deferred();
      let active = 0;
      let mostActive = 0;
      const finished: number[] = [];
      const other: string[] = [];
      runner.register(
        testJob('plan'),
        async (payload) => {
          active += 1;
          mostActive = Math.max(mostActive, active);
          await gate.promise;
          active -= 1;
          finished.push((payload as { n: number }).n);
        },
        { concurrency: 2 },
      );
      runner.register(testJob('deliver'), async (payload) => {
        other.push((payload as { to: string }).to);
      });
      await runner.start();
      for (let n = 1; n <= 5; n += 1) await queue.enqueue(testJob('plan'), { n });
      await waitFor(() => expect(active).toBe(2));
      await queue.enqueue(testJob('deliver'), { to: 'chat-7' });
      await waitFor(() => expect(other).toEqual(['chat-7']));
      await sleep(100);
      expect(active).toBe(2);
      gate.resolve();
      await waitFor(() => expect(finished.sort()).toEqual([1, 2, 3, 4, 5]));
      expect(mostActive).toBe(2);
    });

    it('on close, lets the running job finish and starts no other', async () => {
      const { queue, runner } = await harness();
      const events: string[] = [];
      runner.register(testJob('plan'), async (payload) => {
        const { n } = payload as { n: number };
        events.push(`start ${n}`);
        await sleep(200);
        events.push(`finish ${n}`);
      });
      await runner.start();
      await queue.enqueue(testJob('plan'), { n: 1 });
      await queue.enqueue(testJob('plan'), { n: 2 });
      await waitFor(() => expect(events).toEqual(['start 1']));
      await runner.close({ drainMs: 5_000 });
      expect(events).toEqual(['start 1', 'finish 1']);
      await sleep(200);
      expect(events).toEqual(['start 1', 'finish 1']);
    });

    it('on close, aborts a job that outlives drainMs through its signal, without reporting a failure', async () => {
      const { queue, runner } = await harness();
      const failures: JobFailure[] = [];
      runner.onFailed((failure) => failures.push(failure));
      let started = false;
      let abortedWith: unknown;
      runner.register(testJob('plan'), async (_payload, { signal }) => {
        started = true;
        await new Promise<void>((_resolve, reject) => {
          const timer = setTimeout(() => reject(new Error('never aborted')), 10_000);
          signal.addEventListener('abort', () => {
            clearTimeout(timer);
            abortedWith = signal.reason;
            reject(signal.reason instanceof Error ? signal.reason : new Error(String(signal.reason)));
          });
        });
      });
      await runner.start();
      await queue.enqueue(testJob('plan'), { consultId: 'consult-8' });
      await waitFor(() => expect(started).toBe(true));
      const closingAt = performance.now();
      await runner.close({ drainMs: 100 });
      const tookMs = performance.now() - closingAt;
      expect(abortedWith).toBeDefined();
      expect(tookMs).toBeGreaterThanOrEqual(95);
      expect(tookMs).toBeLessThan(1_500);
      expect(failures).toEqual([]);
    });

    it('holds a delayed job until its delay has passed', async () => {
      const { queue, runner } = await harness();
      let ranAt: number | undefined;
      runner.register(testJob('remind'), async () => {
        ranAt = performance.now();
      });
      await runner.start();
      const enqueuedAt = performance.now();
      await queue.enqueue(testJob('remind'), { consultId: 'consult-9' }, { delayMs: 300 });
      await sleep(150);
      expect(ranAt).toBeUndefined();
      await waitFor(() => expect(ranAt).toBeDefined());
      expect((ranAt as number) - enqueuedAt).toBeGreaterThanOrEqual(290);
      expect((ranAt as number) - enqueuedAt).toBeLessThan(2_000);
    });
  });
}
