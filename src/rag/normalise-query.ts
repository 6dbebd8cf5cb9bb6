import { CHW_LEXICON } from './chw-lexicon.js';

const LEXICON = new Map(CHW_LEXICON.map(([phrase, meaning]) => [phrase, meaning]));
const LONGEST_PHRASE = Math.max(...CHW_LEXICON.map(([phrase]) => phrase.split(' ').length));

/**
 * Expands abbreviations, lab shorthand, spellings, lay words and Pidgin (src/rag/chw-lexicon.ts) into the
 * words the guidelines use, appended after the phrase; the longest phrase at a position wins, so
 * "belle pain" reads as abdominal pain, not pregnancy.
 */
export function normaliseQueryText(text: string): string {
  return expandLexicon(text).text;
}

/**
 * One pass over `text`: the expanded text, and each word an expansion adds that `text` does not itself
 * contain, with its share of the phrase it explains: 1 / the expansion's length. "rdt" adds "rapid
 * diagnostic test", and the three words together count as one word of the query, not as three more
 * (the test would otherwise outweigh the fever the CHW asked about). `phrases`: each phrase the lexicon
 * read, as written, with its meaning.
 */
export function expandLexicon(text: string): { text: string; shares: Map<string, number>; phrases: Array<{ written: string; meaning: string }> } {
  const written = new Set(searchTerms(text));
  const shares = new Map<string, number>();
  const phrases: Array<{ written: string; meaning: string }> = [];
  const pieces = text.split(/(\s+|[,;:()])/);
  const out: string[] = [];
  let i = 0;
  while (i < pieces.length) {
    const piece = pieces[i] ?? '';
    const match = isWord(piece) ? longestPhraseAt(pieces, i) : undefined;
    if (!match) {
      out.push(piece);
      i += 1;
      continue;
    }
    out.push(pieces.slice(i, match.end).join(''), ' ', match.meaning);
    phrases.push({ written: pieces.slice(i, match.end).join(''), meaning: match.meaning });
    const added = searchTerms(match.meaning);
    for (const word of added) {
      if (!written.has(word)) shares.set(word, Math.min(shares.get(word) ?? 1, 1 / added.length));
    }
    i = match.end;
  }
  return { text: out.join('').replace(/\s+/g, ' ').trim(), shares, phrases };
}

/**
 * Words spelled as the lexicon writes them, as health workers write them (its phrases) or as the
 * guidelines do (its meanings): "diarrhoea" is one slip from "diarrhea", but no slip.
 */
const LEXICON_SPELLINGS = new Set(CHW_LEXICON.flatMap(([phrase, meaning]) => [...phrase.split(' '), ...meaning.split(' ')]));
/** Those long enough to be mistyped as one slip (six letters or more). */
const LEXICON_WORDS = [...LEXICON_SPELLINGS].filter((w) => w.length >= 6 && /^[a-z-]+$/.test(w));

/**
 * A diagnosis with each word one slip of typing from a word of the lexicon put right: "diarhea" is
 * "diarrhea" (diarrhoea), "runing stomach" "running stomach", "pnuemonia" "pneumonia". The text leg
 * corrects a mistyped word towards the corpus's own words by trigram similarity, but the lexicon's
 * phrases (US spellings, Pidgin) are not corpus words, "diarhea" is two slips from "diarrhoea", and the
 * patient rules and the coverage check read words, not trigrams: each of these was "not covered by the
 * guidelines", and no plan was written. Only a diagnosis is corrected: a finding's "waiting" is not
 * "wasting".
 */
export function withLexiconSlipsCorrected(condition: string): string {
  return condition.replace(/[A-Za-z-]{5,}/g, (word) => {
    const lower = word.toLowerCase();
    if (LEXICON_SPELLINGS.has(lower)) return word;
    if (lower.length === 5) return LEXICON_WORDS.find((known) => missedInside(lower, known)) ?? word;
    return LEXICON_WORDS.find((known) => known.charCodeAt(0) === lower.charCodeAt(0) && Math.abs(known.length - lower.length) <= 1 && oneEditApart(lower, known)) ?? word;
  });
}

/**
 * A five-letter word that is a six-letter word of the lexicon with one letter missed inside it: "svere"
 * is "severe", the qualifier that decides which class of the illness is planned ("svere malaria?" read as
 * no severity at all, and uncomplicated malaria's tablets ranked first). A letter missed at the end makes
 * another form of a word ("weigh", "raise"), not a slip, and is left alone.
 */
function missedInside(typed: string, known: string): boolean {
  return known.length === 6 && known.charCodeAt(0) === typed.charCodeAt(0) && !known.startsWith(typed) && oneEditApart(typed, known);
}

