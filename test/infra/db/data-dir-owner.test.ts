import { spawn, spawnSync } from 'node:child_process';
import { chmod, mkdtemp, readFile, rm, stat, writeFile, readdir, mkdir } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { LOCK_FILE } from '../../../src/infra/db/data-dir-lock.js';
import { openDatabase } from '../../../src/infra/db/open-database.js';

const dirs: string[] = [];
async function freshDir(): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), 'hardening-datadir-'));
  dirs.push(dir);
  return join(dir, 'data');
}
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('embedded data directory: one owner', () => {
  it('refuses a second opener while the first holds the directory, naming the directory and what to do', async () => {
    const dataDir = await freshDir();
    const first = await openDatabase({ kind: 'pglite', dataDir });
    try {
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(
        new RegExp(`${dataDir}.*in use by process ${process.pid}.*Stop that process`),
      );
      // The owner is unharmed.
      const rows = await first.sql.query<{ one: number }>('select 1 as one');
      expect(rows).toEqual([{ one: 1 }]);
    } finally {
      await first.close();
    }
    // Released on close: the next process can open it.
    const again = await openDatabase({ kind: 'pglite', dataDir });
    await again.close();
  });

  it('refuses when another live process owns the lock', async () => {
    const dataDir = await freshDir();
    await mkdir(dataDir, { recursive: true });
    const other = spawn('sleep', ['30']);
    try {
      await writeFile(join(dataDir, LOCK_FILE), `${other.pid}\n`);
      await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(`in use by process ${other.pid}`);
    } finally {
      other.kill();
    }
  });

  it('takes over a lock left by a dead process', async () => {
    const dataDir = await freshDir();
    await mkdir(dataDir, { recursive: true });
    const dead = spawnSync('true');
    expect(dead.pid).toBeGreaterThan(0);
    await writeFile(join(dataDir, LOCK_FILE), `${dead.pid}\n`);
    const db = await openDatabase({ kind: 'pglite', dataDir });
    try {
      expect((await readFile(join(dataDir, LOCK_FILE), 'utf8')).trim()).toBe(String(process.pid));
    } finally {
      await db.close();
    }
  });

  it('keeps the directory owner-only: 0700 directories, 0600 files', async () => {
    const dataDir = await freshDir();
    await mkdir(dataDir, { recursive: true, mode: 0o755 });
    await (await openDatabase({ kind: 'pglite', dataDir })).close();
    await chmod(dataDir, 0o755);
    // A file put there by hand (an unknown file alone in an empty directory is refused: data-dir-damage.test.ts).
    await writeFile(join(dataDir, 'left-over'), 'x', { mode: 0o644 });
    const db = await openDatabase({ kind: 'pglite', dataDir });
    await db.close();
    expect((await stat(dataDir)).mode & 0o777).toBe(0o700);
    expect((await stat(join(dataDir, 'left-over'))).mode & 0o777).toBe(0o600);
    const entries = await readdir(dataDir, { recursive: true, withFileTypes: true });
    for (const entry of entries) {
      const mode = (await stat(join(entry.parentPath, entry.name))).mode & 0o777;
      if (entry.isDirectory()) expect(mode, entry.name).toBe(0o700);
      else if (entry.isFile()) expect(mode & 0o077, entry.name).toBe(0);
    }
  });

  it('names the directory and what to do when the data directory is damaged', async () => {
    const dataDir = await freshDir();
    const db = await openDatabase({ kind: 'pglite', dataDir });
    await db.close();
    await writeFile(join(dataDir, 'global', 'pg_control'), Buffer.alloc(8192, 0x5a));
    await expect(openDatabase({ kind: 'pglite', dataDir })).rejects.toThrow(
      new RegExp(`embedded database in ${dataDir} is damaged: PGlite could not open it.*npm run db:restore.*move ${dataDir} aside`),
    );
    // A failed open leaves no lock behind.
    await expect(stat(join(dataDir, LOCK_FILE))).rejects.toThrow();
  });
});
