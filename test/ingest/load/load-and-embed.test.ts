import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChunkRecord, IngestRecord, SourceRecord } from '../../../src/ingest/ingest-records.js';
import { embedPendingChunks } from '../../../src/ingest/load/embed-pending-chunks.js';
import { loadIngestRecords } from '../../../src/ingest/load/load-records.js';
import { createIngestStore } from '../../../src/infra/db/stores/ingest-run-store.js';
import type { GuidelineChunkStore } from '../../../src/ingest/load/ingest-store.js';
import { createOpenAiEmbedder } from '../../../src/infra/embeddings/openai-embedder.js';
import { FAKE_OPENAI_API_KEY, FakeOpenAiEmbeddingsServer, fakeEmbed } from '../../fakes/fake-openai-embeddings-server.js';
import { openTestDatabase, type TestDatabase } from '../../support/test-database.js';

function source(accession: string): SourceRecord {
  return { type: 'source', accession, title: `Book ${accession}`, publisher: 'WHO', year: 2024, licence: 'CC BY', licenceUrl: null, language: 'en', lastUpdated: '2026-01-02', kind: 'bookshelf' };
}

function chunk(accession: string, ordinal: number, content: string): ChunkRecord {
  const text = `Book ${accession} > Chapter > Section ${ordinal}\n\n${content}`;
  return {
    type: 'chunk',
    accession,
    partFile: 'ch1',
    partTitle: 'Chapter',
    sectionId: `s${ordinal}`,
    sectionPath: `Chapter > Section ${ordinal}`,
    titlePath: `Book ${accession} > Chapter > Section ${ordinal}`,
    ordinal: 0,
    text,
    tokenCount: Math.ceil(text.length / 4),
    contentHash: createHash('sha256').update(text).digest('hex'),
    oversized: false,
  };
}

async function* stream(records: IngestRecord[]): AsyncGenerator<IngestRecord> {
  yield* records;
}

const corpus = (changes: { editSecond?: boolean; dropThird?: boolean } = {}): IngestRecord[] => [
  source('NBK1'),
  chunk('NBK1', 1, 'Give artemether-lumefantrine twice daily for three days.'),
  chunk('NBK1', 2, changes.editSecond ? 'Refer at once when the child cannot drink.' : 'Refer when the child cannot drink.'),
  ...(changes.dropThird ? [] : [chunk('NBK1', 3, 'Follow up after three days.')]),
  source('NBK2'),
  chunk('NBK2', 1, 'Measure blood pressure twice, five minutes apart.'),
];

