import type { Config } from '../infra/config/config.js';
import type { Log } from '../core/logging.js';
import { createSenderHasher, type KeyedHasher } from '../consult/enrollment/sender-hash.js';
import { scheduleRetention } from '../consult/retention/schedule-retention.js';
import { resolveSenderHashSecret } from '../infra/config/sender-hash-secret.js';
import { createRetentionStore } from '../infra/db/stores/retention-store.js';
import type { JobContext, JobDefinition, JobQueue, JobRunner } from '../core/jobs.js';
import { processChat, type ConsultEngineDeps } from '../consult/consult-engine.js';
import type { ConsultStore } from '../consult/consult-store.js';
import type { PlanStore } from '../consult/plan-store.js';
import type { Messenger } from '../consult/messenger.js';
import type { FetchAttachment, MediaDeps } from '../consult/media/ports.js';
import { createMediaStore } from '../infra/db/stores/media-store.js';
import { createSharpImageCleaner } from '../infra/images/sharp-image-cleaner.js';
import { createOpenAiTranscriber } from '../infra/transcription/openai-transcriber.js';
import type { InterviewModel } from '../consult/interview-model.js';
import { followUpJob, planJob, planJobId, type PlanJobDeps } from '../consult/plan-job.js';
import { databaseCorpusVersion, databaseGuidelineIndex } from '../infra/db/guideline-index.js';
import { openSearchCacheStores } from '../infra/cache/search-caches.js';
import { cachedGuidelineSearch } from '../rag/cached-search.js';
import type { SearchCacheCounters } from '../rag/search-cache.js';
import type { Database } from '../infra/db/open-database.js';
import { createConsultStore } from '../infra/db/stores/consult-store.js';
import { createSideEffectLedger } from '../infra/db/stores/side-effect-store.js';
import { createOpenAiEmbedder } from '../infra/embeddings/openai-embedder.js';
import { httpReranker } from '../infra/rerank/http-reranker.js';
import { featureReranker } from '../rag/feature-reranker.js';
import { createAnthropicInterviewModel } from '../infra/llm/anthropic-interview-model.js';
import { createAnthropicPlanWriter } from '../infra/llm/anthropic-plan-writer.js';
import { createBullmqJobQueue, createBullmqJobRunner } from '../jobs/bullmq-job-queue.js';
import { createInProcessJobQueue } from '../jobs/in-process-job-queue.js';
import type { Logger } from '../infra/log/logger.js';
import type { Embedder } from '../rag/embedder.js';
import type { PlanWriter } from '../rag/plan-writer.js';
import { databaseAnswers } from './runtime.js';
import { sendGateReply, type GateReplyDeps } from '../consult/send-gate-reply.js';
import type { GateReply } from '../consult/sender-gate.js';
import { guidelineCoverage } from '../rag/condition-coverage.js';
import { searchGuidelines, type SearchGuidelinesInput } from '../rag/search-guidelines.js';

/** A pump pass running longer than this is reported: while it runs, no plan is re-enqueued and no send retried. */
const SLOW_PASS_MS = 60_000;

/** Chats one resume pass handles at once (each mostly waits on the LLM). */
const RESUME_CONCURRENCY = 16;

export interface ConsultRuntime {
  /** Also sends the gate's answers (`sendGateReply`), so it carries the keyed hash their keys use. */
  engine: ConsultEngineDeps & GateReplyDeps;
  /** HMAC of channel ids under the deployment's secret (the identity store and logs use it). */
  hashSender: KeyedHasher;
  planDeps: PlanJobDeps;
  store: ConsultStore & PlanStore;
  queue: JobQueue;
  /** Present when this process runs jobs (embedded default, or a worker). */
  runner: JobRunner | undefined;
  /** Hands unfinished work back to the engine after a restart: pending turns, unsent replies, plans. */
  resume(): Promise<void>;
  /** What the search caches served in this process; undefined when SEARCH_CACHE_TTL_SECONDS=0. */
  searchCache: Readonly<SearchCacheCounters> | undefined;
  /** Answers of the sender gate, through the outbox. */
  gateReply(reply: GateReply): Promise<void>;
  /** Whether the database answers a trivial query within two seconds. */
  databaseReachable(): Promise<boolean>;
  /**
   * Starts the outbox pump: every `everyMs` (default 5 s) a resume pass sends replies whose send failed
   * or that wait for this process (a worker's plan for a terminal or WhatsApp chat), hands stalled
   * turns back and re-enqueues lost plans. A slow pass is never stacked on.
   */
  startPump(everyMs?: number): void;
  /**
   * Stops in order: `stopIntake` (no new messages), the pump (its pass finishes), running jobs
   * (drained up to 10 s), the queue, `closeAfterJobs` (a browser), then the database. Safe to call twice.
   */
  shutdown(steps?: { stopIntake?: () => Promise<void>; closeAfterJobs?: () => Promise<void> }): Promise<void>;
  /** Stops the pump and the jobs (not the database): for callers that own the database. */
  close(): Promise<void>;
}

