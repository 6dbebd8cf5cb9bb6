import type { ZodType } from 'zod';
import { AppError, isAppError } from './app-error.js';

/**
 * The job queue port: background work (a plan, a delivery) in queue language only. Two adapters run the
 * same handlers: an in-process runner (the embedded default) and BullMQ on Redis (src/jobs).
 */

/** One kind of job: the only place its name, payload shape, job id and handler are written. */
export interface JobDefinition<P, D = never> {
  readonly name: string;
  /** Checked before the handler runs: a payload that does not parse fails at once, without retries. */
  readonly payload: ZodType<P>;
  /** Idempotency key: enqueueing a job with the same id again while the queue remembers it runs it once. Absent: the queue assigns one. */
  jobId?(payload: P): string;
  handle(deps: D, payload: P, context: JobContext): Promise<void>;
  /** Defaults: attempts 5, backoffMs 1000, concurrency 1. */
  readonly options?: JobHandlerOptions;
}

/** What a queue needs to know of a job to enqueue it. */
export type JobSpec<P> = Pick<JobDefinition<P>, 'name' | 'payload' | 'jobId' | 'options'>;

export interface EnqueueOptions {
  /** Replaces the definition's job id (a fresh id to run again work whose first job was lost). */
  jobId?: string;
  /** Run no earlier than this many milliseconds from now. */
  delayMs?: number;
}

export interface JobQueue {
  /** Schedules a job with a payload its schema accepts; resolves once the job is accepted. */
  enqueue<P>(job: JobSpec<P>, payload: P, options?: EnqueueOptions): Promise<void>;
}

export interface JobContext {
  /** The caller's jobId when one was given, else an id the queue assigned. */
  jobId: string;
  /** 1-based; a job resumed after its worker died keeps the attempt number it had. */
  attempt: number;
  /** Aborted when the runner shuts down and the drain time has run out: stop and throw. */
  signal: AbortSignal;
}

/** Resolves when the job is done; throws to retry, or throws permanentJobError(...) to give up at once. */
export type JobHandler = (payload: unknown, context: JobContext) => Promise<void>;

export interface JobHandlerOptions {
  /** Total attempts before the job fails for good. Default 5. */
  attempts?: number;
  /** Base retry delay in ms, doubled after each failed attempt (base, 2×base, 4×base ...). Default 1000. */
  backoffMs?: number;
  /** Jobs of this name that may run at once in one runner. Default 1. */
  concurrency?: number;
}

export interface JobFailure {
  name: string;
  jobId: string;
  error: unknown;
  /** The attempt that failed last. */
  attempt: number;
  /** True when the handler declared the payload hopeless; false when the attempts ran out. */
  permanent: boolean;
}

export interface CloseOptions {
  /** How long running jobs may take to finish before their signal is aborted. Default 10 000 ms. */
  drainMs?: number;
}

export interface JobRunner {
  /** Registers the handler for one job, with the definition's options (overridden by `options`); call before start(). */
  register<P>(job: JobSpec<P>, handler: (payload: P, context: JobContext) => Promise<void>, options?: JobHandlerOptions): void;
  /** Starts taking jobs. */
  start(): Promise<void>;
  /** Stops taking jobs, lets running ones finish (up to drainMs, then aborts them) and closes resources. */
  close(options?: CloseOptions): Promise<void>;
  /** Called once per job that failed for good (not for attempts that will be retried); returns an unsubscribe. */
  onFailed(listener: (failure: JobFailure) => void): () => void;
}

export const DEFAULT_JOB_ATTEMPTS = 5;
export const DEFAULT_JOB_BACKOFF_MS = 1_000;
export const DEFAULT_JOB_CONCURRENCY = 1;
export const DEFAULT_DRAIN_MS = 10_000;

/** A job that can never succeed (invalid payload, refers to nothing): AppError `job_cannot_succeed`, failed at once without retries. */
export function permanentJobError(message: string, options: { cause?: unknown } = {}): AppError {
  return new AppError('job_cannot_succeed', message, options);
}

/** Detects a permanent job failure by its code, so errors crossing module copies or bundles still match. */
export function isPermanentJobError(error: unknown): boolean {
  return isAppError(error, 'job_cannot_succeed');
}

/** The handler an adapter runs: the payload is parsed first, and one that does not parse fails for good. */
export function checkedHandler<P>(job: JobSpec<P>, handler: (payload: P, context: JobContext) => Promise<void>): JobHandler {
  return async (payload, context) => {
    const parsed = job.payload.safeParse(payload);
    // Paths and expectations only: a payload value could carry patient text.
    if (!parsed.success) throw permanentJobError(`${job.name} job payload is invalid: ${parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'} ${i.code}`).join(', ')}`);
    await handler(parsed.data, context);
  };
}

/** The options of one job name with every default filled in. */
export type JobPolicy = Required<JobHandlerOptions>;

/** Fills in the defaults (5 attempts, 1000 ms base backoff, concurrency 1) and rejects nonsense. */
export function resolveJobPolicy(options: JobHandlerOptions = {}, defaults: JobHandlerOptions = {}): JobPolicy {
  const policy: JobPolicy = {
    attempts: options.attempts ?? defaults.attempts ?? DEFAULT_JOB_ATTEMPTS,
    backoffMs: options.backoffMs ?? defaults.backoffMs ?? DEFAULT_JOB_BACKOFF_MS,
    concurrency: options.concurrency ?? defaults.concurrency ?? DEFAULT_JOB_CONCURRENCY,
  };
  if (!Number.isInteger(policy.attempts) || policy.attempts < 1) throw new RangeError('attempts must be an integer >= 1');
  if (!Number.isInteger(policy.concurrency) || policy.concurrency < 1) throw new RangeError('concurrency must be an integer >= 1');
  if (!(policy.backoffMs >= 0)) throw new RangeError('backoffMs must be >= 0');
  return policy;
}

/** The wait in ms before the attempt after `failedAttempt` (1-based): backoffMs × 2^(failedAttempt−1). */
export function retryDelayMs(policy: Pick<JobPolicy, 'backoffMs'>, failedAttempt: number): number {
  return Math.round(policy.backoffMs * 2 ** (failedAttempt - 1));
}
