import { randomUUID } from 'node:crypto';
import {
  checkedHandler,
  DEFAULT_DRAIN_MS,
  isPermanentJobError,
  resolveJobPolicy,
  retryDelayMs,
  type CloseOptions,
  type EnqueueOptions,
  type JobFailure,
  type JobHandler,
  type JobHandlerOptions,
  type JobPolicy,
  type JobQueue,
  type JobRunner,
} from '../core/jobs.js';
import { settlesWithin } from '../core/settles-within.js';

/*
 * The embedded default: jobs live in this process's memory, so a crash or a restart loses every job that
 * was waiting, delayed or running. That is acceptable because nothing is only here: the consult engine
 * keeps its state in the database and re-enqueues unfinished work (a consult waiting for its plan, a plan
 * not yet delivered) on start-up, and side effects are keyed, so a re-run never sends twice.
 */

export interface InProcessJobQueueOptions {
  /** Defaults for every registered name (attempts 5, backoffMs 1000, concurrency 1). */
  defaults?: JobHandlerOptions;
}

export type InProcessJobQueue = JobQueue & JobRunner;

interface PendingJob {
  name: string;
  jobId: string;
  payload: unknown;
  attempt: number;
}

interface Registration {
  handler: JobHandler;
  policy: JobPolicy;
  running: number;
}

/** After the drain time, aborted handlers get this long to settle before close() gives up on them. */
const ABORT_GRACE_MS = 1_000;

/** One object that is both the queue and its runner, in memory: setTimeout scheduling, per-name concurrency. */
export function createInProcessJobQueue(options: InProcessJobQueueOptions = {}): InProcessJobQueue {
  const registrations = new Map<string, Registration>();
  const ready = new Map<string, PendingJob[]>();
  // Remembered for the queue's lifetime, like a retained BullMQ job id; one short string per job.
  const seenJobIds = new Set<string>();
  const timers = new Set<NodeJS.Timeout>();
  const running = new Map<Promise<void>, AbortController>();
  const failureListeners = new Set<(failure: JobFailure) => void>();
  let started = false;
  let closing: Promise<void> | undefined;

  function schedule(job: PendingJob, delayMs: number): void {
    if (delayMs <= 0) {
      makeReady(job);
      return;
    }
    const timer = setTimeout(() => {
      timers.delete(timer);
      makeReady(job);
    }, delayMs);
    timers.add(timer);
  }

  function makeReady(job: PendingJob): void {
    if (closing) return;
    let list = ready.get(job.name);
    if (!list) ready.set(job.name, (list = []));
    list.push(job);
    pump(job.name);
  }

  function pump(name: string): void {
    const registration = registrations.get(name);
    const list = ready.get(name);
    // A job whose name has no handler yet waits, as it would in a queue no worker serves.
    if (!started || closing || !registration || !list) return;
    while (registration.running < registration.policy.concurrency && list.length > 0) {
      run(list.shift() as PendingJob, registration);
    }
  }

  function run(job: PendingJob, registration: Registration): void {
    const controller = new AbortController();
    registration.running += 1;
    const execution = Promise.resolve()
      .then(() => registration.handler(job.payload, { jobId: job.jobId, attempt: job.attempt, signal: controller.signal }))
      .then(
        () => undefined,
        (error: unknown) => afterFailure(job, registration.policy, error, controller.signal.aborted),
      )
      .finally(() => {
        registration.running -= 1;
        running.delete(execution);
        pump(job.name);
      });
    running.set(execution, controller);
  }

  function afterFailure(job: PendingJob, policy: JobPolicy, error: unknown, abortedByClose: boolean): void {
    // A job interrupted by shutdown did not fail; it is lost with the process (see the note at the top).
    if (abortedByClose && closing) return;
    const permanent = isPermanentJobError(error);
    if (!permanent && job.attempt < policy.attempts) {
      // During shutdown the retry is dropped with the other waiting jobs, not reported as a failure.
      if (!closing) schedule({ ...job, attempt: job.attempt + 1 }, retryDelayMs(policy, job.attempt));
      return;
    }
    const failure: JobFailure = { name: job.name, jobId: job.jobId, error, attempt: job.attempt, permanent };
    for (const listener of failureListeners) listener(failure);
  }

  async function drain(drainMs: number): Promise<void> {
    started = false;
    for (const timer of timers) clearTimeout(timer);
    timers.clear();
    ready.clear();
    if (await settlesWithin([...running.keys()], drainMs)) return;
    for (const controller of running.values()) controller.abort(new Error('job runner is shutting down'));
    await settlesWithin([...running.keys()], ABORT_GRACE_MS);
  }

  return {
    async enqueue(job, payload, enqueueOptions: EnqueueOptions = {}) {
      if (closing) throw new Error(`job queue is closed: cannot enqueue ${job.name}`);
      const stored = job.payload.parse(payload);
      const givenId = enqueueOptions.jobId ?? job.jobId?.(stored);
      if (givenId !== undefined) {
        if (seenJobIds.has(givenId)) return;
        seenJobIds.add(givenId);
      }
      schedule({ name: job.name, jobId: givenId ?? randomUUID(), payload: stored, attempt: 1 }, enqueueOptions.delayMs ?? 0);
    },

    register(job, handler, handlerOptions) {
      if (registrations.has(job.name)) throw new Error(`a handler for job ${job.name} is already registered`);
      registrations.set(job.name, { handler: checkedHandler(job, handler), policy: resolveJobPolicy({ ...job.options, ...handlerOptions }, options.defaults), running: 0 });
      pump(job.name);
    },

    async start() {
      if (closing) throw new Error('job runner is closed');
      started = true;
      for (const name of ready.keys()) pump(name);
    },

    close(closeOptions: CloseOptions = {}) {
      closing ??= drain(closeOptions.drainMs ?? DEFAULT_DRAIN_MS);
      return closing;
    },

    onFailed(listener) {
      failureListeners.add(listener);
      return () => failureListeners.delete(listener);
    },
  };
}
