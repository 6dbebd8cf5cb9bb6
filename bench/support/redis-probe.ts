import { Redis } from 'ioredis';

/** The Redis the benches use: BENCH_REDIS_URL, else TEST_REDIS_URL, else the local default. */
export function benchRedisUrl(env: NodeJS.ProcessEnv = process.env): string {
  return env.BENCH_REDIS_URL ?? env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
}

/** True when a PING to `url` succeeds within about a second. */
export async function redisReachable(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
  // The refused connection is the answer, not an error to report.
  redis.on('error', () => undefined);
  try {
    await redis.connect();
    await redis.ping();
    return true;
  } catch {
    return false;
  } finally {
    redis.disconnect();
  }
}

/** Deletes every key under `prefix:`, in batches (SCAN, never KEYS on a shared Redis); returns the count. */
export async function deleteRedisPrefix(url: string, prefix: string): Promise<number> {
  const redis = new Redis(url, { maxRetriesPerRequest: 1 });
  let deleted = 0;
  try {
    let cursor = '0';
    do {
      const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}:*`, 'COUNT', 500);
      cursor = next;
      if (keys.length > 0) deleted += await redis.del(...keys);
    } while (cursor !== '0');
  } finally {
    redis.disconnect();
  }
  return deleted;
}
