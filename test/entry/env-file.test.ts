import { existsSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runEntry } from '../support/processes.js';

/** `.env` in the directory a command runs in is read at start, validated like the environment, and loses to it. */
describe('.env', () => {
  let dir: string;
  // Runs in `dir` with ENV_FILE unset (spawn leaves out an undefined variable), as a user who copied
  // .env.example to .env would.
  const inDir = (name: string, args: string[], env: Record<string, string> = {}) =>
    runEntry(name, args, { ENV_FILE: undefined as unknown as string, ...env }, { cwd: dir, timeoutMs: 120_000 });

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'env-file-'));
  });
  afterAll(async () => {
    if (dir) await rm(dir, { recursive: true, force: true });
  });

  it('takes its variables: DATA_DIR from .env is where the database is made', { timeout: 120_000 }, async () => {
    await writeFile(join(dir, '.env'), '# copied from .env.example\nDATA_DIR=./from-dotenv\nLOG_LEVEL=warn\n');
    const run = await inDir('db-migrate', []);
    expect(run.code, run.stderr).toBe(0);
    expect(existsSync(join(dir, 'from-dotenv', 'pglite', 'PG_VERSION'))).toBe(true);
  });

  it('refuses a wrong value in .env as the environment would (exit 78, the variable named), and the environment wins over it', { timeout: 120_000 }, async () => {
    await writeFile(join(dir, '.env'), 'DATA_DIR=./from-dotenv\nRETENTION_DAYS=0\n');
    const bad = await inDir('db-migrate', []);
    expect(bad.code).toBe(78);
    expect(bad.stderr).toMatch(/invalid configuration:\n {2}- RETENTION_DAYS: .* \(set in \.env\)/);

    const inEnvironment = await inDir('db-migrate', [], { RETENTION_DAYS: '0' });
    expect(inEnvironment.code).toBe(78);
    expect(inEnvironment.stderr).toMatch(/- RETENTION_DAYS: /);
    expect(inEnvironment.stderr).not.toContain('(set in .env)');

    const overridden = await inDir('db-migrate', [], { RETENTION_DAYS: '7' });
    expect(overridden.code, overridden.stderr).toBe(0);
  });

  it('reads the file ENV_FILE names, and says so when it is missing', { timeout: 60_000 }, async () => {
    const missing = await inDir('db-migrate', [], { ENV_FILE: join(dir, 'nope.env') });
    expect(missing.code).toBe(78);
    expect(missing.stderr).toContain(`ENV_FILE: cannot read ${join(dir, 'nope.env')}`);
  });
});
