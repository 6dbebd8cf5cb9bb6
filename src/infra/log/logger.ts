import pino, { type Logger } from 'pino';

export type { Logger };

/**
 * Keys that may hold patient data or identities. Logs carry ids only; these are censored wherever they
 * appear (two levels deep), so a careless `log.info({ message })` cannot leak text into a log file.
 */
const SENSITIVE_KEYS = [
  'text',
  'body',
  'content',
  'caption',
  'name',
  'displayName',
  'display_name',
  'first_name',
  'last_name',
  'firstName',
  'lastName',
  'username',
  'phone',
  'phoneNumber',
  'phone_number',
  'from',
  'notifyName',
  'pushname',
  'value',
  'prompt',
  'messages',
];
const REDACT_PATHS = SENSITIVE_KEYS.flatMap((key) => [key, `*.${key}`, `*.*.${key}`]);

export interface LoggerOptions {
  level: string;
  /** Defaults to stdout; tests pass a stream to inspect what would be written. */
  destination?: pino.DestinationStream;
}

/** Structured JSON logger that censors free text, names and phone numbers. */
export function createLogger(options: LoggerOptions): Logger {
  const base = { level: options.level, redact: { paths: REDACT_PATHS, censor: '[redacted]' } };
  return options.destination ? pino(base, options.destination) : pino(base);
}
