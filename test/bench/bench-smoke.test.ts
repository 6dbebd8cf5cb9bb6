import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** Runs a bench script the way `npm run bench:*` does (tsx), collecting its output and exit code. */
async function runBench(script: string): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(process.execPath, ['--import', 'tsx', script, '--quick'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
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

// Smoke only: the benches finish and print their tables. Timings are never asserted (a shared
// two-core machine makes them noise); the numbers belong in a human's report.
describe('benchmarks (--quick)', () => {
  it('bench:ingest parses and loads a generated corpus and prints both tables', async () => {
    const { code, stdout, stderr } = await runBench('bench/ingest.ts');
    expect(stderr).not.toMatch(/failed/);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^parse-and-chunk /m);
    expect(stdout).toMatch(/^load into PGlite /m);
    for (const label of ['files/s', 'MB/s (input XML)', 'peak RSS, MiB', 'peak heap used, MiB', 'chunks/s']) expect(stdout).toContain(label);
    // Every generated part is parsed: the corpus is copies of the sample books, none malformed.
    expect(stdout).toMatch(/^part files parsed\s+\d+/m);
    // Baseline, one thread and worker threads measured side by side, and nothing lost on the way.
    expect(stdout).toMatch(/^parse throughput /m);
    for (const label of ['baseline: fast-xml-parser, one pass', 'ours, one thread', 'ours, worker threads']) expect(stdout).toMatch(new RegExp(`^${label}.*\\d\\.\\d\\dx$`, 'm'));
    expect(stdout).toMatch(/body paragraphs checked, 0 missing or out of order .*threaded chunks file identical to the single-threaded one/);
  }, 120_000); // three parse runs and a load, each in a fresh process

  it('bench:retrieval builds, searches and measures recall against a scan that really is exact', async () => {
    const { code, stdout, stderr } = await runBench('bench/retrieval.ts');
    expect(stderr).not.toMatch(/failed/);
    expect(code).toBe(0);
    expect(stdout).toMatch(/^HNSW build /m);
    expect(stdout).toMatch(/^latency /m);
    expect(stdout).toMatch(/^vector-leg quality /m);
    for (const label of ['CREATE INDEX hnsw', 'searchGuidelines p95, ms', 'HNSW / exact latency (p50)', 'recall@10 vs exact, ef_search 100 (searchGuidelines)']) {
      expect(stdout).toContain(label);
    }
    // The recall baseline is only meaningful if the "exact" form bypasses the index and the other uses it.
    expect(stdout).toMatch(/^EXPLAIN: HNSW form uses the hnsw index\s+yes\s/m);
    expect(stdout).toMatch(/^EXPLAIN: exact form avoids it \(seq scan\)\s+yes\s/m);
  }, 120_000); // two loads of 500 chunks in a fresh process: 18 s alone, over 60 s beside a second CI run
});
