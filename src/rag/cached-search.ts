import { createHash } from 'node:crypto';
import type { Log } from '../core/logging.js';
import type { Embedder } from './embedder.js';
import { emptyCounters, hitRate, type CacheStore, type CorpusVersion, type SearchCacheCounters } from './search-cache.js';
import { searchGuidelines, type SearchGuidelinesDeps, type SearchGuidelinesInput, type SearchGuidelinesResult } from './search-guidelines.js';

export interface CachedSearchDeps extends SearchGuidelinesDeps {
  /** Search results by query, configuration and corpus version. */
  results: CacheStore;
  /** Query vectors by embedding model and text (a vector does not depend on the corpus). */
  embeddings: CacheStore;
  corpusVersion: CorpusVersion;
  /**
   * What else decides a result that the deps do not show: the reranker in use (the feature reranker, or
   * an endpoint and its model). Part of every result key.
   */
  configuration: string;
  /** One line per search, counts only. */
  log?: Log;
}

export interface CachedSearch {
  search(input: SearchGuidelinesInput): Promise<SearchGuidelinesResult>;
  /** Totals since this search was built; a live view, read it at any time. */
  readonly counters: Readonly<SearchCacheCounters>;
}

/**
 * Bump when the shape of a cached value, or what the code makes of a query, changes in a way the key does
 * not show: results cached by an older release then stop matching instead of waiting for their TTL.
 */
// 2: sections carry their section number (a plan's compact source labels).
export const SEARCH_CACHE_FORMAT = 2;

/**
 * searchGuidelines behind two caches. A repeated search (same normalised input, embedding model,
 * retrieval configuration and corpus version) is answered from the result cache: no embedding call,
 * no retrieval statement, only the read of the corpus version. Otherwise it runs with an embedder whose
 * repeated query texts come from the embedding cache. A cache that fails is a miss, never a failed
 * search. A result served from the cache carries no `candidates` (they are for the eval, and would make
 * each entry a hundred times larger).
 */
export function cachedGuidelineSearch(deps: CachedSearchDeps): CachedSearch {
  const counters = emptyCounters();
  const safely = async <T>(work: () => Promise<T>): Promise<T | undefined> => {
    try {
      return await work();
    } catch {
      counters.errors += 1;
      return undefined;
    }
  };
  return {
    counters,
    async search(input) {
      const started = performance.now();
      counters.searches += 1;
      const perSearch = { embeddingHits: 0, embeddingMisses: 0 };
      const embedder = deps.embedder ? cachingEmbedder(deps.embedder, deps.embeddings, perSearch, safely) : undefined;
      const version = await safely(deps.corpusVersion);
      const key = version === undefined ? undefined : resultKey(deps, input, version);
      const stored = key === undefined ? undefined : await safely(() => deps.results.get(key));
      let result: SearchGuidelinesResult;
      let outcome: 'hit' | 'miss' | 'off';
      const cached = stored === undefined ? undefined : parseResult(stored);
      if (cached) {
        result = cached;
        outcome = 'hit';
        counters.resultHits += 1;
      } else {
        result = await searchGuidelines({ ...deps, ...(embedder ? { embedder } : {}) }, input);
        outcome = key === undefined ? 'off' : 'miss';
        counters.resultMisses += 1;
        if (key !== undefined) {
          const value: SearchGuidelinesResult = { sections: result.sections, queries: result.queries, legs: result.legs, candidates: [] };
          await safely(() => deps.results.set(key, JSON.stringify(value)));
        }
      }
      counters.embeddingHits += perSearch.embeddingHits;
      counters.embeddingMisses += perSearch.embeddingMisses;
      deps.log?.info(
        {
          cache: outcome,
          corpusVersion: version ?? null,
          sections: result.sections.length,
          embeddingHits: perSearch.embeddingHits,
          embeddingMisses: perSearch.embeddingMisses,
          resultHitRate: Math.round(hitRate(counters.resultHits, counters.resultMisses) * 1000) / 1000,
          ms: Math.round(performance.now() - started),
        },
        'guideline search',
      );
      return result;
    },
  };
}

