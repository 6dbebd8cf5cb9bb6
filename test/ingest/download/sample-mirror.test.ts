import { readFile, rm, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { list } from 'tar';
import { afterEach, describe, expect, it } from 'vitest';
import { downloadGuidelines } from '../../../src/ingest/download/download-guidelines.js';
import { packBookFolder } from '../../../src/ingest/download/pack-book.js';
import { buildSampleMirror } from '../../../src/ingest/download/sample-mirror.js';
import { listFilesRecursively, makeBookFolder, makeTempDir, serveBytes, startMirrorServer, type Route } from './helpers.js';

const HEADER = 'File,Title,Publisher,Publication Year,Accession ID,Last Updated (YYYY-MM-DD HH:MM:SS)';
const PUBLISHER = 'CHW Consult Bot sample corpus';

async function entriesOf(archive: string): Promise<string[]> {
  const paths: string[] = [];
  await list({ file: archive, onReadEntry: (entry) => paths.push(entry.path) });
  return paths;
}

describe('packBookFolder and buildSampleMirror', () => {
  let root: string | undefined;
  afterEach(async () => {
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('packs a book folder reproducibly, with the folder name as the top folder', async () => {
    root = await makeTempDir('pack-book');
    const folder = await makeBookFolder(root, 'sample_malaria_SAMPLE-MALARIA', {
      'ch2.nxml': '<book-part-wrapper id="ch2"/>',
      'TOC.nxml': '<book/>',
      'ch1.nxml': '<book-part-wrapper id="ch1"/>',
    });
    const first = path.join(root, 'out', 'a.tar.gz');
    const second = path.join(root, 'out', 'b.tar.gz');
    await packBookFolder(folder, first);
    await utimes(path.join(folder, 'ch1.nxml'), new Date('2031-05-05'), new Date('2031-05-05'));
    await packBookFolder(folder, second);

    expect(await entriesOf(first)).toEqual([
      'sample_malaria_SAMPLE-MALARIA/',
      'sample_malaria_SAMPLE-MALARIA/TOC.nxml',
      'sample_malaria_SAMPLE-MALARIA/ch1.nxml',
      'sample_malaria_SAMPLE-MALARIA/ch2.nxml',
    ]);
    expect((await readFile(second)).equals(await readFile(first))).toBe(true);
  });

  it('merges the writers\' file lists under one header and serves a mirror the downloader can read', async () => {
    root = await makeTempDir('sample-mirror');
    const sampleDir = path.join(root, 'sample');
    const malaria = { 'TOC.nxml': '<book><book-id>SAMPLE-MALARIA</book-id></book>', 'ch1.nxml': '<book-part-wrapper id="ch1">ACT dosing</book-part-wrapper>' };
    const cough = { 'TOC.nxml': '<book><book-id>SAMPLE-COUGH</book-id></book>', 'ch1.nxml': '<book-part-wrapper id="ch1">Fast breathing</book-part-wrapper>' };
    await makeBookFolder(sampleDir, 'sample_malaria_SAMPLE-MALARIA', { ...malaria, 'cover.jpg': 'jpeg' });
    await makeBookFolder(sampleDir, 'sample_cough_SAMPLE-COUGH', cough);
    await writeFile(
      path.join(sampleDir, 'file_list.malaria.csv'),
      `${HEADER}\r\nsample/sample_malaria_SAMPLE-MALARIA.tar.gz,"Malaria: sample guideline, for CHWs",${PUBLISHER},2026,SAMPLE-MALARIA,2026-11-01 09:00:00\r\n`,
    );
    await writeFile(
      path.join(sampleDir, 'file_list.respiratory.csv'),
      `${HEADER}\n` +
        `sample/sample_cough_SAMPLE-COUGH.tar.gz,Cough and pneumonia in children,${PUBLISHER},2026,SAMPLE-COUGH,2026-11-01 09:00:00\n` +
        `sample/sample_ghost_SAMPLE-GHOST.tar.gz,Not written yet,${PUBLISHER},2026,SAMPLE-GHOST,2026-11-01 09:00:00\n`,
    );
    const mirrorDir = path.join(root, 'mirror');

    const report = await buildSampleMirror(sampleDir, mirrorDir);
    expect(report.packed).toEqual(['SAMPLE-MALARIA', 'SAMPLE-COUGH']);
    expect(report.skipped).toEqual([{ accession: 'SAMPLE-GHOST', reason: expect.stringContaining('sample_ghost_SAMPLE-GHOST') as unknown as string }]);
    const mergedList = await readFile(path.join(mirrorDir, 'file_list.csv'), 'utf8');
    expect(mergedList.split('\r\n').filter((line) => line !== '')).toEqual([
      HEADER,
      `sample/sample_malaria_SAMPLE-MALARIA.tar.gz,"Malaria: sample guideline, for CHWs",${PUBLISHER},2026,SAMPLE-MALARIA,2026-11-01 09:00:00`,
      `sample/sample_cough_SAMPLE-COUGH.tar.gz,Cough and pneumonia in children,${PUBLISHER},2026,SAMPLE-COUGH,2026-11-01 09:00:00`,
    ]);

    const routes = new Map<string, Route>();
    for (const file of await listFilesRecursively(mirrorDir)) {
      routes.set(`/mirror/${file.split(path.sep).join('/')}`, serveBytes(await readFile(path.join(mirrorDir, file))));
    }
    const server = await startMirrorServer(routes);
    try {
      const dataDir = path.join(root, 'data');
      const summary = await downloadGuidelines({ baseUrl: server.baseUrl, dataDir, publisher: PUBLISHER, requestsPerSecond: 100 });
      expect(summary).toMatchObject({ selected: 2, downloaded: 2, failed: [], rejected: [] });
      for (const [accession, files] of [['SAMPLE-MALARIA', malaria], ['SAMPLE-COUGH', cough]] as const) {
        const bookDir = path.join(dataDir, 'guidelines', accession);
        expect(await listFilesRecursively(bookDir)).toEqual(['TOC.nxml', 'ch1.nxml']);
        expect(await readFile(path.join(bookDir, 'ch1.nxml'), 'utf8')).toBe(files['ch1.nxml']);
      }
    } finally {
      await server.close();
    }
  });
});
