import { rm } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { downloadGuidelines } from '../../../src/ingest/download/download-guidelines.js';
import { makeTempDir, rawTarGz, serveBytes, serveStatus, startMirrorServer, type Route } from './helpers.js';

const HEADER = 'File,Title,Publisher,Publication Year,Accession ID,Last Updated (YYYY-MM-DD HH:MM:SS)';
// Arrival times are taken by the server, after a loopback hop and on the test's own event loop, which a
// loaded CI machine delays by tens of ms (one run measured 966.6 ms for 21 requests paced 50 ms apart).
// A limiter even 10% too fast still fails: its 21 requests would span at most 900 ms.
const CLOCK_SLACK_MS = 90;

function tinyCorpus(count: number): Map<string, Route> {
  const accessions = Array.from({ length: count }, (_, i) => `NBK${3000 + i}`);
  const csv = [HEADER, ...accessions.map((a) => `p/${a}.tar.gz,Book ${a},World Health Organization,2020,${a},2024-01-01 00:00:00`)].join('\r\n');
  const routes = new Map<string, Route>([['/mirror/file_list.csv', serveBytes(Buffer.from(csv))]]);
  for (const a of accessions) routes.set(`/mirror/p/${a}.tar.gz`, serveBytes(rawTarGz([{ path: `${a}/TOC.nxml`, content: `<book id="${a}"/>` }])));
  return routes;
}

describe('download politeness', () => {
  const cleanups: (() => Promise<void>)[] = [];
  afterEach(async () => {
    for (const cleanup of cleanups.splice(0)) await cleanup();
  });

  it('never sends more than the configured requests per second, the file list included', async () => {
    const rate = 20;
    const server = await startMirrorServer(tinyCorpus(24));
    const root = await makeTempDir('download-rate');
    cleanups.push(server.close, () => rm(root, { recursive: true, force: true }));

    const summary = await downloadGuidelines({ baseUrl: server.baseUrl, dataDir: path.join(root, 'data'), requestsPerSecond: rate });
    expect(summary.downloaded).toBe(24);

    const times = server.requests.map((r) => r.at);
    expect(times).toHaveLength(25);
    // Any `rate + 1` consecutive requests must span at least one second.
    for (let i = 0; i + rate < times.length; i += 1) {
      expect(times[i + rate]! - times[i]!).toBeGreaterThanOrEqual(1000 - CLOCK_SLACK_MS);
    }
    // ...and the limiter does not slow the run far below the allowed rate.
    expect(times.at(-1)! - times[0]!).toBeLessThan(((times.length - 1) / rate) * 1000 + 1000);
  });

  it('waits as long as a 429 Retry-After asks before trying again', async () => {
    const routes = tinyCorpus(1);
    const archive = routes.get('/mirror/p/NBK3000.tar.gz')!;
    routes.set('/mirror/p/NBK3000.tar.gz', (req, res, count) =>
      count === 0 ? serveStatus(429, { 'retry-after': '1' })(req, res, count) : archive(req, res, count),
    );
    const server = await startMirrorServer(routes);
    const root = await makeTempDir('download-retry-after');
    cleanups.push(server.close, () => rm(root, { recursive: true, force: true }));

    const retries: number[] = [];
    const summary = await downloadGuidelines({
      baseUrl: server.baseUrl,
      dataDir: path.join(root, 'data'),
      requestsPerSecond: 100,
      retryBaseDelayMs: 1, // so only Retry-After can explain a one-second wait
      onRetry: (info) => retries.push(info.delayMs),
    });
    expect(summary).toMatchObject({ downloaded: 1, failed: [] });
    expect(retries).toEqual([1000]);
    const [first, second] = server.requests.filter((r) => r.path === '/mirror/p/NBK3000.tar.gz').map((r) => r.at);
    expect(second! - first!).toBeGreaterThanOrEqual(1000 - CLOCK_SLACK_MS);
  });

  it('gives up after maxRetries on a server that keeps failing, and reports the status', async () => {
    const routes = tinyCorpus(2);
    routes.set('/mirror/p/NBK3000.tar.gz', serveStatus(502));
    const server = await startMirrorServer(routes);
    const root = await makeTempDir('download-give-up');
    cleanups.push(server.close, () => rm(root, { recursive: true, force: true }));

    const summary = await downloadGuidelines({ baseUrl: server.baseUrl, dataDir: path.join(root, 'data'), requestsPerSecond: 100, retryBaseDelayMs: 1, maxRetries: 2 });
    expect(summary.failed).toEqual([{ accession: 'NBK3000', reason: expect.stringMatching(/HTTP 502 .* \(gave up after 3 attempts\)/) as unknown as string }]);
    expect(summary.downloaded).toBe(1);
    expect(server.countFor('/mirror/p/NBK3000.tar.gz')).toBe(3);
  });
});
