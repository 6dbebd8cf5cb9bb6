import { randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMemoryCacheStore } from '../../../src/infra/cache/memory-cache-store.js';
import { createRedisCacheStore } from '../../../src/infra/redis/redis-cache-store.js';
import type { CacheStore } from '../../../src/rag/search-cache.js';
import { describeWithRedis, TEST_REDIS_URL } from '../../support/redis.js';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One contract for every CacheStore: values round-trip, expire after the TTL, and the bound evicts the least recently used. */
function cacheStoreContract(name: string, make: (bounds: { ttlMs: number; maxEntries: number }) => CacheStore): void {
  describe(`${name} cache store`, () => {
    it('returns what was stored, and nothing for an unknown key', async () => {
      const store = make({ ttlMs: 60_000, maxEntries: 10 });
      await store.set('a', 'value of a');
      expect(await store.get('a')).toBe('value of a');
      expect(await store.get('b')).toBeUndefined();
    });

    it('serves an entry no longer than its TTL', async () => {
      const store = make({ ttlMs: 150, maxEntries: 10 });
      await store.set('a', '1');
      expect(await store.get('a')).toBe('1');
      await sleep(300);
      expect(await store.get('a')).toBeUndefined();
    });

    it('holds at most maxEntries, the least recently used out first', async () => {
      const store = make({ ttlMs: 60_000, maxEntries: 3 });
      for (const key of ['k1', 'k2', 'k3']) {
        await store.set(key, key);
        await sleep(5);
      }
      expect(await store.get('k1')).toBe('k1'); // k1 is now the most recently used
      await sleep(5);
      await store.set('k4', 'k4');
      await sleep(5);
      await store.set('k5', 'k5');
      expect(await store.get('k2')).toBeUndefined();
      expect(await store.get('k3')).toBeUndefined();
      expect(await store.get('k1')).toBe('k1');
      expect(await store.get('k4')).toBe('k4');
      expect(await store.get('k5')).toBe('k5');
    });
  });
}

cacheStoreContract('in-memory', (bounds) => createMemoryCacheStore(bounds));

describeWithRedis('Redis cache store', () => {
  const prefix = `test:cache-store:${randomUUID()}:`;
  let redis: Redis;
  let n = 0;
  beforeAll(() => {
    redis = new Redis(TEST_REDIS_URL);
  });
  afterAll(async () => {
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length > 0) await redis.del(...keys);
    await redis.quit();
  });

  cacheStoreContract('Redis', (bounds) => createRedisCacheStore(redis, { ...bounds, prefix: `${prefix}${(n += 1)}:` }));

  it('deletes evicted entries from Redis and keeps the index to the bound', async () => {
    const p = `${prefix}bound:`;
    const store = createRedisCacheStore(redis, { prefix: p, ttlMs: 60_000, maxEntries: 5 });
    for (let i = 0; i < 20; i++) await store.set(`k${i}`, 'x');
    expect((await redis.keys(`${p}k*`)).sort()).toEqual(['k15', 'k16', 'k17', 'k18', 'k19'].map((k) => p + k).sort());
    expect(await redis.zcard(`${p}index`)).toBe(5);
    expect(await redis.pttl(`${p}k19`)).toBeGreaterThan(50_000);
  });

  it('does not store a value over maxValueBytes', async () => {
    const store = createRedisCacheStore(redis, { prefix: `${prefix}big:`, ttlMs: 60_000, maxEntries: 5, maxValueBytes: 10 });
    await store.set('big', 'x'.repeat(11));
    expect(await store.get('big')).toBeUndefined();
  });
});
