import { mkdir, readdir, readFile, writeFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { shouldIngestPart } from '../../src/ingest/parse/index.js';
import { listBookFolders } from '../../src/ingest/read-guideline-books.js';

export interface SyntheticCorpus {
  root: string;
  /** Book folders in the order listBookFolders returns them. */
  folders: string[];
  /** partsUpTo[i]: part files the parser keeps (not fm/rl/ak) in folders[0..i]. */
  partsUpTo: number[];
  /** Every .nxml part file written, kept or skipped, TOC excluded. */
  partFiles: number;
  bytes: number;
}

interface SampleBook {
  accession: string;
  toc: string;
  parts: Array<{ name: string; xml: string }>;
}

// Neutral swaps applied to text nodes only: each copy gets a different subset, so copies of one
// section hash differently without turning the text into nonsense.
const WORD_SWAPS: Array<[RegExp, string]> = [
  [/\bshould\b/g, 'must'],
  [/\bgive\b/g, 'provide'],
  [/\bcheck\b/g, 'verify'],
  [/\bquickly\b/g, 'promptly'],
  [/\bexplain\b/g, 'describe'],
  [/\bsigns\b/g, 'features'],
];

/**
 * Writes copies of the sample books into `root` until the parser would keep at least `minParts` part
 * files. Each copy gets its own accession, a numbered book title and a few swapped words, so chunk
 * keys and content hashes differ from every other copy.
 */
export async function writeSyntheticCorpus(sampleDir: string, root: string, minParts: number): Promise<SyntheticCorpus> {
  const samples = await readSampleBooks(sampleDir);
  if (samples.length === 0) throw new Error(`no sample books under ${sampleDir}`);
  await mkdir(root, { recursive: true });
  const corpus: SyntheticCorpus = { root, folders: [], partsUpTo: [], partFiles: 0, bytes: 0 };
  let kept = 0;
  for (let copy = 0; kept < minParts; copy += 1) {
    const sample = samples[copy % samples.length] as SampleBook;
    const accession = `${sample.accession}-C${String(copy).padStart(5, '0')}`;
    const folder = join(root, `bench_${String(copy).padStart(5, '0')}_${accession}`);
    await mkdir(folder);
    const rewrite = (xml: string): string => varyCopy(xml, sample.accession, accession, copy);
    await writeFile(join(folder, 'TOC.nxml'), rewrite(sample.toc));
    for (const part of sample.parts) {
      const xml = rewrite(part.xml);
      await writeFile(join(folder, part.name), xml);
      corpus.partFiles += 1;
      corpus.bytes += Buffer.byteLength(xml);
      if (shouldIngestPart(part.name)) kept += 1;
    }
    corpus.folders.push(folder);
    corpus.partsUpTo.push(kept);
  }
  return corpus;
}

/** The smallest number of leading folders that holds at least `parts` kept part files. */
export function foldersForParts(corpus: SyntheticCorpus, parts: number): number {
  const index = corpus.partsUpTo.findIndex((n) => n >= parts);
  return index === -1 ? corpus.folders.length : index + 1;
}

async function readSampleBooks(sampleDir: string): Promise<SampleBook[]> {
  const books: SampleBook[] = [];
  for (const folder of await listBookFolders(sampleDir)) {
    const toc = await readFile(join(folder, 'TOC.nxml'), 'utf8');
    const accession = /<book-id[^>]*>([^<]+)<\/book-id>/.exec(toc)?.[1] ?? basename(folder);
    const names = (await readdir(folder)).filter((f) => f.endsWith('.nxml') && f !== 'TOC.nxml').sort();
    const parts = await Promise.all(names.map(async (name) => ({ name, xml: await readFile(join(folder, name), 'utf8') })));
    books.push({ accession, toc, parts });
  }
  return books;
}

function varyCopy(xml: string, accession: string, newAccession: string, copy: number): string {
  const swaps = WORD_SWAPS.filter((_, i) => (copy >> i) & 1);
  return xml
    .replaceAll(`>${accession}<`, `>${newAccession}<`)
    .replace(/(<book-title>)([^<]*)(<\/book-title>)/g, `$1$2, bench copy ${copy}$3`)
    .replace(/>([^<]+)</g, (_, text: string) => `>${swaps.reduce((t, [pattern, word]) => t.replace(pattern, word), text)}<`);
}
