import type { Redis } from 'ioredis';
import type { CacheStore } from '../../rag/search-cache.js';

/** Bounds of one cache on Redis. */
export interface RedisCacheOptions {
  /** Prepended to every key, e.g. "chw:search-cache:": deployments and test runs sharing a Redis stay apart. */
  prefix: string;
  /** Milliseconds an entry lives after it was stored (Redis expires it). */
  ttlMs: number;
  /** Entries at most under this prefix; the least recently read or written is deleted first. */
  maxEntries: number;
  /** A larger value is not stored; default 256 KiB. */
  maxValueBytes?: number;
}

// Reads a value and, when there is one, marks it recently used in the prefix's index. Scores are
// microseconds: at milliseconds two writes in one millisecond tied and the wrong one was evicted.
const GET = `
local v = redis.call('GET', KEYS[1])
if v then
  local t = redis.call('TIME')
  redis.call('ZADD', KEYS[2], 'XX', t[1] * 1000000 + t[2], KEYS[1])
end
return v`;

// Stores a value with its TTL, records it in the index and keeps the index to ARGV[3] live entries:
// members last used longer than a TTL ago have expired already; past the bound the least recently used go.
const SET = `
local ttl = tonumber(ARGV[2])
local max = tonumber(ARGV[3])
local t = redis.call('TIME')
local now = t[1] * 1000000 + t[2]
redis.call('SET', KEYS[1], ARGV[1], 'PX', ttl)
redis.call('ZADD', KEYS[2], now, KEYS[1])
redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now - ttl * 1000)
local over = redis.call('ZCARD', KEYS[2]) - max
if over > 0 then
  local old = redis.call('ZRANGE', KEYS[2], 0, over - 1)
  redis.call('DEL', unpack(old))
  redis.call('ZREMRANGEBYRANK', KEYS[2], 0, over - 1)
end
redis.call('PEXPIRE', KEYS[2], ttl)
return 1`;

/**
 * The CacheStore port on Redis, shared by every bot and worker process: each entry expires after
 * `ttlMs`, and a sorted-set index per prefix (`<prefix>index`) bounds the entries to `maxEntries`,
 * least recently used out first. Each call is one round trip (a Lua script).
 */
export function createRedisCacheStore(redis: Redis, options: RedisCacheOptions): CacheStore {
  const index = `${options.prefix}index`;
  const maxValueBytes = options.maxValueBytes ?? 256 * 1024;
  return {
    async get(key) {
      const value = (await redis.eval(GET, 2, options.prefix + key, index)) as string | null;
      return value ?? undefined;
    },
    async set(key, value) {
      if (Buffer.byteLength(value) > maxValueBytes) return;
      await redis.eval(SET, 2, options.prefix + key, index, value, String(options.ttlMs), String(options.maxEntries));
    },
  };
}
