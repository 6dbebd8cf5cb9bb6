import { randomBytes } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { configError, type Config } from './config.js';

/** Where the embedded default keeps its generated HMAC key (owner-only, next to the database). */
export const SENDER_HASH_SECRET_FILE = 'sender-hash.secret';

export const MISSING_SECRET_PROBLEM = 'SENDER_HASH_SECRET: required when DATABASE_URL is set (at least 32 characters, e.g. openssl rand -hex 32)';

/**
 * The sender-hash key: SENDER_HASH_SECRET when set. Without it, on PostgreSQL AppError bad_config (exit 78):
 * a shared database is a deployment, and its hashes must not depend on a file on one machine. On the
 * embedded database, one generated on first use and kept in DATA_DIR/sender-hash.secret (0600), outside
 * the database so a copy of the database alone does not carry the key. Losing the file only makes
 * earlier hashes unmatched. Asked for only by processes that hash senders (not db:migrate or ingestion).
 */
export async function resolveSenderHashSecret(config: Pick<Config, 'senderHashSecret' | 'dataDir' | 'database'>): Promise<string> {
  if (config.senderHashSecret) return config.senderHashSecret;
  if (config.database.kind === 'postgres') throw configError([MISSING_SECRET_PROBLEM]);
  const path = join(config.dataDir, SENDER_HASH_SECRET_FILE);
  const existing = await readSecret(path);
  if (existing) return existing;
  await mkdir(config.dataDir, { recursive: true, mode: 0o700 });
  try {
    await writeFile(path, `${randomBytes(32).toString('hex')}\n`, { mode: 0o600, flag: 'wx' });
  } catch (error) {
    // Another process created it first: use theirs.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  }
  const created = await readSecret(path);
  if (!created) throw new Error(`${path} is empty or shorter than 32 characters: delete it to have a new key generated`);
  return created;
}

async function readSecret(path: string): Promise<string | undefined> {
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (text === undefined) return undefined;
  const secret = text.trim();
  return secret.length >= 32 ? secret : undefined;
}
