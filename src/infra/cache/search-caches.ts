import type { CacheStore } from '../../rag/search-cache.js';
import { connectRedis } from '../redis/connect-redis.js';
import { createRedisCacheStore } from '../redis/redis-cache-store.js';
import { createMemoryCacheStore } from './memory-cache-store.js';

/** The two stores of the search caches and how to release them. */
export interface SearchCacheStores {
  results: CacheStore;
  embeddings: CacheStore;
  /** Where they live, for the start-up log line. */
  kind: 'redis' | 'memory';
  close(): Promise<void>;
}

/**
 * The search caches' stores: on Redis under `<prefix>results:` and `<prefix>embeddings:` when `redisUrl`
 * is set (every bot and worker process shares them), else in this process's memory. Each holds at most
 * `maxEntries` and serves an entry for `ttlSeconds`.
 */
export async function openSearchCacheStores(options: {
  redisUrl: string | undefined;
  /** e.g. "chw:search-cache:" */
  prefix: string;
  ttlSeconds: number;
  maxEntries: number;
  onError?: (error: Error) => void;
}): Promise<SearchCacheStores> {
  const bounds = { ttlMs: options.ttlSeconds * 1000, maxEntries: options.maxEntries };
  if (!options.redisUrl) {
    return { results: createMemoryCacheStore(bounds), embeddings: createMemoryCacheStore(bounds), kind: 'memory', close: () => Promise.resolve() };
  }
  const redis = await connectRedis(options.redisUrl, { purpose: 'cache' });
  redis.on('error', (error: Error) => options.onError?.(error));
  return {
    results: createRedisCacheStore(redis, { ...bounds, prefix: `${options.prefix}results:` }),
    embeddings: createRedisCacheStore(redis, { ...bounds, prefix: `${options.prefix}embeddings:` }),
    kind: 'redis',
    async close() {
      await redis.quit().catch(() => redis.disconnect());
    },
  };
}
