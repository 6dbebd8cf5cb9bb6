import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, open, rm } from 'node:fs/promises';
import path from 'node:path';
import { once } from 'node:events';
import { list, type ReadEntry } from 'tar';
import { downloadError, isDownloadError } from './download-error.js';

/** What to do with one tar entry, judged from its header alone. */
export type EntryVerdict =
  | { kind: 'extract'; relativePath: string }
  | { kind: 'skip' }
  | { kind: 'unsafe'; reason: string };

const LINK_TYPES = new Set(['Link', 'SymbolicLink']);
const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);

/**
 * Judges a tar entry: links and paths that are absolute or contain `..` are unsafe (the whole package
 * is refused); regular `.nxml` files are extracted with the package's top folder removed; the rest
 * (images, PDFs, directories) is skipped.
 */
export function judgeEntry(entryPath: string, type: string): EntryVerdict {
  if (LINK_TYPES.has(type)) return { kind: 'unsafe', reason: `link entry ${JSON.stringify(entryPath)}` };
  if (/^([/\\]|[A-Za-z]:)/.test(entryPath)) return { kind: 'unsafe', reason: `absolute path ${JSON.stringify(entryPath)}` };
  const segments = entryPath.split(/[/\\]/).filter((segment) => segment !== '' && segment !== '.');
  if (segments.includes('..')) return { kind: 'unsafe', reason: `path with .. ${JSON.stringify(entryPath)}` };
  if (!FILE_TYPES.has(type) || !/\.nxml$/i.test(entryPath)) return { kind: 'skip' };
  // Packages unpack to one folder (e.g. `NBK1234/ch1.nxml`); keep what is inside it.
  const inner = segments.length > 1 ? segments.slice(1) : segments;
  return { kind: 'extract', relativePath: inner.join('/') };
}

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

export interface ExtractLimits {
  /** Largest single .nxml extracted, in bytes (from the tar header, before any byte is written); default 20 MiB. */
  maxFileBytes?: number;
  /** Largest total of extracted bytes for one package; default 200 MiB. */
  maxTotalBytes?: number;
  /** Told the name of each file skipped for its size. */
  onOversized?: (relativePath: string, bytes: number) => void;
}

/**
 * Streams a `.tar.gz` and writes its `.nxml` files under `destDir` (which must be empty or absent and
 * is deleted again on any failure). Throws a DownloadError: `corrupt_archive` for bad gzip or tar
 * data, `unsafe_archive` for a link or escaping path (nothing is kept), `empty_archive` when there is
 * no `.nxml`, and for more .nxml bytes in all than `maxTotalBytes`; a single file over `maxFileBytes` is
 * skipped and named. Returns the extracted relative paths, sorted.
 */
export async function extractNxmlFiles(archivePath: string, destDir: string, limits: ExtractLimits = {}): Promise<string[]> {
  const maxFileBytes = limits.maxFileBytes ?? 20 * 1024 * 1024;
  const maxTotalBytes = limits.maxTotalBytes ?? 200 * 1024 * 1024;
  let totalBytes = 0;
  await assertGzipMagic(archivePath);
  await mkdir(destDir, { recursive: true });
  const root = path.resolve(destDir);
  const written = new Set<string>();
  const writes: Promise<void>[] = [];
  const openStreams = new Set<WriteStream>();
  let unsafeReason: string | undefined;
  let parseFailed = false;

  const writeEntry = async (entry: ReadEntry, relativePath: string): Promise<void> => {
    const target = path.resolve(root, relativePath);
    // judgeEntry already refused `..`; this guards against anything it did not foresee.
    if (!target.startsWith(root + path.sep)) throw downloadError('unsafe_archive', `entry escapes its folder: ${entry.path}`);
    await mkdir(path.dirname(target), { recursive: true });
    // The parser may have failed while we waited: this entry's data will never end.
    if (parseFailed) throw downloadError('corrupt_archive', 'archive parsing stopped');
    const out = createWriteStream(target);
    openStreams.add(out);
    try {
      entry.pipe(out);
      await once(out, 'close');
    } finally {
      openStreams.delete(out);
    }
    written.add(relativePath);
  };

  try {
    await list({
      file: archivePath,
      strict: true, // turn every tar/zlib warning (truncation, bad checksum) into an error
      noResume: true,
      onReadEntry: (entry) => {
        const verdict = judgeEntry(entry.path, entry.type);
        if (verdict.kind === 'unsafe') unsafeReason ??= verdict.reason;
        if (verdict.kind !== 'extract' || unsafeReason !== undefined) {
          entry.resume();
          return;
        }
        // A tar entry's data is exactly the size its header declares, so a decompression bomb is
        // refused here, before a byte of it reaches the disk.
        const size = entry.size ?? 0;
        if (size > maxFileBytes) {
          limits.onOversized?.(verdict.relativePath, size);
          entry.resume();
          return;
        }
        totalBytes += size;
        if (totalBytes > maxTotalBytes) {
          unsafeReason ??= `more than ${maxTotalBytes} bytes of .nxml`;
          entry.resume();
          return;
        }
        const done = writeEntry(entry, verdict.relativePath);
        done.catch(() => entry.resume());
        writes.push(done);
      },
    });
    await Promise.all(writes);
  } catch (error) {
    parseFailed = true;
    for (const stream of openStreams) stream.destroy();
    await Promise.allSettled(writes);
    await rm(destDir, { recursive: true, force: true });
    if (isDownloadError(error)) throw error;
    const message = error instanceof Error ? error.message : String(error);
    if (error instanceof Error && 'syscall' in error) {
      throw downloadError('local_io', `could not write extracted file: ${message}`, { cause: error });
    }
    throw downloadError('corrupt_archive', `damaged archive: ${message}`, { cause: error });
  }
  if (unsafeReason !== undefined || written.size === 0) {
    await rm(destDir, { recursive: true, force: true });
    if (unsafeReason !== undefined) throw downloadError('unsafe_archive', `refused: ${unsafeReason}`);
    throw downloadError('empty_archive', 'archive holds no .nxml file');
  }
  return [...written].sort();
}
