/**
 * The ports of the search caches. Both caches (query vectors, search results) are a bounded, expiring
 * store of strings under opaque keys: Redis when REDIS_URL is set, an in-memory LRU otherwise. Keys are
 * hashes; no query text is ever a key.
 */
export interface CacheStore {
  /** The value stored under `key`, or undefined once it expired, was evicted or never stored. */
  get(key: string): Promise<string | undefined>;
  /** Stores `value` under `key` until the store's TTL passes or its size bound evicts it. */
  set(key: string, value: string): Promise<void>;
}

/**
 * The version of the guideline corpus the index serves. It changes whenever a chunk, a vector, a book
 * or the full-text statistics change, in every process: a cached result of an older version is never
 * served again.
 */
export type CorpusVersion = () => Promise<string>;

/** What the caches served, counted since the process started (a bench reads these; the logs carry them too). */
export interface SearchCacheCounters {
  searches: number;
  /** Searches answered from the result cache: no embedding, no database retrieval. */
  resultHits: number;
  resultMisses: number;
  /** Query texts whose vector came from the embedding cache, and those the embedder had to make. */
  embeddingHits: number;
  embeddingMisses: number;
  /** Cache reads or writes that failed (the search ran uncached). */
  errors: number;
}

/** A zeroed set of counters. */
export function emptyCounters(): SearchCacheCounters {
  return { searches: 0, resultHits: 0, resultMisses: 0, embeddingHits: 0, embeddingMisses: 0, errors: 0 };
}

/** hits / (hits + misses), 0 when nothing was looked up. */
export function hitRate(hits: number, misses: number): number {
  return hits + misses === 0 ? 0 : hits / (hits + misses);
}
