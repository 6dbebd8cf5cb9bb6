import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { chunkPart, parseBookToc, parseGuidelinePart, shouldIngestPart } from './parse/index.js';
import type { ChunkRecord, IngestRecord, SourceRecord } from './ingest-records.js';
import type { ParsedPart } from './parse/types.js';

export interface ReadBooksOptions {
  /** Languages to keep (xml:lang, lower case); translated duplicates dilute retrieval. */
  languages: string[];
  tokenBudget: number;
  /** What kind of source these books are ('sample' for the shipped corpus). */
  kind: SourceRecord['kind'];
  signal?: AbortSignal;
  /** A file that cannot be parsed (or is over maxFileBytes) is reported here and skipped; the run goes on. */
  onFileError?: (file: string, error: Error) => void;
  /** Largest .nxml read, in bytes; a larger file is skipped and named. Default 20 MiB. */
  maxFileBytes?: number;
  onPart?: (event: { file: string; bytes: number; chunks: number }) => void;
  onBookSkipped?: (folder: string, reason: string) => void;
}

export interface ReadBooksStats {
  books: number;
  parts: number;
  skippedParts: number;
  malformedFiles: number;
  chunks: number;
  oversizedChunks: number;
  bytes: number;
}

/** The book folders (those holding a TOC.nxml) directly under `root`, in name order. */
export async function listBookFolders(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  const folders: string[] = [];
  for (const entry of entries.sort((a, b) => a.name.localeCompare(b.name))) {
    if (!entry.isDirectory() || entry.name.startsWith('.')) continue;
    const toc = join(root, entry.name, 'TOC.nxml');
    if (await stat(toc).then((s) => s.isFile(), () => false)) folders.push(join(root, entry.name));
  }
  return folders;
}

const naturalOrder = new Intl.Collator('en', { numeric: true }).compare;

/**
 * Parses and chunks book folders into a stream of records (a source line, then its chunks), one part
 * file in memory at a time.
 */
export async function* readGuidelineBooks(folders: string[], options: ReadBooksOptions, stats: ReadBooksStats = emptyStats()): AsyncGenerator<IngestRecord> {
  for (const folder of folders) {
    if (options.signal?.aborted) return;
    let toc;
    try {
      toc = parseBookToc(await readFile(join(folder, 'TOC.nxml'), 'utf8'));
    } catch (error) {
      stats.malformedFiles += 1;
      options.onFileError?.(join(folder, 'TOC.nxml'), asError(error));
      continue;
    }
    const language = (toc.language || 'en').toLowerCase();
    if (!options.languages.includes(language) && !options.languages.includes(language.split('-')[0] ?? language)) {
      options.onBookSkipped?.(folder, `language ${language}`);
      continue;
    }
    const accession = toc.accession ?? accessionFromFolder(folder);
    const title = toc.title ?? accession;
    const source: SourceRecord = {
      type: 'source',
      accession,
      title,
      publisher: toc.publisher,
      year: toc.year,
      licence: toc.licence.text,
      licenceUrl: toc.licence.url,
      language,
      lastUpdated: toc.lastUpdated,
      kind: options.kind,
    };
    yield source;
    stats.books += 1;

    const files = (await readdir(folder)).filter((f) => f.endsWith('.nxml') && f !== 'TOC.nxml').sort(naturalOrder);
    for (const file of files) {
      if (options.signal?.aborted) return;
      if (!shouldIngestPart(file)) {
        stats.skippedParts += 1;
        continue;
      }
      const path = join(folder, file);
      const xml = await readWithinCap(path, options, stats);
      if (xml === null) continue;
      stats.bytes += Buffer.byteLength(xml);
      let records: ChunkRecord[];
      try {
        const part = parseGuidelinePart(xml, { fileName: file });
        const partLanguage = (part.language || language).toLowerCase();
        if (!options.languages.includes(partLanguage) && !options.languages.includes(partLanguage.split('-')[0] ?? partLanguage)) {
          stats.skippedParts += 1;
          continue;
        }
        const partFile = basename(file, '.nxml');
        records = chunkRecords(part, { tokenBudget: options.tokenBudget, titlePrefix: [title], accession, partFile });
      } catch (error) {
        stats.malformedFiles += 1;
        options.onFileError?.(path, asError(error));
        continue;
      }
      stats.parts += 1;
      stats.chunks += records.length;
      stats.oversizedChunks += records.filter((r) => r.oversized).length;
      options.onPart?.({ file: path, bytes: Buffer.byteLength(xml), chunks: records.length });
      yield* records;
    }
  }
}

