import { createHash, randomUUID } from 'node:crypto';
import { Redis } from 'ioredis';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { databaseCorpusVersion, databaseGuidelineIndex } from '../../src/infra/db/guideline-index.js';
import type { SqlSession } from '../../src/infra/db/sql-session.js';
import { createIngestStore } from '../../src/infra/db/stores/ingest-run-store.js';
import { createOpenAiEmbedder } from '../../src/infra/embeddings/openai-embedder.js';
import { createMemoryCacheStore } from '../../src/infra/cache/memory-cache-store.js';
import { createRedisCacheStore } from '../../src/infra/redis/redis-cache-store.js';
import type { ChunkRecord, IngestRecord, SourceRecord } from '../../src/ingest/ingest-records.js';
import { embedPendingChunks } from '../../src/ingest/load/embed-pending-chunks.js';
import { loadIngestRecords } from '../../src/ingest/load/load-records.js';
import { cachedGuidelineSearch, type CachedSearchDeps } from '../../src/rag/cached-search.js';
import type { CacheStore } from '../../src/rag/search-cache.js';
import { FAKE_OPENAI_API_KEY, FakeOpenAiEmbeddingsServer } from '../fakes/fake-openai-embeddings-server.js';
import { describeWithRedis, TEST_REDIS_URL } from '../support/redis.js';
import { openTestDatabase, type TestDatabase } from '../support/test-database.js';

const source: SourceRecord = { type: 'source', accession: 'NBK-CACHE', title: 'Fever in children', publisher: 'WHO', year: 2024, licence: 'CC BY', licenceUrl: null, language: 'en', lastUpdated: '2026-01-02', kind: 'bookshelf' };

function chunk(n: number, content: string): ChunkRecord {
  const text = `Fever in children > Malaria > Section ${n}\n\n${content}`;
  return {
    type: 'chunk',
    accession: source.accession,
    partFile: 'ch1',
    partTitle: 'Malaria',
    sectionId: `s${n}`,
    sectionPath: `Malaria > Section ${n}`,
    titlePath: `Fever in children > Malaria > Section ${n}`,
    ordinal: 0,
    text,
    tokenCount: Math.ceil(text.length / 4),
    contentHash: createHash('sha256').update(text).digest('hex'),
    oversized: false,
  };
}

const corpus = (dose: string): IngestRecord[] => [
  source,
  chunk(1, `Treat uncomplicated malaria with artemether-lumefantrine: ${dose}.`),
  chunk(2, 'Refer a child with malaria who cannot drink or has convulsions.'),
  chunk(3, 'Give paracetamol for fever above 38.5 degrees.'),
];

async function* stream(records: IngestRecord[]): AsyncGenerator<IngestRecord> {
  yield* records;
}

const input = { condition: 'uncomplicated malaria', demographics: { ageYears: 4 }, findings: [{ category: 'test_result' as const, value: 'RDT positive' }] };

