/**
 * Normalisation of a health worker's free text for rule matching, with a map back to the
 * original characters so a match can be reported in the words the health worker typed.
 *
 * The normal form is lower case, with contractions expanded ("can't" -> "cannot"), every way of
 * saying "cannot" folded into "unable to" (so "cannot drink", "cant drink" and "not able to drink"
 * are one pattern, and the "not" inside them is not mistaken for a negation of something else),
 * a few clinical abbreviations spelled out (w/o, c/o, h/o, hx) and runs of blanks collapsed.
 */
import { patientWordRewrites } from './patient-words.js';
import { remove as removeConfusables } from 'confusables';

/** A span of the normalised text that bounds the scope of a negation. */
export interface Clause {
  readonly start: number;
  readonly end: number;
  /** The boundary that opened this clause ("" for the first one), e.g. ",", ".", "but". */
  readonly openedBy: string;
}

/** Free text in normal form, split into clauses, with a way back to the original characters. */
export interface ClinicalText {
  readonly original: string;
  readonly text: string;
  readonly clauses: readonly Clause[];
  /** The original characters behind the normalised span [start, end). */
  originalSpan(start: number, end: number): string;
  /** The clause containing normalised offset `index` (for a boundary character, the clause before). */
  clauseAt(index: number): Clause;
}

/**
 * Text plus, for every character, the original span it came from; each replacement maps all of its
 * characters to the whole span it replaced.
 */
class TrackedText {
  constructor(
    readonly text: string,
    private readonly from: readonly number[],
    private readonly to: readonly number[],
  ) {}

  static of(original: string): TrackedText {
    let text = '';
    const from: number[] = [];
    const to: number[] = [];
    for (let i = 0; i < original.length; ) {
      const codePoint = original.codePointAt(i) ?? 0;
      const char = String.fromCodePoint(codePoint);
      const folded = foldCharacter(char);
      for (let k = 0; k < folded.length; k += 1) {
        from.push(i);
        to.push(i + char.length);
      }
      text += folded;
      i += char.length;
    }
    return new TrackedText(text, from, to);
  }

  replace(pattern: RegExp, replacement: string | ((...groups: string[]) => string)): TrackedText {
    const matches = [...this.text.matchAll(globalised(pattern))];
    // Most of the many normalisation steps match nothing in a message: no copy then.
    if (!matches.some((match) => match[0].length > 0)) return this;
    let text = '';
    const from: number[] = [];
    const to: number[] = [];
    let copied = 0;
    const copyUpTo = (end: number): void => {
      for (let i = copied; i < end; i += 1) {
        from.push(this.from[i] ?? 0);
        to.push(this.to[i] ?? 0);
      }
      text += this.text.slice(copied, end);
      copied = end;
    };
    for (const match of matches) {
      if (match[0].length === 0) continue;
      const start = match.index;
      const end = start + match[0].length;
      copyUpTo(start);
      const replaced =
        typeof replacement === 'string'
          ? replacement
          : replacement(...match.map((group) => group ?? ''));
      const originStart = this.from[start] ?? 0;
      const originEnd = this.to[end - 1] ?? originStart;
      for (let k = 0; k < replaced.length; k += 1) {
        from.push(originStart);
        to.push(originEnd);
      }
      text += replaced;
      copied = end;
    }
    copyUpTo(this.text.length);
    return new TrackedText(text, from, to);
  }

  originalRange(start: number, end: number): [number, number] {
    if (end <= start) return [this.from[start] ?? 0, this.from[start] ?? 0];
    return [this.from[start] ?? 0, this.to[end - 1] ?? 0];
  }
}

function foldCharacter(char: string): string {
  if (/[\u2018\u2019\u02bc\u0060\u00b4]/u.test(char)) return "'";
  if (/[\u2010-\u2015\u2212]/u.test(char)) return '-';
  // Invisible marks inside a word ("convul\u200bsions", a soft hyphen) would split it in two.
  if (/[\u00ad\u200b-\u200d\u2060\ufeff]/u.test(char)) return '';
  if (/[\u00a0\u2000-\u200a\u202f]/u.test(char)) return ' ';
  return latinSkeleton(char).toLowerCase();
}

/**
 * A non-ASCII letter read as the Latin letter it stands for: accents dropped ("fièvre" is "fievre"),
 * and look-alikes from other scripts (a Cyrillic or Greek o inside "convulsions") folded to their
 * Unicode TS #39 skeleton. Characters with no Latin look-alike are kept.
 */
function latinSkeleton(char: string): string {
  if (char.charCodeAt(0) < 0x80) return char;
  const unaccented = char.normalize('NFKD').replace(/\p{M}+/gu, '');
  if (/^[\x00-\x7f]+$/.test(unaccented) && unaccented.length > 0) return unaccented;
  const skeleton = removeConfusables(char);
  return /^[a-zA-Z]$/.test(skeleton) ? skeleton : char;
}

function globalised(pattern: RegExp): RegExp {
  return pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
}

