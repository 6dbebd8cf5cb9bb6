import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildAdminProgram } from '../../src/entry/admin-program.js';

const dataDir = mkdtempSync(join(tmpdir(), 'admin-enrollment-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

/** Runs `npm run admin -- ...args` in this process on a fresh embedded database; returns its output. */
async function admin(...args: string[]): Promise<string> {
  const lines: string[] = [];
  await buildAdminProgram({ env: { DATA_DIR: dataDir }, out: (line) => lines.push(line) }).parseAsync(['node', 'admin', ...args]);
  return lines.join('\n');
}

describe('npm run admin', () => {
  it('explains every subcommand with --help', () => {
    const program = buildAdminProgram({ env: {}, out: () => undefined });
    const top = program.helpInformation();
    for (const name of ['add-supervisor', 'enroll', 'list', 'suspend', 'revoke', 'retention']) {
      expect(top).toContain(name);
      const help = program.commands.find((command) => command.name() === name)?.helpInformation() ?? '';
      expect(help, name).toContain(`Usage: admin ${name}`);
      expect(help.split('\n')[2]?.length ?? 0, name).toBeGreaterThan(20); // the description line
    }
  });

  it('lists, suspends and revokes a CHW; a revoked CHW cannot be suspended back into play', async () => {
    await admin('add-supervisor', '--name', 'Ama', '--email', 'ama@example.org');
    const enrolled = await admin('enroll', '--name', 'Kofi', '--supervisor', 'ama@example.org');
    const id = /health worker ([0-9a-f-]{36}) enrolled/.exec(enrolled)?.[1] ?? '';
    expect(id).not.toBe('');
    expect(await admin('list')).toMatch(new RegExp(`^${id}\\s+invited\\s+-\\s+ama@example.org\\s+Kofi\\s+\\(code valid until`, 'm'));

    expect(await admin('suspend', id)).toBe(`health worker ${id} suspended (was invited)`);
    expect(await admin('revoke', id)).toBe(`health worker ${id} revoked (was suspended)`);
    await expect(admin('suspend', id)).rejects.toThrow(/is revoked/);
    expect(await admin('list')).toMatch(new RegExp(`^${id}\\s+revoked\\s+-\\s+ama@example.org\\s+Kofi$`, 'm'));

    expect(await admin('retention', '--days', '1')).toBe('deleted 0 redelivery records, 0 unknown-sender audit events, 0 ledger rows and 0 unknown-sender chats older than 1 days');
    await expect(admin('suspend', 'not-an-id')).rejects.toThrow(/is not a health worker id/);
    // Each command opens the embedded database (the first one creates it): seconds each on a busy machine.
  }, 180_000);
});
