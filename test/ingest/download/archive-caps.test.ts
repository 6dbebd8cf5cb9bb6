import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readdir, readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { DEFAULT_ARCHIVE_CAPS, extractNxmlFiles } from '../../../src/ingest/download/archive.js';
import { downloadGuidelines } from '../../../src/ingest/download/download-guidelines.js';
import { parseGuidelinesToFile } from '../../../src/ingest/parse-guidelines.js';
import { listBookFolders } from '../../../src/ingest/read-guideline-books.js';
import { readChunksFile } from '../../../src/ingest/chunks-file.js';
import type { ChunkRecord } from '../../../src/ingest/ingest-records.js';
import { fifoEntryTarGz, listFilesRecursively, makeTempDir, manyFilesTarGz, rawTarGz, serveBytes, startMirrorServer, zeroBombTarGz, type Route } from './helpers.js';

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const PEAK_PROBE = fileURLToPath(new URL('./probes/extract-peak.ts', import.meta.url));
const MiB = 1024 * 1024;

const toc = (accession: string, title: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<book xml:lang="en"><book-meta><book-id book-id-type="accession">${accession}</book-id><book-title-group><book-title>${title}</book-title></book-title-group></book-meta></book>\n`;
const part = (accession: string, text: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>\n<book-part-wrapper id="ch1" xml:lang="en"><book-meta><book-id book-id-type="accession">${accession}</book-id></book-meta><book-part id="ch1" book-part-type="chapter"><book-part-meta><title-group><title>Chapter one</title></title-group></book-part-meta><body><sec id="ch1-s1"><title>What to do</title><p>${text}</p></sec></body></book-part></book-part-wrapper>\n`;

describe('archive caps, checked while the archive streams', () => {
  let root: string;
  beforeEach(async () => {
    root = await makeTempDir('archive-caps');
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  // The probe's bomb, 1 MB inflating to 1 GiB, is refused from its header (it declares more than the
  // size cap); one that stays under the size cap is inflated, and refused by its ratio a few MB in.
  it.each([
    { inflates: 1024 * MiB, cap: /^bomb\.tar\.gz refused: it unpacks to more than 536,870,912 bytes \(cap on uncompressed size per archive\)$/ },
    { inflates: 400 * MiB, cap: /^bomb\.tar\.gz refused: its compression ratio passed 100:1 after [\d,]+ bytes \(cap on compression ratio\)$/ },
  ])('refuses a gzip bomb inflating to $inflates bytes with memory staying under 100 MB, and leaves nothing behind', async ({ inflates, cap }) => {
    const archive = path.join(root, 'bomb.tar.gz');
    await writeFile(archive, zeroBombTarGz('NBK1/ch1.nxml', inflates));
    // A child process of its own, so the peak it reports is this extraction's alone.
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', PEAK_PROBE, archive, path.join(root, 'out')], { cwd: ROOT, timeout: 60_000 });
    const result = JSON.parse(stdout) as { ok: boolean; code?: string; message?: string; rssBefore: number; peakRss: number; growth: number };
    console.info(`gzip bomb of ${inflates / MiB} MiB: peak RSS ${(result.peakRss / MiB).toFixed(1)} MiB, ${(result.growth / MiB).toFixed(1)} MiB above the ${(result.rssBefore / MiB).toFixed(1)} MiB before extraction`);
    expect(result).toMatchObject({ ok: false, code: 'archive_over_cap' });
    expect(result.message).toMatch(cap);
    expect(result.growth).toBeLessThan(100 * MiB);
    expect(await readdir(root)).toEqual(['bomb.tar.gz']);
  }, 90_000);

  it('refuses an archive over the uncompressed-size cap even when it barely compresses', async () => {
    const archive = path.join(root, 'big.tar.gz');
    await writeFile(archive, rawTarGz([
      { path: 'NBK1/TOC.nxml', content: toc('NBK1', 'Big book') },
      { path: 'NBK1/fig1.jpg', content: randomBytes(3 * MiB).toString('latin1') },
    ]));
    await expect(extractNxmlFiles(archive, path.join(root, 'out'), { maxUncompressedBytes: 2 * MiB })).rejects.toMatchObject({
      code: 'archive_over_cap',
      message: expect.stringMatching(/^big\.tar\.gz refused: it unpacks to more than 2,097,152 bytes \(cap on uncompressed size per archive\)/) as unknown,
    });
    expect(await readdir(root)).toEqual(['big.tar.gz']);
  });

  it(`refuses an archive of more files than the cap (${DEFAULT_ARCHIVE_CAPS.maxEntries.toLocaleString('en')}) while streaming, before it reaches the end`, async () => {
    const whole = manyFilesTarGz('NBK1', DEFAULT_ARCHIVE_CAPS.maxEntries + 500);
    // Cut off the end: reading the whole archive would report it damaged, so a refusal for the file
    // count proves the count was checked while streaming.
    const archive = path.join(root, 'flood.tar.gz');
    await writeFile(archive, whole.subarray(0, whole.length - 64));
    await expect(extractNxmlFiles(archive, path.join(root, 'out'))).rejects.toMatchObject({
      code: 'archive_over_cap',
      message: `flood.tar.gz refused: it holds more than ${DEFAULT_ARCHIVE_CAPS.maxEntries.toLocaleString('en')} entries (cap on files per archive)`,
    });
    expect(await readdir(root)).toEqual(['flood.tar.gz']);
  });

  it('extracts regular files only: a FIFO entry named x.nxml is left out and the rest is kept', async () => {
    const archive = path.join(root, 'fifo.tar.gz');
    await writeFile(archive, fifoEntryTarGz('NBK1/x.nxml', { 'NBK1/TOC.nxml': toc('NBK1', 'Book'), 'NBK1/ch1.nxml': part('NBK1', 'Give ORS.') }));
    const books = await extractNxmlFiles(archive, path.join(root, 'out'));
    expect(books).toEqual([{ folder: 'NBK1', files: ['TOC.nxml', 'ch1.nxml'] }]);
    expect(await listFilesRecursively(path.join(root, 'out'))).toEqual(['NBK1/TOC.nxml', 'NBK1/ch1.nxml']);
  });
});

async function sectionsByBook(chunksFile: string): Promise<Map<string, string[]>> {
  const byBook = new Map<string, string[]>();
  for await (const record of readChunksFile(chunksFile)) {
    if (record.type !== 'chunk') continue;
    const chunk = record as ChunkRecord;
    byBook.set(chunk.accession, [...(byBook.get(chunk.accession) ?? []), `${chunk.partFile}: ${chunk.text.split('\n\n').at(-1) ?? ''}`]);
  }
  return byBook;
}

describe('each book in its own folder', () => {
  let root: string;
  beforeEach(async () => {
    root = await makeTempDir('book-namespaces');
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  it('two archives each holding ch1.nxml, extracted into one folder, both survive and both books are parsed', async () => {
    const dest = path.join(root, 'books');
    for (const [accession, text] of [['NBK1', 'Malaria: give artemether-lumefantrine.'], ['NBK2', 'Diarrhoea: give ORS and zinc.']] as const) {
      const archive = path.join(root, `${accession}.tar.gz`);
      await writeFile(archive, rawTarGz([{ path: `${accession}/TOC.nxml`, content: toc(accession, `Book ${accession}`) }, { path: `${accession}/ch1.nxml`, content: part(accession, text) }]));
      await extractNxmlFiles(archive, dest);
    }
    expect(await listFilesRecursively(dest)).toEqual(['NBK1/TOC.nxml', 'NBK1/ch1.nxml', 'NBK2/TOC.nxml', 'NBK2/ch1.nxml']);
    const chunksFile = path.join(root, 'chunks.jsonl');
    const summary = await parseGuidelinesToFile(await listBookFolders(dest), chunksFile, { languages: ['en'], tokenBudget: 512, kind: 'bookshelf', threads: 0 });
    expect(summary).toMatchObject({ books: 2, parts: 2, malformedFiles: 0 });
    expect(Object.fromEntries(await sectionsByBook(chunksFile))).toEqual({
      NBK1: ['ch1: Malaria: give artemether-lumefantrine.'],
      NBK2: ['ch1: Diarrhoea: give ORS and zinc.'],
    });
  });

  it('refuses to merge a second archive into a book folder of the same name, and keeps the first intact', async () => {
    const dest = path.join(root, 'books');
    const first = path.join(root, 'first.tar.gz');
    const second = path.join(root, 'second.tar.gz');
    await writeFile(first, rawTarGz([{ path: 'book/TOC.nxml', content: toc('NBK1', 'First') }, { path: 'book/ch1.nxml', content: part('NBK1', 'first') }]));
    await writeFile(second, rawTarGz([{ path: 'book/TOC.nxml', content: toc('NBK2', 'Second') }, { path: 'book/ch1.nxml', content: part('NBK2', 'second') }]));
    await extractNxmlFiles(first, dest);
    await expect(extractNxmlFiles(second, dest)).rejects.toMatchObject({ code: 'local_io', message: expect.stringMatching(/^second\.tar\.gz: a book folder "book" is already in /) as unknown });
    expect(await listFilesRecursively(dest)).toEqual(['book/TOC.nxml', 'book/ch1.nxml']);
    expect(await readFile(path.join(dest, 'book', 'ch1.nxml'), 'utf8')).toContain('first');
  });

  it('a downloaded package holding two books with a ch1.nxml each keeps both, and the parse finds both; a bomb beside them is rejected by name', async () => {
    const twoBooks = rawTarGz([
      { path: 'NBK7/TOC.nxml', content: toc('NBK7', 'Book seven') },
      { path: 'NBK7/ch1.nxml', content: part('NBK7', 'Pneumonia: count breaths for one minute.') },
      { path: 'NBK8/TOC.nxml', content: toc('NBK8', 'Book eight') },
      { path: 'NBK8/ch1.nxml', content: part('NBK8', 'Newborn: keep the baby warm.') },
    ]);
    const fileList = [
      'File,Title,Publisher,Publication Year,Accession ID,Last Updated (YYYY-MM-DD HH:MM:SS)',
      'p/NBK7.tar.gz,Two books,World Health Organization,2020,NBK7,2024-01-15 10:00:00',
      'p/NBK9.tar.gz,Bomb,World Health Organization,2020,NBK9,2024-01-15 10:00:00',
    ].join('\r\n');
    const routes = new Map<string, Route>([
      ['/mirror/file_list.csv', serveBytes(Buffer.from(`${fileList}\r\n`), 'text/csv')],
      ['/mirror/p/NBK7.tar.gz', serveBytes(twoBooks)],
      ['/mirror/p/NBK9.tar.gz', serveBytes(zeroBombTarGz('NBK9/fig.jpg', 256 * MiB))],
    ]);
    const server = await startMirrorServer(routes);
    try {
      const dataDir = path.join(root, 'data');
      const summary = await downloadGuidelines({ baseUrl: server.baseUrl, dataDir, requestsPerSecond: 200 });
      expect(summary.downloaded).toBe(1);
      expect(summary.rejected).toEqual([{ accession: 'NBK9', reason: expect.stringMatching(/^p\/NBK9\.tar\.gz refused: .*compression ratio/) as unknown }]);
      const booksDir = path.join(dataDir, 'guidelines');
      expect(await listFilesRecursively(booksDir)).toEqual(['NBK7/NBK7/TOC.nxml', 'NBK7/NBK7/ch1.nxml', 'NBK7/NBK8/TOC.nxml', 'NBK7/NBK8/ch1.nxml', 'manifest.json']);
      const chunksFile = path.join(dataDir, 'chunks.jsonl');
      await parseGuidelinesToFile(await listBookFolders(booksDir), chunksFile, { languages: ['en'], tokenBudget: 512, kind: 'bookshelf', threads: 0 });
      expect(Object.fromEntries(await sectionsByBook(chunksFile))).toEqual({
        NBK7: ['ch1: Pneumonia: count breaths for one minute.'],
        NBK8: ['ch1: Newborn: keep the baby warm.'],
      });
    } finally {
      await server.close();
    }
  });
});
