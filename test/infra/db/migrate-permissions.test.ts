import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_DATABASE_URL } from '../../support/postgres-server.js';

const run = promisify(execFile);
const describeOnPostgres = TEST_DATABASE_URL ? describe : describe.skip;
if (!TEST_DATABASE_URL) process.stderr.write('notice: skipping the db:migrate permission test: set TEST_DATABASE_URL to a PostgreSQL with pgvector\n');

describeOnPostgres('npm run db:migrate as a database owner who is not a superuser', () => {
  const suffix = randomBytes(4).toString('hex');
  const role = `chw_owner_${suffix}`;
  const database = `chw_owned_${suffix}`;
  const admin = () => new pg.Client({ connectionString: TEST_DATABASE_URL });

  beforeAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`CREATE ROLE ${role} LOGIN`);
    await client.query(`CREATE DATABASE ${database} OWNER ${role}`);
    await client.end();
  });

  afterAll(async () => {
    const client = admin();
    await client.connect();
    await client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`);
    await client.query(`DROP ROLE IF EXISTS ${role}`);
    await client.end();
  });

  it('stops with exit code 78 and says how to create the vector extension', async () => {
    const url = new URL(TEST_DATABASE_URL ?? '');
    url.username = role;
    url.password = '';
    url.pathname = `/${database}`;
    const outcome = await run('npx', ['tsx', 'src/entry/db-migrate.ts'], { env: { ...process.env, DATABASE_URL: url.toString() } }).then(
      () => ({ code: 0, stderr: '' }),
      (error: { code?: number; stderr?: string }) => ({ code: error.code, stderr: error.stderr ?? '' }),
    );
    expect(outcome.code).toBe(78);
    expect(outcome.stderr).toMatch(/CREATE EXTENSION IF NOT EXISTS vector/);
    expect(outcome.stderr).toMatch(/superuser/);
    expect(outcome.stderr).not.toMatch(/^\s+at /m);
  });
});
