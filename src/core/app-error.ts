/**
 * The one error type of the product. `code` is what callers branch on; `message` is for logs (ids only,
 * never patient text); `userMessage` is the text a health worker is shown, from one table.
 */
export type AppErrorCode =
  // What a health worker can be told (the table below holds the words).
  | 'bad_input'
  | 'not_found'
  | 'conflict'
  | 'not_enrolled'
  | 'group_chat'
  | 'invite_invalid'
  | 'invite_limited'
  | 'unsupported_media'
  // A voice note or photo: over the size cap while fetched, not an image, or not transcribed (5xx: transient).
  | 'media_too_large'
  | 'media_unreadable'
  | 'transcription_failed'
  | 'message_too_long'
  | 'empty_message'
  | 'llm_unavailable'
  | 'embedding_model_mismatch'
  | 'retrieval_failed'
  | 'answer_failed'
  | 'busy'
  | 'reply_delayed'
  | 'internal'
  // A channel could not deliver (details: DeliveryDetails in bot/delivery/delivery-error.ts).
  | 'recipient_blocked'
  | 'rate_limited'
  | 'delivery_rejected'
  | 'channel_unavailable'
  // A job that can never succeed (invalid payload, refers to nothing): failed at once, not retried.
  | 'job_cannot_succeed'
  // Guideline ingestion (download, archive, parse, chunks file).
  | 'http_status'
  | 'network'
  | 'corrupt_archive'
  | 'unsafe_archive'
  | 'archive_over_cap'
  | 'empty_archive'
  | 'local_io'
  | 'malformed_xml'
  | 'unsupported_root'
  | 'bad_encoding'
  | 'bad_chunks_file'
  // A command line the operator must correct, such as an id that names nobody (exit code 64).
  | 'bad_usage'
  // Set-up the operator must fix (exit code 78).
  | 'bad_config'
  | 'data_dir'
  // A server a variable names (DATABASE_URL, REDIS_URL) does not answer or refuses us.
  | 'server_unreachable'
  | 'migration_setup'
  | 'migration_failed';

/** Codes that mean the operator's set-up is wrong, not the program: entry points exit 78 for them. */
export const SETUP_ERROR_CODES: ReadonlySet<AppErrorCode> = new Set(['bad_config', 'data_dir', 'server_unreachable', 'migration_setup']);

export class AppError<D extends object = object> extends Error {
  readonly code: AppErrorCode;
  /** A retry may succeed (a 429, a 5xx, a lock held by another turn). */
  readonly transient: boolean;
  /** Structured facts for the caller (which file, how many parts arrived); never patient text. */
  readonly details: D;

  constructor(code: AppErrorCode, message: string, options: { transient?: boolean; cause?: unknown; details?: D } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.transient = options.transient ?? false;
    this.details = options.details ?? ({} as D);
  }

  /** What a health worker is told about this error. */
  get userMessage(): string {
    return userMessage(this.code);
  }
}

/**
 * The CHW-facing words for each code, in the neutral reply markup. Every refusal and apology the bot
 * sends comes from here; codes without an entry (operator and ingestion errors) read as `internal`.
 */
const USER_MESSAGES: Partial<Record<AppErrorCode, string>> = {
  bad_input: 'Sorry, I could not understand that. Please try again in a few words.',
  not_found: 'I could not find that.',
  conflict: 'That changed while I was working on it. Please send your message again.',
  not_enrolled:
    'This service is for enrolled community health workers. If you are one, ask your supervisor for an invite code and send it here (on Telegram: /start YOUR-CODE).',
  group_chat: 'I only work in a private chat with an enrolled health worker. Please message me directly.',
  invite_invalid: 'That invite code is not valid or has expired. Ask your supervisor for a new one.',
  invite_limited: 'Too many wrong invite codes. Wait at least an hour before you send a code again (longer after more wrong codes), or ask your supervisor for a new code.',
  unsupported_media: 'I can only read text messages. Please type what you see.',
  media_too_large: 'That file is too large for me. Please type what you want to tell me.',
  media_unreadable: 'I could not open that file. Please type what you want to tell me.',
  transcription_failed: 'I could not make out that voice note. Please type what you want to tell me, or send it again.',
  message_too_long:
    'That message is too long for me: I checked only its first 4,000 characters for danger signs. Please send it in shorter parts (under 4,000 characters).',
  empty_message: 'I did not find any text in that message. Please type what you see.',
  llm_unavailable: 'The assistant is offline just now, so I will continue with the standard question list.',
  embedding_model_mismatch: 'The guideline library is being updated. Please try again later.',
  retrieval_failed: 'I could not search the guidelines just now. Please try again in a minute.',
  answer_failed: 'Sorry, I could not prepare that answer. Your consult is saved; send /new to start again.',
  busy: 'I am still working on your previous message. I will answer it first.',
  reply_delayed:
    'I have your message but cannot work on it for a moment. I will answer as soon as I can. If the patient has a danger sign, do not wait for me: refer now.',
  internal: 'Sorry, something went wrong with that message. Please send it again.',
};

/** The health worker's text for a code (the `internal` apology when the code has none). */
export function userMessage(code: AppErrorCode): string {
  return USER_MESSAGES[code] ?? (USER_MESSAGES.internal as string);
}

/** Narrows unknown errors by code, not by instanceof, so errors crossing module copies still match. */
export function isAppError<C extends AppErrorCode>(error: unknown, code?: C | readonly C[]): error is AppError & { code: C } {
  if (typeof error !== 'object' || error === null || (error as { name?: unknown }).name !== 'AppError') return false;
  if (code === undefined) return true;
  const actual = (error as { code?: unknown }).code as C;
  return typeof code === 'string' ? actual === code : code.includes(actual);
}
