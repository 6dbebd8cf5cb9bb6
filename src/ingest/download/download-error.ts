/** Why one request or package failed: an AppError with one of the download codes. */
import { AppError, isAppError } from '../../core/app-error.js';

export type DownloadErrorCode =
  | 'http_status' // the server answered with an error status
  | 'network' // connection failed or the body was cut short
  | 'corrupt_archive' // not a gzip tar, or truncated/damaged
  | 'unsafe_archive' // an entry would escape its folder, or is a link
  | 'archive_over_cap' // the archive unpacks past a cap (size, entries, compression ratio): a bomb or not a book
  | 'empty_archive' // a valid archive with no .nxml file
  | 'local_io'; // our own disk failed (full, permissions)

const DOWNLOAD_CODES: readonly DownloadErrorCode[] = ['http_status', 'network', 'corrupt_archive', 'unsafe_archive', 'archive_over_cap', 'empty_archive', 'local_io'];

export interface DownloadDetails {
  status?: number;
  /** Server-requested wait from Retry-After, in milliseconds. */
  retryAfterMs?: number;
}

/** `transient`: repeating the same request may succeed (network errors, 5xx, 429). */
export type DownloadError = AppError<DownloadDetails> & { code: DownloadErrorCode };

/** A download failure; `retryable` (default false) becomes `transient`. */
export function downloadError(
  code: DownloadErrorCode,
  message: string,
  options: { retryable?: boolean; status?: number; retryAfterMs?: number; cause?: unknown } = {},
): DownloadError {
  const { retryable, cause, ...details } = options;
  return new AppError(code, message, { transient: retryable ?? false, details, ...(cause === undefined ? {} : { cause }) }) as DownloadError;
}

export function isDownloadError(error: unknown): error is DownloadError {
  return isAppError(error, DOWNLOAD_CODES);
}
