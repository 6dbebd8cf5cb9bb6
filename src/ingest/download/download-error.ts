/** Why one request or package failed; `code` is what callers branch on. */
export type DownloadErrorCode =
  | 'http_status' // the server answered with an error status
  | 'network' // connection failed or the body was cut short
  | 'corrupt_archive' // not a gzip tar, or truncated/damaged
  | 'unsafe_archive' // an entry would escape its folder, or is a link
  | 'empty_archive' // a valid archive with no .nxml file
  | 'local_io'; // our own disk failed (full, permissions)

export class DownloadError extends Error {
  override readonly name = 'DownloadError';
  readonly code: DownloadErrorCode;
  /** Whether repeating the same request may succeed (network errors, 5xx, 429). */
  readonly retryable: boolean;
  readonly status: number | undefined;
  /** Server-requested wait from Retry-After, in milliseconds. */
  readonly retryAfterMs: number | undefined;

  constructor(
    code: DownloadErrorCode,
    message: string,
    details: { retryable?: boolean; status?: number; retryAfterMs?: number; cause?: unknown } = {},
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.retryable = details.retryable ?? false;
    this.status = details.status;
    this.retryAfterMs = details.retryAfterMs;
  }
}

export function isDownloadError(error: unknown): error is DownloadError {
  return error instanceof Error && error.name === 'DownloadError' && 'code' in error;
}
