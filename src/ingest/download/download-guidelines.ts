import { randomUUID } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { mkdir, rename, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { extractNxmlFiles, type ExtractLimits } from './archive.js';
import { downloadError, isDownloadError } from './download-error.js';
import { parseFileList, selectRows, type BadFileListRow, type FileListRow } from './file-list.js';
import { requestWithRetry, type HttpClient } from './http-retry.js';
import { guidelinesDir, readManifest, writeManifest, type Manifest } from './manifest.js';
import { TokenBucket } from './rate-limiter.js';

/** NCBI Bookshelf's Open Access directory (the litarch root holding file_list.csv). */
export const NCBI_LITARCH_BASE_URL = 'https://ftp.ncbi.nlm.nih.gov/pub/litarch';

export interface DownloadProgress {
  /** Packages finished (downloaded, skipped, failed or rejected). */
  done: number;
  total: number;
  /** Accession being processed. */
  current?: string;
  /** Bytes downloaded so far in this run. */
  bytes: number;
}

export interface DownloadGuidelinesOptions {
  /** Mirror root that holds file_list.csv, e.g. NCBI_LITARCH_BASE_URL or a local test server. */
  baseUrl: string;
  /** Books go to `${dataDir}/guidelines/<accession>/`, the manifest to `${dataDir}/guidelines/manifest.json`. */
  dataDir: string;
  /** Exact Publisher column value; default `World Health Organization`; `null` for all publishers. */
  publisher?: string | null;
  accessions?: readonly string[];
  limit?: number;
  /** Ceiling on HTTP requests per second, retries and file_list.csv included. Default 3. */
  requestsPerSecond?: number;
  /** Retries per request on network errors, 5xx and 429. Default 4. */
  maxRetries?: number;
  /** First backoff delay in ms (doubles per retry, with jitter). Default 1000. */
  retryBaseDelayMs?: number;
  /** Cap on one backoff or Retry-After wait, in ms. Default 60000. */
  maxRetryDelayMs?: number;
  userAgent?: string;
  fetchImpl?: typeof fetch;
  onProgress?: (progress: DownloadProgress) => void;
  onRetry?: (info: { url: string; attempt: number; delayMs: number; reason: string }) => void;
  /** Aborting stops the run after cleaning up the package in flight; the summary says `aborted`. */
  signal?: AbortSignal;
  /**
   * Caps on each package (see extractNxmlFiles and DEFAULT_ARCHIVE_CAPS): 20 MiB per .nxml, 200 MiB of
   * .nxml, 512 MiB unpacked, 5,000 entries and a 100:1 compression ratio by default.
   */
  extractLimits?: Omit<ExtractLimits, 'onOversized' | 'archiveName'>;
}

export interface PackageProblem {
  accession: string;
  reason: string;
}

export interface DownloadSummary {
  /** Rows chosen from file_list.csv. */
  selected: number;
  /** Packages downloaded and extracted in this run. */
  downloaded: number;
  /** Packages already extracted from the same Last Updated (not requested). */
  skippedUpToDate: number;
  /** Network/HTTP failures and corrupt or empty archives. */
  failed: PackageProblem[];
  /** Archives refused for safety (absolute path, `..`, links) or past a cap (size, entries, ratio); nothing was extracted from them. */
  rejected: PackageProblem[];
  /** Files left out of a package for their size (reason names the file and its size). */
  oversizedFiles: PackageProblem[];
  /** Archive bytes downloaded in this run. */
  bytes: number;
  seconds: number;
  /** file_list.csv rows that could not be used. */
  badRows: BadFileListRow[];
  /** Requested accessions that no selected row matched. */
  notFound: string[];
  /** True when the signal stopped the run before every package was handled. */
  aborted: boolean;
}

const PROGRESS_INTERVAL_MS = 100;

function joinUrl(baseUrl: string, relativePath: string): string {
  return `${baseUrl.replace(/\/+$/, '')}/${relativePath.split('/').map(encodeURIComponent).join('/')}`;
}

async function isDirectory(dir: string): Promise<boolean> {
  try {
    return (await stat(dir)).isDirectory();
  } catch {
    return false;
  }
}

async function isUpToDate(manifest: Manifest, row: FileListRow, bookDir: string): Promise<boolean> {
  const record = manifest.packages[row.accession];
  return record !== undefined && record.lastUpdated === row.lastUpdated && (await isDirectory(bookDir));
}

/** Moves a freshly extracted folder into place, replacing the previous version of the book. */
async function replaceDirectory(staged: string, finalDir: string, scratchDir: string): Promise<void> {
  const previous = path.join(scratchDir, `previous-${randomUUID()}`);
  let hadPrevious = false;
  try {
    await rename(finalDir, previous);
    hadPrevious = true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await rename(staged, finalDir);
  if (hadPrevious) await rm(previous, { recursive: true, force: true });
}

function reasonOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * Downloads the selected Bookshelf packages from `${baseUrl}/file_list.csv` and extracts their `.nxml`
 * files into `${dataDir}/guidelines/<accession>/`. Resumable: the manifest is rewritten after every
 * package, and a package whose Last Updated matches the manifest is skipped without a request. Throws
 * only when file_list.csv cannot be fetched or lacks required columns.
 */
export async function downloadGuidelines(options: DownloadGuidelinesOptions): Promise<DownloadSummary> {
  const startedAt = performance.now();
  const { signal, onProgress } = options;
  const booksDir = guidelinesDir(options.dataDir);
  // Dot-folder so the parse stage, which walks book folders, never mistakes it for a book.
  const scratchDir = path.join(booksDir, '.download-tmp');
  await mkdir(booksDir, { recursive: true });
  await rm(scratchDir, { recursive: true, force: true }); // leftovers of an interrupted run
  await mkdir(scratchDir, { recursive: true });

  const summary: DownloadSummary = {
    selected: 0, downloaded: 0, skippedUpToDate: 0, failed: [], rejected: [], oversizedFiles: [], bytes: 0, seconds: 0,
    badRows: [], notFound: [], aborted: false,
  };
  const finish = async (): Promise<DownloadSummary> => {
    await rm(scratchDir, { recursive: true, force: true });
    summary.seconds = (performance.now() - startedAt) / 1000;
    return summary;
  };

  const client: HttpClient = {
    fetchImpl: options.fetchImpl ?? fetch,
    limiter: new TokenBucket({ ratePerSecond: options.requestsPerSecond ?? 3 }),
    retry: {
      maxRetries: options.maxRetries ?? 4,
      baseDelayMs: options.retryBaseDelayMs ?? 1000,
      maxDelayMs: options.maxRetryDelayMs ?? 60_000,
    },
    userAgent: options.userAgent ?? 'chw-consult-bot guideline downloader',
    signal,
    onRetry: options.onRetry,
  };

  let listBytes: Buffer;
  try {
    listBytes = await requestWithRetry(client, joinUrl(options.baseUrl, 'file_list.csv'), async (response) =>
      Buffer.from(await response.arrayBuffer()),
    );
  } catch (error) {
    if (signal?.aborted) {
      summary.aborted = true;
      return finish();
    }
    await finish();
    throw error;
  }
  const rows = parseFileList(listBytes, { onBadRow: (bad) => summary.badRows.push(bad) });
  const selected = selectRows(rows, {
    ...(options.publisher === undefined ? {} : { publisher: options.publisher }),
    ...(options.accessions ? { accessions: options.accessions } : {}),
    ...(options.limit === undefined ? {} : { limit: options.limit }),
  });
  summary.selected = selected.length;
  if (options.accessions) {
    const found = new Set(selected.map((row) => row.accession.toUpperCase()));
    summary.notFound = options.accessions.filter((accession) => !found.has(accession.trim().toUpperCase()));
  }

  const manifest = await readManifest(options.dataDir);
  let lastReportAt = 0;
  const report = (done: number, current: string | undefined, inFlightBytes: number, force: boolean): void => {
    if (!onProgress) return;
    const now = performance.now();
    if (!force && now - lastReportAt < PROGRESS_INTERVAL_MS) return;
    lastReportAt = now;
    onProgress({ done, total: selected.length, ...(current === undefined ? {} : { current }), bytes: summary.bytes + inFlightBytes });
  };

  for (const [index, row] of selected.entries()) {
    if (signal?.aborted) {
      summary.aborted = true;
      break;
    }
    report(index, row.accession, 0, true);
    const bookDir = path.join(booksDir, row.accession);
    if (await isUpToDate(manifest, row, bookDir)) {
      summary.skippedUpToDate += 1;
      continue;
    }
    const archivePath = path.join(scratchDir, `${row.accession}-${randomUUID()}.tar.gz`);
    const stagingDir = path.join(scratchDir, `${row.accession}-${randomUUID()}`);
    try {
      const archiveBytes = await requestWithRetry(client, joinUrl(options.baseUrl, row.file), async (response) => {
        if (!response.body) throw downloadError('network', `empty body for ${row.file}`, { retryable: true });
        let received = 0;
        const counter = new Transform({
          transform(chunk: Buffer, _encoding, callback) {
            received += chunk.length;
            report(index, row.accession, received, false);
            callback(null, chunk);
          },
        });
        await pipeline(Readable.fromWeb(response.body as WebReadableStream<Uint8Array>), counter, createWriteStream(archivePath));
        return received;
      });
      summary.bytes += archiveBytes;
      const books = await extractNxmlFiles(archivePath, stagingDir, {
        ...options.extractLimits,
        archiveName: row.file,
        onOversized: (file, bytes) => summary.oversizedFiles.push({ accession: row.accession, reason: `${file} is ${bytes} bytes, over the size limit; skipped` }),
      });
      // One book (the usual package) is the accession's folder; several keep a folder each inside it,
      // so two books' ch1.nxml never meet (listBookFolders looks one level down for them).
      const [only] = books;
      const files = books.length === 1 && only ? only.files : books.flatMap((book) => book.files.map((file) => `${book.folder}/${file}`));
      await replaceDirectory(books.length === 1 && only ? path.join(stagingDir, only.folder) : stagingDir, bookDir, scratchDir);
      manifest.packages[row.accession] = {
        accession: row.accession,
        file: row.file,
        title: row.title,
        publisher: row.publisher,
        year: row.year,
        lastUpdated: row.lastUpdated,
        extractedAt: new Date().toISOString(),
        files,
        archiveBytes,
      };
      await writeManifest(options.dataDir, manifest);
      summary.downloaded += 1;
    } catch (error) {
      if (signal?.aborted) {
        summary.aborted = true;
        break;
      }
      const problem = { accession: row.accession, reason: reasonOf(error) };
      if (isDownloadError(error) && (error.code === 'unsafe_archive' || error.code === 'archive_over_cap')) summary.rejected.push(problem);
      else summary.failed.push(problem);
    } finally {
      await rm(archivePath, { force: true });
      await rm(stagingDir, { recursive: true, force: true });
    }
  }
  if (!summary.aborted) report(selected.length, undefined, 0, true);
  return finish();
}