describe('cached guideline search', () => {
  let db: TestDatabase;
  const server = new FakeOpenAiEmbeddingsServer();
  let embedder: ReturnType<typeof createOpenAiEmbedder>;
  const sent: string[] = [];
  const counting = (session: SqlSession): SqlSession => ({
    exec: (script) => (sent.push(script), session.exec(script)),
    query: (sql, params) => (sent.push(sql), session.query(sql, params)),
    transaction: (work) => (sent.push('BEGIN'), session.transaction((tx) => work(counting(tx)))),
  });
  const deps = (stores: { results: CacheStore; embeddings: CacheStore }): CachedSearchDeps => {
    const watched = { ...db, sql: counting(db.sql) };
    return { index: databaseGuidelineIndex(watched), embedder, corpusVersion: databaseCorpusVersion(watched), configuration: 'rerank:feature', ...stores };
  };
  const ingest = async (dose: string) => {
    await loadIngestRecords(createIngestStore(db), stream(corpus(dose)));
    await embedPendingChunks(createIngestStore(db), embedder, { batchSize: 16, concurrency: 1 });
  };

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    const { url } = await server.start();
    embedder = createOpenAiEmbedder({ baseUrl: `${url}/v1`, apiKey: FAKE_OPENAI_API_KEY, model: 'nomic-embed-text', dimensions: 768 });
    await ingest('twice daily for three days');
  });
  afterAll(async () => {
    await db?.close();
    await server.close();
  });

  const memoryStores = () => ({ results: createMemoryCacheStore({ ttlMs: 60_000, maxEntries: 100 }), embeddings: createMemoryCacheStore({ ttlMs: 60_000, maxEntries: 100 }) });

  it('serves a repeated search from the cache: no embedding call, no retrieval statement', async () => {
    const cached = cachedGuidelineSearch(deps(memoryStores()));
    const first = await cached.search(input);
    expect(first.legs).toEqual(['text', 'vector']);
    expect(first.sections[0]?.section.text).toContain('artemether-lumefantrine');
    const embeddingCalls = server.answered.length;
    sent.length = 0;
    // The same query with other white space is the same query.
    const second = await cached.search({ ...input, condition: '  uncomplicated   malaria ' });
    expect(server.answered.length).toBe(embeddingCalls);
    expect(sent).toHaveLength(1);
    expect(sent[0]).toContain('guideline_corpus_version');
    expect(second.sections).toEqual(first.sections);
    expect(cached.counters).toMatchObject({ searches: 2, resultHits: 1, resultMisses: 1, embeddingHits: 0, embeddingMisses: 2, errors: 0 });
  });

  it('reuses the query vectors of another search with the same query texts', async () => {
    const cached = cachedGuidelineSearch(deps(memoryStores()));
    await cached.search({ ...input, k: 2 });
    const embeddingCalls = server.answered.length;
    await cached.search({ ...input, k: 3 });
    expect(server.answered.length).toBe(embeddingCalls);
    expect(cached.counters).toMatchObject({ resultHits: 0, resultMisses: 2, embeddingHits: 2, embeddingMisses: 2 });
  });

  it('serves no result of the corpus before a re-ingestion', async () => {
    const cached = cachedGuidelineSearch(deps(memoryStores()));
    const before = await cached.search(input);
    expect(before.sections.map((s) => s.section.text).join('\n')).toContain('twice daily for three days');
    const version = await databaseCorpusVersion(db)();
    await ingest('twice daily for three days, with food or milk');
    expect(await databaseCorpusVersion(db)()).not.toBe(version);
    const after = await cached.search(input);
    expect(after.sections.map((s) => s.section.text).join('\n')).toContain('with food or milk');
    expect(cached.counters).toMatchObject({ resultHits: 0, resultMisses: 2 });
    // A second run over the same books changes nothing, and keeps the cache.
    const unchanged = await databaseCorpusVersion(db)();
    await ingest('twice daily for three days, with food or milk');
    expect(await databaseCorpusVersion(db)()).toBe(unchanged);
    await cached.search(input);
    expect(cached.counters.resultHits).toBe(1);
  });

  it('searches uncached when the cache fails', async () => {
    const broken: CacheStore = { get: () => Promise.reject(new Error('down')), set: () => Promise.reject(new Error('down')) };
    const cached = cachedGuidelineSearch(deps({ results: broken, embeddings: broken }));
    const result = await cached.search(input);
    expect(result.sections.length).toBeGreaterThan(0);
    expect(cached.counters.errors).toBeGreaterThan(0);
  });

  describeWithRedis('on Redis', () => {
    const prefix = `test:search-cache:${randomUUID()}:`;
    let redis: Redis;
    beforeAll(() => {
      redis = new Redis(TEST_REDIS_URL);
    });
    afterAll(async () => {
      const keys = await redis.keys(`${prefix}*`);
      if (keys.length > 0) await redis.del(...keys);
      await redis.quit();
    });

    it('is shared through Redis, and no key holds the query text', async () => {
      const stores = () => ({
        results: createRedisCacheStore(redis, { prefix: `${prefix}results:`, ttlMs: 60_000, maxEntries: 100 }),
        embeddings: createRedisCacheStore(redis, { prefix: `${prefix}embeddings:`, ttlMs: 60_000, maxEntries: 100 }),
      });
      const one = cachedGuidelineSearch(deps(stores()));
      const other = cachedGuidelineSearch(deps(stores()));
      await one.search(input);
      const embeddingCalls = server.answered.length;
      sent.length = 0;
      await other.search(input);
      expect(server.answered.length).toBe(embeddingCalls);
      expect(sent).toHaveLength(1);
      expect(other.counters.resultHits).toBe(1);
      const keys = await redis.keys(`${prefix}*`);
      expect(keys.length).toBeGreaterThan(2);
      for (const key of keys) {
        expect(key.slice(prefix.length)).toMatch(/^(results|embeddings):([re]:[0-9a-f]{64}|index)$/);
        expect(key.toLowerCase()).not.toMatch(/malaria|rdt|positive/);
      }
    });
  });
});
