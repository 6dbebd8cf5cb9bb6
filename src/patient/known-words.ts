import { createRequire } from 'node:module';

/**
 * Correctly spelt English and French words (word lists of about 275,000 and 336,000 words, MIT). A word
 * of the message that is one of them means what it says: "cries" is not a misspelt "crise", nor "sucks"
 * a misspelt "stuck". Only a word found in neither list may be read as the catalogue word it misspells.
 */
let known: Set<string> | undefined;

/** Lower case, accents dropped, as the normal form of clinical-text.ts writes words. */
const fold = (word: string): string => word.toLowerCase().normalize('NFD').replace(/\p{M}/gu, '');

export function isKnownWord(word: string): boolean {
  if (!known) {
    const require = createRequire(import.meta.url);
    const english = require('an-array-of-english-words') as string[];
    const french = require('an-array-of-french-words') as string[];
    known = new Set([...english, ...french].map(fold));
  }
  return known.has(fold(word));
}