/**
 * The result key: a hash of everything that decides the result, so neither the query's words nor the
 * patient's findings appear in it. Strings are NFC-normalised with runs of white space made one space;
 * letter case is kept, since the query rules read it ("BP" is blood pressure).
 */
function resultKey(deps: CachedSearchDeps, input: SearchGuidelinesInput, corpusVersion: string): string {
  const identity = {
    format: SEARCH_CACHE_FORMAT,
    corpusVersion,
    model: deps.embedder ? `${deps.embedder.model}/${deps.embedder.dimensions}` : null,
    configuration: deps.configuration,
    candidatesPerList: deps.candidatesPerList ?? null,
    efSearch: deps.efSearch ?? null,
    input: normalised(input),
  };
  return `r:${sha256(canonicalJson(identity))}`;
}

function normalised(value: unknown): unknown {
  if (typeof value === 'string') return value.normalize('NFC').replace(/\s+/g, ' ').trim();
  if (Array.isArray(value)) return value.map(normalised);
  if (value !== null && typeof value === 'object') return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, normalised(v)]));
  return value;
}

/** JSON with object keys sorted and undefined members left out, so equal inputs give equal text. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((v) => (v === undefined ? 'null' : canonicalJson(v))).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function parseResult(stored: string): SearchGuidelinesResult | undefined {
  try {
    const value = JSON.parse(stored) as Partial<SearchGuidelinesResult> | null;
    return value && Array.isArray(value.sections) && Array.isArray(value.legs) && value.queries ? (value as SearchGuidelinesResult) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * An embedder that takes each text's vector from `store` when it is there and embeds the rest in one
 * call. Vectors are stored as little-endian Float32 in base64: what the provider sends and the database
 * keeps, so a cached vector is the one the provider made.
 */
function cachingEmbedder(
  embedder: Embedder,
  store: CacheStore,
  counts: { embeddingHits: number; embeddingMisses: number },
  safely: <T>(work: () => Promise<T>) => Promise<T | undefined>,
): Embedder {
  const keyOf = (text: string) => `e:${sha256(`${embedder.model}\u0000${embedder.dimensions}\u0000${text}`)}`;
  return {
    model: embedder.model,
    dimensions: embedder.dimensions,
    async embed(texts, options) {
      const keys = texts.map(keyOf);
      const found = await Promise.all(keys.map(async (key) => decodeVector(await safely(() => store.get(key)), embedder.dimensions)));
      const missing = texts.flatMap((text, i) => (found[i] === undefined ? [{ text, i }] : []));
      counts.embeddingHits += texts.length - missing.length;
      counts.embeddingMisses += missing.length;
      if (missing.length > 0) {
        const made = await embedder.embed(
          missing.map((m) => m.text),
          options,
        );
        await Promise.all(
          missing.map(async ({ i }, j) => {
            const vector = made[j];
            if (!vector) throw new Error(`the embedder returned ${made.length} vectors for ${missing.length} texts`);
            found[i] = vector;
            await safely(() => store.set(keys[i] ?? keyOf(texts[i] ?? ''), encodeVector(vector)));
          }),
        );
      }
      return found as number[][];
    },
  };
}

function encodeVector(vector: readonly number[]): string {
  return Buffer.from(Float32Array.from(vector).buffer).toString('base64');
}

function decodeVector(stored: string | undefined, dimensions: number): number[] | undefined {
  if (stored === undefined) return undefined;
  const bytes = Buffer.from(stored, 'base64');
  if (bytes.length !== dimensions * 4) return undefined;
  // A copy: a small Buffer may sit at an offset of Node's pool that Float32Array cannot start at.
  return Array.from(new Float32Array(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)));
}
