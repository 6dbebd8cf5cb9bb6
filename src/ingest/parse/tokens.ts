// Pieces a BPE tokenizer nearly always keeps apart: a run of letters, a run of digits, one symbol.
const PIECE = /\p{L}+|\p{N}+|[^\s\p{L}\p{N}]/gu;

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
  return { chars: text.length, pieces: text.match(PIECE)?.length ?? 0 };
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
  let pieces = base.pieces;
  for (const _ of text.matchAll(PIECE)) {
    pieces += 1;
    if (pieces > budget) return false;
  }
  return true;
}

export function tokensOf(counts: TokenTally): number {
  return Math.max(Math.ceil(counts.chars / 4), counts.pieces);
}
