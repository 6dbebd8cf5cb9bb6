import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { readChunksFile } from '../../src/ingest/chunks-file.js';
import type { ChunkRecord } from '../../src/ingest/ingest-records.js';
import { parseGuidelinesToFile } from '../../src/ingest/parse-guidelines.js';
import { listBookFolders } from '../../src/ingest/read-guideline-books.js';
import { makeTempDir } from './download/helpers.js';

const ENCODING_DIR = fileURLToPath(new URL('../fixtures/encoding', import.meta.url));

describe('.nxml files that are not UTF-8 (test/fixtures/encoding/README.md)', () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  async function parseFixtures(threads?: number) {
    const dir = await makeTempDir('encoding-');
    dirs.push(dir);
    const out = path.join(dir, 'chunks.jsonl');
    const named: string[] = [];
    const summary = await parseGuidelinesToFile(await listBookFolders(ENCODING_DIR), out, {
      languages: ['en'],
      tokenBudget: 512,
      kind: 'bookshelf',
      ...(threads === undefined ? {} : { threads }),
      onFileError: (file, error) => named.push(`${path.basename(file)}: ${error.message}`),
    });
    const chunks: ChunkRecord[] = [];
    for await (const record of readChunksFile(out)) if (record.type === 'chunk') chunks.push(record);
    return { summary, named, chunks, text: await readFile(out, 'utf8') };
  }

  it('decodes declared ISO-8859-1 and Windows-1252 parts and a UTF-8 part with a byte-order mark', async () => {
    const { chunks, summary } = await parseFixtures();
    const byPart = new Map(chunks.map((c) => [c.partFile, c.text]));
    expect([...byPart.keys()]).toEqual(['ch1', 'ch2', 'ch6']);
    expect(byPart.get('ch1')).toContain('Donner 10 µg/kg si la fièvre dépasse 38,5 °C.');
    expect(byPart.get('ch1')).toMatch(/^Encoding test book > Fièvre\n\n/);
    expect(byPart.get('ch2')).toContain('Give 5–10 mg; “never” exceed 40 mg a day.');
    expect(byPart.get('ch6')).toContain('Fer 60 mg et acide folique 400 µg chaque jour.');
    expect(summary).toMatchObject({ books: 1, parts: 3, malformedFiles: 3, interrupted: false });
  });

  it('names and skips a part that is not valid in its encoding, never writing U+FFFD', async () => {
    const { named, summary, text } = await parseFixtures();
    expect(text).not.toContain('\uFFFD');
    expect(named).toEqual([
      expect.stringMatching(/^ch3\.nxml: ch3\.nxml: not valid UTF-8 at byte \d+: no encoding is declared/),
      expect.stringMatching(/^ch4\.nxml: ch4\.nxml: not valid UTF-8 at byte \d+: it is declared UTF-8 but is not/),
      expect.stringMatching(/^ch5\.nxml: ch5\.nxml: declares encoding "x-made-up-42", which this parser cannot decode/),
    ]);
    expect(summary.malformed.map((m) => path.basename(m.file))).toEqual(['ch3.nxml', 'ch4.nxml', 'ch5.nxml']);
  });

  it('points at the first byte that is not UTF-8', async () => {
    const bytes = await readFile(path.join(ENCODING_DIR, 'enc_SAMPLE-ENCODING', 'ch3.nxml'));
    const { named } = await parseFixtures(0);
    const at = Number(/at byte (\d+)/.exec(named[0] ?? '')?.[1]);
    expect(bytes[at]).toBe(0xe2); // "â" of "âgé" in Latin-1
    expect(bytes.subarray(0, at).every((b) => b < 0x80)).toBe(true);
  });
});
