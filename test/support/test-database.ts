import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { serialisePgliteSessions } from './serialise-pglite-sessions.js';
import { fileURLToPath } from 'node:url';
import { applyMigrations, readMigrations } from '../../src/infra/db/migrate.js';
import { openDatabase, openOnPglite, type Database } from '../../src/infra/db/open-database.js';
import { pgliteFrom } from './pglite-image.js';
import { createFreshPostgresDatabase, TEST_DATABASE_URL } from './postgres-server.js';

export const MIGRATIONS_DIR = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));

export type TestBackend = 'pglite' | 'postgres-wire' | 'postgres';

export interface TestDatabase extends Database {
  /** How the test reached the database: in-process, or over the Postgres wire protocol. */
  via: TestBackend;
}

/**
 * One migrated, empty database for a test file. 'postgres-wire' serves an in-memory PGlite (with
 * pgvector) through pglite-socket and connects with node-postgres and @prisma/adapter-pg, the same
 * driver a deployment uses against PostgreSQL, since this machine has no native pgvector.
 */
export async function openTestDatabase(via: TestBackend, options: { migrate?: boolean } = {}): Promise<TestDatabase> {
  if (TEST_DATABASE_URL) return openRealPostgres(TEST_DATABASE_URL, options);
  const migrate = options.migrate !== false;
  const pglite = await pgliteFrom(migrate ? 'migrated' : 'empty', async (fresh) => {
    if (migrate) await applyMigrations(openOnPglite(fresh).sql, await readMigrations(MIGRATIONS_DIR));
  });
  let db: Database;
  let server: PGLiteSocketServer | undefined;
  if (via === 'pglite') {
    db = openOnPglite(pglite);
  } else {
    server = new PGLiteSocketServer({ db: pglite, host: '127.0.0.1', port: 0, maxConnections: 20 });
    serialisePgliteSessions(server, pglite);
    await server.start();
    const port = Number(server.getServerConn().split(':').pop());
    db = await openDatabase({ kind: 'postgres', url: `postgresql://postgres:postgres@127.0.0.1:${port}/postgres`, poolSize: 5 });
  }
  return {
    ...db,
    via,
    async close() {
      await db.close();
      if (server) await server.stop();
      if (!pglite.closed) await pglite.close();
    },
  };
}

/** A fresh database on the real PostgreSQL server of TEST_DATABASE_URL, dropped on close. */
async function openRealPostgres(serverUrl: string, options: { migrate?: boolean }): Promise<TestDatabase> {
  const fresh = await createFreshPostgresDatabase(serverUrl);
  const db = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 5 });
  if (options.migrate !== false) await applyMigrations(db.sql, await readMigrations(MIGRATIONS_DIR));
  return {
    ...db,
    via: 'postgres',
    async close() {
      await db.close();
      await fresh.drop();
    },
  };
}
