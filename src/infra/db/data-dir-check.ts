import { readdir, readFile, rename, rm, stat, statfs, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import type { AppError } from '../../core/app-error.js';
import { dataDirError, LOCK_FILE } from './data-dir-lock.js';

/**
 * The embedded database fails loudly. PGlite runs initdb on any directory without a PG_VERSION file,
 * so a damaged directory would silently become a new, empty database; a truncated relation file reads
 * as fewer rows. Before PGlite opens a directory we look at it: empty (or absent) means a first run;
 * anything else must be an intact cluster, else AppError `data_dir` (exit 78) naming the directory and
 * the fix. Nothing here writes to a directory it refuses.
 */

/** Where each relation file's size is recorded at a clean close, to be checked at the next open. */
export const SIZES_FILE = 'relation-sizes.json';

/** PostgreSQL's page size: a relation file is always a whole number of pages. */
const PAGE_BYTES = 8192;
/** A relation file: `<relfilenode>[_fsm|_vm|_init][.<segment>]` under base/<database>/ or global/. */
const RELATION_FILE = /^\d+(?:_(?:fsm|vm|init))?(?:\.\d+)?$/;

/** What to do about a damaged directory, in every such message. */
function restoreFix(dataDir: string): string {
  return (
    `Fix: restore the last backup (a file made by \`npm run db:backup\`) with \`npm run db:restore -- <file> --force\`, ` +
    `which moves ${dataDir} aside first, or move ${dataDir} aside yourself to start with a new, empty database.`
  );
}

/**
 * The directory holds something that is not an intact embedded database. Found before PGlite opened it,
 * the directory was left as it is (`untouched`, the default).
 */
export function damagedDataDirError(dataDir: string, problem: string, options: { cause?: unknown; untouched?: boolean } = {}): AppError {
  const left = options.untouched === false ? '' : ' It was left as it is.';
  return dataDirError(`The embedded database in ${dataDir} is damaged: ${problem}.${left} ${restoreFix(dataDir)}`, options.cause === undefined ? {} : { cause: options.cause });
}

/**
 * Checks a data directory before PGlite opens it (call it holding the owner lock). Resolves `fresh`
 * for an absent or empty directory (our lock file aside), `existing` for an intact-looking cluster;
 * refuses anything else.
 */
export async function inspectDataDir(dataDir: string): Promise<'fresh' | 'existing'> {
  const entries = (await readdirIfExists(dataDir)).filter((name) => name !== LOCK_FILE);
  if (entries.length === 0) return 'fresh';
  const version = await readFile(join(dataDir, 'PG_VERSION'), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (version === undefined) {
    const signs = entries.filter((name) => ['base', 'global', 'pg_wal', SIZES_FILE].includes(name));
    throw damagedDataDirError(
      dataDir,
      `it holds ${entries.length} entries (${signs.length ? signs.join(', ') : entries.slice(0, 3).join(', ')}) but no PG_VERSION file, ` +
        'so it is not a database this program can open, and it will not create a new one over them',
    );
  }
  if (!/^\d{1,3}\n?$/.test(version)) throw damagedDataDirError(dataDir, 'its PG_VERSION file is garbled');
  const recorded = await readRecordedSizes(dataDir);
  // No record (the last run crashed or could not close, or the directory predates the record): nothing
  // to compare. A part page alone proves nothing then, as a write cut short by a full disk leaves one
  // and PostgreSQL ignores it.
  if (recorded === undefined) return 'existing';
  const sizes = await relationFileSizes(dataDir);
  for (const [file, bytes] of Object.entries(recorded)) {
    const now = sizes.get(file);
    if (now === undefined) throw damagedDataDirError(dataDir, `the data file ${file} is missing`);
    if (now < bytes || (now !== bytes && now % PAGE_BYTES !== 0)) {
      throw damagedDataDirError(dataDir, `the data file ${file} is cut short (${now} bytes, ${bytes} at the last clean close)`);
    }
  }
  return 'existing';
}

/**
 * Free space the embedded database needs to start (bytes, 64 MiB): a WAL segment is 16 MiB, a first run
 * writes about 60 MiB, and PGlite 0.5 spins forever (100% CPU) when PostgreSQL runs out of space while
 * writing WAL, so a nearly full disk is refused before it opens rather than found by a hang.
 */
export const MIN_FREE_BYTES = 64 * 1024 * 1024;

/** Refuses a disk with less than `minimum` bytes free for this user (AppError `data_dir`, exit 78). */
export async function checkFreeSpace(dataDir: string, minimum: number = MIN_FREE_BYTES): Promise<void> {
  const { bavail, bsize } = await statfs(dataDir);
  const free = bavail * bsize;
  if (free < minimum) throw fullDiskError(dataDir, `${mebibytes(free)} MiB free, ${mebibytes(minimum)} MiB needed to start`);
}

function mebibytes(bytes: number): string {
  return (bytes / 1_048_576).toFixed(1);
}

function fullDiskError(dataDir: string, detail: string, cause?: unknown): AppError {
  return dataDirError(
    `The disk holding the embedded database in ${dataDir} is full (${detail}); nothing was changed. ` +
      `Fix: free space on that disk, or move ${dataDir} to a larger disk and point DATA_DIR at it; then start again.`,
    cause === undefined ? {} : { cause },
  );
}

/**
 * Records every relation file's size after PGlite closed cleanly, so the next open can tell a file cut
 * short: PostgreSQL reads one cut to whole pages as fewer rows, one cut mid-page as if the part page
 * were not there. Nothing changes a closed cluster's files, and a file only shrinks while the database
 * runs (VACUUM), so a file smaller than its record, or missing, means damage.
 */
export async function recordCleanClose(dataDir: string): Promise<void> {
  const files = Object.fromEntries(await relationFileSizes(dataDir));
  const partial = join(dataDir, `${SIZES_FILE}.partial`);
  await writeFile(partial, `${JSON.stringify({ files })}\n`, { mode: 0o600 });
  await rename(partial, join(dataDir, SIZES_FILE));
}

/** Drops the record while the database is open: after a crash there is none, and no false alarm. */
export async function forgetCleanClose(dataDir: string): Promise<void> {
  await rm(join(dataDir, SIZES_FILE), { force: true });
  await rm(join(dataDir, `${SIZES_FILE}.partial`), { force: true });
}

async function readRecordedSizes(dataDir: string): Promise<Record<string, number> | undefined> {
  const text = await readFile(join(dataDir, SIZES_FILE), 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text === undefined) return undefined;
  try {
    const parsed = JSON.parse(text) as { files?: unknown };
    const files = parsed.files;
    if (typeof files !== 'object' || files === null) throw new Error('no files');
    return Object.fromEntries(Object.entries(files).filter((entry): entry is [string, number] => typeof entry[1] === 'number'));
  } catch (error) {
    throw damagedDataDirError(dataDir, `its ${SIZES_FILE} (written at each clean close) is garbled`, { cause: error });
  }
}

/** Relation files under base/<database>/ and global/, keyed by their path in the directory. */
async function relationFileSizes(dataDir: string): Promise<Map<string, number>> {
  const folders = ['global', ...(await readdirIfExists(join(dataDir, 'base'))).map((database) => join('base', database))];
  const sizes = new Map<string, number>();
  for (const folder of folders) {
    for (const entry of await readdir(join(dataDir, folder), { withFileTypes: true }).catch(() => [])) {
      if (!entry.isFile() || !RELATION_FILE.test(entry.name)) continue;
      const path = join(folder, entry.name);
      sizes.set(path, (await stat(join(dataDir, path))).size);
    }
  }
  return sizes;
}

async function readdirIfExists(dir: string): Promise<string[]> {
  return readdir(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENOTDIR') return [];
    throw error;
  });
}

// Node reports errno names; PGlite's file system (Emscripten) throws { name: 'ErrnoError', errno } with
// its own numbers; PostgreSQL reports SQLSTATEs. Each maps to one of three things an operator can fix.
const EMSCRIPTEN_ERRNO: Record<number, string> = { 2: 'EACCES', 19: 'EDQUOT', 29: 'EIO', 51: 'ENOSPC', 63: 'EPERM', 69: 'EROFS' };
const FULL = new Set(['ENOSPC', 'EDQUOT', '53100']);
const READ_ONLY = new Set(['EROFS', 'EACCES', 'EPERM']);
// data_corrupted, index_corrupted, undefined_file (a relation file gone), io_error.
const DAMAGE = new Set(['XX001', 'XX002', '58P01', '58030', 'EIO']);

/**
 * Maps a failure of the embedded database's storage (a read-only or full disk, a damaged file found
 * by a query) to AppError `data_dir` naming `dataDir` and the fix; undefined for anything else.
 */
export function storageFailure(dataDir: string, error: unknown): AppError | undefined {
  for (const { code, message } of failureCodes(error)) {
    // PostgreSQL rolls back the statement that ran out of space: nothing half-written stays.
    if (FULL.has(code)) return fullDiskError(dataDir, code, error);
    // PostgreSQL reports EROFS and EACCES on its own files as insufficient_privilege.
    if (READ_ONLY.has(code) || (code === '42501' && /\bfile\b/.test(message))) {
      return dataDirError(
        `The embedded database in ${dataDir} cannot be written (${code}): the file system is read-only or the directory is not writable by this user. ` +
          `Fix: remount it read-write or give this user ${dataDir} (chown), or point DATA_DIR at a writable directory.`,
        { cause: error },
      );
    }
    if (DAMAGE.has(code)) return damagedDataDirError(dataDir, `reading it failed (${code}${message ? `: ${firstLine(message)}` : ''})`, { cause: error, untouched: false });
  }
  return undefined;
}

/** The error codes in an error and its causes (Node errno, Emscripten errno, SQLSTATE, through Prisma's wrapping). */
function failureCodes(error: unknown): { code: string; message: string }[] {
  const found: { code: string; message: string }[] = [];
  const seen = new Set<unknown>();
  const visit = (value: unknown, depth: number): void => {
    if (typeof value !== 'object' || value === null || seen.has(value) || depth > 6) return;
    seen.add(value);
    const record = value as Record<string, unknown>;
    const message = typeof record.message === 'string' ? record.message : '';
    if (record.name === 'ErrnoError' && typeof record.errno === 'number') {
      const code = EMSCRIPTEN_ERRNO[record.errno];
      if (code) found.push({ code, message });
    }
    for (const key of ['code', 'originalCode']) {
      const code = record[key];
      if (typeof code === 'string' && /^(E[A-Z]+|[0-9A-Z]{5})$/.test(code)) found.push({ code, message });
    }
    // Prisma keeps the driver's error in meta.driverAdapterError.cause; its message names the SQLSTATE.
    const sqlState = /\bCode: `([0-9A-Z]{5})`/.exec(message)?.[1];
    if (sqlState) found.push({ code: sqlState, message: /Message: `([^`]*)`/.exec(message)?.[1] ?? '' });
    visit(record.cause, depth + 1);
    visit(record.meta, depth + 1);
    visit(record.driverAdapterError, depth + 1);
  };
  visit(error, 0);
  return found;
}

function firstLine(text: string): string {
  return (text.split('\n')[0] ?? '').slice(0, 200);
}
