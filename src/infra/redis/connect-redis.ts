import { Redis } from 'ioredis';
import { AppError } from '../../core/app-error.js';

/**
 * A Redis connection for BullMQ (`maxRetriesPerRequest: null` is what its blocking commands need) or,
 * with `purpose: 'cache'`, for the search caches; the connect timeout makes a missing server an error
 * at start-up, not a hang.
 */
export async function connectRedis(url: string, options: { connectTimeoutMs?: number; purpose?: 'jobs' | 'cache' } = {}): Promise<Redis> {
  const redis = new Redis(url, {
    connectTimeout: options.connectTimeoutMs ?? 2_000,
    lazyConnect: true,
    retryStrategy: (attempt) => Math.min(attempt * 200, 2_000),
    // A cache must never hold a search up: while Redis is away a command fails at once (a miss), and
    // one that gets no answer in 500 ms is given up.
    ...(options.purpose === 'cache' ? { maxRetriesPerRequest: 0, enableOfflineQueue: false, commandTimeout: 500 } : { maxRetriesPerRequest: null }),
  });
  // Until the caller takes over, connection errors surface through the rejected promise below.
  // ioredis rejects with "Connection is closed."; the socket's own error (ECONNREFUSED) says more.
  let socketError: (Error & { code?: string }) | undefined;
  const swallow = (error: Error): void => {
    socketError = error;
  };
  redis.on('error', swallow);
  try {
    await redis.connect();
    await redis.ping();
    redis.off('error', swallow);
    return redis;
  } catch (error) {
    redis.disconnect();
    // The variable, not just the driver's words: the operator fixes REDIS_URL or starts the server.
    throw new AppError(
      'server_unreachable',
      `REDIS_URL: cannot reach Redis at ${new URL(url).host} (${socketError?.code ?? socketError?.message ?? (error instanceof Error ? error.message : String(error))}); start the server (docker compose up -d) or unset REDIS_URL to run jobs in-process`,
      { cause: error, transient: true },
    );
  }
}

/** The server's version, as INFO reports it. */
export async function redisServerVersion(redis: Redis): Promise<string> {
  const info = await redis.info('server');
  return /redis_version:(\S+)/.exec(info)?.[1] ?? 'unknown';
}
