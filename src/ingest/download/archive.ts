import { randomUUID } from 'node:crypto';
import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, open, readdir, rename, rm, rmdir, stat } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { Transform, type TransformCallback } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { Parser, type ReadEntry } from 'tar';
import { downloadError, isDownloadError, type DownloadError } from './download-error.js';

/** What to do with one tar entry, judged from its header alone. */
export type EntryVerdict =
  /** `book`: the archive's top folder the entry sits in, or null for a file at the archive's root. */
  | { kind: 'extract'; book: string | null; relativePath: string }
  | { kind: 'skip' }
  | { kind: 'unsafe'; reason: string };

const LINK_TYPES = new Set(['Link', 'SymbolicLink']);
// Regular files only: a FIFO, device or socket entry named `x.nxml` is skipped like an image.
const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);

/**
 * Judges a tar entry: links and paths that are absolute or contain `..` are unsafe (the whole package
 * is refused); regular `.nxml` files are extracted, each under its book (the archive's top folder);
 * the rest (images, PDFs, directories, FIFOs, devices) is skipped.
 */
export function judgeEntry(entryPath: string, type: string): EntryVerdict {
  if (LINK_TYPES.has(type)) return { kind: 'unsafe', reason: `link entry ${JSON.stringify(entryPath)}` };
  if (/^([/\\]|[A-Za-z]:)/.test(entryPath)) return { kind: 'unsafe', reason: `absolute path ${JSON.stringify(entryPath)}` };
  const segments = entryPath.split(/[/\\]/).filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) return { kind: 'unsafe', reason: `path with .. ${JSON.stringify(entryPath)}` };
  if (!FILE_TYPES.has(type) || !/\.nxml$/i.test(entryPath)) return { kind: 'skip' };
  // Packages unpack to one folder per book (e.g. `NBK1234/ch1.nxml`).
  if (segments.length === 1) return { kind: 'extract', book: null, relativePath: segments.join('/') };
  return { kind: 'extract', book: segments[0] ?? null, relativePath: segments.slice(1).join('/') };
}

/** Caps on what one archive may unpack to, checked while it streams (before the data is written or held). */
export interface ArchiveCaps {
  /** Bytes the tar stream may inflate to, everything counted (images and PDFs too). */
  maxUncompressedBytes: number;
  /** Entries of any kind (files, folders, images) in one archive. */
  maxEntries: number;
  /** Inflated bytes per compressed byte, over the archive so far; checked once past RATIO_FLOOR_BYTES. */
  maxRatio: number;
}

/**
 * Defaults: a WHO guideline package is a TOC, tens of part files and up to a few hundred images and a
 * PDF, a few to tens of MB unpacked. 512 MiB leaves ten times that for the largest book and still stops
 * a bomb within seconds of inflating (memory stays flat whatever the cap: nothing is buffered). 5,000
 * entries is over ten times the largest book's files. XML and tar inflate 5 to 20 times, images and
 * PDFs about once; zeros inflate 1,000 times, so 100:1 tells a bomb from any book.
 */
export const DEFAULT_ARCHIVE_CAPS: Readonly<ArchiveCaps> = { maxUncompressedBytes: 512 * 1024 * 1024, maxEntries: 5_000, maxRatio: 100 };

/**
 * The ratio is judged only past this much output: tar pads every file to 512 bytes and ends with at
 * least 1 KiB of zeros, so a small archive of a few short files is legitimately over 100:1.
 */
export const RATIO_FLOOR_BYTES = 1024 * 1024;

export interface ExtractLimits extends Partial<ArchiveCaps> {
  /** Largest single .nxml extracted, in bytes (from the tar header, before any byte is written); default 20 MiB. */
  maxFileBytes?: number;
  /** Largest total of extracted .nxml bytes for one package; default 200 MiB. */
  maxTotalBytes?: number;
  /** Told the name of each file skipped for its size. */
  onOversized?: (relativePath: string, bytes: number) => void;
  /** How the archive is named in errors; default its file name. */
  archiveName?: string;
}

/** One book of an archive: its folder under the extraction folder, and its files relative to that folder. */
export interface ExtractedBook {
  folder: string;
  files: string[];
}

const fmt = (n: number): string => n.toLocaleString('en');

async function assertGzipMagic(archivePath: string): Promise<void> {
  const handle = await open(archivePath, 'r');
  try {
    const { bytesRead, buffer } = await handle.read(Buffer.alloc(2), 0, 2, 0);
    if (bytesRead < 2 || buffer[0] !== 0x1f || buffer[1] !== 0x8b) {
      throw downloadError('corrupt_archive', 'not a gzip file');
    }
  } finally {
    await handle.close();
  }
}

