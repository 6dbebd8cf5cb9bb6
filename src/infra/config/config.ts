import { z } from 'zod';
import { AppError } from '../../core/app-error.js';

/**
 * The one place that reads environment variables. Entry points call loadConfig(process.env) once and
 * pass the parts each adapter needs; nothing else touches process.env (an ESLint rule enforces it).
 */

const optionalString = z
  .string()
  .trim()
  .transform((v) => (v === '' ? undefined : v))
  .optional();
const optionalUrl = optionalString.pipe(z.url({ message: 'must be a URL' }).optional());
const boolFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', ''])
  .optional()
  .transform((v) => v === 'true' || v === '1' || v === 'yes');
/** An optional number variable: `def` when unset or empty, otherwise it must pass `valid` or the variable is named with `problem`. */
const number = (def: number, valid: (n: number) => boolean, problem: string) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v, ctx) => {
      if (v === undefined || v === '') return def;
      const n = Number(v);
      if (!valid(n)) {
        ctx.addIssue({ code: 'custom', message: problem });
        return z.NEVER;
      }
      return n;
    });
const int = (def: number, min: number, max: number) =>
  number(def, (n) => Number.isInteger(n) && n >= min && n <= max, `must be a whole number from ${min} to ${max}`);
const positiveNumber = (def: number) => number(def, (n) => Number.isFinite(n) && n > 0, 'must be a positive number');

/** The vector column is vector(768) (prisma/migrations); another dimension needs a new migration. */
export const STORED_EMBEDDING_DIMENSIONS = 768;

const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).optional().default('development'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).optional().default('info'),
  /** A file the logs are appended to instead of stderr (the terminal chat on a terminal defaults to $DATA_DIR/chat.log). */
  LOG_FILE: optionalString,
  DATA_DIR: z.string().trim().optional().default('./data'),
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: 'must be a postgres:// or postgresql:// URL' })
      .optional(),
  ),
  DATABASE_POOL_SIZE: int(10, 1, 200),
  REDIS_URL: optionalString.pipe(z.string().regex(/^rediss?:\/\//, { message: 'must be a redis:// URL' }).optional()),
  JOBS_LOCK_SECONDS: int(30, 1, 3600),
  JOBS_CONCURRENCY: int(8, 1, 256),
  /** Seconds a cached search result or query vector is served; 0 turns both search caches off. */
  SEARCH_CACHE_TTL_SECONDS: int(3600, 0, 7 * 86_400),
  /** Entries each search cache holds at most (results, query vectors), least recently used out first. */
  SEARCH_CACHE_MAX_ENTRIES: int(10_000, 1, 10_000_000),
  JOBS_PREFIX: z.string().trim().regex(/^[A-Za-z0-9_-]+$/, { message: 'letters, digits, - and _ only' }).optional().default('chw'),

  ANTHROPIC_API_KEY: optionalString,
  ANTHROPIC_BASE_URL: optionalUrl,
  ANTHROPIC_INTERVIEW_MODEL: z.string().trim().optional().default('claude-haiku-5-5'),
  ANTHROPIC_PLAN_MODEL: z.string().trim().optional().default('claude-sonnet-5-5'),
  ANTHROPIC_TIMEOUT_MS: int(30_000, 1_000, 600_000),
  ANTHROPIC_MAX_RETRIES: int(3, 0, 10),

  TRANSCRIPTION_BASE_URL: optionalUrl,
  TRANSCRIPTION_API_KEY: optionalString,
  TRANSCRIPTION_MODEL: optionalString,
  VOICE_MAX_SECONDS: int(120, 1, 3600),
  VOICE_MAX_MB: int(2, 1, 20),
  VOICE_KEEP_AUDIO: boolFlag,
  PHOTO_MAX_MB: int(5, 1, 20),

  EMBEDDING_BASE_URL: optionalUrl,
  EMBEDDING_API_KEY: optionalString,
  EMBEDDING_MODEL: optionalString,
  EMBEDDING_DIMENSIONS: int(STORED_EMBEDDING_DIMENSIONS, 1, 4096),
  EMBEDDING_BATCH_SIZE: int(64, 1, 2048),
  EMBEDDING_CONCURRENCY: int(2, 1, 32),
  RERANK_URL: optionalUrl,
  RERANK_MODEL: optionalString,
  RERANK_API_KEY: optionalString,
  RERANK_TIMEOUT_MS: int(2000, 100, 60_000),

  GUIDELINES_BASE_URL: z.url({ message: 'must be a URL' }).optional().default('https://ftp.ncbi.nlm.nih.gov/pub/litarch'),
  GUIDELINES_PUBLISHER: z.string().trim().min(1).optional().default('World Health Organization'),
  GUIDELINES_ACCESSIONS: optionalString,
  GUIDELINES_LIMIT: int(0, 0, 1_000_000),
  GUIDELINES_LANGUAGES: z.string().trim().optional().default('en'),
  GUIDELINES_REQUESTS_PER_SECOND: positiveNumber(3),
  /** Caps on one downloaded package, checked while it streams (defaults: DEFAULT_ARCHIVE_CAPS in src/ingest/download/archive.ts). */
  GUIDELINES_ARCHIVE_MAX_MB: int(512, 1, 65_536),
  GUIDELINES_ARCHIVE_MAX_FILES: int(5_000, 1, 1_000_000),
  GUIDELINES_ARCHIVE_MAX_RATIO: int(100, 2, 100_000),
  CHUNK_TOKEN_BUDGET: int(512, 64, 8192),

  TELEGRAM_BOT_TOKEN: optionalString,
  TELEGRAM_API_ROOT: optionalUrl,
  TELEGRAM_MODE: z.enum(['polling', 'webhook']).optional().default('polling'),
  TELEGRAM_WEBHOOK_URL: optionalUrl,
  TELEGRAM_WEBHOOK_SECRET: optionalString,
  TELEGRAM_WEBHOOK_PORT: int(8443, 1, 65535),
  /** How long one send to Telegram may take before it is abandoned and tried again (grammY waits 500 s). */
  TELEGRAM_SEND_TIMEOUT_SECONDS: int(30, 1, 500),
  /** The webhook listens here; put a TLS proxy in front. 0.0.0.0 only on purpose. */
  TELEGRAM_WEBHOOK_HOST: z.string().trim().optional().default('127.0.0.1'),
  WHATSAPP_ENABLED: boolFlag,
  CHROMIUM_PATH: z.string().trim().optional().default('/usr/bin/chromium'),
  /** GET /healthz of the bot, WhatsApp and worker processes (a container's health check); unset = none. */
  HEALTH_PORT: optionalString.pipe(z.coerce.number<string>().int().min(1).max(65535).optional()),
  HEALTH_HOST: z.string().trim().min(1).optional().default('127.0.0.1'),
  REVIEW_PORT: int(8080, 1, 65535),
  REVIEW_HOST: z.string().trim().min(1).optional().default('127.0.0.1'),
  /** The address supervisors open (used in set-password links); https:// turns on Secure cookies. */
  REVIEW_PUBLIC_URL: optionalUrl,
  /** Key of the HMAC that turns sender ids into audit references; required with DATABASE_URL by every process that hashes senders. */
  SENDER_HASH_SECRET: optionalString.pipe(z.string().min(32, { message: 'must be at least 32 characters (e.g. openssl rand -hex 32)' }).optional()),
  /** Days unknown-sender traces and redelivery records are kept. */
  RETENTION_DAYS: int(30, 1, 3650),
});

