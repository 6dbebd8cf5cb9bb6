import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readChunksFile } from '../../../src/ingest/chunks-file.js';
import { buildSampleMirror, downloadGuidelines, guidelinesDir } from '../../../src/ingest/download/index.js';
import { embedPendingChunks } from '../../../src/ingest/load/embed-pending-chunks.js';
import { createIngestStore } from '../../../src/infra/db/stores/ingest-run-store.js';
import { loadIngestRecords } from '../../../src/ingest/load/load-records.js';
import { SAMPLE_CORPUS_DIR } from '../../../src/ingest/load-sample-corpus.js';
import { parseGuidelinesToFile } from '../../../src/ingest/parse-guidelines.js';
import { listBookFolders } from '../../../src/ingest/read-guideline-books.js';
import { createOpenAiEmbedder } from '../../../src/infra/embeddings/openai-embedder.js';
import { countVectorsByModel } from '../../../src/infra/db/stores/guideline-chunk-store.js';
import { FAKE_OPENAI_API_KEY, FakeOpenAiEmbeddingsServer } from '../../fakes/fake-openai-embeddings-server.js';
import { listFilesRecursively, makeTempDir, serveBytes, startMirrorServer, type Route } from '../download/helpers.js';
import { openTestDatabase, type TestDatabase } from '../../support/test-database.js';

const SAMPLE_PUBLISHER = 'CHW Consult Bot sample corpus';

