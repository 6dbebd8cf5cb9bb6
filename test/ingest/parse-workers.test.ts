import { cp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { baselineBodyParagraphs, missingParagraphs } from '../../bench/ingest/body-paragraphs.js';
import { readChunksFile } from '../../src/ingest/chunks-file.js';
import { SAMPLE_CORPUS_DIR } from '../../src/ingest/load-sample-corpus.js';
import { parseGuidelinesToFile } from '../../src/ingest/parse-guidelines.js';
import { listArticleFiles, listBookFolders } from '../../src/ingest/read-guideline-books.js';
import { makeTempDir } from './download/helpers.js';
import { BITS_DIR, JATS_DIR } from './parse/helpers.js';

const OPTIONS = { languages: ['en'], tokenBudget: 512, kind: 'sample' as const };

describe('guidelines:parse on worker threads', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });
  async function tempDir(): Promise<string> {
    const dir = await makeTempDir('parse-workers-');
    dirs.push(dir);
    return dir;
  }

  it('writes a chunks file byte-identical to a single-threaded run, from really parallel workers', async () => {
    const dir = await tempDir();
    const folders = [...(await listBookFolders(SAMPLE_CORPUS_DIR)), BITS_DIR];
    const articles = await listArticleFiles(JATS_DIR);
    const single = await parseGuidelinesToFile(folders, path.join(dir, 'single.jsonl'), { ...OPTIONS, articles, threads: 0 });
    const threaded = await parseGuidelinesToFile(folders, path.join(dir, 'threaded.jsonl'), { ...OPTIONS, articles, threads: 2 });
    expect(single.threads).toBe(0);
    expect(threaded.threads).toBe(2); // the workers started (no silent fallback to this thread)
    expect(threaded).toMatchObject({ books: single.books, parts: single.parts, chunks: single.chunks, malformedFiles: 0 });
    expect(single.parts).toBeGreaterThan(60);
    expect(await readFile(path.join(dir, 'threaded.jsonl'), 'utf8')).toBe(await readFile(path.join(dir, 'single.jsonl'), 'utf8'));
  });

  it('keeps every body paragraph of the BITS and JATS fixtures, in order', async () => {
    const dir = await tempDir();
    const out = path.join(dir, 'chunks.jsonl');
    const articles = await listArticleFiles(JATS_DIR);
    await parseGuidelinesToFile([BITS_DIR], out, { ...OPTIONS, articles, threads: 2 });
    const byPart = new Map<string, string[]>();
    for await (const record of readChunksFile(out)) {
      if (record.type === 'chunk') byPart.set(record.partFile, [...(byPart.get(record.partFile) ?? []), record.text]);
    }
    const files = [...['ch1', 'annex1'].map((p) => path.join(BITS_DIR, `${p}.nxml`)), ...articles];
    let checked = 0;
    for (const file of files) {
      const { paragraphs } = baselineBodyParagraphs(await readFile(file, 'utf8'));
      const chunks = byPart.get(path.basename(file, '.nxml')) ?? [];
      expect(missingParagraphs(paragraphs, chunks), file).toEqual([]);
      checked += paragraphs.length;
      // The check is not vacuous: a part with one chunk dropped, or two chunks swapped, fails it.
      if (chunks.length > 1) {
        expect(missingParagraphs(paragraphs, chunks.slice(1)).length, file).toBeGreaterThan(0);
        expect(missingParagraphs(paragraphs, [...chunks.slice(1), chunks[0] ?? '']).length, file).toBeGreaterThan(0);
      }
    }
    expect(checked).toBeGreaterThan(50);
  });

  it('names and skips a malformed and an oversized part, and writes the others in file order', async () => {
    const root = await tempDir();
    const book = path.join(root, 'book');
    await cp(path.join(SAMPLE_CORPUS_DIR, 'sample_diarrhoea_SAMPLE-DIARRHOEA'), book, { recursive: true });
    await writeFile(path.join(book, 'ch3.nxml'), '<?xml version="1.0"?><book-part-wrapper><book-part><body><p>cut off');
    const cap = (await stat(path.join(book, 'ch2.nxml'))).size - 1;
    const named: string[] = [];
    const summary = await parseGuidelinesToFile([book], path.join(root, 'chunks.jsonl'), {
      ...OPTIONS,
      threads: 2,
      maxFileBytes: cap,
      onFileError: (file, error) => named.push(`${path.basename(file)}: ${error.message}`),
    });
    expect(named).toEqual([expect.stringMatching(/^ch2\.nxml: file is \d+ bytes, over the \d+-byte limit/), expect.stringMatching(/^ch3\.nxml: ch3\.nxml: malformed XML/)]);
    const parts: string[] = [];
    for await (const record of readChunksFile(path.join(root, 'chunks.jsonl'))) if (record.type === 'chunk' && parts.at(-1) !== record.partFile) parts.push(record.partFile);
    const expected = (await readdir(book)).filter((f) => /^(ch|annex)/.test(f) && !['ch2.nxml', 'ch3.nxml'].includes(f)).map((f) => path.basename(f, '.nxml'));
    expect(parts).toEqual(expected.sort(new Intl.Collator('en', { numeric: true }).compare));
    expect(summary).toMatchObject({ malformedFiles: 2, interrupted: false });
  });

  it('stopped midway, leaves the previous chunks file as it was and no partial file', async () => {
    const dir = await tempDir();
    const out = path.join(dir, 'chunks.jsonl');
    await writeFile(out, 'the previous, complete chunks file\n');
    const stop = new AbortController();
    const summary = await parseGuidelinesToFile(await listBookFolders(SAMPLE_CORPUS_DIR), out, {
      ...OPTIONS,
      threads: 2,
      signal: stop.signal,
      onPart: () => stop.abort(),
    });
    expect(summary).toMatchObject({ interrupted: true, changed: false });
    expect(summary.parts).toBeGreaterThan(0);
    expect(await readFile(out, 'utf8')).toBe('the previous, complete chunks file\n');
    expect(await readdir(dir)).toEqual(['chunks.jsonl']);
  });
});