/** How often a running process deletes expired unknown-sender traces (the first pass an hour after start). */
export const RETENTION_INTERVAL_MS = 60 * 60_000;

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
  /** Fetches voice notes and photos from the channel (Telegram); absent, both get "please type". */
  fetchAttachment?: FetchAttachment;
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
  const r = config.rerank;
  const reranker =
    r.kind === 'http'
      ? httpReranker({
          url: r.url,
          ...(r.model ? { model: r.model } : {}),
          ...(r.apiKey ? { apiKey: r.apiKey } : {}),
          timeoutMs: r.timeoutMs,
          fallback: featureReranker(),
          onError: (error) => logger.warn({ error: error.message }, 'rerank endpoint failed; built-in reranker used'),
        })
      : featureReranker();
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

  const searchDeps = { index, reranker, ...(embedder ? { embedder } : {}) };
  let search = (input: SearchGuidelinesInput) => searchGuidelines(searchDeps, input);
  let searchCache: Readonly<SearchCacheCounters> | undefined;
  let closeSearchCache: () => Promise<void> = async () => undefined;
  if (config.searchCache.ttlSeconds > 0) {
    let warned = 0;
    const stores = await openSearchCacheStores({
      redisUrl: config.redisUrl,
      prefix: `${config.jobsPrefix}:search-cache:`,
      ...config.searchCache,
      // A cache that is away only costs speed: say so at most once a minute.
      onError: (error) => {
        if (Date.now() - warned < 60_000) return;
        warned = Date.now();
        logger.warn({ error: error.message.slice(0, 200) }, 'search cache unreachable; searching uncached');
      },
    });
    closeSearchCache = () => stores.close();
    const cached = cachedGuidelineSearch({
      ...searchDeps,
      results: stores.results,
      embeddings: stores.embeddings,
      corpusVersion: databaseCorpusVersion(db),
      configuration: r.kind === 'http' ? `rerank:http:${r.url}:${r.model ?? ''}` : 'rerank:feature',
      log,
    });
    search = (input) => cached.search(input);
    searchCache = cached.counters;
    logger.info({ store: stores.kind, ttlSeconds: config.searchCache.ttlSeconds, maxEntries: config.searchCache.maxEntries }, 'search cache ready');
  }
  const hashSender = createSenderHasher(await resolveSenderHashSecret(config));
  const jobs: JobQueue = {
    async enqueue(job, payload, enqueueOptions) {
      await queue.enqueue(job, payload, enqueueOptions);
      const jobId = enqueueOptions?.jobId ?? job.jobId?.(payload);
      logger.info({ job: job.name, jobId }, 'job enqueued');
      if (jobId !== undefined) options.onEnqueued?.(jobId);
    },
  };
  const t = config.media.transcription;
  const media: MediaDeps | undefined = options.fetchAttachment
    ? {
        fetchAttachment: options.fetchAttachment,
        ...(t.kind === 'openai-compatible' ? { transcriber: createOpenAiTranscriber({ baseUrl: t.baseUrl, apiKey: t.apiKey, model: t.model }) } : {}),
        images: createSharpImageCleaner(),
        store: createMediaStore(db),
        limits: { voiceMaxSeconds: config.media.voiceMaxSeconds, voiceMaxBytes: config.media.voiceMaxBytes, photoMaxBytes: config.media.photoMaxBytes, keepAudio: config.media.keepAudio },
      }
    : undefined;
  const engine: ConsultEngineDeps & GateReplyDeps = {
    store,
    messenger,
    jobs,
    ledger,
    log,
    messageRef: hashSender,
    coverage: guidelineCoverage(search),
    ...(interview ? { interview } : {}),
    ...(media ? { media } : {}),
  };
  const planDeps: PlanJobDeps = {
    store,
    messenger,
    ledger,
    log,
    search,
    sectionsWithHeading: index.sectionsWithHeading,
    sectionsMentioning: index.sectionsMentioning,
    ...(writer ? { writer } : {}),
  };
  if (runner) {
    // Plan jobs mostly wait on the LLM: 2 at a time left a 1,000-CHW run's plans queued for minutes.
    const concurrency = { concurrency: config.jobsConcurrency };
    const handled =
      <P>(job: JobDefinition<P, PlanJobDeps>) =>
      (payload: P, context: JobContext) => {
        logger.info({ job: job.name, jobId: context.jobId, attempt: context.attempt }, 'job started');
        return job.handle(planDeps, payload, context);
      };
    runner.register(planJob, handled(planJob), concurrency);
    runner.register(followUpJob, handled(followUpJob), concurrency);
    runner.onFailed((failure) =>
      logger.error({ job: failure.name, jobId: failure.jobId, permanent: failure.permanent, attempt: failure.attempt, error: failure.error instanceof Error ? failure.error.message.slice(0, 300) : String(failure.error) }, 'job failed'),
    );
  }

  // Unknown-sender traces and redelivery records expire (RETENTION_DAYS) in every long-running process.
  const retention = scheduleRetention({
    store: createRetentionStore(db),
    days: config.retentionDays,
    everyMs: RETENTION_INTERVAL_MS,
    onPass: (deleted) => logger.info({ ...deleted, days: config.retentionDays }, 'retention applied'),
    onError: (error) => logger.error({ error: error instanceof Error ? error.message : String(error) }, 'retention failed'),
  });

  let pump: NodeJS.Timeout | undefined;
  let pass: Promise<void> | undefined;
  let passStarted = 0;
  let slowReported = false;
  const stopPump = async () => {
    clearInterval(pump);
    pump = undefined;
    await pass;
  };
  let closed: Promise<void> | undefined;
  const close = () =>
    (closed ??= (async () => {
      retention.stop();
      await stopPump();
      await runner?.close({ drainMs: 10_000 });
      await closeQueue();
      await closeSearchCache();
    })());
  let shut: Promise<void> | undefined;

  const runtime: ConsultRuntime = {
    engine,
    hashSender,
    planDeps,
    store,
    queue,
    runner,
    searchCache,
    gateReply: (reply) => sendGateReply(engine, reply),
    databaseReachable: () => databaseAnswers(db),
    startPump(everyMs = 5_000) {
      if (pump) return;
      pump = setInterval(() => {
        if (pass) {
          if (!slowReported && Date.now() - passStarted > SLOW_PASS_MS) {
            slowReported = true;
            logger.warn({ runningMs: Date.now() - passStarted }, 'outbox pump pass still running; no other pass starts until it ends');
          }
          return;
        }
        passStarted = Date.now();
        slowReported = false;
        pass = runtime
          .resume()
          .then(() => store.forgetStrangers())
          .catch((error: unknown) => logger.error({ error: error instanceof Error ? error.name : 'unknown', detail: error instanceof Error ? error.message.slice(0, 200) : '' }, 'outbox pump pass failed'))
          .finally(() => {
            pass = undefined;
          });
      }, everyMs);
    },
    shutdown(steps = {}) {
      return (shut ??= (async () => {
        const step = async (name: string, run: (() => Promise<void>) | undefined) => {
          try {
            await run?.();
          } catch (error) {
            // One step failing must not keep later resources open.
            logger.error({ step: name, error: error instanceof Error ? error.message.slice(0, 200) : String(error) }, 'shutdown step failed');
          }
        };
        await step('intake', steps.stopIntake);
        await step('jobs', close);
        await step('after-jobs', steps.closeAfterJobs);
        await step('database', () => db.close());
      })());
    },
    close,
    async resume() {
      for (const { consultId, waitingMs } of await store.consultsAwaitingPlan()) {
        const jobId = planJobId(consultId, waitingMs);
        await queue.enqueue(planJob, { consultId }, { jobId });
        if (jobId !== planJobId(consultId, 0)) logger.warn({ consultId, jobId, waitingMs: Math.round(waitingMs) }, 'plan still awaited; its job enqueued again');
      }
      // Chats are independent and a turn mostly waits on the LLM: one at a time, the turns a killed
      // process left behind (hundreds at 1,000 CHWs) waited minutes for their turn in this pass.
      const pending = await store.chatsWithPendingWork();
      const next = () => pending.shift();
      const lane = async () => {
        for (let chatRef = next(); chatRef !== undefined; chatRef = next()) {
          await processChat(engine, chatRef).catch((error: unknown) =>
            logger.error({ chatRef, error: error instanceof Error ? error.message : String(error) }, 'resuming chat failed'),
          );
        }
      };
      await Promise.all(Array.from({ length: RESUME_CONCURRENCY }, lane));
    },
  };
  return runtime;
}
