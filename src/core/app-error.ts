/**
 * The one error type of the domain. `code` is what callers branch on; `message` is for logs (ids only,
 * never patient text); `userMessage` is safe to show a health worker or return over HTTP.
 */
export type AppErrorCode =
  | 'bad_input'
  | 'not_enrolled'
  | 'unsupported_media'
  | 'message_too_long'
  | 'busy'
  | 'llm_unavailable'
  | 'embedding_model_mismatch'
  | 'retrieval_failed'
  | 'not_found'
  | 'conflict'
  | 'internal';

export class AppError extends Error {
  readonly code: AppErrorCode;
  readonly userMessage: string;
  /** A retry may succeed (a 429, a 5xx, a lock held by another turn). */
  readonly transient: boolean;

  constructor(code: AppErrorCode, message: string, options: { userMessage?: string; transient?: boolean; cause?: unknown } = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'AppError';
    this.code = code;
    this.userMessage = options.userMessage ?? USER_MESSAGES[code];
    this.transient = options.transient ?? false;
  }
}

/** What a health worker is told for each code; adapters map codes to HTTP statuses separately. */
export const USER_MESSAGES: Record<AppErrorCode, string> = {
  bad_input: 'Sorry, I could not understand that. Please try again in a few words.',
  not_enrolled: 'This number is not enrolled. Ask your supervisor for an invite code, then send /start CODE.',
  unsupported_media: 'I can only read text messages. Please type what you see.',
  message_too_long: 'That message is too long for me. Please send it in shorter parts.',
  busy: 'I am still working on your previous message. I will answer it first.',
  llm_unavailable: 'The assistant is offline; I will continue with the standard question list.',
  embedding_model_mismatch: 'The guideline library is being updated. Please try again later.',
  retrieval_failed: 'I could not search the guidelines just now. Please try again in a minute.',
  not_found: 'I could not find that.',
  conflict: 'That changed while I was working on it. Please send your message again.',
  internal: 'Something went wrong on my side. Your message is saved; please try again in a minute.',
};

/** Narrows unknown errors by code, not by instanceof, so errors crossing module copies still match. */
export function isAppError(error: unknown, code?: AppErrorCode): error is AppError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'AppError' &&
    (code === undefined || (error as { code?: unknown }).code === code)
  );
}
