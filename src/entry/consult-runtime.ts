import type { Config } from '../infra/config/config.js';
import type { Log } from '../core/logging.js';
import type { JobQueue, JobRunner } from '../core/jobs.js';
import { processChat, type ConsultEngineDeps } from '../consult/consult-engine.js';
import type { ConsultStore } from '../consult/consult-store.js';
import type { PlanStore } from '../consult/plan-store.js';
import type { Messenger } from '../consult/messenger.js';
import type { InterviewModel } from '../consult/interview-model.js';
import { followUpJob, planJob, planJobId, type PlanJobDeps } from '../consult/plan-job.js';
import { databaseGuidelineIndex } from '../infra/db/guideline-index.js';
import type { Database } from '../infra/db/open-database.js';
import { createConsultStore } from '../infra/db/stores/consult-store.js';
import { createSideEffectLedger } from '../infra/db/stores/side-effect-store.js';
import { createOpenAiEmbedder } from '../infra/embeddings/openai-embedder.js';
import { createAnthropicInterviewModel } from '../infra/llm/anthropic-interview-model.js';
import { createAnthropicPlanWriter } from '../infra/llm/anthropic-plan-writer.js';
import { createBullmqJobQueue, createBullmqJobRunner } from '../jobs/bullmq-job-queue.js';
import { createInProcessJobQueue } from '../jobs/in-process-job-queue.js';
import type { Logger } from '../infra/log/logger.js';
import type { Embedder } from '../rag/embedder.js';
import type { PlanWriter } from '../rag/plan-writer.js';
import { guidelineCoverage } from '../rag/condition-coverage.js';
import { searchGuidelines, type SearchGuidelinesInput } from '../rag/search-guidelines.js';

export interface ConsultRuntime {
  engine: ConsultEngineDeps;
  planDeps: PlanJobDeps;
  store: ConsultStore & PlanStore;
  queue: JobQueue;
  /** Present when this process runs jobs (embedded default, or a worker). */
  runner: JobRunner | undefined;
  /** Hands unfinished work back to the engine after a restart: pending turns, unsent replies, plans. */
  resume(): Promise<void>;
  close(): Promise<void>;
}

/** Adapts pino to the engine's log port (ids only). */
export function engineLog(logger: Logger): Log {
  return {
    info: (fields, message) => logger.info(fields, message),
    warn: (fields, message) => logger.warn(fields, message),
    error: (fields, message) => logger.error(fields, message),
  };
}

/**
 * Builds the consult engine with the adapters the configuration selects. `runJobs`: 'in-process'
 * (embedded default), 'worker' (this process consumes BullMQ jobs) or 'enqueue-only' (a bot process
 * with separate workers).
 */
export async function buildConsultRuntime(options: {
  config: Config;
  db: Database;
  logger: Logger;
  messenger: Messenger;
  runJobs: 'auto' | 'worker' | 'enqueue-only';
  /** Told the job id of every job the engine enqueues (a plan's or an answer's key), once it is accepted. */
  onEnqueued?: (jobId: string) => void;
}): Promise<ConsultRuntime> {
  const { config, db, logger, messenger } = options;
  const log = engineLog(logger);
  const store = createConsultStore(db);
  const ledger = createSideEffectLedger(db);

  let embedder: Embedder | undefined;
  if (config.embeddings.kind === 'openai-compatible') {
    const e = config.embeddings;
    embedder = createOpenAiEmbedder({ baseUrl: e.baseUrl, apiKey: e.apiKey, model: e.model, dimensions: e.dimensions });
  }
  const index = databaseGuidelineIndex(db);
  let interview: InterviewModel | undefined;
  let writer: PlanWriter | undefined;
  if (config.llm.kind === 'anthropic') {
    const l = config.llm;
    const common = { apiKey: l.apiKey, ...(l.baseUrl ? { baseUrl: l.baseUrl } : {}), timeoutMs: l.timeoutMs, maxRetries: l.maxRetries };
    interview = createAnthropicInterviewModel({ ...common, model: l.interviewModel });
    writer = createAnthropicPlanWriter({ ...common, model: l.planModel });
  }

  let queue: JobQueue;
  let runner: JobRunner | undefined;
  let closeQueue: () => Promise<void> = async () => undefined;
  const onError = (error: unknown) => logger.error({ error: error instanceof Error ? error.message : String(error) }, 'job queue connection error');
  if (config.redisUrl) {
    const bull = await createBullmqJobQueue({ redisUrl: config.redisUrl, prefix: config.jobsPrefix, onError });
    queue = bull;
    closeQueue = () => bull.close();
    if (options.runJobs === 'worker') runner = await createBullmqJobRunner({
        redisUrl: config.redisUrl,
        prefix: config.jobsPrefix,
        lockDurationMs: config.jobsLockSeconds * 1000,
        stalledIntervalMs: config.jobsLockSeconds * 1000,
        onError,
      });
  } else {
    if (options.runJobs === 'enqueue-only') throw new Error('enqueue-only needs REDIS_URL: without Redis, jobs run in this process');
    const local = createInProcessJobQueue();
    queue = local;
    runner = local;
  }

  const search = (input: SearchGuidelinesInput) => searchGuidelines({ index, ...(embedder ? { embedder } : {}) }, input);
  const { onEnqueued } = options;
  const jobs: JobQueue = onEnqueued
    ? {
        async enqueue(job, payload, enqueueOptions) {
          await queue.enqueue(job, payload, enqueueOptions);
          const jobId = enqueueOptions?.jobId ?? job.jobId?.(payload);
          if (jobId !== undefined) onEnqueued(jobId);
        },
      }
    : queue;
  const engine: ConsultEngineDeps = { store, messenger, jobs, ledger, log, coverage: guidelineCoverage(search), ...(interview ? { interview } : {}) };
  const planDeps: PlanJobDeps = {
    store,
    messenger,
    ledger,
    log,
    search,
    ...(writer ? { writer } : {}),
  };
  if (runner) {
    runner.register(planJob, (payload, context) => planJob.handle(planDeps, payload, context));
    runner.register(followUpJob, (payload, context) => followUpJob.handle(planDeps, payload, context));
    runner.onFailed((failure) =>
      logger.error({ job: failure.name, jobId: failure.jobId, permanent: failure.permanent, attempt: failure.attempt, error: failure.error instanceof Error ? failure.error.message.slice(0, 300) : String(failure.error) }, 'job failed'),
    );
  }

  return {
    engine,
    planDeps,
    store,
    queue,
    runner,
    async resume() {
      for (const { consultId, waitingMs } of await store.consultsAwaitingPlan()) {
        await queue.enqueue(planJob, { consultId }, { jobId: planJobId(consultId, waitingMs) });
      }
      for (const chatRef of await store.chatsWithPendingWork()) {
        await processChat(engine, chatRef).catch((error: unknown) =>
          logger.error({ chatRef, error: error instanceof Error ? error.message : String(error) }, 'resuming chat failed'),
        );
      }
    },
    async close() {
      await runner?.close({ drainMs: 10_000 });
      await closeQueue();
    },
  };
}
