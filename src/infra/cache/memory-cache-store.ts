import { LRUCache } from 'lru-cache';
import type { CacheStore } from '../../rag/search-cache.js';

/** Bounds of one in-memory cache. */
export interface MemoryCacheOptions {
  /** Milliseconds an entry is served after it was stored. */
  ttlMs: number;
  /** Entries at most; the least recently used goes first. */
  maxEntries: number;
  /** Characters of all values together at most (about twice as many bytes); default 32 Mi. */
  maxChars?: number;
}

/** The CacheStore port in this process's memory (the embedded default): a bounded LRU with a TTL. */
export function createMemoryCacheStore(options: MemoryCacheOptions): CacheStore {
  const maxChars = options.maxChars ?? 32 * 1024 * 1024;
  const lru = new LRUCache<string, string>({
    max: options.maxEntries,
    ttl: options.ttlMs,
    maxSize: maxChars,
    // A value larger than the whole bound is simply not stored (lru-cache refuses it).
    sizeCalculation: (value) => Math.max(1, value.length),
  });
  return {
    get: (key) => Promise.resolve(lru.get(key)),
    set: (key, value) => {
      lru.set(key, value);
      return Promise.resolve();
    },
  };
}
