import { expect, it } from 'vitest';
import { connectRedis, redisServerVersion } from '../../../src/infra/redis/connect-redis.js';
import { describeWithRedis, TEST_REDIS_URL } from '../../support/redis.js';

describeWithRedis('Redis connection', () => {
  it('connects, reports the server version and round-trips a value', async () => {
    const redis = await connectRedis(TEST_REDIS_URL);
    try {
      expect(await redisServerVersion(redis)).toMatch(/^\d+\.\d+/);
      const key = `test:connect:${process.pid}:${Date.now()}`;
      await redis.set(key, 'ok', 'EX', 10);
      expect(await redis.get(key)).toBe('ok');
    } finally {
      redis.disconnect();
    }
  });
});

it('fails fast with a clear message when Redis is not there', async () => {
  await expect(connectRedis('redis://127.0.0.1:1', { connectTimeoutMs: 500 })).rejects.toThrow(/REDIS_URL: cannot reach Redis at 127\.0\.0\.1:1/);
});
