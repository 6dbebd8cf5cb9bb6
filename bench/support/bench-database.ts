import { PGlite } from '@electric-sql/pglite';
import { openDatabase, openOnPglite, PGLITE_EXTENSIONS, type Database } from '../../src/infra/db/open-database.js';
import { createFreshPostgresDatabase } from '../../test/support/postgres-server.js';

export interface BenchDatabase {
  db: Database;
  /** Which database the run used, for the first line of the output (no password). */
  label: string;
  close(): Promise<void>;
}

/**
 * The database an eval or bench runs on. With DATABASE_URL it is a fresh database created on that
 * PostgreSQL server (pgvector installed, a role allowed to CREATE DATABASE) and dropped after, so a
 * run never writes into the database the URL names; without it, an in-memory PGlite with pgvector.
 */
export async function openBenchDatabase(env: NodeJS.ProcessEnv = process.env): Promise<BenchDatabase> {
  const serverUrl = env.DATABASE_URL;
  if (!serverUrl) {
    const db = openOnPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
    return { db, label: 'embedded PGlite (in memory; set DATABASE_URL to run on PostgreSQL)', close: () => db.close() };
  }
  const fresh = await createFreshPostgresDatabase(serverUrl);
  const where = new URL(fresh.url);
  const db = await openDatabase({ kind: 'postgres', url: fresh.url, poolSize: 5 });
  return {
    db,
    label: `PostgreSQL ${where.hostname}:${where.port || '5432'}, fresh database ${where.pathname.slice(1)} (dropped after)`,
    async close() {
      await db.close();
      await fresh.drop();
    },
  };
}
