import { AppError } from '../../core/app-error.js';
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { SqlSession } from './sql-session.js';

export interface MigrationFile {
  name: string;
  sql: string;
  checksum: string;
}

export interface MigrationResult {
  applied: string[];
  alreadyApplied: string[];
}

/**
 * A migration that failed (rolled back): `migration_setup` when the server's set-up is at fault (the
 * message says what the operator must do), `migration_failed` otherwise.
 */
export function migrationError(migration: string, cause: unknown): AppError<{ migration: string }> {
  const setupFix = setupFixFor(cause);
  return setupFix
    ? new AppError('migration_setup', `migration ${migration} cannot run: ${setupFix}`, { cause, details: { migration } })
    : new AppError('migration_failed', `migration ${migration} failed and was rolled back: ${cause instanceof Error ? cause.message : String(cause)}`, {
        cause,
        details: { migration },
      });
}

/** PostgreSQL's insufficient_privilege: pgvector is not a trusted extension, so only a superuser creates it. */
function setupFixFor(cause: unknown): string | undefined {
  const error = cause as { code?: unknown; message?: unknown } | null;
  if (error?.code !== '42501' || !/extension/i.test(String(error.message))) return undefined;
  return (
    'the database role in DATABASE_URL may not create the pgvector extension (only a superuser can). ' +
    'Fix: connect to this database as a superuser and run `CREATE EXTENSION IF NOT EXISTS vector;` ' +
    '(pgvector must be installed on the server), or run the migration once as a superuser; then run `npm run db:migrate` again.'
  );
}

/** Reads `<dir>/<name>/migration.sql` folders (Prisma's layout) in name order. */
export async function readMigrations(dir: string): Promise<MigrationFile[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const names = entries.filter((e) => e.isDirectory()).map((e) => e.name).sort();
  return Promise.all(
    names.map(async (name) => {
      const sql = await readFile(join(dir, name, 'migration.sql'), 'utf8');
      return { name, sql, checksum: createHash('sha256').update(sql).digest('hex') };
    }),
  );
}

// Any constant works; it only has to be the same for every process that migrates this database.
const MIGRATION_LOCK_KEY = 7_311_905_042;

/**
 * Applies pending migrations, each in its own transaction together with its bookkeeping row, so a
 * failing script leaves the database exactly as it was. Concurrent migrators serialise on an
 * advisory lock. A migration whose file changed after it was applied is refused.
 */
export async function applyMigrations(session: SqlSession, migrations: MigrationFile[]): Promise<MigrationResult> {
  await session.exec(`
    CREATE TABLE IF NOT EXISTS _app_migrations (
      name text PRIMARY KEY,
      checksum text NOT NULL,
      applied_at timestamptz NOT NULL DEFAULT now()
    )`);
  const result: MigrationResult = { applied: [], alreadyApplied: [] };
  for (const migration of migrations) {
    await session.transaction(async (tx) => {
      await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK_KEY]);
      const existing = await tx.query<{ checksum: string }>('SELECT checksum FROM _app_migrations WHERE name = $1', [
        migration.name,
      ]);
      const applied = existing[0];
      if (applied) {
        if (applied.checksum !== migration.checksum) {
          throw migrationError(migration.name, new Error('its file changed after it was applied; add a new migration instead'));
        }
        result.alreadyApplied.push(migration.name);
        return;
      }
      try {
        await tx.exec(migration.sql);
      } catch (error) {
        throw migrationError(migration.name, error);
      }
      await tx.query('INSERT INTO _app_migrations (name, checksum) VALUES ($1, $2)', [migration.name, migration.checksum]);
      result.applied.push(migration.name);
    });
  }
  return result;
}
