import { cp, mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadSampleCorpus, loadSampleCorpusIfEmpty, SAMPLE_CORPUS_DIR } from '../../../src/ingest/load-sample-corpus.js';
import { createIngestStore } from '../../../src/infra/db/stores/ingest-run-store.js';
import { openTestDatabase, type TestDatabase } from '../../support/test-database.js';

describe('the first-run load of the sample corpus', () => {
  let db: TestDatabase;
  let partial: string;

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    // What a crash after three books leaves behind: those books loaded, no record that the load finished.
    partial = await mkdtemp(join(tmpdir(), 'partial-corpus-'));
    const books = (await readdir(SAMPLE_CORPUS_DIR, { withFileTypes: true })).filter((e) => e.isDirectory()).map((e) => e.name).sort();
    for (const book of books.slice(0, 3)) await cp(join(SAMPLE_CORPUS_DIR, book), join(partial, book), { recursive: true });
  });
  afterAll(async () => {
    await db?.close();
    await rm(partial, { recursive: true, force: true });
  });

  it('finishes a load a crash interrupted, instead of keeping 3 of 10 books forever, and then leaves it alone', async () => {
    await loadSampleCorpus(createIngestStore(db), { dir: partial });
    expect(await db.prisma.guidelineSource.count()).toBe(3);

    const resumed = await loadSampleCorpusIfEmpty(createIngestStore(db));
    expect(resumed).not.toBeNull();
    expect(await db.prisma.guidelineSource.count()).toBe(10);

    expect(await loadSampleCorpusIfEmpty(createIngestStore(db))).toBeNull();
  });
});
