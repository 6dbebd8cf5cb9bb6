import { cp, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { extractNxmlFiles } from '../../src/ingest/download/archive.js';
import { SAMPLE_CORPUS_DIR } from '../../src/ingest/load-sample-corpus.js';
import { readGuidelineBooks, type ReadBooksStats } from '../../src/ingest/read-guideline-books.js';
import { listFilesRecursively, makeTempDir, rawTarGz } from './download/helpers.js';

const SMALL_PART = '<?xml version="1.0"?><book-part-wrapper><body><p>Give ORS after each loose stool.</p></body></book-part-wrapper>';

describe('size caps on guideline input', () => {
  it('leaves an oversized .nxml out of an archive before writing it, names it, and keeps the rest', async () => {
    const dir = await makeTempDir('caps-archive-');
    const archive = join(dir, 'book.tar.gz');
    await writeFile(archive, rawTarGz([
      { path: 'NBK1/ch1.nxml', content: SMALL_PART },
      { path: 'NBK1/ch2.nxml', content: `<x>${'a'.repeat(5_000)}</x>` },
    ]));
    const oversized: string[] = [];
    const books = await extractNxmlFiles(archive, join(dir, 'out'), { maxFileBytes: 2_000, onOversized: (file, bytes) => oversized.push(`${file}:${bytes}`) });
    expect(books).toEqual([{ folder: 'NBK1', files: ['ch1.nxml'] }]);
    expect(oversized).toEqual(['ch2.nxml:5007']);
    expect(await listFilesRecursively(join(dir, 'out'))).toEqual(['NBK1/ch1.nxml']);
  });

  it('refuses a package whose .nxml files add up to more than the total cap', async () => {
    const dir = await makeTempDir('caps-total-');
    const archive = join(dir, 'book.tar.gz');
    await writeFile(archive, rawTarGz([
      { path: 'NBK2/ch1.nxml', content: 'a'.repeat(1_500) },
      { path: 'NBK2/ch2.nxml', content: 'b'.repeat(1_500) },
    ]));
    await expect(extractNxmlFiles(archive, join(dir, 'out'), { maxFileBytes: 2_000, maxTotalBytes: 2_500 })).rejects.toMatchObject({
      code: 'archive_over_cap',
      message: 'book.tar.gz refused: its .nxml files add up to more than 2,500 bytes (cap on extracted bytes per archive)',
    });
  });

  it('skips and names an oversized part when parsing, and parses the other parts', async () => {
    // The sample diarrhoea book: ch2.nxml (9,101 bytes) is the only part over a 9,000-byte cap.
    const root = await makeTempDir('caps-parse-');
    const folder = join(root, 'book');
    await cp(join(SAMPLE_CORPUS_DIR, 'sample_diarrhoea_SAMPLE-DIARRHOEA'), folder, { recursive: true });
    const errors: string[] = [];
    const stats: ReadBooksStats = { books: 0, parts: 0, skippedParts: 0, malformedFiles: 0, chunks: 0, oversizedChunks: 0, bytes: 0 };
    const records = [];
    for await (const record of readGuidelineBooks([folder], { languages: ['en'], tokenBudget: 512, kind: 'sample', maxFileBytes: 9_000, onFileError: (file, error) => errors.push(`${file}: ${error.message}`) }, stats)) records.push(record);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatch(/ch2\.nxml: file is 9101 bytes, over the 9000-byte limit/);
    expect(stats.parts).toBe(6); // ch1, ch3-ch6 and annex1
    expect(records.length).toBeGreaterThan(0);
  });
});
