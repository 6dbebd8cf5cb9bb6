import { DelayedError, Queue, UnrecoverableError, WaitingError, Worker, type Job, type KeepJobs } from 'bullmq';
import type { Redis } from 'ioredis';
import {
  checkedHandler,
  DEFAULT_DRAIN_MS,
  isPermanentJobError,
  resolveJobPolicy,
  retryDelayMs,
  type CloseOptions,
  type JobFailure,
  type JobHandler,
  type JobHandlerOptions,
  type JobPolicy,
  type JobQueue,
  type JobRunner,
} from '../core/jobs.js';
import { connectRedis } from '../infra/redis/connect-redis.js';
import { settlesWithin } from '../core/settles-within.js';

/*
 * One BullMQ queue carries every job; the job name is the BullMQ job name.
 *
 * Retry policy lives with the handlers, not with the enqueuer. The bot process enqueues without knowing
 * any handler's options, so each job is added with a high attempts ceiling and a backoff type of our own;
 * the worker's backoff strategy looks up the options registered for the job's name and answers -1 ("do not
 * retry") once they are used up. Changing a policy then only needs a worker deploy, and jobs already
 * waiting in Redis follow the new policy.
 *
 * Per-name concurrency: a BullMQ worker has one concurrency for the whole queue. The worker runs with the
 * sum of the registered concurrencies, and a job whose name is at its limit is moved back to the delayed
 * set for a moment (BullMQ's documented DelayedError pattern), so a backlog of one name never occupies the
 * slots of another and the deferred job stays available to other workers.
 */

export interface BullmqLocation {
  redisUrl: string;
  /** Redis key prefix; tests use a unique one per run. Default 'chw'. */
  prefix?: string;
  /** Default 'jobs'. */
  queueName?: string;
}

export interface BullmqJobQueue extends JobQueue {
  /** Closes the queue's Redis connection; jobs already enqueued stay in Redis. */
  close(): Promise<void>;
}

export interface BullmqJobRunnerOptions extends BullmqLocation {
  /** Defaults for every registered name (attempts 5, backoffMs 1000, concurrency 1). */
  defaults?: JobHandlerOptions;
  /**
   * How long a running job's lock lasts, renewed at half that while the worker lives. When a worker
   * dies, its jobs are taken over by another worker after the lock lapses. Default 30 000 ms.
   */
  lockDurationMs?: number;
  /** How often this worker looks for jobs whose worker died. Default 30 000 ms. */
  stalledIntervalMs?: number;
  /** How long a job over its name's concurrency waits before it is offered again. Default 100 ms. */
  deferMs?: number;
  /** Connection and internal errors (job failures go to onFailed). */
  onError?: (error: Error) => void;
}

/** What is stored as the BullMQ job's data: the caller's jobId survives id sanitising. */
interface JobEnvelope {
  payload: unknown;
  jobId?: string;
}

const DEFAULT_PREFIX = 'chw';
const DEFAULT_QUEUE_NAME = 'jobs';
/** Only a ceiling: the worker's backoff strategy stops retries at the attempts registered for the name. */
const ATTEMPTS_CEILING = 1_000;
const POLICY_BACKOFF = 'registered-policy';
/**
 * A finished job keeps its id, and therefore de-duplicates re-enqueues, for a day (completed) or a week
 * (failed, kept longer for inspection). Re-running work after that is safe: side effects are keyed.
 */
const RETAIN_COMPLETED: KeepJobs = { age: 24 * 3600, count: 10_000 };
const RETAIN_FAILED: KeepJobs = { age: 7 * 24 * 3600, count: 10_000 };
/** After the drain time, aborted handlers get this long to settle before close() stops waiting. */
const ABORT_GRACE_MS = 1_000;

/** A producer for the bot process: enqueues jobs on Redis for `npm run worker` processes to run. */
export async function createBullmqJobQueue(options: BullmqLocation & { onError?: (error: Error) => void }): Promise<BullmqJobQueue> {
  const connection = await connectRedis(options.redisUrl);
  const queue = new Queue<JobEnvelope>(options.queueName ?? DEFAULT_QUEUE_NAME, {
    connection,
    prefix: options.prefix ?? DEFAULT_PREFIX,
  });
  queue.on('error', options.onError ?? ignoreError);
  let closing: Promise<void> | undefined;

  return {
    async enqueue(job, payload, enqueueOptions = {}) {
      const stored = job.payload.parse(payload);
      const jobId = enqueueOptions.jobId ?? job.jobId?.(stored);
      const data: JobEnvelope = jobId === undefined ? { payload: stored } : { payload: stored, jobId };
      await queue.add(job.name, data, {
        ...(jobId === undefined ? {} : { jobId: toBullmqJobId(jobId) }),
        delay: Math.max(0, enqueueOptions.delayMs ?? 0),
        attempts: ATTEMPTS_CEILING,
        backoff: { type: POLICY_BACKOFF },
        removeOnComplete: RETAIN_COMPLETED,
        removeOnFail: RETAIN_FAILED,
      });
    },
    close() {
      closing ??= (async () => {
        await queue.close();
        await quit(connection);
      })();
      return closing;
    },
  };
}

interface Registration {
  handler: JobHandler;
  policy: JobPolicy;
  running: number;
}