describe('the whole ingestion pipeline over the sample corpus: download, parse, embed', () => {
  let db: TestDatabase;
  let mirror: Awaited<ReturnType<typeof startMirrorServer>>;
  const embeddings = new FakeOpenAiEmbeddingsServer();
  let dataDir: string;
  let embedder: ReturnType<typeof createOpenAiEmbedder>;

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    const mirrorDir = await makeTempDir('mirror-');
    await buildSampleMirror(SAMPLE_CORPUS_DIR, mirrorDir);
    const routes = new Map<string, Route>();
    for (const file of await listFilesRecursively(mirrorDir)) {
      routes.set(`/mirror/${file.split(path.sep).join('/')}`, serveBytes(await readFile(path.join(mirrorDir, file))));
    }
    mirror = await startMirrorServer(routes);
    dataDir = await makeTempDir('data-');
    const { url } = await embeddings.start();
    embedder = createOpenAiEmbedder({ baseUrl: `${url}/v1`, apiKey: FAKE_OPENAI_API_KEY, model: 'nomic-embed-text', dimensions: 768 });
  });
  afterAll(async () => {
    await db?.close();
    await mirror?.close();
    await embeddings.close();
    await rm(dataDir, { recursive: true, force: true });
  });

  async function runPipeline() {
    const download = await downloadGuidelines({ baseUrl: mirror.baseUrl, dataDir, publisher: SAMPLE_PUBLISHER, requestsPerSecond: 50 });
    const chunksFile = path.join(dataDir, 'chunks.jsonl');
    const parse = await parseGuidelinesToFile(await listBookFolders(guidelinesDir(dataDir)), chunksFile, {
      languages: ['en'],
      tokenBudget: 512,
      kind: 'sample',
    });
    const load = await loadIngestRecords(createIngestStore(db), readChunksFile(chunksFile));
    const embed = await embedPendingChunks(createIngestStore(db), embedder, { batchSize: 64, concurrency: 2 });
    return { download, parse, load, embed, chunksFile };
  }

  it('goes from a mirror to searchable chunks with vectors', async () => {
    const { download, parse, load, embed } = await runPipeline();
    expect(download).toMatchObject({ selected: 10, downloaded: 10, failed: [], rejected: [] });
    expect(parse).toMatchObject({ books: 10, malformedFiles: 0, changed: true });
    expect(parse.skippedParts).toBeGreaterThanOrEqual(20); // every book's front matter and reference list
    expect(load.sources).toBe(10);
    expect(load.inserted).toBe(parse.chunks);
    expect(embed.embedded).toBe(parse.chunks);
    expect(await countVectorsByModel(db)).toEqual([{ model: 'nomic-embed-text', dimensions: 768, chunks: parse.chunks }]);

    const malaria = await db.prisma.guidelineSource.findUniqueOrThrow({ where: { accession: 'SAMPLE-MALARIA' } });
    expect(malaria.title).toMatch(/^Malaria at community level/);
    expect(malaria.licence).toMatch(/SAMPLE CONTENT - NOT CLINICAL GUIDANCE/);
    const dosing = await db.prisma.guidelineChunk.findMany({ where: { sourceId: malaria.id, content: { contains: 'artemether-lumefantrine' } } });
    expect(dosing.length).toBeGreaterThan(0);
    // No front matter or reference list reaches the database.
    expect(await db.prisma.guidelineChunk.count({ where: { partFile: { in: ['fm1', 'rl1'] } } })).toBe(0);
  });

  it('a second run over the same input reports zero changes', async () => {
    const archiveRequestsBefore = mirror.requests.filter((r) => r.path.endsWith('.tar.gz')).length;
    const { download, parse, load, embed } = await runPipeline();
    expect(download).toMatchObject({ downloaded: 0, skippedUpToDate: 10 });
    expect(mirror.requests.filter((r) => r.path.endsWith('.tar.gz')).length).toBe(archiveRequestsBefore);
    expect(parse.changed).toBe(false);
    expect(load).toMatchObject({ inserted: 0, updated: 0, deleted: 0 });
    expect(load.unchanged).toBe(parse.chunks);
    expect(embed).toMatchObject({ pending: 0, embedded: 0 });
  });

  it('a section edited upstream is re-embedded alone, and a removed part is deleted', async () => {
    const book = path.join(guidelinesDir(dataDir), 'SAMPLE-MALARIA');
    const ch1 = path.join(book, 'ch1.nxml');
    const xml = await readFile(ch1, 'utf8');
    const edited = xml.replace(/(<p>)([^<]{20})/, '$1EDITED SENTENCE FOR THE TEST. $2');
    expect(edited).not.toBe(xml);
    await writeFile(ch1, edited);
    const parts = await listFilesRecursively(book);
    const removable = parts.find((f) => /^ch\d+\.nxml$/.test(f) && f !== 'ch1.nxml') ?? '';
    const removedChunks = await db.prisma.guidelineChunk.count({ where: { partFile: removable.replace('.nxml', ''), source: { accession: 'SAMPLE-MALARIA' } } });
    await rm(path.join(book, removable));

    const chunksFile = path.join(dataDir, 'chunks.jsonl');
    await parseGuidelinesToFile(await listBookFolders(guidelinesDir(dataDir)), chunksFile, { languages: ['en'], tokenBudget: 512, kind: 'sample' });
    const load = await loadIngestRecords(createIngestStore(db), readChunksFile(chunksFile));
    expect(load).toMatchObject({ inserted: 0, updated: 1, deleted: removedChunks });
    const embed = await embedPendingChunks(createIngestStore(db), embedder, { batchSize: 64, concurrency: 2 });
    expect(embed.embedded).toBe(1);
    const lines: string[] = [];
    for await (const r of readChunksFile(chunksFile)) if (r.type === 'chunk' && r.text.includes('EDITED SENTENCE')) lines.push(r.sectionPath);
    expect(lines).toHaveLength(1);
  });
});

describe('open-access journal articles as a secondary source', () => {
  it('parses the real JATS articles into sources and chunks without markup', async () => {
    const { listArticleFiles } = await import('../../../src/ingest/read-guideline-books.js');
    const { fileURLToPath } = await import('node:url');
    const jats = fileURLToPath(new URL('../../fixtures/jats', import.meta.url));
    const dir = await makeTempDir('articles-');
    const out = path.join(dir, 'chunks.jsonl');
    const summary = await parseGuidelinesToFile([], out, { languages: ['en'], tokenBudget: 512, kind: 'bookshelf', articles: await listArticleFiles(jats) });
    expect(summary).toMatchObject({ books: 5, parts: 5, malformedFiles: 0 });
    const sources: string[] = [];
    let chunks = 0;
    for await (const r of readChunksFile(out)) {
      if (r.type === 'source') {
        expect(r.kind).toBe('article');
        sources.push(r.accession);
      } else {
        chunks += 1;
        expect(r.text).not.toMatch(/<\/?[a-z][\w-]*[^>]*>/i);
      }
    }
    expect(new Set(sources).size).toBe(5);
    expect(chunks).toBe(summary.chunks);
    await rm(dir, { recursive: true, force: true });
  });
});
