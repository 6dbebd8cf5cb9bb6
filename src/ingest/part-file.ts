import { closeSync, constants, fstatSync, openSync, readFileSync } from 'node:fs';
import { basename } from 'node:path';
import { chunkPart, decodeXmlBytes, parseGuidelinePart } from './parse/index.js';
import type { ChunkRecord, IngestRecord, SourceRecord } from './ingest-records.js';
import type { ParsedPart } from './parse/types.js';

/** Guideline parts are tens of kilobytes; a file this large is an error or an attack, not a chapter. */
export const DEFAULT_MAX_NXML_BYTES = 20 * 1024 * 1024;

/**
 * One content file to turn into records. Plain data, so it can be posted to a worker thread.
 * `book` is set for a part of a book (whose source line the caller writes); without it the file is a
 * JATS article and its own source.
 */
export interface PartTask {
  path: string;
  /** Languages to keep (xml:lang, lower case). */
  languages: string[];
  tokenBudget: number;
  /** Largest file read, in bytes. */
  maxFileBytes: number;
  book?: { accession: string; title: string; language: string };
}

export type PartResult =
  /** `records`: the article's source line first (articles only), then the chunks in document order. */
  | { outcome: 'parsed'; bytes: number; records: IngestRecord[] }
  | { outcome: 'skipped'; bytes: number }
  /** Unreadable, oversized, badly encoded or malformed: named by the caller and skipped. `bytes` is 0 when not read. */
  | { outcome: 'failed'; bytes: number; error: string };

/**
 * Reads, decodes, parses and chunks one part file. Never throws: whatever is wrong with the file comes
 * back as a 'failed' result carrying the reason.
 */
export async function parsePartFile(task: PartTask): Promise<PartResult> {
  let bytes: Buffer;
  try {
    bytes = await readWithinCap(task.path, task.maxFileBytes);
  } catch (error) {
    return { outcome: 'failed', bytes: 0, error: messageOf(error) };
  }
  try {
    const fileName = basename(task.path);
    const part = parseGuidelinePart(decodeXmlBytes(bytes, fileName), { fileName });
    const partFile = basename(task.path, '.nxml');
    if (task.book !== undefined) {
      if (!wantsLanguage(task.languages, part.language || task.book.language)) return { outcome: 'skipped', bytes: bytes.length };
      const { accession, title } = task.book;
      return { outcome: 'parsed', bytes: bytes.length, records: chunkRecords(part, { tokenBudget: task.tokenBudget, titlePrefix: [title], accession, partFile }) };
    }
    const language = (part.language || 'en').toLowerCase();
    if (!wantsLanguage(task.languages, language)) return { outcome: 'skipped', bytes: bytes.length };
    const accession = part.accession ?? partFile;
    const source: SourceRecord = {
      type: 'source',
      accession,
      title: part.partTitle,
      publisher: part.bookTitle,
      year: null,
      licence: part.licence.text,
      licenceUrl: part.licence.url,
      language,
      lastUpdated: null,
      kind: 'article',
    };
    return { outcome: 'parsed', bytes: bytes.length, records: [source, ...chunkRecords(part, { tokenBudget: task.tokenBudget, titlePrefix: [], accession, partFile })] };
  } catch (error) {
    return { outcome: 'failed', bytes: bytes.length, error: messageOf(error) };
  }
}

/** True when `language` (or its primary subtag: 'en' of 'en-GB') is one of `languages`. */
export function wantsLanguage(languages: string[], language: string): boolean {
  const lower = language.toLowerCase();
  return languages.includes(lower) || languages.includes(lower.split('-')[0] ?? lower);
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
      sectionNumber: draft.sectionNumber,
      ordinal,
      text: draft.content,
      tokenCount: draft.tokenCount,
      contentHash: draft.contentHash,
      oversized: draft.oversized,
    };
  });
}

/** The kinds of file that are not regular files, as an operator would name them. */
export function nonRegularKind(entry: { isFIFO(): boolean; isSymbolicLink(): boolean; isDirectory(): boolean; isSocket(): boolean }): string {
  if (entry.isFIFO()) return 'a FIFO';
  if (entry.isSymbolicLink()) return 'a symbolic link';
  if (entry.isDirectory()) return 'a folder';
  if (entry.isSocket()) return 'a socket';
  return 'a device';
}

/** The error for a corpus entry that is not a regular file: it is named and skipped, never opened. */
export function notRegularFileError(kind: string): Error {
  return new Error(`not a regular file (${kind})`);
}

// O_NONBLOCK: opening a FIFO returns at once instead of waiting for a writer forever; O_NOFOLLOW: a link
// out of the corpus is refused, not read. Both are 0 (absent) on Windows, which has neither.
const OPEN_FLAGS = constants.O_RDONLY | (constants.O_NONBLOCK ?? 0) | (constants.O_NOFOLLOW ?? 0);

/**
 * Reads a regular file unless it is larger than the cap, which is checked before reading: one 600 MB
 * file must not exhaust memory or abort the whole run ("Invalid string length"). A FIFO, device or
 * link is refused without a read (a FIFO would block the read forever). Synchronous on purpose: parts
 * are tens of kilobytes, and the thread-pool round trips of async calls cost more than the reading
 * itself on a busy machine (this runs in a parse worker, or in a batch command's thread).
 */
export async function readWithinCap(path: string, cap: number): Promise<Buffer> {
  let fd: number;
  try {
    fd = openSync(path, OPEN_FLAGS);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ELOOP') throw notRegularFileError('a symbolic link');
    throw error;
  }
  try {
    const stats = fstatSync(fd);
    if (!stats.isFile()) throw notRegularFileError(nonRegularKind(stats));
    if (stats.size > cap) throw new Error(`file is ${stats.size} bytes, over the ${cap}-byte limit for one guideline part; skipped`);
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
