import { AppError } from '../../core/app-error.js';
import { chmod, open, readdir, readFile, rm } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The embedded database (PGlite) must have one owner process per data directory: two processes writing
 * the same files lose rows silently. The owner writes its pid to a lock file; a lock left by a dead
 * process is taken over. Refusals are AppError `data_dir` with an operator-facing message: exit
 * code 78 (set-up to fix).
 */

/** A problem with the embedded database's data directory the operator must fix (AppError `data_dir`, exit 78). */
export function dataDirError(message: string, options: { cause?: unknown } = {}): AppError {
  return new AppError('data_dir', message, options);
}

export const LOCK_FILE = 'owner.lock';

export interface DataDirLock {
  release(): Promise<void>;
}

/** Takes the data directory's owner lock for this process, or refuses with what to do. */
export async function lockDataDir(dataDir: string, pid: number = process.pid): Promise<DataDirLock> {
  const path = join(dataDir, LOCK_FILE);
  for (let attempt = 0; attempt < 3; attempt += 1) {
    try {
      const handle = await open(path, 'wx', 0o600);
      try {
        await handle.writeFile(`${pid}\n`);
      } catch (error) {
        // A full disk: leave no empty lock behind.
        await handle.close();
        await rm(path, { force: true });
        throw error;
      }
      await handle.close();
      return { release: () => releaseIfOurs(path, pid) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number.parseInt((await readFile(path, 'utf8').catch(() => '')).trim(), 10);
    if (Number.isInteger(owner) && owner > 0 && isAlive(owner)) {
      throw new AppError(
        'data_dir',
        `The embedded database in ${dataDir} is in use by process ${owner} (the bot, the worker or another admin command). ` +
          `Stop that process and run the command again, or set DATABASE_URL to a PostgreSQL database so several processes can share it. ` +
          `If no such process is running, delete ${path}.`,
      );
    }
    // Dead owner (or an unreadable lock): take it over.
    await rm(path, { force: true });
  }
  throw new AppError('data_dir', `Could not take the lock ${path}: another process keeps taking it. Stop the other processes using ${dataDir}.`);
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function releaseIfOurs(path: string, pid: number): Promise<void> {
  const owner = (await readFile(path, 'utf8').catch(() => '')).trim();
  if (owner === String(pid)) await rm(path, { force: true });
}

/** The data directory holds clinical conversations: owner-only (0700 directories, 0600 files). */
export async function restrictDataDir(dir: string): Promise<void> {
  await chmod(dir, 0o700);
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) await restrictDataDir(path);
    else if (entry.isFile()) await chmod(path, 0o600);
  }
}
