import { Redis } from 'ioredis';
import { describe } from 'vitest';

/** Tests use TEST_REDIS_URL, else the local default. */
export const TEST_REDIS_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

async function reachable(url: string): Promise<boolean> {
  const redis = new Redis(url, { lazyConnect: true, connectTimeout: 1_000, maxRetriesPerRequest: 0, retryStrategy: () => null });
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

const redisUp = await reachable(TEST_REDIS_URL);

/**
 * describe() for suites that need a real Redis. In CI a missing Redis fails the suite; on a
 * developer's machine it skips with a notice naming what to start.
 */
export function describeWithRedis(name: string, body: () => void): void {
  if (redisUp) {
    describe(name, body);
    return;
  }
  if (process.env.CI) {
    describe(name, () => {
      throw new Error(`Redis is not reachable at ${TEST_REDIS_URL}; CI must start it (see .ci/run)`);
    });
    return;
  }
  process.stderr.write(`notice: skipping "${name}": start Redis on ${TEST_REDIS_URL} (redis-server --daemonize yes) to run it\n`);
  describe.skip(name, body);
}
