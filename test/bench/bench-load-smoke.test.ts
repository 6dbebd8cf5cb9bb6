import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { benchRedisUrl, redisReachable } from '../../bench/support/redis-probe.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SERVER_URL = process.env.TEST_DATABASE_URL ?? 'postgresql://postgres@127.0.0.1:5432/postgres';

/** True when the server answers and can install pgvector (the distributed run needs both). */
async function postgresWithPgvector(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
    const rows = await client.query(`SELECT 1 FROM pg_available_extensions WHERE name = 'vector'`);
    return rows.rowCount === 1;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => undefined);
  }
}

const distributed = (await postgresWithPgvector(SERVER_URL)) && (await redisReachable(benchRedisUrl()));
if (!distributed) process.stderr.write('bench:load smoke: no PostgreSQL with pgvector or no Redis; only the embedded run is checked\n');

// Smoke only: the load bench finishes and every simulated consult completes, through a killed and
// restarted bot and worker and duplicated updates. Its timings are never asserted.
describe('bench:load (--quick)', () => {
  it('completes every consult with nothing lost and no duplicate plan, on the embedded default and on PostgreSQL + Redis', async () => {
    const args = ['--import', 'tsx', 'bench/load.ts', '--quick', '--database-url', SERVER_URL, ...(distributed ? [] : ['--skip-distributed'])];
    const child = spawn(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
    const code = await new Promise<number | null>((resolve, reject) => {
      child.once('error', reject);
      child.once('close', resolve);
    });
    expect(code, `${stdout}\n${stderr}`).toBe(0);
    // Columns: CHWs, completed, lost, duplicate plans, extra replies.
    expect(stdout).toMatch(/^embedded default\s+2\s+2\s+0\s+0\s+0\s/m);
    if (distributed) {
      expect(stdout).toMatch(/^distributed\s+4\s+4\s+0\s+0\s+0\s/m);
      expect(stdout).toMatch(/bot 1 and worker 1 killed at .* and restarted/);
    }
  }, 300_000);
});
