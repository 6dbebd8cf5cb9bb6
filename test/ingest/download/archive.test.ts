import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { extractNxmlFiles, judgeEntry } from '../../../src/ingest/download/archive.js';
import { makeTempDir, rawTarGz } from './helpers.js';

describe('judgeEntry', () => {
  it('keeps .nxml files under their book (the package folder) and skips everything else', () => {
    expect(judgeEntry('NBK1/TOC.nxml', 'File')).toEqual({ kind: 'extract', book: 'NBK1', relativePath: 'TOC.nxml' });
    expect(judgeEntry('NBK1/ch1.NXML', 'File')).toEqual({ kind: 'extract', book: 'NBK1', relativePath: 'ch1.NXML' });
    expect(judgeEntry('NBK1/./sub/ch1.nxml', 'File')).toEqual({ kind: 'extract', book: 'NBK1', relativePath: 'sub/ch1.nxml' });
    expect(judgeEntry('ch1.nxml', 'File')).toEqual({ kind: 'extract', book: null, relativePath: 'ch1.nxml' });
    expect(judgeEntry('NBK1/x.nxml', 'FIFO')).toEqual({ kind: 'skip' });
    expect(judgeEntry('NBK1/x.nxml', 'CharacterDevice')).toEqual({ kind: 'skip' });
    expect(judgeEntry('NBK1/fig1.jpg', 'File')).toEqual({ kind: 'skip' });
    expect(judgeEntry('NBK1/book.pdf', 'File')).toEqual({ kind: 'skip' });
    expect(judgeEntry('NBK1/', 'Directory')).toEqual({ kind: 'skip' });
  });

  it('calls absolute paths, .. segments and links unsafe, whatever the separator', () => {
    for (const unsafe of ['/etc/cron.d/x.nxml', '\\evil.nxml', 'C:\\evil.nxml', 'NBK1/../../evil.nxml', 'NBK1\\..\\evil.nxml', '../x.jpg']) {
      expect(judgeEntry(unsafe, 'File').kind, unsafe).toBe('unsafe');
    }
    expect(judgeEntry('NBK1/ch1.nxml', 'Link').kind).toBe('unsafe');
    expect(judgeEntry('NBK1/ch1.nxml', 'SymbolicLink').kind).toBe('unsafe');
  });
});

describe('extractNxmlFiles', () => {
  let root: string;
  beforeEach(async () => {
    root = await makeTempDir('extract');
  });
  afterEach(async () => {
    await rm(root, { recursive: true, force: true });
  });

  async function archiveFile(name: string, bytes: Buffer): Promise<string> {
    const file = path.join(root, name);
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, bytes);
    return file;
  }

  it('refuses a hard link entry and leaves no folder behind', async () => {
    const file = await archiveFile('hard.tar.gz', rawTarGz([
      { path: 'NBK1/TOC.nxml', content: '<book/>' },
      { path: 'NBK1/ch1.nxml', type: 'Link', linkpath: 'NBK1/TOC.nxml' },
    ]));
    const dest = path.join(root, 'out');
    await expect(extractNxmlFiles(file, dest)).rejects.toMatchObject({ code: 'unsafe_archive', message: 'refused: link entry "NBK1/ch1.nxml"' });
    expect(await readdir(root)).toEqual(['hard.tar.gz']);
  });

  it('tells a non-gzip file, a gzip that is not a tar, and an archive without .nxml apart', async () => {
    const dest = path.join(root, 'out');
    const html = await archiveFile('error-page.tar.gz', Buffer.from('<html>Service unavailable</html>'));
    await expect(extractNxmlFiles(html, dest)).rejects.toMatchObject({ code: 'corrupt_archive', message: 'not a gzip file' });
    const { gzipSync } = await import('node:zlib');
    const notTar = await archiveFile('not-tar.tar.gz', gzipSync(Buffer.from('just some text, no tar headers here')));
    await expect(extractNxmlFiles(notTar, dest)).rejects.toMatchObject({ code: 'corrupt_archive' });
    const imagesOnly = await archiveFile('images.tar.gz', rawTarGz([{ path: 'NBK1/fig.jpg', content: 'jpg' }]));
    await expect(extractNxmlFiles(imagesOnly, dest)).rejects.toMatchObject({ code: 'empty_archive' });
    expect((await readdir(root)).sort()).toEqual(['error-page.tar.gz', 'images.tar.gz', 'not-tar.tar.gz']);
  });
});
