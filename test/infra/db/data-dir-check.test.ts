import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../../src/core/app-error.js';
import { checkFreeSpace, inspectDataDir, storageFailure } from '../../../src/infra/db/data-dir-check.js';
import { LOCK_FILE } from '../../../src/infra/db/data-dir-lock.js';

const root = await mkdtemp(join(tmpdir(), 'data-dir-check-'));
afterAll(() => rm(root, { recursive: true, force: true }));

describe('inspectDataDir', () => {
  it('calls an absent directory, an empty one, or one holding only our lock a first run', async () => {
    expect(await inspectDataDir(join(root, 'absent'))).toBe('fresh');
    await mkdir(join(root, 'locked'));
    await writeFile(join(root, 'locked', LOCK_FILE), '1\n');
    expect(await inspectDataDir(join(root, 'locked'))).toBe('fresh');
  });

  it('refuses a garbled record of the last clean close', async () => {
    const dir = join(root, 'garbled-record');
    await mkdir(dir);
    await writeFile(join(dir, 'PG_VERSION'), '18\n');
    await writeFile(join(dir, 'relation-sizes.json'), '{"files":');
    await expect(inspectDataDir(dir)).rejects.toThrow(/is damaged: its relation-sizes.json .* is garbled/);
  });
});

describe('storageFailure: what the write path reports, as data_dir with the fix', () => {
  const dir = '/srv/chw/data/pglite';
  it('maps Node errno, PGlite file-system errors and SQLSTATEs (also inside Prisma) and nothing else', () => {
    const cases: [unknown, RegExp][] = [
      [Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' }), /is full \(ENOSPC\)/],
      [{ name: 'ErrnoError', errno: 51 }, /is full \(ENOSPC\)/],
      [{ name: 'ErrnoError', errno: 69 }, /cannot be written \(EROFS\)/],
      [Object.assign(new Error('EACCES: permission denied, open'), { code: 'EACCES' }), /cannot be written \(EACCES\)/],
      [new Error('wrapped', { cause: { code: '53100', message: 'could not extend file "base/5/1": No space left on device' } }), /is full \(53100\)/],
      [new Error('\nInvalid `db.prisma.x.createMany()` invocation\nDatabase error. Code: `53100`. Message: `could not extend file`'), /is full \(53100\)/],
      [{ code: '42501', message: 'could not open file "base/5/1": Read-only file system' }, /cannot be written \(42501\)/],
      [{ code: 'XX001', message: 'invalid page in block 1 of relation "base/5/1"' }, /is damaged: reading it failed \(XX001: invalid page/],
    ];
    for (const [error, pattern] of cases) {
      const mapped = storageFailure(dir, error);
      expect(isAppError(mapped, 'data_dir'), String(pattern)).toBe(true);
      expect(mapped?.message).toMatch(pattern);
      expect(mapped?.message).toContain(dir);
    }
    expect(storageFailure(dir, { code: '23505', message: 'duplicate key value violates unique constraint' })).toBeUndefined();
    expect(storageFailure(dir, { code: '42501', message: 'permission denied to create extension "vector"' })).toBeUndefined();
    expect(storageFailure(dir, new Error('boom'))).toBeUndefined();
  });

  it('refuses to start on a disk with less free space than asked for', async () => {
    await expect(checkFreeSpace(root, Number.MAX_SAFE_INTEGER)).rejects.toThrow(/is full \(.* MiB free, .* MiB needed to start\)/);
    await expect(checkFreeSpace(root, 1)).resolves.toBeUndefined();
  });
});