export interface Config {
  env: 'development' | 'production' | 'test';
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  /** Where logs are appended instead of stderr; undefined for stderr. */
  logFile: string | undefined;
  dataDir: string;
  database: { kind: 'pglite'; dataDir: string } | { kind: 'postgres'; url: string; poolSize: number };
  redisUrl: string | undefined;
  /** Redis key prefix of the job queue, so several deployments (or test runs) can share one Redis. */
  jobsPrefix: string;
  /** How long a worker's claim on a job lasts without renewal: a dead worker's job moves on after this. */
  jobsLockSeconds: number;
  /** Jobs of one kind (plans, follow-ups) a process runs at once; mostly waiting on the LLM. */
  jobsConcurrency: number;
  /**
   * The query-vector and search-result caches: on Redis under `<JOBS_PREFIX>:search-cache:` when
   * REDIS_URL is set, in memory otherwise. `ttlSeconds` 0: no caching.
   */
  searchCache: { ttlSeconds: number; maxEntries: number };
  llm:
    | { kind: 'offline' }
    | {
        kind: 'anthropic';
        apiKey: string;
        baseUrl: string | undefined;
        interviewModel: string;
        planModel: string;
        timeoutMs: number;
        maxRetries: number;
      };
  embeddings:
    | { kind: 'none' }
    | {
        kind: 'openai-compatible';
        baseUrl: string | undefined;
        apiKey: string;
        model: string;
        dimensions: number;
        batchSize: number;
        concurrency: number;
      };
  /** 'features': the deterministic default; 'http': a cross-encoder `/rerank` endpoint (RERANK_URL). */
  /** Voice notes (transcription endpoint, caps) and photos (cap). */
  media: {
    transcription: { kind: 'none' } | { kind: 'openai-compatible'; baseUrl: string | undefined; apiKey: string; model: string };
    voiceMaxSeconds: number;
    voiceMaxBytes: number;
    keepAudio: boolean;
    photoMaxBytes: number;
  };
  rerank: { kind: 'features' } | { kind: 'http'; url: string; model: string | undefined; apiKey: string | undefined; timeoutMs: number };
  guidelines: {
    baseUrl: string;
    publisher: string;
    accessions: string[];
    limit: number | undefined;
    languages: string[];
    requestsPerSecond: number;
    tokenBudget: number;
    /** Caps on one package while it streams: bytes unpacked, entries, inflated bytes per compressed byte. */
    archiveCaps: { maxUncompressedBytes: number; maxEntries: number; maxRatio: number };
  };
  telegram:
    | { enabled: false }
    | {
        enabled: true;
        token: string;
        apiRoot: string | undefined;
        sendTimeoutSeconds: number;
        mode: 'polling' | 'webhook';
        webhookUrl: string | undefined;
        webhookSecret: string | undefined;
        webhookPort: number;
        webhookHost: string;
      };
  whatsapp: { enabled: boolean; chromiumPath: string };
  /** Where a long-running process answers GET /healthz; undefined = no health endpoint (the review app has its own on REVIEW_PORT). */
  health: { host: string; port: number } | undefined;
  reviewPort: number;
  review: { host: string; port: number; publicUrl: string };
  /**
   * The HMAC key for sender ids. Undefined only on the embedded database, where one is generated once
   * and kept owner-only under DATA_DIR (src/infra/config/sender-hash-secret.ts).
   */
  senderHashSecret: string | undefined;
  /** Unknown-sender traces and redelivery records older than this many days are deleted. */
  retentionDays: number;
}

