import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { inspectDataDir, recordCleanClose } from './data-dir-check.js';
import { dataDirError, LOCK_FILE, lockDataDir, restrictDataDir } from './data-dir-lock.js';
import { PGLITE_EXTENSIONS } from './open-database.js';

/**
 * Backup and restore of the embedded database. PGlite's dumpDataDir is a consistent copy only while no
 * other process writes the directory, so both take the data directory's owner lock: with the bot
 * running they are refused (exit code 78) instead of copying a database in mid-write.
 */

/** Writes a gzipped tarball of the data directory to `file` (0600); returns its size in bytes. */
export async function backupPgliteDataDir(dataDir: string, file: string, options: { force?: boolean } = {}): Promise<{ bytes: number }> {
  if (!(await hasEntries(dataDir))) throw dataDirError(`There is no embedded database in ${dataDir} to back up (check DATA_DIR).`);
  if (!options.force && (await exists(file))) throw dataDirError(`${file} already exists: choose another file or pass --force to overwrite it.`);
  const lock = await lockDataDir(dataDir);
  try {
    // PGlite would create a new database over a directory without PG_VERSION: refuse a damaged one.
    await inspectDataDir(dataDir);
    const db = await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
    let dump: Blob;
    try {
      dump = await db.dumpDataDir('gzip');
    } finally {
      await db.close();
    }
    const bytes = Buffer.from(await dump.arrayBuffer());
    // Written aside and renamed, so an interrupted backup never leaves a truncated file under the name.
    const partial = `${file}.partial`;
    await writeFile(partial, bytes, { mode: 0o600 });
    await rename(partial, file);
    return { bytes: bytes.length };
  } finally {
    await lock.release();
  }
}

/**
 * Loads a backup made by backupPgliteDataDir into `dataDir`. A non-empty data directory is refused
 * unless `force`; then it is moved aside to `<dataDir>.before-restore-<time>` (nothing is deleted).
 * Returns where the previous contents went, if anywhere.
 */
export async function restorePgliteDataDir(dataDir: string, file: string, options: { force?: boolean } = {}): Promise<{ movedAsideTo: string | undefined }> {
  const backup = await readFile(file).catch((error: NodeJS.ErrnoException) => {
    throw dataDirError(`Cannot read the backup ${file} (${error.code ?? error.message}).`);
  });
  // dumpDataDir('gzip') output starts with the gzip magic number; anything else is not our backup.
  if (backup.length < 2 || backup[0] !== 0x1f || backup[1] !== 0x8b) throw dataDirError(`${file} is not a backup made by npm run db:backup (not a gzip file).`);

  let movedAsideTo: string | undefined;
  if (await hasEntries(dataDir)) {
    if (!options.force) {
      throw dataDirError(`${dataDir} already holds a database. Restore into an empty DATA_DIR, or pass --force to move the current one aside to ${dataDir}.before-restore-<time> and restore in its place.`);
    }
    // Refused while a process owns it; held until the directory is renamed.
    const current = await lockDataDir(dataDir);
    movedAsideTo = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    try {
      await rename(dataDir, movedAsideTo);
    } catch (error) {
      await current.release();
      throw error;
    }
    await rm(join(movedAsideTo, LOCK_FILE), { force: true });
  }

  await mkdir(dataDir, { recursive: true, mode: 0o700 });
  const lock = await lockDataDir(dataDir);
  try {
    const db = await PGlite.create({ dataDir, loadDataDir: new Blob([backup]), extensions: PGLITE_EXTENSIONS });
    try {
      // The tarball carries the lock file of the process that made it: this process owns the directory.
      await writeFile(join(dataDir, LOCK_FILE), `${process.pid}\n`, { mode: 0o600 });
      await db.query('SELECT 1');
    } finally {
      await db.close();
    }
    await restrictDataDir(dataDir);
    // The restored files are the reference the next open checks against.
    await recordCleanClose(dataDir);
  } catch (error) {
    await lock.release();
    await rm(dataDir, { recursive: true, force: true });
    if (movedAsideTo) await rename(movedAsideTo, dataDir);
    throw dataDirError(`Restoring ${file} failed (${error instanceof Error ? error.message.split('\n')[0] : String(error)}); ${movedAsideTo ? `${dataDir} is back as it was.` : `${dataDir} was left empty.`}`, { cause: error });
  }
  await lock.release();
  return { movedAsideTo };
}

async function hasEntries(dir: string): Promise<boolean> {
  const entries = await readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  return entries.length > 0;
}

async function exists(path: string): Promise<boolean> {
  return stat(path).then(
    () => true,
    () => false,
  );
}
