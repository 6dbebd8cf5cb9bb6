import { lstat, readdir } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { decodeXmlBytes, parseBookToc, shouldIngestPart } from './parse/index.js';
import type { ChunkRecord, IngestRecord, SourceRecord } from './ingest-records.js';
import { DEFAULT_MAX_NXML_BYTES, nonRegularKind, notRegularFileError, readWithinCap, wantsLanguage, type PartResult, type PartTask } from './part-file.js';
import { inlinePartParser, type PartParser } from './parse-workers.js';

export { DEFAULT_MAX_NXML_BYTES } from './part-file.js';

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
  /** Who parses the part files: this thread by default; parseGuidelinesToFile passes a worker pool. */
  parser?: PartParser;
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

/**
 * The book folders (those holding a TOC.nxml) under `root`, in name order: each folder directly under
 * it, or, for a folder without a TOC.nxml (a package that held several books), each of its subfolders.
 * Dot-folders and links are passed over.
 */
export async function listBookFolders(root: string): Promise<string[]> {
  const folders: string[] = [];
  for (const folder of await subfolders(root)) {
    if (await hasToc(folder)) folders.push(folder);
    else for (const inner of await subfolders(folder)) if (await hasToc(inner)) folders.push(inner);
  }
  return folders;
}

/** How many part files of `folders` will be parsed (front matter and the like left out): a progress bar's total. */
export async function countPartFiles(folders: string[]): Promise<number> {
  let parts = 0;
  for (const folder of folders) {
    const names = await readdir(folder).catch(() => []);
    parts += names.filter((name) => name.endsWith('.nxml') && name !== 'TOC.nxml' && shouldIngestPart(name)).length;
  }
  return parts;
}

async function subfolders(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true }).catch(() => []);
  return entries
    .filter((entry) => entry.isDirectory() && !entry.name.startsWith('.'))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((entry) => join(dir, entry.name));
}

async function hasToc(folder: string): Promise<boolean> {
  return lstat(join(folder, 'TOC.nxml')).then((s) => s.isFile(), () => false);
}

const naturalOrder = new Intl.Collator('en', { numeric: true }).compare;

/** One line (or group of lines) of the output, in output order; a part's records may still be parsing. */
type Planned =
  | { kind: 'source'; record: SourceRecord }
  | { kind: 'part'; path: string; result: Promise<PartResult> }
  | { kind: 'failed'; path: string; error: Error };

/**
 * Parses and chunks book folders into a stream of records (a source line, then its chunks). Part files
 * are parsed by `options.parser` (in this thread by default, or by worker threads) a few files ahead of
 * the one being written, and their records come out in file order whichever finishes first, so the
 * output is the same however many threads parse it.
 */
export async function* readGuidelineBooks(folders: string[], options: ReadBooksOptions, stats: ReadBooksStats = emptyStats()): AsyncGenerator<IngestRecord> {
  yield* emitInOrder(planBooks(folders, options), options, stats);
}

async function* planBooks(folders: string[], options: ReadBooksOptions): AsyncGenerator<Planned> {
  const parser = options.parser ?? inlinePartParser();
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_NXML_BYTES;
  for (const folder of folders) {
    const tocPath = join(folder, 'TOC.nxml');
    let toc;
    try {
      toc = parseBookToc(decodeXmlBytes(await readWithinCap(tocPath, maxFileBytes), 'TOC.nxml'));
    } catch (error) {
      yield { kind: 'failed', path: tocPath, error: asError(error) };
      continue;
    }
    const language = (toc.language || 'en').toLowerCase();
    if (!wantsLanguage(options.languages, language)) {
      options.onBookSkipped?.(folder, `language ${language}`);
      continue;
    }
    const accession = toc.accession ?? accessionFromFolder(folder);
    const title = toc.title ?? accession;
    yield {
      kind: 'source',
      record: {
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
      },
    };
    const entries = (await readdir(folder, { withFileTypes: true })).filter((e) => e.name.endsWith('.nxml') && e.name !== 'TOC.nxml');
    for (const entry of entries.sort((a, b) => naturalOrder(a.name, b.name))) {
      const file = entry.name;
      const path = join(folder, file);
      // Regular files only: reading a FIFO named x.nxml would wait for a writer forever.
      if (!entry.isFile()) {
        yield { kind: 'failed', path, error: notRegularFileError(nonRegularKind(entry)) };
        continue;
      }
      if (!shouldIngestPart(file)) {
        yield { kind: 'part', path, result: Promise.resolve({ outcome: 'skipped', bytes: 0 }) };
        continue;
      }
      const task: PartTask = { path, languages: options.languages, tokenBudget: options.tokenBudget, maxFileBytes, book: { accession, title, language } };
      yield { kind: 'part', path, result: parser.parse(task) };
    }
  }
}

/**
 * Takes planned lines up to `lookahead` ahead (starting their parses) and emits them in plan order,
 * counting them into `stats`. Stops taking new work once `options.signal` aborts.
 */
async function* emitInOrder(plan: AsyncGenerator<Planned>, options: ReadBooksOptions, stats: ReadBooksStats): AsyncGenerator<IngestRecord> {
  // Enough files in flight to keep every worker busy while this thread writes; few enough that memory
  // stays bounded by a handful of parts, not the corpus.
  const lookahead = Math.max(1, (options.parser?.threads ?? 0) * 8);
  const window: Planned[] = [];
  let exhausted = false;
  try {
    for (;;) {
      while (!exhausted && window.length < lookahead && !options.signal?.aborted) {
        const next = await plan.next();
        if (next.done === true) exhausted = true;
        else window.push(next.value);
      }
      const item = window.shift();
      if (item === undefined || options.signal?.aborted) return;
      if (item.kind === 'source') {
        stats.books += 1;
        yield item.record;
      } else if (item.kind === 'failed') {
        stats.malformedFiles += 1;
        options.onFileError?.(item.path, item.error);
      } else {
        yield* emitPart(item.path, await item.result, options, stats);
      }
    }
  } finally {
    await plan.return(undefined);
  }
}

function* emitPart(path: string, result: PartResult, options: ReadBooksOptions, stats: ReadBooksStats): Generator<IngestRecord> {
  stats.bytes += result.bytes;
  if (result.outcome === 'skipped') {
    stats.skippedParts += 1;
    return;
  }
  if (result.outcome === 'failed') {
    stats.malformedFiles += 1;
    options.onFileError?.(path, new Error(result.error));
    return;
  }
  const chunks = result.records.filter((record): record is ChunkRecord => record.type === 'chunk');
  stats.books += result.records.length - chunks.length; // an article is its own source
  stats.parts += 1;
  stats.chunks += chunks.length;
  stats.oversizedChunks += chunks.filter((r) => r.oversized).length;
  options.onPart?.({ file: path, bytes: result.bytes, chunks: chunks.length });
  yield* result.records;
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
 * keyed by its PMC id, DOI or file name, chunked like a book part. Parsed like book parts (see
 * readGuidelineBooks), in file order.
 */
export async function* readArticles(files: string[], options: ReadBooksOptions, stats: ReadBooksStats = emptyStats()): AsyncGenerator<IngestRecord> {
  const parser = options.parser ?? inlinePartParser();
  const maxFileBytes = options.maxFileBytes ?? DEFAULT_MAX_NXML_BYTES;
  async function* plan(): AsyncGenerator<Planned> {
    for (const path of files) yield { kind: 'part', path, result: parser.parse({ path, languages: options.languages, tokenBudget: options.tokenBudget, maxFileBytes }) };
  }
  yield* emitInOrder(plan(), options, stats);
}
