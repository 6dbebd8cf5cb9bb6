import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { cp, mkdir, mkdtemp, readdir, readFile, rm, truncate, unlink, writeFile, open } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openMigratedDatabase } from '../../src/entry/runtime.js';
import { loadConfig } from '../../src/infra/config/config.js';
import { SIZES_FILE } from '../../src/infra/db/data-dir-check.js';
import { createStaffMember } from '../../src/infra/db/stores/people-store.js';
import { inviteWorker } from '../support/enrollment.js';
import { runEntry } from '../support/processes.js';

/**
 * `npm start` on a damaged, read-only or full embedded data directory stops with exit code 78 and one
 * line naming the directory and the fix, and never creates a new database over the old one. A real
 * directory is made by the first run, then broken the way a fault probe breaks it.
 */

let root: string;
let template: string;
let chunksFile: string;
let chunks: number;

function envFor(dataDir: string): Record<string, string> {
  return { DATA_DIR: dataDir, DATABASE_URL: '', SENDER_HASH_SECRET: '', REDIS_URL: '', ANTHROPIC_API_KEY: '' };
}

/** A copy of the populated data directory to break; returns its DATA_DIR. */
async function copyOfTemplate(name: string): Promise<string> {
  const dir = join(root, name);
  await cp(template, dir, { recursive: true });
  return dir;
}