// Order matters: contractions first, so that the "cannot" they produce is folded too.
const NORMALISATION_STEPS: ReadonlyArray<[RegExp, string | ((...groups: string[]) => string)]> = [
  // A decimal comma ("24,5 kg", "37,8") is a decimal point; a thousands comma has three digits after it.
  [/(\d),(\d{1,2})(?!\d)/g, (_whole, whole, fraction) => `${whole ?? ''}.${fraction ?? ''}`],
  [/\bcan'?t\b/g, 'cannot'],
  [/\bwon'?t\b/g, 'will not'],
  [
    /\b(do|does|did|is|was|has|have|had|could|would|should|are|were|need|must)n'?t\b/g,
    (_whole, verb) => `${verb ?? ''} not`,
  ],
  [/\b(?:cannot|can not|could not|not able to|not even able to|no longer able to)\b/g, 'unable to'],
  [/\bnot (been|be|being) able to\b/g, (_whole, auxiliary) => `${auxiliary ?? ''} unable to`],
  [/\bunable to to\b/g, 'unable to'],
  [/\bw\/o\b/g, 'without'],
  [/\bc\/o\b/g, 'complains of'],
  [/\bh\/o\b/g, 'history of'],
  [/\bhx\b/g, 'history'],
  [/\bp\/v\b/g, 'pv'],
  [/&/g, ' and '],
  // Typos of common words and West African English / Pidgin, read as the words the rules know.
  [/\b(?:pregant|pregnat|pragnant|pregnent|prgnant|preganant|pregnnt)\b/g, 'pregnant'],
  [/\b(?:feaver|fevar|fevah|fver|feber)\b/g, 'fever'],
  [/\b(?:coff|cof|cugh|cogh|caugh|coughf)\b/g, 'cough'],
  [/\b(?:diarhea|diarrea|diarhoea|diarreah|diarrhe|diarrhia|diahrrea|diarhhoea|diarheaa)\b/g, 'diarrhoea'],
  [/\b(?:headach|hedache|headace)\b/g, 'headache'],
  [/\b(?:pikin|pickin|pikins|pikini)\b/g, 'child'],
  [/\b(?:hot body|body (?:dey |is |was |de )?(?:hot|warm)|body heat)\b/g, 'fever'],
  [/[ \t\f\v]+/g, ' '],
  [/ ?[\r\n]+ ?/g, '\n'],
];

// Clause boundaries: sentence punctuation (a full stop or comma between digits is a decimal or a
// thousands separator, not a boundary), line breaks, and conjunctions that start a new statement
// (English, French "mais"/"et", Kiswahili "lakini").
// "or" and "nor" are deliberately not boundaries: "no fever or cough" negates both.
const CLAUSE_BOUNDARY =
  /\.(?!\d)|(?<!\d)\.|,(?!\d)|(?<!\d),|[;!\n]|\b(?:but|and|however|although|though|whereas|mais|et|cependant|lakini)\b/g;

/** A word of the message read as a known word it misspells, or undefined to keep it. */
export type SpellingCorrection = (word: string) => string | undefined;

/**
 * Normalises free text and splits it into clauses (see the module comment for the normal form);
 * `correct`, when given, reads each word of five letters or more as the known word it misspells.
 */
export function normaliseClinicalText(original: string, correct?: SpellingCorrection): ClinicalText {
  let tracked = TrackedText.of(original);
  NORMALISATION_STEPS.forEach(([pattern, replacement], step) => {
    tracked = tracked.replace(pattern, replacement);
    // Once a decimal comma is a point: who the patient is, in French, Pidgin or Kiswahili, read as the
    // English words (knowledge/patient-words.yaml), before the steps below rewrite any of those words.
    if (step === 0) for (const rewrite of patientWordRewrites()) tracked = tracked.replace(rewrite.pattern, rewrite.replacement);
  });
  if (correct) tracked = tracked.replace(/\b[a-z]{5,}\b/g, (word) => correct(word) ?? word);
  const text = tracked.text;
  const clauses = splitClauses(text);
  return {
    original,
    text,
    clauses,
    originalSpan(start, end) {
      const [originStart, originEnd] = tracked.originalRange(start, end);
      return original.slice(originStart, originEnd);
    },
    clauseAt(index) {
      return clauses[clauseIndexAt(clauses, index)] ?? { start: 0, end: text.length, openedBy: '' };
    },
  };
}

/** Index of the last clause starting at or before `index` (binary search: clauses are in order). */
export function clauseIndexAt(clauses: readonly Clause[], index: number): number {
  let low = 0;
  let high = clauses.length - 1;
  let found = 0;
  while (low <= high) {
    const middle = (low + high) >> 1;
    if ((clauses[middle]?.start ?? 0) <= index) {
      found = middle;
      low = middle + 1;
    } else {
      high = middle - 1;
    }
  }
  return found;
}

function splitClauses(text: string): Clause[] {
  const clauses: Clause[] = [];
  let start = 0;
  let openedBy = '';
  for (const boundary of text.matchAll(CLAUSE_BOUNDARY)) {
    clauses.push({ start, end: boundary.index, openedBy });
    start = boundary.index + boundary[0].length;
    openedBy = boundary[0];
  }
  clauses.push({ start, end: text.length, openedBy });
  return clauses;
}