describe('loading and embedding chunks', () => {
  let db: TestDatabase;
  let store: GuidelineChunkStore;
  const server = new FakeOpenAiEmbeddingsServer();
  let embedder: ReturnType<typeof createOpenAiEmbedder>;

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    store = createIngestStore(db);
    const { url } = await server.start();
    embedder = createOpenAiEmbedder({ baseUrl: `${url}/v1`, apiKey: FAKE_OPENAI_API_KEY, model: 'nomic-embed-text', dimensions: 768, maxRetries: 3 });
  });
  afterAll(async () => {
    await db?.close();
    await server.close();
  });

  it('loads sources and chunks, then a re-run changes nothing', async () => {
    const first = await loadIngestRecords(store, stream(corpus()));
    expect(first).toMatchObject({ sources: 2, inserted: 4, updated: 0, unchanged: 0, deleted: 0 });
    const second = await loadIngestRecords(store, stream(corpus()));
    expect(second).toMatchObject({ sources: 2, inserted: 0, updated: 0, unchanged: 4, deleted: 0 });
    const book = await db.prisma.guidelineSource.findUniqueOrThrow({ where: { accession: 'NBK1' } });
    expect(book.title).toBe('Book NBK1');
    expect(book.lastUpdated?.toISOString()).toBe('2026-01-02T00:00:00.000Z');
  });

  it('embeds every chunk with the model and dimension recorded, once', async () => {
    const result = await embedPendingChunks(store, embedder, { batchSize: 3, concurrency: 2 });
    expect(result).toMatchObject({ pending: 4, embedded: 4, failedBatches: 0 });
    const rows = await db.sql.query<{ model: string; dim: number; content: string; v: string }>(
      `SELECT embedding_model AS model, embedding_dim AS dim, content, embedding::text AS v FROM guideline_chunks ORDER BY content`,
    );
    expect(rows.every((r) => r.model === 'nomic-embed-text' && r.dim === 768)).toBe(true);
    const stored = JSON.parse(rows[0]?.v ?? '[]') as number[];
    const expected = fakeEmbed(rows[0]?.content ?? '', 768);
    expect(stored[0]).toBeCloseTo(expected[0] ?? NaN, 5);
    const requestsBefore = server.requests.length;
    expect(await embedPendingChunks(store, embedder, { batchSize: 3, concurrency: 2 })).toMatchObject({ pending: 0, embedded: 0 });
    expect(server.requests.length).toBe(requestsBefore);
  });

  it('re-embeds only a changed chunk and deletes one that disappeared', async () => {
    const load = await loadIngestRecords(store, stream(corpus({ editSecond: true, dropThird: true })));
    expect(load).toMatchObject({ inserted: 0, updated: 1, unchanged: 2, deleted: 1 });
    const stale = await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM guideline_chunks WHERE embedding IS NULL`);
    expect(stale[0]?.n).toBe(1);
    const before = server.requests.length;
    const result = await embedPendingChunks(store, embedder, { batchSize: 10, concurrency: 1 });
    expect(result.embedded).toBe(1);
    const inputs = server.requests.slice(before).flatMap((r) => (r.body as { input: string[] }).input);
    expect(inputs).toEqual([expect.stringContaining('Refer at once when the child cannot drink.')]);
  });

  it("writes a section's new number without touching its text or its vector (a section added before it moved it)", async () => {
    const numbered = corpus({ editSecond: true, dropThird: true }).map((r) => (r.type === 'chunk' && r.sectionId === 's1' && r.accession === 'NBK1' ? { ...r, sectionNumber: '3.2' } : r));
    const load = await loadIngestRecords(store, stream(numbered));
    expect(load).toMatchObject({ inserted: 0, updated: 0, unchanged: 3, deleted: 0 });
    const rows = await db.sql.query<{ n: string | null; embedded: boolean }>(
      `SELECT c.section_number AS n, c.embedding IS NOT NULL AS embedded FROM guideline_chunks c JOIN guideline_sources s ON s.id = c.source_id WHERE s.accession = 'NBK1' AND c.section_id = 's1'`,
    );
    expect(rows).toEqual([{ n: '3.2', embedded: true }]);
  });

  it('honours Retry-After on a 429 and still embeds', async () => {
    await loadIngestRecords(store, stream([source('NBK3'), chunk('NBK3', 1, 'Zinc for ten days.')]));
    server.failNext(1, { kind: 'rate_limit', retryAfterSeconds: 0.5 });
    const started = Date.now();
    const result = await embedPendingChunks(store, embedder, { batchSize: 10, concurrency: 1 });
    expect(result.embedded).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(450);
  });

  it('an interrupted load deletes nothing', async () => {
    const controller = new AbortController();
    const records = corpus();
    async function* abortAfterTwo(): AsyncGenerator<IngestRecord> {
      yield records[0] as IngestRecord;
      yield records[1] as IngestRecord;
      controller.abort();
      yield* records.slice(2);
    }
    const count = await db.prisma.guidelineChunk.count();
    const result = await loadIngestRecords(store, abortAfterTwo(), { signal: controller.signal });
    expect(result.interrupted).toBe(true);
    expect(result.deleted).toBe(0);
    // Chunks of NBK1 after the interruption point were not seen, yet must survive.
    expect(await db.prisma.guidelineChunk.count()).toBe(count);
    expect(await db.prisma.guidelineChunk.count({ where: { sectionId: 's2', source: { accession: 'NBK1' } } })).toBe(1);
  });
});