/**
 * Counts the inflated bytes on their way from gunzip to the tar parser and fails the stream the moment
 * a cap is crossed. The gzip layer is ours (node:zlib, which inflates in 16 KiB steps and waits for the
 * parser), not tar's: tar inflates each read whole, so a 1 MB read of a bomb became 1 GB in memory
 * before its own ratio check ran.
 */
class InflateMeter extends Transform {
  inflated = 0;
  private checkedMagic = false;

  constructor(
    private readonly compressedSoFar: () => number,
    private readonly caps: ArchiveCaps,
    private readonly refusal: (what: string) => DownloadError,
  ) {
    super();
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    if (!this.checkedMagic) {
      this.checkedMagic = true;
      // A gzip (or zstd) inside the gzip would be inflated by tar itself, past these counts.
      if ((chunk[0] === 0x1f && chunk[1] === 0x8b) || (chunk[0] === 0x28 && chunk[1] === 0xb5 && chunk[2] === 0x2f && chunk[3] === 0xfd)) {
        callback(downloadError('corrupt_archive', 'damaged archive: a compressed file inside the gzip, not a tar'));
        return;
      }
    }
    this.inflated += chunk.length;
    if (this.inflated > this.caps.maxUncompressedBytes) {
      callback(this.refusal(`it unpacks to more than ${fmt(this.caps.maxUncompressedBytes)} bytes (cap on uncompressed size per archive)`));
      return;
    }
    const ratio = this.inflated / Math.max(1, this.compressedSoFar());
    if (this.inflated > RATIO_FLOOR_BYTES && ratio > this.caps.maxRatio) {
      callback(this.refusal(`its compression ratio passed ${fmt(this.caps.maxRatio)}:1 after ${fmt(this.inflated)} bytes (cap on compression ratio)`));
      return;
    }
    callback(null, chunk);
  }
}

/**
 * Streams a `.tar.gz` and writes its `.nxml` files under `destDir`, each book (top folder of the
 * archive) in a folder of its own, `destDir/<book>/`; files at the archive's root go to a book named
 * after the archive. Books are written aside first and moved in only when the whole archive passed, so
 * a refused archive leaves nothing, and another archive's books already in `destDir` are never touched
 * (a book folder that already exists is refused, `local_io`, not merged).
 *
 * Throws a DownloadError: `corrupt_archive` for bad gzip or tar data, `unsafe_archive` for a link or
 * escaping path, `archive_over_cap` as soon as the stream passes a cap (uncompressed bytes, entries,
 * compression ratio, or more .nxml bytes in all than `maxTotalBytes`), `empty_archive` when there is
 * no `.nxml`. A single file over `maxFileBytes` is skipped and named. Returns the books, sorted.
 */