export function emptyStats(): ReadBooksStats {
  return { books: 0, parts: 0, skippedParts: 0, malformedFiles: 0, chunks: 0, oversizedChunks: 0, bytes: 0 };
}

/** NCBI folders are named like `who_NBK1234` or (downloaded here) `NBK1234`; the sample `sample_x_SAMPLE-X`. */
function accessionFromFolder(folder: string): string {
  const name = basename(folder);
  return /(NBK\d+)/.exec(name)?.[1] ?? /(SAMPLE-[A-Z0-9-]+)$/.exec(name)?.[1] ?? name;
}

function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}

/** JATS article files (`*.nxml` not inside a book folder) directly under `root`, in name order. */
export async function listArticleFiles(root: string): Promise<string[]> {
  const entries = await readdir(root, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isFile() && e.name.endsWith('.nxml') && e.name !== 'TOC.nxml')
    .map((e) => join(root, e.name))
    .sort(naturalOrder);
}

/**
 * Open-access journal articles (JATS `<article>`) as secondary sources: each file is its own source,
 * keyed by its PMC id, DOI or file name, chunked like a book part.
 */
export async function* readArticles(files: string[], options: ReadBooksOptions, stats: ReadBooksStats = emptyStats()): AsyncGenerator<IngestRecord> {
  for (const path of files) {
    if (options.signal?.aborted) return;
    const xml = await readWithinCap(path, options, stats);
    if (xml === null) continue;
    stats.bytes += Buffer.byteLength(xml);
    const partFile = basename(path, '.nxml');
    let part;
    try {
      part = parseGuidelinePart(xml, { fileName: basename(path) });
    } catch (error) {
      stats.malformedFiles += 1;
      options.onFileError?.(path, asError(error));
      continue;
    }
    const language = (part.language || 'en').toLowerCase();
    if (!options.languages.includes(language) && !options.languages.includes(language.split('-')[0] ?? language)) {
      stats.skippedParts += 1;
      continue;
    }
    const accession = part.accession ?? partFile;
    const title = part.partTitle;
    yield {
      type: 'source',
      accession,
      title,
      publisher: part.bookTitle,
      year: null,
      licence: part.licence.text,
      licenceUrl: part.licence.url,
      language,
      lastUpdated: null,
      kind: 'article',
    };
    stats.books += 1;
    const records = chunkRecords(part, { tokenBudget: options.tokenBudget, titlePrefix: [], accession, partFile });
    stats.parts += 1;
    stats.chunks += records.length;
    stats.oversizedChunks += records.filter((r) => r.oversized).length;
    options.onPart?.({ file: path, bytes: Buffer.byteLength(xml), chunks: records.length });
    yield* records;
  }
}

/**
 * Chunks one parsed part into records. Ordinals are renumbered per (part, section path) so two sibling
 * sections with the same title still get distinct keys.
 */
function chunkRecords(part: ParsedPart, options: { tokenBudget: number; titlePrefix: string[]; accession: string; partFile: string }): ChunkRecord[] {
  const ordinals = new Map<string, number>();
  return chunkPart(part, options).map((draft) => {
    const sectionPath = draft.sectionPath.join(' > ');
    const ordinal = ordinals.get(sectionPath) ?? 0;
    ordinals.set(sectionPath, ordinal + 1);
    return {
      type: 'chunk',
      accession: options.accession,
      partFile: options.partFile,
      partTitle: part.partTitle,
      sectionId: draft.sectionId,
      sectionPath,
      titlePath: [...options.titlePrefix, ...draft.sectionPath].join(' > '),
      ordinal,
      text: draft.content,
      tokenCount: draft.tokenCount,
      contentHash: draft.contentHash,
      oversized: draft.oversized,
    };
  });
}

/** Guideline parts are tens of kilobytes; a file this large is an error or an attack, not a chapter. */
export const DEFAULT_MAX_NXML_BYTES = 20 * 1024 * 1024;

/**
 * Reads a file unless it is larger than the cap, which is checked before reading: one 600 MB file must
 * not exhaust memory or abort the whole run ("Invalid string length"). Over the cap: reported by name,
 * counted as malformed, null.
 */
async function readWithinCap(path: string, options: ReadBooksOptions, stats: ReadBooksStats): Promise<string | null> {
  const cap = options.maxFileBytes ?? DEFAULT_MAX_NXML_BYTES;
  const size = (await stat(path)).size;
  if (size > cap) {
    stats.malformedFiles += 1;
    options.onFileError?.(path, new Error(`file is ${size} bytes, over the ${cap}-byte limit for one guideline part; skipped`));
    return null;
  }
  return readFile(path, 'utf8');
}
