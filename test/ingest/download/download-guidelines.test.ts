import { readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import path from 'node:path';
import iconv from 'iconv-lite';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { downloadGuidelines, type DownloadGuidelinesOptions, type DownloadProgress } from '../../../src/ingest/download/download-guidelines.js';
import { readManifest } from '../../../src/ingest/download/manifest.js';
import { packBookFolder } from '../../../src/ingest/download/pack-book.js';
import {
  listFilesRecursively,
  makeBookFolder,
  makeTempDir,
  rawTarGz,
  serveBytes,
  serveStatus,
  startMirrorServer,
  type Route,
} from './helpers.js';

const HEADER = 'File,Title,Publisher,Publication Year,Accession ID,Last Updated (YYYY-MM-DD HH:MM:SS)';
const WHO = 'World Health Organization';
const archivePath = (accession: string): string => `who/${accession}.tar.gz`;
const routeKey = (accession: string): string => `/mirror/${archivePath(accession)}`;

interface ListRow { accession: string; title: string; publisher: string; lastUpdated?: string }

const LIST_ROWS: ListRow[] = [
  { accession: 'NBK1001', title: '"Guidelines for malaria, fourth edition"', publisher: WHO },
  { accession: 'NBK1002', title: 'Prise en charge int\u00e9gr\u00e9e &amp; diarrh&eacute;e de l&#39;enfant', publisher: WHO },
  { accession: 'NBK1003', title: 'Corrupt package', publisher: WHO },
  { accession: 'NBK1004', title: 'Traversal package', publisher: WHO },
  { accession: 'NBK1005', title: 'Absolute path package', publisher: WHO },
  { accession: 'NBK1006', title: 'Busy server package', publisher: WHO },
  { accession: 'NBK1007', title: 'Missing package', publisher: WHO },
  { accession: 'NBK1008', title: 'Symlink package', publisher: WHO },
  { accession: 'NBK1009', title: 'Dropped connection package', publisher: WHO },
  { accession: 'NBK2001', title: 'Vaccine storage', publisher: 'Centers for Disease Control and Prevention (US)' },
  { accession: 'NBK2002', title: 'A report prepared for the World Health Organization', publisher: 'Acme Press' },
  { accession: 'NBK2003', title: 'Regional guidance', publisher: 'World Health Organization Regional Office for Europe' },
];

/** file_list.csv as Windows-1252 bytes, plus one malformed row (7 fields). */
function fileListBytes(rows: ListRow[]): Buffer {
  const lines = rows.map((r) => `${archivePath(r.accession)},${r.title},${r.publisher},2020,${r.accession},${r.lastUpdated ?? '2024-01-15 10:00:00'}`);
  lines.splice(3, 0, 'who/NBK9999.tar.gz,Broken, row,World Health Organization,2020,NBK9999,2024-01-15 10:00:00');
  return iconv.encode(`${HEADER}\r\n${lines.join('\r\n')}\r\n`, 'win1252');
}

const nxml = (accession: string, part: string, text: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<book-part-wrapper id="${part}"><book-meta><book-id book-id-type="accession">${accession}</book-id></book-meta><book-part id="${part}"><body><sec id="${part}-s1"><p>${text}</p></sec></body></book-part></book-part-wrapper>\n`;

// Big enough that cutting the connection halfway leaves a partial body on the wire.
const LONG_TEXT = Array.from({ length: 4000 }, (_, i) => `Paragraph ${i} on oral rehydration salts, ${(i * 7919) % 10007}.`).join(' ');

/** A route that sends half of the body and then drops the connection the first time. */
function dropFirstConnection(body: Buffer): Route {
  return (req, res, count) => {
    if (count > 0) return serveBytes(body)(req, res, count);
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': body.length });
    res.write(body.subarray(0, body.length >> 1), () => res.socket?.destroy());
  };
}

describe('downloadGuidelines against a local mirror', () => {
  let root: string;
  let dataDir: string;
  let outsideAbsolute: string;
  let sources: Record<string, Record<string, string>>;
  let archives: Record<string, Buffer>;
  let routes: Map<string, Route>;
  let server: Awaited<ReturnType<typeof startMirrorServer>>;

  const run = (extra: Partial<DownloadGuidelinesOptions> = {}) =>
    downloadGuidelines({ baseUrl: server.baseUrl, dataDir, requestsPerSecond: 200, retryBaseDelayMs: 5, ...extra });

  beforeEach(async () => {
    root = await makeTempDir('download-test');
    dataDir = path.join(root, 'data');
    outsideAbsolute = path.join(root, 'outside', 'abs-evil.nxml');
    const books = path.join(root, 'books');
    sources = {
      NBK1001: { 'TOC.nxml': nxml('NBK1001', 'toc', 'Malaria contents'), 'ch1.nxml': nxml('NBK1001', 'ch1', 'Artemether-lumefantrine by weight band'), 'ch2.nxml': nxml('NBK1001', 'ch2', 'Severe malaria: give injectable artesunate') },
      NBK1002: { 'TOC.nxml': nxml('NBK1002', 'toc', 'Sommaire'), 'ch1.nxml': nxml('NBK1002', 'ch1', 'Donner des SRO et du zinc') },
      NBK1006: { 'TOC.nxml': nxml('NBK1006', 'toc', 'Pneumonia contents'), 'ch1.nxml': nxml('NBK1006', 'ch1', 'Fast breathing thresholds by age') },
      NBK1009: { 'TOC.nxml': nxml('NBK1009', 'toc', 'Diarrhoea contents'), 'ch1.nxml': nxml('NBK1009', 'ch1', LONG_TEXT) },
    };
    archives = {};
    for (const [accession, files] of Object.entries(sources)) {
      const extras: Record<string, string | Buffer> =
        accession === 'NBK1001' ? { 'figure1.jpg': Buffer.from([0xff, 0xd8, 0xff, 0xe0]), 'book.pdf': '%PDF-1.4 fake', 'images/map.png': 'png' } : {};
      const folder = await makeBookFolder(books, `who_${accession}`, { ...files, ...extras });
      const out = path.join(root, 'archives', `${accession}.tar.gz`);
      await packBookFolder(folder, out);
      archives[accession] = await readFile(out);
    }
    const corruptFile = path.join(root, 'archives', 'NBK1001-copy.tar.gz');
    await writeFile(corruptFile, archives['NBK1001']!);
    await truncate(corruptFile, Math.floor(archives['NBK1001']!.length / 2));
    archives['NBK1003'] = await readFile(corruptFile);
    archives['NBK1004'] = rawTarGz([
      { path: 'NBK1004/TOC.nxml', content: nxml('NBK1004', 'toc', 'looks fine') },
      { path: '../evil.nxml', content: 'escaped' },
    ]);
    archives['NBK1005'] = rawTarGz([
      { path: 'NBK1005/TOC.nxml', content: nxml('NBK1005', 'toc', 'looks fine') },
      { path: outsideAbsolute, content: 'escaped' },
    ]);
    archives['NBK1008'] = rawTarGz([
      { path: 'NBK1008/TOC.nxml', content: nxml('NBK1008', 'toc', 'looks fine') },
      { path: 'NBK1008/ch1.nxml', type: 'SymbolicLink', linkpath: '/etc/passwd' },
    ]);

    routes = new Map<string, Route>([
      ['/mirror/file_list.csv', serveBytes(fileListBytes(LIST_ROWS), 'text/csv')],
      [routeKey('NBK1001'), serveBytes(archives['NBK1001']!)],
      [routeKey('NBK1002'), serveBytes(archives['NBK1002']!)],
      [routeKey('NBK1003'), serveBytes(archives['NBK1003'])],
      [routeKey('NBK1004'), serveBytes(archives['NBK1004'])],
      [routeKey('NBK1005'), serveBytes(archives['NBK1005'])],
      [routeKey('NBK1006'), (req, res, count) => (count < 2 ? serveStatus(503)(req, res, count) : serveBytes(archives['NBK1006']!)(req, res, count))],
      [routeKey('NBK1008'), serveBytes(archives['NBK1008'])],
      [routeKey('NBK1009'), dropFirstConnection(archives['NBK1009']!)],
      // NBK1007 has no route: 404. Other publishers' archives exist but must never be requested.
      [routeKey('NBK2001'), serveBytes(archives['NBK1001']!)],
      [routeKey('NBK2002'), serveBytes(archives['NBK1001']!)],
      [routeKey('NBK2003'), serveBytes(archives['NBK1001']!)],
    ]);
    server = await startMirrorServer(routes);
  });

  afterEach(async () => {
    await server.close();
    await rm(root, { recursive: true, force: true });
  });

  it('extracts the WHO books, only their .nxml files, and reports each broken package without stopping', async () => {
    const progress: DownloadProgress[] = [];
    const summary = await run({ onProgress: (p) => progress.push(p) });

    expect(summary.selected).toBe(9);
    expect(summary.downloaded).toBe(4);
    expect(summary.skippedUpToDate).toBe(0);
    expect(summary.aborted).toBe(false);
    expect(summary.badRows).toEqual([{ line: 5, reason: 'expected 6 fields, found 7' }]);
    expect(summary.failed.map((f) => f.accession)).toEqual(['NBK1003', 'NBK1007']);
    expect(summary.failed[0]?.reason).toMatch(/damaged archive/);
    expect(summary.failed[1]?.reason).toMatch(/HTTP 404/);
    expect(summary.rejected).toEqual([
      { accession: 'NBK1004', reason: 'refused: path with .. "../evil.nxml"' },
      { accession: 'NBK1005', reason: `refused: absolute path ${JSON.stringify(outsideAbsolute)}` },
      { accession: 'NBK1008', reason: 'refused: link entry "NBK1008/ch1.nxml"' },
    ]);
    const fetched = ['NBK1001', 'NBK1002', 'NBK1003', 'NBK1004', 'NBK1005', 'NBK1006', 'NBK1008', 'NBK1009'];
    expect(summary.bytes).toBe(fetched.reduce((sum, a) => sum + archives[a]!.length, 0));

    // Retries: 503 twice then success; a dropped connection once; a 404 never retried.
    expect(server.countFor(routeKey('NBK1006'))).toBe(3);
    expect(server.countFor(routeKey('NBK1009'))).toBe(2);
    expect(server.countFor(routeKey('NBK1007'))).toBe(1);
    // Rows of other publishers (even one whose title names WHO) are never fetched.
    for (const other of ['NBK2001', 'NBK2002', 'NBK2003']) expect(server.countFor(routeKey(other))).toBe(0);

    const booksDir = path.join(dataDir, 'guidelines');
    expect(await listFilesRecursively(booksDir)).toEqual([
      'NBK1001/TOC.nxml', 'NBK1001/ch1.nxml', 'NBK1001/ch2.nxml',
      'NBK1002/TOC.nxml', 'NBK1002/ch1.nxml',
      'NBK1006/TOC.nxml', 'NBK1006/ch1.nxml',
      'NBK1009/TOC.nxml', 'NBK1009/ch1.nxml',
      'manifest.json',
    ]);
    for (const [accession, files] of Object.entries(sources)) {
      for (const [name, content] of Object.entries(files)) {
        expect(await readFile(path.join(booksDir, accession, name), 'utf8')).toBe(content);
      }
    }
    // Nothing from the hostile archives landed anywhere, inside or outside dataDir.
    const everything = await listFilesRecursively(root);
    expect(everything.filter((f) => /evil/.test(f))).toEqual([]);
    await expect(stat(path.dirname(outsideAbsolute))).rejects.toThrow(/ENOENT/);

    const manifest = await readManifest(dataDir);
    expect(Object.keys(manifest.packages).sort()).toEqual(['NBK1001', 'NBK1002', 'NBK1006', 'NBK1009']);
    expect(manifest.packages['NBK1002']).toMatchObject({
      title: "Prise en charge int\u00e9gr\u00e9e & diarrh\u00e9e de l'enfant",
      lastUpdated: '2024-01-15 10:00:00',
      files: ['TOC.nxml', 'ch1.nxml'],
    });
    expect(manifest.packages['NBK1001']?.title).toBe('Guidelines for malaria, fourth edition');

    expect(progress.at(-1)).toEqual({ done: 9, total: 9, bytes: summary.bytes });
    expect(progress.map((p) => p.done)).toEqual([...progress.map((p) => p.done)].sort((a, b) => a - b));
  });

  it('on a re-run requests only the list and the packages not yet extracted; a changed Last Updated re-downloads just that book', async () => {
    await run();
    const goodArchives = ['NBK1001', 'NBK1002', 'NBK1006', 'NBK1009'];
    const firstManifest = await readManifest(dataDir);
    const requestsBefore = server.requests.length;

    const second = await run();
    expect(second.downloaded).toBe(0);
    expect(second.skippedUpToDate).toBe(4);
    const secondPaths = server.requests.slice(requestsBefore).map((r) => r.path);
    for (const accession of goodArchives) expect(secondPaths).not.toContain(routeKey(accession));
    expect(await readManifest(dataDir)).toEqual(firstManifest);

    // Only the already-good books, so the archive requests show exactly what the change costs.
    const changedRows = LIST_ROWS.map((r) => (r.accession === 'NBK1002' ? { ...r, lastUpdated: '2025-03-01 08:30:00' } : r));
    routes.set('/mirror/file_list.csv', serveBytes(fileListBytes(changedRows), 'text/csv'));
    const newFolder = await makeBookFolder(path.join(root, 'books-v2'), 'who_NBK1002', {
      'TOC.nxml': nxml('NBK1002', 'toc', 'Sommaire, deuxi\u00e8me version'),
      'ch3.nxml': nxml('NBK1002', 'ch3', 'Nouveau chapitre'),
    });
    await packBookFolder(newFolder, path.join(root, 'archives', 'NBK1002-v2.tar.gz'));
    routes.set(routeKey('NBK1002'), serveBytes(await readFile(path.join(root, 'archives', 'NBK1002-v2.tar.gz'))));

    const requestsBeforeThird = server.requests.length;
    const third = await run({ accessions: goodArchives });
    expect(third).toMatchObject({ selected: 4, downloaded: 1, skippedUpToDate: 3, failed: [], rejected: [] });
    expect(server.requests.slice(requestsBeforeThird).map((r) => r.path)).toEqual(['/mirror/file_list.csv', routeKey('NBK1002')]);
    // The old version is replaced, not merged: ch1 from the previous edition is gone.
    expect(await listFilesRecursively(path.join(dataDir, 'guidelines', 'NBK1002'))).toEqual(['TOC.nxml', 'ch3.nxml']);
    expect(await readFile(path.join(dataDir, 'guidelines', 'NBK1002', 'TOC.nxml'), 'utf8')).toContain('deuxi\u00e8me version');
    expect((await readManifest(dataDir)).packages['NBK1002']?.lastUpdated).toBe('2025-03-01 08:30:00');
  });

  it('stops on abort in the middle of a transfer, keeps finished books, and a re-run resumes', async () => {
    const controller = new AbortController();
    // NBK1002 sends half its body and stalls; the test aborts while the transfer is open.
    routes.set(routeKey('NBK1002'), (_req, res) => {
      res.writeHead(200, { 'content-length': archives['NBK1002']!.length });
      res.write(archives['NBK1002']!.subarray(0, 100), () => controller.abort());
    });
    const wanted = ['NBK1001', 'NBK1002', 'NBK1006'];
    const interrupted = await run({ accessions: wanted, signal: controller.signal });
    expect(interrupted).toMatchObject({ aborted: true, downloaded: 1, failed: [], rejected: [] });
    expect(Object.keys((await readManifest(dataDir)).packages)).toEqual(['NBK1001']);
    // No half book and no scratch files are left behind.
    expect(await listFilesRecursively(path.join(dataDir, 'guidelines'))).toEqual(['NBK1001/TOC.nxml', 'NBK1001/ch1.nxml', 'NBK1001/ch2.nxml', 'manifest.json']);
    expect(server.countFor(routeKey('NBK1006'))).toBe(0);

    routes.set(routeKey('NBK1002'), serveBytes(archives['NBK1002']!));
    const resumed = await run({ accessions: [...wanted, 'NBK4242'] });
    expect(resumed).toMatchObject({ aborted: false, selected: 3, downloaded: 2, skippedUpToDate: 1, failed: [], rejected: [], notFound: ['NBK4242'] });
    expect(server.countFor(routeKey('NBK1001'))).toBe(1);
    expect(Object.keys((await readManifest(dataDir)).packages).sort()).toEqual(wanted);
    expect(await readFile(path.join(dataDir, 'guidelines', 'NBK1002', 'ch1.nxml'), 'utf8')).toBe(sources['NBK1002']!['ch1.nxml']);
  });

  it('fails loudly when file_list.csv itself cannot be fetched', async () => {
    routes.set('/mirror/file_list.csv', serveStatus(403));
    await expect(run()).rejects.toMatchObject({ code: 'http_status', details: { status: 403 } });
  });
});
