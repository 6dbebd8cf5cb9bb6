import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { benchRedisUrl, redisReachable } from '../../bench/support/redis-probe.js';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Runs a bench script the way `npm run bench:*` does (tsx), collecting its output and exit code. */
async function runBench(script: string, args: string[]): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--quick', ...args], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  return { code, stdout, stderr };
}

const redisUp = await redisReachable(benchRedisUrl());
// In CI a missing Redis must fail the run; on a developer's machine the Redis configuration is skipped.
const withRedis = redisUp || Boolean(process.env.CI);

// Smoke only: the benches finish, drive the real paths and print their tables. Timings are never
// asserted (a shared two-core machine makes them noise); the numbers belong in a human's report.
describe('consult and channel benchmarks (--quick)', () => {
  it('bench:consult runs whole consults through the fake Claude on both job backends and prints the table', async () => {
    const { code, stdout, stderr } = await runBench('bench/consult.ts', withRedis ? [] : ['--skip-redis']);
    expect(stderr, stdout).not.toMatch(/failed/);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^config\s+consults\s+turns\s+turns\/s\s+p50 ms\s+p95 ms\s+plan p50 ms\s+plan p95 ms$/m);
    // 3 CHWs x 1 consult x 4 turns, and every plan written by the (fake) model, not the offline fallback:
    // three interview turns of two calls, the differentials call and the plan call.
    expect(stdout).toMatch(/^\(a\) embedded: in-process jobs\s+3\s+12\s+[\d.,]+\s/m);
    expect(stdout).toMatch(/^\(a\) embedded: in-process jobs: .*8\.0 LLM calls per consult, plans stored: 3 llm$/m);
    if (withRedis) {
      expect(stdout).toMatch(/^\(b\) Redis: BullMQ jobs\s+3\s+12\s+[\d.,]+\s/m);
      expect(stdout).toMatch(/^\(b\) Redis: BullMQ jobs: .*8\.0 LLM calls per consult, plans stored: 3 llm$/m);
      expect(stdout).toMatch(/^\(b\)\/\(a\)\s+[\d.]+x\s+[\d.]+x/m);
    } else {
      expect(stdout).toMatch(/^\(b\) Redis: BullMQ jobs\s+skipped$/m);
    }
  }, 90_000);

  it('bench:channels drives the real bot process through the fake Bot API and prints both phases', async () => {
    const { code, stdout, stderr } = await runBench('bench/channels.ts', []);
    expect(stderr, stdout).not.toMatch(/failed/);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^phase\s+messages\s+msgs\/s\s+out msgs\/s\s+p50 ms\s+p95 ms\s+pacing floor p95\s+above floor p95\s+plan p50 ms\s+plan p95 ms$/m);
    // 5 CHWs: four messages each in phase A, five in phase B (which opens with /new).
    expect(stdout).toMatch(/^A back-to-back\s+20\s+[\d.,]+\s/m);
    expect(stdout).toMatch(/^B think [\d.]+ s\s+25\s+[\d.,]+\s/m);
    expect(stdout).toMatch(/^LLM calls answered by the fake: [1-9]\d*$/m);
    expect(stdout).toMatch(/^bot error log lines: 0$/m);
  }, 90_000);
});
