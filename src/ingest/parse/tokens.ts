// Pieces a BPE tokenizer nearly always keeps apart: a run of letters, a run of digits, one symbol
// (the regular expression /\p{L}+|\p{N}+|[^\s\p{L}\p{N}]/gu, counted by hand below because the regex
// was the parser's largest single cost).
const SPACE = 0;
const LETTER = 1;
const DIGIT = 2;
const SYMBOL = 3;
const ASCII_CLASS = Array.from({ length: 128 }, (_, code) => classify(code));
const classCache = new Map<number, number>();

function classify(codePoint: number): number {
  const char = String.fromCodePoint(codePoint);
  if (/\s/u.test(char)) return SPACE;
  if (/\p{L}/u.test(char)) return LETTER;
  if (/\p{N}/u.test(char)) return DIGIT;
  return SYMBOL;
}

/** Pieces in `text`, counting stopped once over `limit`. */
function countPieces(text: string, limit = Number.POSITIVE_INFINITY): number {
  let pieces = 0;
  let previous = SPACE;
  for (let i = 0; i < text.length; i += 1) {
    const unit = text.charCodeAt(i);
    let kind: number;
    if (unit < 128) {
      kind = ASCII_CLASS[unit] ?? SYMBOL;
    } else {
      let codePoint = unit;
      if (unit >= 0xd800 && unit <= 0xdbff && i + 1 < text.length) {
        const low = text.charCodeAt(i + 1);
        if (low >= 0xdc00 && low <= 0xdfff) {
          codePoint = ((unit - 0xd800) << 10) + (low - 0xdc00) + 0x10000;
          i += 1;
        }
      }
      kind = classCache.get(codePoint) ?? -1;
      if (kind === -1) {
        kind = classify(codePoint);
        classCache.set(codePoint, kind);
      }
    }
    if (kind !== SPACE && (kind === SYMBOL || kind !== previous)) {
      pieces += 1;
      if (pieces > limit) return pieces;
    }
    previous = kind;
  }
  return pieces;
}

/** The two quantities the estimate is made of; both add up exactly over whitespace-joined texts. */
export interface TokenTally {
  chars: number;
  pieces: number;
}

/**
 * Estimated token count of `text` without a tokenizer: the larger of ceil(chars / 4) and the number of
 * letter runs, digit runs and single symbols. English prose averages about four characters per token,
 * so the first term fits prose; dosing tables ("5 to <15 kg; 1 tablet; 2×/day") are dense in numbers and
 * symbols that tokenize one by one, which the second term catches. Taking the larger errs on the side of
 * smaller chunks, which is what a budget wants. Deterministic and independent of any embedding model.
 */
export function estimateTokens(text: string): number {
  return tokensOf(tally(text));
}

/** Measures `text` once so that joined texts can be estimated without rescanning them. */
export function tally(text: string): TokenTally {
  return { chars: text.length, pieces: countPieces(text) };
}

/** The tally of `a + separator + b` for a whitespace separator (no piece spans whitespace). */
export function joinTallies(a: TokenTally, separator: string, b: TokenTally): TokenTally {
  return { chars: a.chars + separator.length + b.chars, pieces: a.pieces + b.pieces };
}

/**
 * Whether `base` plus `text` stays within `budget` estimated tokens. Stops scanning as soon as the
 * answer is known, so testing a whole chapter against a 512-token budget costs no more than 2 KB of work.
 */
export function fitsBudget(text: string, budget: number, base: TokenTally = { chars: 0, pieces: 0 }): boolean {
  if (Math.ceil((base.chars + text.length) / 4) > budget) return false;
  const room = budget - base.pieces;
  const pieces = countPieces(text, Math.max(0, room));
  return pieces === 0 || pieces <= room;
}

export function tokensOf(counts: TokenTally): number {
  return Math.max(Math.ceil(counts.chars / 4), counts.pieces);
}
