import { MAX_INBOUND_CHARS } from './turn/texts.js';

/**
 * Inbound text is cleaned once, on arrival, before anything clinical reads it. Two forms:
 * - the record: the text as sent, minus what the database cannot hold (NUL) - kept for the consult's history;
 * - the scan: what triage and extraction read - NFKC (full-width letters, ligatures and "℃" become plain),
 *   no invisible format characters (zero-width space/non-joiner/joiner, word joiner, soft hyphen, BOM,
 *   direction marks), control characters other than newline and tab as spaces, and at most
 *   MAX_INBOUND_CHARS characters, so a danger-sign word cannot hide and a huge message cannot stall triage.
 */
export interface ScannedText {
  text: string;
  /** The message was longer than MAX_INBOUND_CHARS: only its start was read. */
  truncated: boolean;
}

// Cf = format characters: U+00AD, U+200B-U+200F, U+202A-U+202E, U+2060-U+2064, U+2066-U+206F, U+FEFF, ...
const FORMAT_CHARS = /\p{Cf}/gu;
// C0 and C1 controls except tab (U+0009) and newline (U+000A).
const CONTROL_CHARS = /[\u0000-\u0008\u000B-\u001F\u007F-\u009F]/g;
// A lone surrogate cannot be stored as UTF-8.
const LONE_SURROGATES = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/g;

/**
 * The most of one message that is stored. Telegram stops at 4,096 characters but WhatsApp has no
 * practical limit, so every channel's text is cut here, at the engine's door.
 */
export const MAX_STORED_INBOUND_CHARS = 16_000;

/** The text to store: as sent, except for what PostgreSQL text cannot hold, and at most MAX_STORED_INBOUND_CHARS. */
export function recordableText(raw: string): string {
  return raw.slice(0, MAX_STORED_INBOUND_CHARS).replace(/\u0000/g, '').replace(LONE_SURROGATES, '\uFFFD');
}

/** The text triage and extraction read. Linear in the length of the (capped) input. */
export function scannableText(raw: string, maxChars = MAX_INBOUND_CHARS): ScannedText {
  // Cap before normalising (bounded work), with slack for the characters cleaning removes.
  const head = raw.length > maxChars * 2 ? raw.slice(0, maxChars * 2) : raw;
  const clean = head.replace(CONTROL_CHARS, ' ').replace(FORMAT_CHARS, '').normalize('NFKC').replace(FORMAT_CHARS, '').trim();
  const truncated = clean.length > maxChars || head.length < raw.length;
  return { text: truncated ? clean.slice(0, maxChars) : clean, truncated };
}
