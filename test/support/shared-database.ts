import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { serialisePgliteSessions } from './serialise-pglite-sessions.js';
import { applyMigrations, readMigrations } from '../../src/infra/db/migrate.js';
import { openDatabase, openOnPglite, type Database } from '../../src/infra/db/open-database.js';
import { createFreshPostgresDatabase, TEST_DATABASE_URL } from './postgres-server.js';
import { loadSampleCorpus } from '../../src/ingest/load-sample-corpus.js';
import { createIngestStore } from '../../src/infra/db/stores/ingest-run-store.js';
import { MIGRATIONS_DIR } from './test-database.js';
import { pgliteFrom } from './pglite-image.js';

/**
 * One database several processes share, as PostgreSQL would be: an in-memory PGlite with pgvector,
 * migrated and loaded with the sample corpus, served over the Postgres wire protocol. `db` is for the
 * test's own setup and assertions (use it before starting processes and after they stop).
 */
export async function startSharedDatabase(serverUrl = TEST_DATABASE_URL): Promise<{ url: string; db: Database; close(): Promise<void> }> {
  if (serverUrl) return startOnRealPostgres(serverUrl);
  const pglite = await pgliteFrom('sample', async (fresh) => {
    const db = openOnPglite(fresh);
    await applyMigrations(db.sql, await readMigrations(MIGRATIONS_DIR));
    await loadSampleCorpus(createIngestStore(db));
  });
  const db = openOnPglite(pglite);
  const server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 100 });
  serialisePgliteSessions(server, pglite);
  await server.start();
  const port = Number(server.getServerConn().split(':').pop());
  return {
    url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`,
    db,
    async close() {
      await server.stop();
      await db.close();
    },
  };
}

/** The same on the real PostgreSQL server of TEST_DATABASE_URL: a fresh database, dropped on close. */
async function startOnRealPostgres(serverUrl: string): Promise<{ url: string; db: Database; close(): Promise<void> }> {
  const fresh = await createFreshPostgresDatabase(serverUrl);
  const db = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 5 });
  await applyMigrations(db.sql, await readMigrations(MIGRATIONS_DIR));
  await loadSampleCorpus(createIngestStore(db));
  return {
    url: fresh.url,
    db,
    async close() {
      await db.close();
      await fresh.drop();
    },
  };
}
