import { mkdtemp, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, expect, it } from 'vitest';
import { resolveSenderHashSecret, SENDER_HASH_SECRET_FILE } from '../../../src/infra/config/sender-hash-secret.js';

const embedded = { kind: 'pglite', dataDir: 'unused' } as const;
let dataDir: string;
beforeEach(async () => {
  dataDir = await mkdtemp(join(tmpdir(), 'sender-secret-'));
});
afterEach(async () => {
  await rm(dataDir, { recursive: true, force: true });
});

it('the embedded default generates one random key, owner-only, and keeps using it', async () => {
  const first = await resolveSenderHashSecret({ senderHashSecret: undefined, dataDir, database: embedded });
  expect(first).toMatch(/^[0-9a-f]{64}$/);
  expect((await stat(join(dataDir, SENDER_HASH_SECRET_FILE))).mode & 0o777).toBe(0o600);
  expect(await resolveSenderHashSecret({ senderHashSecret: undefined, dataDir, database: embedded })).toBe(first);
  const other = await mkdtemp(join(tmpdir(), 'sender-secret-'));
  try {
    expect(await resolveSenderHashSecret({ senderHashSecret: undefined, dataDir: other, database: embedded })).not.toBe(first);
  } finally {
    await rm(other, { recursive: true, force: true });
  }
});

it('SENDER_HASH_SECRET wins and writes nothing; a damaged key file is named', async () => {
  expect(await resolveSenderHashSecret({ senderHashSecret: 'configured-secret-of-32-characters-x', dataDir, database: embedded })).toBe('configured-secret-of-32-characters-x');
  await expect(stat(join(dataDir, SENDER_HASH_SECRET_FILE))).rejects.toThrow();
  await writeFile(join(dataDir, SENDER_HASH_SECRET_FILE), 'short\n');
  await expect(resolveSenderHashSecret({ senderHashSecret: undefined, dataDir, database: embedded })).rejects.toThrow(/sender-hash.secret is empty or shorter than 32/);
});

it('a deployment on PostgreSQL without SENDER_HASH_SECRET is a configuration error, and no key is generated for it', async () => {
  const postgres = { kind: 'postgres', url: 'postgresql://bot@db/consult', poolSize: 10 } as const;
  await expect(resolveSenderHashSecret({ senderHashSecret: undefined, dataDir, database: postgres })).rejects.toThrow(/SENDER_HASH_SECRET: required when DATABASE_URL is set/);
  await expect(stat(join(dataDir, SENDER_HASH_SECRET_FILE))).rejects.toThrow();
});
