/**
 * Vitest global set-up: makes each test database once per run and saves it as a PGlite image
 * (dumpDataDir), so a test file's database is restored in about a second instead of running initdb
 * (3-4 s on this machine) and the migrations again. Images: `empty` (initdb only), `migrated`, and
 * `sample` (migrated, with the sample corpus loaded), and `data-dir`, the sample image as an embedded
 * DATA_DIR. TEST_PGLITE_IMAGES names their directory for the test workers; test-database.ts,
 * shared-database.ts and seededDataDir() use it, and create from scratch without.
 */
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { applyMigrations, readMigrations } from '../../src/infra/db/migrate.js';
import { openOnPglite, PGLITE_EXTENSIONS } from '../../src/infra/db/open-database.js';
import { loadSampleCorpus } from '../../src/ingest/load-sample-corpus.js';
import { createIngestStore } from '../../src/infra/db/stores/ingest-run-store.js';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
const IMAGES = join(ROOT, 'node_modules/.cache/chw-test-pglite');
const MIGRATIONS_DIR = join(ROOT, 'prisma/migrations');

export type PgliteImage = 'empty' | 'migrated' | 'sample';

async function save(pglite: PGlite, image: PgliteImage): Promise<void> {
  const dump = await pglite.dumpDataDir('none');
  await writeFile(join(IMAGES, `${image}.tar`), Buffer.from(await dump.arrayBuffer()));
}

export default async function setup(): Promise<void> {
  if (process.env.TEST_DATABASE_URL) return;
  await mkdir(IMAGES, { recursive: true });
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  try {
    await save(pglite, 'empty');
    const db = openOnPglite(pglite);
    await applyMigrations(db.sql, await readMigrations(MIGRATIONS_DIR));
    await save(pglite, 'migrated');
    await loadSampleCorpus(createIngestStore(db));
    await save(pglite, 'sample');
  } finally {
    await pglite.close();
  }
  // A data directory as the embedded default leaves it after its first start, for seededDataDir().
  const template = join(IMAGES, 'data-dir');
  await rm(template, { recursive: true, force: true });
  await mkdir(template, { recursive: true });
  const sample = new Blob([await readFile(join(IMAGES, 'sample.tar'))]);
  await (await PGlite.create({ dataDir: join(template, 'pglite'), loadDataDir: sample, extensions: PGLITE_EXTENSIONS })).close();
  process.env.TEST_PGLITE_IMAGES = IMAGES;
}