/** Every file's content hash, by path: a refused start must leave all of them as they were. */
async function snapshot(dir: string): Promise<Record<string, string>> {
  const files: Record<string, string> = {};
  for (const entry of await readdir(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files[path.slice(dir.length)] = createHash('sha256').update(await readFile(path)).digest('hex');
  }
  return files;
}

/** One `error:` line, no stack frames, no Prisma code frame. */
function expectOneLineRefusal(stderr: string, pattern: RegExp): void {
  expect(stderr).toMatch(pattern);
  expect(stderr.trim().split('\n')).toHaveLength(1);
  expect(stderr).not.toMatch(/^\s+at /m);
  expect(stderr).not.toMatch(/Invalid `|→/);
}

function damagedPattern(pglite: string): RegExp {
  const dir = pglite.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`^error: The embedded database in ${dir} is damaged: .*npm run db:backup.*npm run db:restore.*move ${dir} aside`);
}

const start = (dataDir: string, prefix?: string[]) => runEntry('main', [], envFor(dataDir), prefix ? { prefix } : {});

/** `unshare -m` (as root) or `-Urm` (a user namespace): mounts made for one child and gone with it. */
const mountNamespace = ((): string[] | undefined => {
  for (const flags of [['-m'], ['-Urm']]) if (spawnSync('unshare', [...flags, 'true']).status === 0) return ['unshare', ...flags];
  return undefined;
})();

beforeAll(async () => {
  root = await mkdtemp(join(tmpdir(), 'start-damage-'));
  template = join(root, 'template');
  // The normal first run on an absent directory.
  const first = await start(template);
  expect(first.stderr).toBe('');
  expect(first.code).toBe(0);
  expect(first.stdout).toMatch(/^First run: loaded the sample corpus/m);
  const { db } = await openMigratedDatabase(loadConfig(envFor(template)));
  try {
    const supervisorId = await createStaffMember(db, { role: 'supervisor', name: 'Supervisor', email: 'owner@example.org' });
    await inviteWorker(db, { displayName: 'CHW', supervisorId });
    const [row] = await db.sql.query<{ path: string; chunks: number }>(
      `SELECT pg_relation_filepath('guideline_chunks') AS path, (SELECT count(*)::int FROM guideline_chunks) AS chunks`,
    );
    chunksFile = row?.path ?? '';
    chunks = row?.chunks ?? 0;
  } finally {
    await db.close();
  }
  expect(chunksFile).toMatch(/^base\/\d+\/\d+$/);
  expect(chunks).toBeGreaterThan(100);
}, 180_000);

afterAll(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('npm start on the embedded data directory', () => {
  it('starts again on an intact directory, and makes a first run in an empty one', async () => {
    const again = await start(await copyOfTemplate('intact'));
    expect(again.code).toBe(0);
    expect(again.stdout).not.toContain('First run');
    expect(again.stdout).toContain(`chunks: ${chunks}`);
    expect(again.stdout).toContain('Health workers: 1');

    const empty = join(root, 'empty');
    await mkdir(join(empty, 'pglite'), { recursive: true });
    const first = await start(empty);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^First run/m);
  }, 120_000);

  it('(a) refuses a directory whose PG_VERSION is gone or garbled, instead of creating a new database over it', async () => {
    const dataDir = await copyOfTemplate('no-version');
    const pglite = join(dataDir, 'pglite');
    await unlink(join(pglite, 'PG_VERSION'));
    const before = await snapshot(pglite);
    const run = await start(dataDir);
    expect(run.code).toBe(78);
    expect(run.stdout).not.toContain('First run');
    expectOneLineRefusal(run.stderr, damagedPattern(pglite));
    expect(run.stderr).toMatch(/no PG_VERSION file.*will not create a new one/);
    expect(await snapshot(pglite)).toEqual(before);

    const garbled = await copyOfTemplate('garbled-version');
    await writeFile(join(garbled, 'pglite', 'PG_VERSION'), '\u0000\u0017x');
    const refused = await start(garbled);
    expect(refused.code).toBe(78);
    expectOneLineRefusal(refused.stderr, damagedPattern(join(garbled, 'pglite')));
    expect(refused.stderr).toContain('PG_VERSION file is garbled');
  }, 120_000);

  it('refuses a non-empty directory that was never a database (a stray file, or base/ alone)', async () => {
    const dataDir = join(root, 'stray');
    await mkdir(join(dataDir, 'pglite', 'base'), { recursive: true });
    await writeFile(join(dataDir, 'pglite', 'notes.txt'), 'x');
    const run = await start(dataDir);
    expect(run.code).toBe(78);
    expectOneLineRefusal(run.stderr, damagedPattern(join(dataDir, 'pglite')));
    expect(await readdir(join(dataDir, 'pglite'))).toEqual(['base', 'notes.txt']);
  }, 60_000);

  it('(b) refuses a table file cut short, to whole pages or mid-page, naming the file', async () => {
    for (const [name, bytes] of [['cut-to-zero', 0], ['cut-mid-page', 8192 * 3 + 100]] as const) {
      const dataDir = await copyOfTemplate(name);
      const pglite = join(dataDir, 'pglite');
      await truncate(join(pglite, chunksFile), bytes);
      const before = await snapshot(pglite);
      const run = await start(dataDir);
      expect(run.code, name).toBe(78);
      expectOneLineRefusal(run.stderr, damagedPattern(pglite));
      expect(run.stderr).toContain(`the data file ${chunksFile} is cut short (${bytes} bytes`);
      expect(await snapshot(pglite)).toEqual(before);
    }
  }, 120_000);

  it('(b) stops at the first query that reads a corrupt page, when there is no record to compare with', async () => {
    const dataDir = await copyOfTemplate('corrupt-page');
    const pglite = join(dataDir, 'pglite');
    // As after a crash: the sizes recorded at a clean close are gone, so only PostgreSQL can tell.
    await unlink(join(pglite, SIZES_FILE));
    const file = await open(join(pglite, chunksFile), 'r+');
    await file.write(Buffer.alloc(8192, 0x5a), 0, 8192, 8192);
    await file.close();
    const run = await start(dataDir);
    expect(run.code).toBe(78);
    expectOneLineRefusal(run.stderr, damagedPattern(pglite));
    expect(run.stderr).toMatch(/reading it failed \(XX001: invalid page in block 1 of relation/);
  }, 60_000);

  it.skipIf(!mountNamespace)('(c) stops on a read-only file system (a read-only bind mount) with the fix', async () => {
    const dataDir = await copyOfTemplate('read-only');
    const before = await snapshot(join(dataDir, 'pglite'));
    const readOnly = [...(mountNamespace ?? []), 'sh', '-c', `mount --bind "${dataDir}" "${dataDir}" && mount -o remount,ro,bind "${dataDir}" && exec "$0" "$@"`];
    const run = await start(dataDir, readOnly);
    expect(run.code).toBe(78);
    expectOneLineRefusal(run.stderr, /^error: The embedded database in .*\/read-only\/pglite cannot be written \(EROFS\).*remount it read-write/);
    expect(await snapshot(join(dataDir, 'pglite'))).toEqual(before);

    // An empty directory on a read-only file system: no first run, the same answer.
    const empty = join(root, 'read-only-empty');
    await mkdir(empty);
    const emptyRun = await start(empty, [...(mountNamespace ?? []), 'sh', '-c', `mount --bind "${empty}" "${empty}" && mount -o remount,ro,bind "${empty}" && exec "$0" "$@"`]);
    expect(emptyRun.code).toBe(78);
    expectOneLineRefusal(emptyRun.stderr, /cannot be written \(EROFS\)/);
  }, 120_000);

  it.skipIf(!mountNamespace)('(d) stops on a full disk (a tmpfs filled up): the lock write fails with ENOSPC', async () => {
    const full = join(root, 'full');
    await mkdir(full);
    const fill = [
      ...(mountNamespace ?? []),
      'sh',
      '-c',
      `mount -t tmpfs -o size=96m tmpfs "${full}" && cp -a "${template}/." "${full}/" && (dd if=/dev/zero of="${full}/filler" bs=1M 2>/dev/null; true) && exec "$0" "$@"`,
    ];
    const run = await start(full, fill);
    expect(run.code).toBe(78);
    expectOneLineRefusal(run.stderr, /^error: The disk holding the embedded database in .*\/full\/pglite is full \(ENOSPC\).*free space on that disk/);
  }, 120_000);

  it.skipIf(!mountNamespace)('(d) refuses a first run on a disk too small to hold it, and leaves nothing behind', async () => {
    const small = join(root, 'small');
    await mkdir(small);
    const tiny = [
      ...(mountNamespace ?? []),
      'sh',
      '-c',
      `mount -t tmpfs -o size=20m tmpfs "${small}" && "$0" "$@"; code=$?; echo "left: $(ls -A "${small}/pglite" | tr '\\n' ' ')"; exit $code`,
    ];
    const run = await start(small, tiny);
    expect(run.code).toBe(78);
    expectOneLineRefusal(run.stderr, /^error: The disk holding the embedded database in .*\/small\/pglite is full \(20\.0 MiB free, 64\.0 MiB needed to start\)/);
    expect(run.stdout).toContain('left: \n');
    expect(run.stdout).not.toContain('First run');
  }, 60_000);
});