/** Damerau-Levenshtein distance exactly 1: a letter missed, added, changed, or two swapped. */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b) return false;
  let i = 0;
  while (i < a.length && i < b.length && a[i] === b[i]) i += 1;
  if (a.length === b.length) {
    if (a.slice(i + 1) === b.slice(i + 1)) return true;
    return a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2);
  }
  if (Math.abs(a.length - b.length) !== 1) return false;
  const [longer, shorter] = a.length > b.length ? [a, b] : [b, a];
  return longer.slice(i + 1) === shorter.slice(i);
}

function isWord(piece: string): boolean {
  return piece.trim() !== '' && !/^[,;:()]$/.test(piece);
}

function keyOf(word: string): string {
  return word.toLowerCase().replace(/^["'“‘]+|[.?!"'”’]+$/g, '');
}

/** The longest lexicon phrase starting at word `start` (words separated by spaces only), if any. */
function longestPhraseAt(pieces: string[], start: number): { end: number; meaning: string } | undefined {
  const words: string[] = [];
  const ends: number[] = [];
  for (let j = start; j < pieces.length && words.length < LONGEST_PHRASE; j += 2) {
    const word = pieces[j] ?? '';
    if (!isWord(word)) break;
    words.push(keyOf(word));
    ends.push(j + 1);
    if (!/^\s+$/.test(pieces[j + 1] ?? '')) break;
  }
  for (let n = words.length; n >= 1; n--) {
    const meaning = LEXICON.get(words.slice(0, n).join(' '));
    if (meaning !== undefined && meaning !== words.slice(0, n).join(' ')) return { end: ends[n - 1] ?? start + 1, meaning };
  }
  return undefined;
}

export type Severity = 'severe' | 'not severe';

const NOT_SEVERE = /\b(?:not|non|without|no)[- ]+(?:severe|complicated|complications?|danger signs?)\b|\buncomplicated\b|\bmild\b/i;
const SEVERE = /\b(?:severe|complicated|very severe|danger signs?)\b/i;

/**
 * The severity the diagnosis itself states: "malaria, not severe" and "uncomplicated malaria" are not
 * severe; "severe pneumonia" is; "pneumonia" says nothing. Negation here qualifies the diagnosis, not
 * a finding, so it is read from the diagnosis text alone.
 */
export function severityOf(condition: string): Severity | undefined {
  const corrected = withLexiconSlipsCorrected(condition);
  if (NOT_SEVERE.test(corrected)) return 'not severe';
  if (SEVERE.test(corrected)) return 'severe';
  return undefined;
}

/**
 * The diagnosis as a query: a word mistyped from one the lexicon reads is put right
 * (withLexiconSlipsCorrected), and a negated qualifier ("not severe") is dropped and stated positively instead.
 */
export function conditionQueryText(condition: string): string {
  const named = namedAsProblem(withLexiconSlipsCorrected(condition));
  const negated = /\b(?:not|non|without|no)[- ]+(?:severe|complicated|complications?|danger signs?)\b/gi;
  if (!negated.test(named)) return named;
  return `${named.replace(negated, ' ')} uncomplicated`.replace(/\s+/g, ' ').replace(/\s*,\s*(?=uncomplicated$)/, ' ').trim();
}

/**
 * A measurement named as the problem stands for its abnormal state: a diagnosis of "BP" or "BP + sugar"
 * is raised blood pressure, hypertension, unless it says the pressure is low.
 */
function namedAsProblem(condition: string): string {
  if (/\b(?:bp|blood pressure)\b/i.test(condition) && !/\b(?:low|hypotension|drops?|falls?)\b/i.test(condition) && !/hypertens/i.test(condition)) {
    return `${condition} hypertension`;
  }
  return condition;
}

/**
 * The diagnosis without the treatment the patient is on: in "hypoglycaemia on sulfonylurea" or
 * "postural hypotension on antihypertensive treatment" the condition is the topic and the medicine is
 * context, as a medication finding would be.
 */
export function diagnosisHead(condition: string): string {
  return condition.replace(/\s+on\s+.*$/i, '');
}

/** Plain search words of a text: letters and digits, at least two characters, in order, de-duplicated. */
export function searchTerms(text: string): string[] {
  const seen = new Set<string>();
  for (const raw of text.toLowerCase().split(/[^a-z0-9<>.-]+/)) {
    const word = raw.replace(/^[.-]+|[.-]+$/g, '');
    // Bare numbers ("52", "138/78") match unrelated table cells; the words around them carry the meaning.
    if (word.length >= 2 && !STOP_WORDS.has(word) && !/^[0-9.<>-]+$/.test(word)) seen.add(word);
  }
  return [...seen];
}

const STOP_WORDS = new Set(['and', 'or', 'the', 'of', 'in', 'with', 'for', 'to', 'a', 'an', 'no', 'not', 'on', 'at', 'is', 'was', 'has', 'had']);
