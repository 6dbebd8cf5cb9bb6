/** Why a guideline file could not be parsed: an AppError with one of the parse codes. */
import { AppError, isAppError } from '../../core/app-error.js';

export type ParseErrorCode =
  | 'malformed_xml' // not well-formed XML (the message carries line and column)
  | 'unsupported_root' // well-formed, but neither a BITS book/part nor a JATS article
  | 'bad_encoding'; // bytes not valid in the declared (or default UTF-8) encoding, or an unknown encoding

const PARSE_CODES: readonly ParseErrorCode[] = ['malformed_xml', 'unsupported_root', 'bad_encoding'];

/** `details.fileName`: the file the caller named, so a run summary can list what it skipped. */
export type ParseError = AppError<{ fileName?: string }> & { code: ParseErrorCode };

export function parseError(code: ParseErrorCode, message: string, details: { fileName?: string; cause?: unknown } = {}): ParseError {
  const { cause, ...rest } = details;
  return new AppError(code, message, { details: rest, ...(cause === undefined ? {} : { cause }) }) as ParseError;
}

export function isParseError(error: unknown): error is ParseError {
  return isAppError(error, PARSE_CODES);
}