export async function extractNxmlFiles(archivePath: string, destDir: string, limits: ExtractLimits = {}): Promise<ExtractedBook[]> {
  const caps: ArchiveCaps = {
    maxUncompressedBytes: limits.maxUncompressedBytes ?? DEFAULT_ARCHIVE_CAPS.maxUncompressedBytes,
    maxEntries: limits.maxEntries ?? DEFAULT_ARCHIVE_CAPS.maxEntries,
    maxRatio: limits.maxRatio ?? DEFAULT_ARCHIVE_CAPS.maxRatio,
  };
  const maxFileBytes = limits.maxFileBytes ?? 20 * 1024 * 1024;
  const maxTotalBytes = limits.maxTotalBytes ?? 200 * 1024 * 1024;
  const archiveName = limits.archiveName ?? path.basename(archivePath);
  const refusal = (what: string): DownloadError => downloadError('archive_over_cap', `${archiveName} refused: ${what}`);
  // Files at the archive's root form one book, named after the archive.
  const rootBook = archiveName.replace(/^.*[/\\]/, '').replace(/\.(tar\.gz|tgz)$/i, '') || 'book';

  await assertGzipMagic(archivePath);
  const destExisted = await stat(destDir).then(() => true, () => false);
  await mkdir(destDir, { recursive: true });
  const root = path.resolve(destDir);
  // A dot-folder: the parse stage never takes it for a book while this runs.
  const staging = path.join(root, `.extracting-${randomUUID()}`);
  await mkdir(staging);
  const written = new Map<string, Set<string>>();
  const writes: Promise<void>[] = [];
  const openStreams = new Set<WriteStream>();
  let stopped: unknown;
  let nxmlBytes = 0;
  let entries = 0;

  const source = createReadStream(archivePath);
  const gunzip = createGunzip();
  // Bytes read so far run at most one 64 KiB read ahead of what gunzip took: the ratio errs low.
  const meter = new InflateMeter(() => source.bytesRead, caps, refusal);
  const parser = new Parser({ strict: true }); // every tar warning (truncation, bad checksum) is an error

  const writeEntry = async (entry: ReadEntry, book: string, relativePath: string): Promise<void> => {
    const bookRoot = path.join(staging, book);
    const target = path.resolve(bookRoot, relativePath);
    // judgeEntry already refused `..`; this guards against anything it did not foresee.
    if (!target.startsWith(bookRoot + path.sep)) throw downloadError('unsafe_archive', `entry escapes its folder: ${entry.path}`);
    await mkdir(path.dirname(target), { recursive: true });
    // The stream may have stopped while we waited: this entry's data will never end.
    if (stopped !== undefined) throw downloadError('corrupt_archive', 'archive parsing stopped');
    const out = createWriteStream(target);
    openStreams.add(out);
    try {
      entry.pipe(out);
      await once(out, 'close');
    } finally {
      openStreams.delete(out);
    }
    const files = written.get(book) ?? new Set<string>();
    files.add(relativePath);
    written.set(book, files);
  };

  try {
    await new Promise<void>((resolve, reject) => {
      const stop = (error: unknown): void => {
        if (stopped !== undefined) return;
        stopped = error;
        source.destroy();
        gunzip.destroy();
        meter.destroy();
        parser.abort(error instanceof Error ? error : new Error(String(error)));
        reject(error);
      };
      source.on('error', stop);
      gunzip.on('error', stop);
      meter.on('error', stop);
      parser.on('error', stop);
      parser.on('end', () => resolve());
      const onEntry = (entry: ReadEntry): void => {
        entries += 1;
        const size = entry.size ?? 0;
        const verdict = judgeEntry(entry.path, entry.type);
        if (entries > caps.maxEntries) {
          stop(refusal(`it holds more than ${fmt(caps.maxEntries)} entries (cap on files per archive)`));
        } else if (meter.inflated + size > caps.maxUncompressedBytes) {
          // A tar entry's data is exactly the size its header declares: an entry that would pass the
          // cap is refused here, before a byte of it is inflated.
          stop(refusal(`it unpacks to more than ${fmt(caps.maxUncompressedBytes)} bytes (cap on uncompressed size per archive)`));
        } else if (verdict.kind === 'unsafe') {
          stop(downloadError('unsafe_archive', `refused: ${verdict.reason}`));
        } else if (verdict.kind === 'skip') {
          entry.resume();
        } else if (size > maxFileBytes) {
          limits.onOversized?.(verdict.relativePath, size);
          entry.resume();
        } else if ((nxmlBytes += size) > maxTotalBytes) {
          stop(refusal(`its .nxml files add up to more than ${fmt(maxTotalBytes)} bytes (cap on extracted bytes per archive)`));
        } else {
          const done = writeEntry(entry, verdict.book ?? rootBook, verdict.relativePath);
          done.catch((error: unknown) => {
            entry.resume();
            stop(error);
          });
          writes.push(done);
        }
      };
      parser.on('entry', (entry: ReadEntry) => (stopped === undefined ? onEntry(entry) : entry.resume()));
      source.pipe(gunzip).pipe(meter).pipe(parser);
    });
    await Promise.all(writes);
    if (written.size === 0) throw downloadError('empty_archive', 'archive holds no .nxml file');
    const books = [...written.keys()].sort();
    await moveBooksIntoPlace(staging, root, books, archiveName);
    return books.map((folder) => ({ folder, files: [...(written.get(folder) ?? [])].sort() }));
  } catch (error) {
    for (const stream of openStreams) stream.destroy();
    await Promise.allSettled(writes);
    throw asDownloadError(error);
  } finally {
    await rm(staging, { recursive: true, force: true });
    if (!destExisted) await rmdir(destDir).catch(() => {}); // only if we made it and it stayed empty
  }
}

/** Moves each staged book into `root`; one already there is refused (and the books moved so far go back). */
async function moveBooksIntoPlace(staging: string, root: string, books: string[], archiveName: string): Promise<void> {
  const existing = new Set(await readdir(root));
  const clash = books.find((book) => existing.has(book));
  if (clash !== undefined) {
    throw downloadError('local_io', `${archiveName}: a book folder ${JSON.stringify(clash)} is already in ${root}; not merging two books into one folder`);
  }
  const moved: string[] = [];
  try {
    for (const book of books) {
      await rename(path.join(staging, book), path.join(root, book));
      moved.push(book);
    }
  } catch (error) {
    for (const book of moved) await rename(path.join(root, book), path.join(staging, book)).catch(() => {});
    throw error;
  }
}

function asDownloadError(error: unknown): DownloadError {
  if (isDownloadError(error)) return error;
  const message = error instanceof Error ? error.message : String(error);
  if (error instanceof Error && 'syscall' in error) {
    return downloadError('local_io', `could not write extracted file: ${message}`, { cause: error });
  }
  return downloadError('corrupt_archive', `damaged archive: ${message}`, { cause: error });
}
