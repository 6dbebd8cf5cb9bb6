import { mkdtemp, mkdir, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../../src/core/app-error.js';
import { applyMigrations, readMigrations } from '../../../src/infra/db/migrate.js';
import { openTestDatabase, type TestDatabase } from '../../support/test-database.js';

async function migrationsDir(files: Record<string, string>): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'migrations-'));
  for (const [name, sql] of Object.entries(files)) {
    await mkdir(join(dir, name));
    await writeFile(join(dir, name, 'migration.sql'), sql);
  }
  return dir;
}

async function tableExists(db: TestDatabase, table: string): Promise<boolean> {
  const rows = await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM information_schema.tables WHERE table_name = $1`, [table]);
  return rows[0]?.n === 1;
}

// Semicolons inside comments, strings and function bodies: a runner that splits on ';' breaks here.
const TRICKY_BUT_VALID = `
-- a comment; with a semicolon
CREATE TABLE notes (id int PRIMARY KEY, body text DEFAULT 'a; b');
CREATE FUNCTION note_count() RETURNS bigint LANGUAGE plpgsql AS $$
BEGIN
  RETURN (SELECT count(*) FROM notes); -- inner semicolons
END;
$$;
INSERT INTO notes (id) VALUES (1);
`;

const HALF_BROKEN = `
CREATE TABLE half_applied (id int);
INSERT INTO half_applied VALUES (1);
SELECT this_function_does_not_exist();
`;

describe.each(['pglite', 'postgres-wire'] as const)('migration runner over %s', (via) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(via, { migrate: false });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('applies a script with semicolons in comments, strings and function bodies', async () => {
    const dir = await migrationsDir({ '001_tricky': TRICKY_BUT_VALID });
    const result = await applyMigrations(db.sql, await readMigrations(dir));
    expect(result.applied).toEqual(['001_tricky']);
    const rows = await db.sql.query<{ n: string; body: string }>('SELECT note_count()::text AS n, body FROM notes');
    expect(rows).toEqual([{ n: '1', body: 'a; b' }]);
  });

  it('reports a failing migration and leaves no trace of it', async () => {
    const dir = await migrationsDir({ '001_tricky': TRICKY_BUT_VALID, '002_broken': HALF_BROKEN, '003_after': 'CREATE TABLE after_broken (id int);' });
    const run = applyMigrations(db.sql, await readMigrations(dir));
    await expect(run).rejects.toSatisfy((e: unknown) => isAppError(e, 'migration_failed'));
    await expect(applyMigrations(db.sql, await readMigrations(dir))).rejects.toThrow(/002_broken failed and was rolled back: .*this_function_does_not_exist/);
    expect(await tableExists(db, 'half_applied')).toBe(false);
    expect(await tableExists(db, 'after_broken')).toBe(false);
    const recorded = await db.sql.query<{ name: string }>('SELECT name FROM _app_migrations ORDER BY name');
    expect(recorded.map((r) => r.name)).toEqual(['001_tricky']);
  });

  it('refuses to run when an applied migration was edited', async () => {
    const dir = await migrationsDir({ '001_tricky': `${TRICKY_BUT_VALID}\n-- edited` });
    await expect(applyMigrations(db.sql, await readMigrations(dir))).rejects.toThrow(/changed after it was applied/);
  });
});
