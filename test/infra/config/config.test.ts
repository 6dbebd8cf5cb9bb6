import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { isAppError } from '../../../src/core/app-error.js';
import { loadConfig, type ConfigError } from '../../../src/infra/config/config.js';
import { DEFAULT_ARCHIVE_CAPS } from '../../../src/ingest/download/archive.js';

const run = promisify(execFile);
const root = fileURLToPath(new URL('../../..', import.meta.url));

function problemsOf(env: Record<string, string>): string[] {
  try {
    loadConfig(env);
    return [];
  } catch (error) {
    if (isAppError(error, 'bad_config')) return (error as ConfigError).details.problems;
    throw error;
  }
}

describe('configuration', () => {
  it('defaults to the embedded setup: PGlite under ./data, in-process jobs, offline LLM, no embeddings', () => {
    const config = loadConfig({});
    expect(config.database).toEqual({ kind: 'pglite', dataDir: './data/pglite' });
    expect(config.redisUrl).toBeUndefined();
    expect(config.llm).toEqual({ kind: 'offline' });
    expect(config.embeddings).toEqual({ kind: 'none' });
    expect(config.guidelines.publisher).toBe('World Health Organization');
    expect(config.guidelines.tokenBudget).toBe(512);
    expect(config.telegram).toEqual({ enabled: false });
  });

  it('caps each downloaded package by default as the extractor does, and takes other caps from the variables', () => {
    expect(loadConfig({}).guidelines.archiveCaps).toEqual(DEFAULT_ARCHIVE_CAPS);
    const config = loadConfig({ GUIDELINES_ARCHIVE_MAX_MB: '64', GUIDELINES_ARCHIVE_MAX_FILES: '900', GUIDELINES_ARCHIVE_MAX_RATIO: '40' });
    expect(config.guidelines.archiveCaps).toEqual({ maxUncompressedBytes: 64 * 1024 * 1024, maxEntries: 900, maxRatio: 40 });
    expect(problemsOf({ GUIDELINES_ARCHIVE_MAX_RATIO: '1', GUIDELINES_ARCHIVE_MAX_FILES: 'many' })).toEqual([
      'GUIDELINES_ARCHIVE_MAX_FILES: must be a whole number from 1 to 1000000',
      'GUIDELINES_ARCHIVE_MAX_RATIO: must be a whole number from 2 to 100000',
    ]);
  });

  it('builds the deployment settings from the variables', () => {
    const config = loadConfig({
      DATABASE_URL: 'postgresql://bot@db:5432/consult',
      REDIS_URL: 'redis://redis:6379',
      ANTHROPIC_API_KEY: 'sk-test',
      EMBEDDING_MODEL: 'nomic-embed-text',
      EMBEDDING_BASE_URL: 'http://ollama:11434/v1',
      GUIDELINES_ACCESSIONS: 'NBK1, NBK2',
      SENDER_HASH_SECRET: 'a-deployment-secret-of-32-characters-or-more',
    });
    expect(config.database).toEqual({ kind: 'postgres', url: 'postgresql://bot@db:5432/consult', poolSize: 10 });
    expect(config.llm).toMatchObject({ kind: 'anthropic', apiKey: 'sk-test', interviewModel: 'claude-haiku-5-5' });
    expect(config.embeddings).toMatchObject({ kind: 'openai-compatible', model: 'nomic-embed-text', dimensions: 768, apiKey: 'none' });
    expect(config.guidelines.accessions).toEqual(['NBK1', 'NBK2']);
  });

  it('names every bad variable', () => {
    const problems = problemsOf({ DATABASE_URL: 'mysql://x', CHUNK_TOKEN_BUDGET: 'lots', LOG_LEVEL: 'loud', GUIDELINES_BASE_URL: 'not a url' });
    expect(problems.join('\n')).toMatch(/DATABASE_URL: must be a postgres/);
    expect(problems.join('\n')).toMatch(/CHUNK_TOKEN_BUDGET: must be a whole number from 64 to 8192/);
    expect(problems.join('\n')).toMatch(/LOG_LEVEL/);
    expect(problems.join('\n')).toMatch(/GUIDELINES_BASE_URL: must be a URL/);
  });

  it('validates the sender hash secret (32+ characters) and the retention days', () => {
    expect(problemsOf({ SENDER_HASH_SECRET: 'too-short' })[0]).toMatch(/^SENDER_HASH_SECRET: must be at least 32 characters/);
    expect(loadConfig({}).senderHashSecret).toBeUndefined();
    expect(loadConfig({}).retentionDays).toBe(30);
    expect(problemsOf({ RETENTION_DAYS: '0' })[0]).toMatch(/^RETENTION_DAYS: must be a whole number from 1/);
  });

  it('refuses combinations that cannot work', () => {
    expect(problemsOf({ EMBEDDING_BASE_URL: 'http://localhost:8080/v1' })).toEqual([
      'EMBEDDING_MODEL: required when an embedding provider is configured',
    ]);
    expect(problemsOf({ EMBEDDING_MODEL: 'm', EMBEDDING_DIMENSIONS: '1536' })[0]).toMatch(/EMBEDDING_DIMENSIONS: the database stores 768/);
    expect(problemsOf({ TELEGRAM_BOT_TOKEN: '1:x', TELEGRAM_MODE: 'webhook' })).toEqual([
      'TELEGRAM_WEBHOOK_URL: required when TELEGRAM_MODE=webhook',
      'TELEGRAM_WEBHOOK_SECRET: required when TELEGRAM_MODE=webhook',
    ]);
  });

  it('stops start-up with a message naming the variable', async () => {
    const tsx = fileURLToPath(new URL('../../../node_modules/.bin/tsx', import.meta.url));
    const failure = await run(tsx, ['src/entry/main.ts'], { cwd: root, env: { ...process.env, DATABASE_URL: 'mysql://nope' } }).catch(
      (e: { code: number; stderr: string }) => e,
    );
    expect('code' in failure ? failure.code : 0).toBe(78);
    expect('stderr' in failure ? failure.stderr : '').toMatch(/DATABASE_URL: must be a postgres:\/\/ or postgresql:\/\/ URL/);
  });

  it('documents every variable in .env.example', async () => {
    const { readFile } = await import('node:fs/promises');
    const example = await readFile(new URL('../../../.env.example', import.meta.url), 'utf8');
    const source = await readFile(new URL('../../../src/infra/config/config.ts', import.meta.url), 'utf8');
    const variables = [...source.matchAll(/^ {2}([A-Z][A-Z0-9_]+):/gm)].map((m) => m[1]);
    expect(variables.length).toBeGreaterThan(20);
    for (const name of variables) expect(example, `${name} missing from .env.example`).toMatch(new RegExp(`^#? ?${name}=`, 'm'));
  });
});
