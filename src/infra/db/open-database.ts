import { constants } from 'node:fs';
import { access, mkdir, readdir, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { vector } from '@electric-sql/pglite-pgvector';
import { PrismaPg } from '@prisma/adapter-pg';
import pg from 'pg';
import { PrismaPGlite } from 'pglite-prisma-adapter';
import { PrismaClient } from '../../generated/prisma/client.js';
import { AppError, isAppError } from '../../core/app-error.js';
import { checkFreeSpace, damagedDataDirError, forgetCleanClose, inspectDataDir, recordCleanClose, storageFailure } from './data-dir-check.js';
import { dataDirError, LOCK_FILE, lockDataDir, restrictDataDir, type DataDirLock } from './data-dir-lock.js';
import { pgliteSession, postgresSession, type SqlSession } from './sql-session.js';

export type DatabaseBackend = 'pglite' | 'postgres';

/** The extensions the migrations create, for every PGlite instance: pgvector and pg_trgm. */
export const PGLITE_EXTENSIONS = { vector, pg_trgm };

export interface Database {
  backend: DatabaseBackend;
  prisma: PrismaClient;
  /** The raw driver: migrations, and SQL Prisma cannot express (vectors, full text). */
  sql: SqlSession;
  /** Where the embedded database lives; undefined for PostgreSQL. */
  dataDir?: string;
  close(): Promise<void>;
}

export type DatabaseLocation =
  | { kind: 'pglite'; dataDir: string }
  | { kind: 'pglite-memory' }
  | { kind: 'postgres'; url: string; poolSize?: number };

/** Opens PGlite with pgvector and pg_trgm (persisted in dataDir, or in memory) or PostgreSQL through node-postgres. */
export async function openDatabase(location: DatabaseLocation): Promise<Database> {
  if (location.kind === 'postgres') return openPostgres(location.url, location.poolSize ?? 10);
  const dataDir = location.kind === 'pglite' ? location.dataDir : undefined;
  if (!dataDir) return openOnPglite(await PGlite.create({ extensions: PGLITE_EXTENSIONS }));
  process.umask(0o077);
  const lock = await prepareDataDir(dataDir);
  let database: Database;
  try {
    database = openOnPglite(await createPglite(dataDir, lock.state), dataDir);
    // PGlite's file system ignores the umask: restrict what it created (the 0700 directory guards the rest).
    await restrictDataDir(dataDir);
  } catch (error) {
    await lock.release();
    throw error;
  }
  return {
    ...database,
    async close() {
      try {
        await database.close();
        await restrictDataDir(dataDir);
        await recordCleanClose(dataDir);
      } catch (error) {
        throw storageFailure(dataDir, error) ?? error;
      } finally {
        await lock.release();
      }
    },
  };
}

/**
 * Creates, restricts and locks the data directory and checks what it holds (see data-dir-check.ts);
 * a read-only or full disk is refused here, before PGlite touches anything.
 */
async function prepareDataDir(dataDir: string): Promise<DataDirLock & { state: 'fresh' | 'existing' }> {
  let lock: DataDirLock | undefined;
  try {
    await mkdir(dataDir, { recursive: true, mode: 0o700 }).catch(async (error: unknown) => {
      // On a read-only file system a recursive mkdir reports ENOENT; the parent says why.
      await access(dirname(dataDir), constants.W_OK);
      throw error;
    });
    await restrictDataDir(dataDir);
    lock = await lockDataDir(dataDir);
    const state = await inspectDataDir(dataDir);
    await checkFreeSpace(dataDir);
    await forgetCleanClose(dataDir);
    return { state, release: lock.release };
  } catch (error) {
    await lock?.release().catch(() => undefined);
    if (isAppError(error)) throw error;
    throw storageFailure(dataDir, error) ?? dataDirError(`The embedded database in ${dataDir} cannot be prepared (${(error as NodeJS.ErrnoException).code ?? String(error)}).`, { cause: error });
  }
}

/** Opens PGlite on a checked directory; a first run that fails leaves the directory empty again. */
async function createPglite(dataDir: string, state: 'fresh' | 'existing'): Promise<PGlite> {
  try {
    return await PGlite.create({ dataDir, extensions: PGLITE_EXTENSIONS });
  } catch (error) {
    // A half-made first run holds no data; removed, the next start (disk freed, say) begins cleanly.
    if (state === 'fresh') await emptyDataDir(dataDir).catch(() => undefined);
    const storage = storageFailure(dataDir, error);
    if (storage) throw storage;
    const detail = error instanceof Error ? error.message : JSON.stringify(error);
    throw damagedDataDirError(dataDir, `PGlite could not open it (${detail.split('\n')[0]}); it may also have been written by another PGlite version`, { cause: error });
  }
}

async function emptyDataDir(dataDir: string): Promise<void> {
  for (const name of await readdir(dataDir)) if (name !== LOCK_FILE) await rm(join(dataDir, name), { recursive: true, force: true });
}

/** Wraps an already open PGlite instance (tests share one per file). */
export function openOnPglite(db: PGlite, dataDir?: string): Database {
  const prisma = new PrismaClient({ adapter: new PrismaPGlite(db) });
  return {
    backend: 'pglite',
    prisma,
    sql: pgliteSession(db),
    ...(dataDir ? { dataDir } : {}),
    async close() {
      await prisma.$disconnect();
      await db.close();
    },
  };
}

async function openPostgres(url: string, poolSize: number): Promise<Database> {
  // No JIT: every statement here is short, and compiling one costs more than running it (a text search
  // at 50,000 chunks ran 55 ms with JIT, 34 of them compiling, and 21 ms without).
  const pool = new pg.Pool({ connectionString: url, max: poolSize, options: '-c jit=off' });
  // An idle pooled connection the server closes (restart, failover, pg_terminate_backend) is emitted as
  // an 'error' event; unhandled, it would kill the process. The pool drops that client and the next
  // query opens a new one, so there is nothing else to do here.
  pool.on('error', () => undefined);
  // Fail at start-up, naming the variable to fix, rather than on the first consult.
  const probe = await pool.connect().catch(async (error: unknown) => {
    await pool.end().catch(() => undefined);
    throw unreachableDatabase(url, error);
  });
  // PGlite served over the wire (pglite-socket) runs every connection in one session, where a statement
  // one connection named already exists for the next: only a real server gets named statements.
  const version = await probe.query<{ version: string }>('SELECT version()').finally(() => probe.release());
  const oneSession = /\bPGlite\b/.test(version.rows[0]?.version ?? '');
  const prisma = new PrismaClient({ adapter: new PrismaPg(pool) });
  return {
    backend: 'postgres',
    prisma,
    sql: postgresSession(pool, { namedStatements: !oneSession }),
    async close() {
      await prisma.$disconnect();
      await pool.end().catch(() => undefined);
    },
  };
}

/** Network failures of a connect: the server is not there (or not answering) at the address given. */
const UNREACHABLE = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);
/** SQLSTATEs of a server that answers but will not let us in: a wrong password or role, no such database. */
const REFUSED: Record<string, string> = { '28P01': 'the password was refused', '28000': 'the role may not connect', '3D000': 'the database does not exist' };

/**
 * A failed first connection as AppError `server_unreachable` (exit 78) naming DATABASE_URL and the
 * server's host (never the password); any other error is returned as it is.
 */
function unreachableDatabase(url: string, error: unknown): unknown {
  const codes = [error, ...((error as { errors?: unknown[] } | null)?.errors ?? [])].map((e) => String((e as { code?: unknown } | null)?.code ?? ''));
  const network = codes.find((code) => UNREACHABLE.has(code));
  const refused = codes.map((code) => REFUSED[code]).find((why) => why !== undefined);
  if (!network && !refused) return error;
  let host = '(unparsable URL)';
  try {
    host = new URL(url).host || 'localhost';
  } catch {
    // pg accepts forms URL does not; the code still names the variable.
  }
  const why = network ? `cannot reach PostgreSQL at ${host} (${network}); start the server (docker compose up -d) or unset DATABASE_URL for the embedded database` : `PostgreSQL at ${host}: ${refused}`;
  return new AppError('server_unreachable', `DATABASE_URL: ${why}`, { cause: error, transient: network !== undefined });
}
