import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * TEST_DATABASE_URL names a real PostgreSQL server (with pgvector installed) reached as a superuser.
 * When it is set, every test database is a fresh database on that server, created for one test file
 * and dropped after it; otherwise tests use PGlite. .ci/run sets it for its second, PostgreSQL pass.
 */
export const TEST_DATABASE_URL = process.env.TEST_DATABASE_URL;

export interface FreshPostgresDatabase {
  url: string;
  drop(): Promise<void>;
}

/** Creates an empty database with a unique name on the TEST_DATABASE_URL server. */
export async function createFreshPostgresDatabase(serverUrl: string): Promise<FreshPostgresDatabase> {
  const name = `chw_test_${Date.now().toString(36)}_${randomBytes(4).toString('hex')}`;
  await withAdmin(serverUrl, (client) => client.query(`CREATE DATABASE ${name}`));
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      await withAdmin(serverUrl, (client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`));
    },
  };
}

async function withAdmin(serverUrl: string, run: (client: pg.Client) => Promise<unknown>): Promise<void> {
  const client = new pg.Client({ connectionString: serverUrl });
  await client.connect();
  try {
    await run(client);
  } finally {
    await client.end();
  }
}
