import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SENDER_HASH_SECRET } from '../support/enrollment.js';
import { freePort, runEntry } from '../support/processes.js';

/** A server a variable names that does not answer is a set-up to fix: exit 78, the variable named, no stack. */
describe('an unreachable server', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'unreachable-'));
  });
  afterAll(async () => {
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  it('names DATABASE_URL and the host (not the password), exit 78', { timeout: 60_000 }, async () => {
    const port = await freePort();
    for (const [name, args] of [
      ['db-migrate', []],
      ['admin', ['list']],
    ] as const) {
      const run = await runEntry(name, [...args], { DATABASE_URL: `postgresql://consult:hunter2-secret@127.0.0.1:${port}/consult`, SENDER_HASH_SECRET: TEST_SENDER_HASH_SECRET });
      expect(run.code, `${name}: ${run.stderr}`).toBe(78);
      expect(run.stderr).toContain(`error: DATABASE_URL: cannot reach PostgreSQL at 127.0.0.1:${port} (ECONNREFUSED)`);
      expect(run.stderr).not.toContain('hunter2');
      expect(run.stderr).not.toMatch(/\n\s+at /);
    }
  });

  it('names REDIS_URL, exit 78', { timeout: 60_000 }, async () => {
    const port = await freePort();
    const run = await runEntry('chat', [], { DATA_DIR: dataDir, REDIS_URL: `redis://127.0.0.1:${port}` }, { stdin: '45 year old man\n' });
    expect(run.code, run.stderr).toBe(78);
    expect(run.stderr).toContain(`error: REDIS_URL: cannot reach Redis at 127.0.0.1:${port} (ECONNREFUSED)`);
    expect(run.stdout).not.toContain('bot>');
  });
});
