import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { LOCK_FILE } from '../../../src/infra/db/data-dir-lock.js';
import { applyMigrations, readMigrations } from '../../../src/infra/db/migrate.js';
import { openDatabase } from '../../../src/infra/db/open-database.js';
import { backupPgliteDataDir, restorePgliteDataDir } from '../../../src/infra/db/pglite-backup.js';
import { MIGRATIONS_DIR } from '../../support/test-database.js';

let root: string;
let dataDir: string;
let backup: string;

async function workers(dir: string): Promise<string[]> {
  const db = await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    return (await db.sql.query<{ display_name: string }>(`SELECT display_name FROM health_workers ORDER BY display_name`)).map((row) => row.display_name);
  } finally {
    await db.close();
  }
}

async function addWorker(dir: string, name: string): Promise<void> {
  const db = await openDatabase({ kind: 'pglite', dataDir: dir });
  try {
    await db.sql.query(`INSERT INTO health_workers (id, display_name) VALUES (gen_random_uuid(), $1)`, [name]);
  } finally {
    await db.close();
  }
}

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'pglite-backup-'));
  dataDir = join(root, 'pglite');
  backup = join(root, 'chw.tar.gz');
  const db = await openDatabase({ kind: 'pglite', dataDir });
  await applyMigrations(db.sql, await readMigrations(MIGRATIONS_DIR));
  await db.close();
  await addWorker(dataDir, 'Kofi');
}, 180_000);
afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

it('backs up the embedded database to an owner-only file and restores it into an empty directory', async () => {
  const { bytes } = await backupPgliteDataDir(dataDir, backup);
  expect(bytes).toBeGreaterThan(1000);
  expect((await stat(backup)).mode & 0o777).toBe(0o600);
  await expect(backupPgliteDataDir(dataDir, backup)).rejects.toThrow(/already exists: choose another file or pass --force/);

  const elsewhere = join(root, 'restored');
  expect(await restorePgliteDataDir(elsewhere, backup)).toEqual({ movedAsideTo: undefined });
  expect(await readdir(elsewhere)).not.toContain(LOCK_FILE);
  expect(await workers(elsewhere)).toEqual(['Kofi']);
}, 180_000);

it('refuses to restore over a database without --force; with it, the current one is moved aside, not deleted', async () => {
  await addWorker(dataDir, 'Ama'); // after the backup
  await expect(restorePgliteDataDir(dataDir, backup)).rejects.toThrow(/already holds a database.*pass --force/);
  expect(await workers(dataDir)).toEqual(['Ama', 'Kofi']);

  const { movedAsideTo } = await restorePgliteDataDir(dataDir, backup, { force: true });
  expect(await workers(dataDir)).toEqual(['Kofi']);
  expect(movedAsideTo).toMatch(/pglite\.before-restore-/);
  expect(await workers(movedAsideTo as string)).toEqual(['Ama', 'Kofi']);
}, 180_000);

it('refuses while another process owns the data directory, and refuses a file that is not a backup', async () => {
  const owner = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await expect(backupPgliteDataDir(dataDir, join(root, 'while-running.tar.gz'))).rejects.toThrow(/in use by process/);
    await expect(restorePgliteDataDir(dataDir, backup, { force: true })).rejects.toThrow(/in use by process/);
  } finally {
    await owner.close();
  }
  const junk = join(root, 'junk.tar.gz');
  await writeFile(junk, 'not a backup');
  await expect(restorePgliteDataDir(join(root, 'empty'), junk)).rejects.toThrow(/is not a backup made by npm run db:backup/);
  await expect(restorePgliteDataDir(join(root, 'empty'), join(root, 'missing.tar.gz'))).rejects.toThrow(/Cannot read the backup .*ENOENT/);
  expect(await workers(dataDir)).toEqual(['Kofi']);
}, 180_000);