/** A runner for worker processes: takes jobs from Redis and runs the registered handlers. */
export async function createBullmqJobRunner(options: BullmqJobRunnerOptions): Promise<JobRunner> {
  const connection = await connectRedis(options.redisUrl);
  const registrations = new Map<string, Registration>();
  const failureListeners = new Set<(failure: JobFailure) => void>();
  const fallbackPolicy = resolveJobPolicy({}, options.defaults);
  const deferMs = options.deferMs ?? 100;
  let worker: Worker<JobEnvelope, void> | undefined;
  let interruptedByClose = false;
  let closing: Promise<void> | undefined;

  // An unknown name may belong to a newer worker in a rolling deploy: retry it under the defaults.
  const policyFor = (name: string | undefined): JobPolicy =>
    (name === undefined ? undefined : registrations.get(name)?.policy) ?? fallbackPolicy;

  const processor = async (job: Job<JobEnvelope, void>, token: string | undefined, signal: AbortSignal | undefined): Promise<void> => {
    const registration = registrations.get(job.name);
    if (!registration) throw new Error(`no handler registered for job ${job.name}`);
    if (registration.running >= registration.policy.concurrency) {
      await job.moveToDelayed(Date.now() + deferMs, token);
      throw new DelayedError();
    }
    registration.running += 1;
    try {
      await registration.handler(job.data.payload, {
        jobId: job.data.jobId ?? job.id ?? '',
        attempt: job.attemptsMade + 1,
        signal: signal ?? new AbortController().signal,
      });
    } catch (error) {
      if (interruptedByClose && signal?.aborted) {
        // Shutdown cut the job short: put it back for another worker without spending an attempt.
        await job.moveToWait(token);
        throw new WaitingError();
      }
      if (isPermanentJobError(error)) {
        throw Object.assign(new UnrecoverableError(error instanceof Error ? error.message : String(error)), { cause: error });
      }
      throw error instanceof Error ? error : new Error(String(error));
    } finally {
      registration.running -= 1;
    }
  };

  function reportFailure(job: Job<JobEnvelope, void> | undefined, error: Error): void {
    if (!job) return;
    const permanent = error.name === 'UnrecoverableError';
    // attemptsMade already counts the attempt that just failed; below the policy BullMQ retries it.
    if (!permanent && job.attemptsMade < policyFor(job.name).attempts) return;
    const failure: JobFailure = {
      name: job.name,
      jobId: job.data.jobId ?? job.id ?? '',
      error: permanent && error.cause !== undefined ? error.cause : error,
      attempt: job.attemptsMade,
      permanent,
    };
    for (const listener of failureListeners) listener(failure);
  }

  async function shutDown(drainMs: number): Promise<void> {
    if (worker) {
      // worker.close() stops fetching at once and resolves when the running jobs have finished.
      const closed = worker.close();
      if (!(await settlesWithin(closed, drainMs))) {
        interruptedByClose = true;
        worker.cancelAllJobs('job runner is shutting down');
        // A handler that ignores its signal is left behind: its lock lapses and another worker takes the job.
        await settlesWithin(closed, ABORT_GRACE_MS);
      }
    }
    await quit(connection);
  }

  return {
    register(job, handler, handlerOptions) {
      if (worker) throw new Error(`register ${job.name} before start(): the worker's concurrency is fixed when it starts`);
      if (registrations.has(job.name)) throw new Error(`a handler for job ${job.name} is already registered`);
      registrations.set(job.name, { handler: checkedHandler(job, handler), policy: resolveJobPolicy({ ...job.options, ...handlerOptions }, options.defaults), running: 0 });
    },

    async start() {
      if (closing) throw new Error('job runner is closed');
      if (worker) return;
      if (registrations.size === 0) throw new Error('register at least one job handler before start()');
      const concurrency = [...registrations.values()].reduce((sum, registration) => sum + registration.policy.concurrency, 0);
      worker = new Worker<JobEnvelope, void>(options.queueName ?? DEFAULT_QUEUE_NAME, processor, {
        connection,
        prefix: options.prefix ?? DEFAULT_PREFIX,
        concurrency,
        lockDuration: options.lockDurationMs ?? 30_000,
        stalledInterval: options.stalledIntervalMs ?? 30_000,
        // A job whose worker died (or starved) is taken over; BullMQ's default of 1 fails it on the
        // second stall, which under load loses work that a later attempt would finish.
        maxStalledCount: 3,
        settings: {
          backoffStrategy: (attemptsMade, _type, _error, job) => {
            const policy = policyFor(job?.name);
            return attemptsMade >= policy.attempts ? -1 : retryDelayMs(policy, attemptsMade);
          },
        },
      });
      worker.on('error', options.onError ?? ignoreError);
      worker.on('failed', reportFailure);
      await worker.waitUntilReady();
    },

    close(closeOptions: CloseOptions = {}) {
      closing ??= shutDown(closeOptions.drainMs ?? DEFAULT_DRAIN_MS);
      return closing;
    },

    onFailed(listener) {
      failureListeners.add(listener);
      return () => failureListeners.delete(listener);
    },
  };
}

/**
 * BullMQ refuses custom ids that contain ':' or read as an integer. This escaping is reversible, so two
 * different caller ids never collide: '%' and ':' are percent-encoded, and an integer-looking id gets a
 * '%i' mark that no escaped id can contain.
 */
export function toBullmqJobId(jobId: string): string {
  const escaped = jobId.replace(/[%:]/g, (c) => (c === '%' ? '%25' : '%3A'));
  return `${parseInt(escaped, 10)}` === escaped ? `%i${escaped}` : escaped;
}

function ignoreError(): void {
  // Connection errors are retried by ioredis and surface as rejected commands; callers pass onError to log them.
}

async function quit(connection: Redis): Promise<void> {
  await connection.quit().catch(() => connection.disconnect());
}
