/** Why a guideline file could not be parsed; `code` is what callers branch on. */
export type ParseErrorCode =
  | 'malformed_xml' // not well-formed XML (the message carries line and column)
  | 'unsupported_root' // well-formed, but neither a BITS book/part nor a JATS article
  | 'bad_encoding'; // bytes not valid in the declared (or default UTF-8) encoding, or an unknown encoding

export class ParseError extends Error {
  override readonly name = 'ParseError';
  readonly code: ParseErrorCode;
  /** The file the caller named, so a run summary can list what it skipped. */
  readonly fileName: string | undefined;

  constructor(code: ParseErrorCode, message: string, details: { fileName?: string; cause?: unknown } = {}) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.code = code;
    this.fileName = details.fileName;
  }
}

export function isParseError(error: unknown): error is ParseError {
  return error instanceof Error && error.name === 'ParseError' && 'code' in error;
}
