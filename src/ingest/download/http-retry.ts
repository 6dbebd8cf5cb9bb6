import { setTimeout as sleep } from 'node:timers/promises';
import { downloadError, isDownloadError, type DownloadError } from './download-error.js';
import type { TokenBucket } from './rate-limiter.js';

export interface RetryPolicy {
  /** Retries after the first attempt. */
  maxRetries: number;
  /** First backoff delay in ms; doubles each retry, with jitter. */
  baseDelayMs: number;
  /** Cap on one backoff delay, and on a server's Retry-After, in ms. */
  maxDelayMs: number;
}

export interface HttpClient {
  fetchImpl: typeof fetch;
  /** Every attempt, including retries, takes one token. */
  limiter: TokenBucket;
  retry: RetryPolicy;
  userAgent: string;
  signal?: AbortSignal | undefined;
  onRetry?: ((info: { url: string; attempt: number; delayMs: number; reason: string }) => void) | undefined;
}

/** Parses Retry-After (delta-seconds or an HTTP date) into milliseconds from `nowMs`. */
export function parseRetryAfter(value: string | null, nowMs = Date.now()): number | undefined {
  if (value === null || value.trim() === '') return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? undefined : Math.max(0, date - nowMs);
}

function statusError(url: string, response: Response): DownloadError {
  const { status } = response;
  const retryable = status === 429 || status >= 500;
  const retryAfterMs = retryable ? parseRetryAfter(response.headers.get('retry-after')) : undefined;
  return downloadError('http_status', `HTTP ${status} for ${url}`, {
    retryable,
    status,
    ...(retryAfterMs === undefined ? {} : { retryAfterMs }),
  });
}

// fetch rejects with a TypeError on connection failures and errors the body stream when a response is
// cut short; both are worth retrying. An error carrying a syscall is our own disk, which a retry won't fix.
function classifyThrown(url: string, error: unknown): DownloadError {
  if (isDownloadError(error)) return error;
  const syscall = error instanceof Error && 'syscall' in error;
  if (syscall && !(error as NodeJS.ErrnoException).code?.startsWith('ECONN')) {
    return downloadError('local_io', `local I/O error while fetching ${url}: ${String((error as Error).message)}`, { cause: error });
  }
  const detail = error instanceof Error ? `${error.message}${error.cause instanceof Error ? ` (${error.cause.message})` : ''}` : String(error);
  return downloadError('network', `network error for ${url}: ${detail}`, { retryable: true, cause: error });
}

function backoffMs(policy: RetryPolicy, retryIndex: number): number {
  const exponential = Math.min(policy.maxDelayMs, policy.baseDelayMs * 2 ** retryIndex);
  return Math.round(exponential * (0.5 + Math.random() / 2));
}

/**
 * GETs `url` and hands a successful response to `consume`; network errors, 5xx and 429 (honouring
 * Retry-After) are retried with exponential backoff and jitter, other statuses fail at once. A failure
 * inside `consume` (e.g. the body stream breaking) retries the whole request.
 */
export async function requestWithRetry<T>(client: HttpClient, url: string, consume: (response: Response) => Promise<T>): Promise<T> {
  const { signal, retry } = client;
  for (let attempt = 0; ; attempt += 1) {
    await client.limiter.take(signal);
    let failure: DownloadError;
    try {
      const response = await client.fetchImpl(url, {
        headers: { 'user-agent': client.userAgent },
        ...(signal ? { signal } : {}),
      });
      if (response.ok) return await consume(response);
      await response.body?.cancel().catch(() => undefined);
      failure = statusError(url, response);
    } catch (error) {
      if (signal?.aborted) throw signal.reason;
      failure = classifyThrown(url, error);
    }
    if (!failure.transient || attempt >= retry.maxRetries) {
      if (attempt === 0) throw failure;
      throw downloadError(failure.code, `${failure.message} (gave up after ${attempt + 1} attempts)`, {
        retryable: false,
        ...(failure.details.status === undefined ? {} : { status: failure.details.status }),
        cause: failure,
      });
    }
    const delayMs = failure.details.retryAfterMs === undefined ? backoffMs(retry, attempt) : Math.min(failure.details.retryAfterMs, retry.maxDelayMs);
    client.onRetry?.({ url, attempt: attempt + 1, delayMs, reason: failure.message });
    await sleep(delayMs, undefined, signal ? { signal } : {});
  }
}