/** AppError `bad_config`; `details.problems` names each bad or missing variable. */
export type ConfigError = AppError<{ problems: string[] }>;

/** AppError `bad_config` naming each problem (exit 78). */
export function configError(problems: string[]): ConfigError {
  return new AppError('bad_config', `invalid configuration:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee .env.example for every variable.`, {
    details: { problems },
  });
}

/** Validates the environment; throws AppError `bad_config` naming each bad or missing variable. */
export function loadConfig(env: Record<string, string | undefined>): Config {
  const parsed = envSchema.safeParse(env);
  if (!parsed.success) {
    throw configError(parsed.error.issues.map((issue) => `${issue.path.join('.') || '(environment)'}: ${issue.message}`));
  }
  const e = parsed.data;
  const problems: string[] = [];

  const transcriptionWanted = e.TRANSCRIPTION_MODEL !== undefined || e.TRANSCRIPTION_BASE_URL !== undefined || e.TRANSCRIPTION_API_KEY !== undefined;
  if (transcriptionWanted && e.TRANSCRIPTION_MODEL === undefined) problems.push('TRANSCRIPTION_MODEL: required when a transcription endpoint is configured');
  const embeddingsWanted = e.EMBEDDING_MODEL !== undefined || e.EMBEDDING_BASE_URL !== undefined || e.EMBEDDING_API_KEY !== undefined;
  if (embeddingsWanted && e.EMBEDDING_MODEL === undefined) problems.push('EMBEDDING_MODEL: required when an embedding provider is configured');
  if (embeddingsWanted && e.EMBEDDING_DIMENSIONS !== STORED_EMBEDDING_DIMENSIONS) {
    problems.push(
      `EMBEDDING_DIMENSIONS: the database stores ${STORED_EMBEDDING_DIMENSIONS}-dimensional vectors; got ${e.EMBEDDING_DIMENSIONS} (ask the provider for ${STORED_EMBEDDING_DIMENSIONS} dimensions, or add a migration)`,
    );
  }
  const telegramEnabled = e.TELEGRAM_BOT_TOKEN !== undefined;
  if (telegramEnabled && e.TELEGRAM_MODE === 'webhook') {
    if (!e.TELEGRAM_WEBHOOK_URL) problems.push('TELEGRAM_WEBHOOK_URL: required when TELEGRAM_MODE=webhook');
    if (!e.TELEGRAM_WEBHOOK_SECRET) problems.push('TELEGRAM_WEBHOOK_SECRET: required when TELEGRAM_MODE=webhook');
  }
  if (problems.length > 0) throw configError(problems);

  return {
    env: e.NODE_ENV,
    logLevel: e.LOG_LEVEL,
    logFile: e.LOG_FILE,
    dataDir: e.DATA_DIR,
    database: e.DATABASE_URL
      ? { kind: 'postgres', url: e.DATABASE_URL, poolSize: e.DATABASE_POOL_SIZE }
      : { kind: 'pglite', dataDir: `${e.DATA_DIR}/pglite` },
    redisUrl: e.REDIS_URL,
    jobsPrefix: e.JOBS_PREFIX,
    jobsLockSeconds: e.JOBS_LOCK_SECONDS,
    jobsConcurrency: e.JOBS_CONCURRENCY,
    searchCache: { ttlSeconds: e.SEARCH_CACHE_TTL_SECONDS, maxEntries: e.SEARCH_CACHE_MAX_ENTRIES },
    llm: e.ANTHROPIC_API_KEY
      ? {
          kind: 'anthropic',
          apiKey: e.ANTHROPIC_API_KEY,
          baseUrl: e.ANTHROPIC_BASE_URL,
          interviewModel: e.ANTHROPIC_INTERVIEW_MODEL,
          planModel: e.ANTHROPIC_PLAN_MODEL,
          timeoutMs: e.ANTHROPIC_TIMEOUT_MS,
          maxRetries: e.ANTHROPIC_MAX_RETRIES,
        }
      : { kind: 'offline' },
    embeddings:
      embeddingsWanted && e.EMBEDDING_MODEL
        ? {
            kind: 'openai-compatible',
            baseUrl: e.EMBEDDING_BASE_URL,
            // Self-hosted OpenAI-compatible servers often need no key, but the SDK insists on one.
            apiKey: e.EMBEDDING_API_KEY ?? 'none',
            model: e.EMBEDDING_MODEL,
            dimensions: e.EMBEDDING_DIMENSIONS,
            batchSize: e.EMBEDDING_BATCH_SIZE,
            concurrency: e.EMBEDDING_CONCURRENCY,
          }
        : { kind: 'none' },
    media: {
      transcription:
        transcriptionWanted && e.TRANSCRIPTION_MODEL
          ? // As for embeddings, a self-hosted server may need no key, but the SDK insists on one.
            { kind: 'openai-compatible', baseUrl: e.TRANSCRIPTION_BASE_URL, apiKey: e.TRANSCRIPTION_API_KEY ?? 'none', model: e.TRANSCRIPTION_MODEL }
          : { kind: 'none' },
      voiceMaxSeconds: e.VOICE_MAX_SECONDS,
      voiceMaxBytes: e.VOICE_MAX_MB * 1024 * 1024,
      keepAudio: e.VOICE_KEEP_AUDIO,
      photoMaxBytes: e.PHOTO_MAX_MB * 1024 * 1024,
    },
    rerank: e.RERANK_URL
      ? { kind: 'http', url: e.RERANK_URL, model: e.RERANK_MODEL, apiKey: e.RERANK_API_KEY, timeoutMs: e.RERANK_TIMEOUT_MS }
      : { kind: 'features' },
    guidelines: {
      baseUrl: e.GUIDELINES_BASE_URL.replace(/\/+$/, ''),
      publisher: e.GUIDELINES_PUBLISHER,
      accessions: (e.GUIDELINES_ACCESSIONS ?? '').split(',').map((s) => s.trim()).filter(Boolean),
      limit: e.GUIDELINES_LIMIT === 0 ? undefined : e.GUIDELINES_LIMIT,
      languages: e.GUIDELINES_LANGUAGES.split(',').map((s) => s.trim().toLowerCase()).filter(Boolean),
      requestsPerSecond: e.GUIDELINES_REQUESTS_PER_SECOND,
      tokenBudget: e.CHUNK_TOKEN_BUDGET,
      archiveCaps: {
        maxUncompressedBytes: e.GUIDELINES_ARCHIVE_MAX_MB * 1024 * 1024,
        maxEntries: e.GUIDELINES_ARCHIVE_MAX_FILES,
        maxRatio: e.GUIDELINES_ARCHIVE_MAX_RATIO,
      },
    },
    telegram: telegramEnabled
      ? {
          enabled: true,
          token: e.TELEGRAM_BOT_TOKEN as string,
          apiRoot: e.TELEGRAM_API_ROOT,
          sendTimeoutSeconds: e.TELEGRAM_SEND_TIMEOUT_SECONDS,
          mode: e.TELEGRAM_MODE,
          webhookUrl: e.TELEGRAM_WEBHOOK_URL,
          webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
          webhookPort: e.TELEGRAM_WEBHOOK_PORT,
          webhookHost: e.TELEGRAM_WEBHOOK_HOST,
        }
      : { enabled: false },
    whatsapp: { enabled: e.WHATSAPP_ENABLED, chromiumPath: e.CHROMIUM_PATH },
    health: e.HEALTH_PORT === undefined ? undefined : { host: e.HEALTH_HOST, port: e.HEALTH_PORT },
    reviewPort: e.REVIEW_PORT,
    review: { host: e.REVIEW_HOST, port: e.REVIEW_PORT, publicUrl: (e.REVIEW_PUBLIC_URL ?? `http://${e.REVIEW_HOST}:${e.REVIEW_PORT}`).replace(/\/+$/, '') },
    senderHashSecret: e.SENDER_HASH_SECRET,
    retentionDays: e.RETENTION_DAYS,
  };
}
