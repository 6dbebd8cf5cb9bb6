import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { entryArgs } from '../support/entry-command.js';

it('admin enroll refuses an invite valid for more than 90 days, saying the allowed range', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'hardening-days-'));
  try {
    const run = spawnSync(process.execPath, [...entryArgs('admin'), 'enroll', '--name', 'Kofi', '--supervisor', 'ama@example.org', '--days', '3650'], {
      env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: '' },
      encoding: 'utf8',
    });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('--days must be a whole number from 1 to 90');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
