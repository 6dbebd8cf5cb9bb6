import { expandLexicon, normaliseQueryText, oneEditApart, searchTerms, withLexiconSlipsCorrected } from './normalise-query.js';

/** Words that qualify a condition but do not name one; matching only these says nothing. */
const MODIFIERS = new Set([
  'acute', 'chronic', 'severe', 'mild', 'moderate', 'uncomplicated', 'complicated', 'suspected', 'possible', 'probable',
  'simple', 'persistent', 'recurrent', 'early', 'late', 'disease', 'disorder', 'infection', 'syndrome', 'condition',
  'problem', 'child', 'children', 'adult', 'adults', 'infant', 'baby', 'newborn', 'kid', 'toddler', 'patient', 'woman', 'women', 'man', 'men', 'mother', 'girl', 'boy', 'person', 'treatment',
  'management', 'care', 'signs', 'sign', 'test', 'testing', 'diagnosis', 'prevention', 'prevent', 'preventing', 'screening', 'referral', 'guideline',
  'new', 'newly', 'start', 'starting', 'confirmed', 'unconfirmed', 'known', 'presumptive', 'presumed', 'diagnosed',
  'very', 'some', 'other', 'cause', 'high', 'low', 'positive', 'negative', 'serious', 'follow-up', 'followup', 'routine', 'review',
  'first-line', 'second-line', 'third-line', 'failure', 'reduced', 'increased', 'decreased',
]);

/** The words that name the condition. */
export function conditionWords(condition: string): string[] {
  return namingWords(normaliseQueryText(withLexiconSlipsCorrected(condition)));
}

/** Same word, a short word and its plural ("fit" ~ "fits"), or the same stem for words of five letters or more ("malarial" ~ "malaria", "infants" ~ "infant"). */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  // Called for every pair of query and heading words a search compares: no strings are built here.
  if (a.charCodeAt(0) !== b.charCodeAt(0)) return false;
  let shared = 0;
  while (shared < a.length && shared < b.length && a.charCodeAt(shared) === b.charCodeAt(shared)) shared += 1;
  // A short word and its plural: "fit" ~ "fits", "sign" ~ "signs".
  if (Math.abs(a.length - b.length) === 1 && shared === Math.min(a.length, b.length) && (a.length > b.length ? a : b).endsWith('s')) return true;
  if (a.length < 5 || b.length < 5) return false;
  // One starts with the other's stem: its first max(5, length - 2) letters.
  return shared >= Math.min(Math.max(5, a.length - 2), Math.max(5, b.length - 2));
}

/**
 * sameWord, or one slip of typing apart in a word of six letters or more that starts the same: a letter
 * missed, added, changed or two swapped ("pnemonia" ~ "pneumonia", "diarhoea" ~ "diarrhoea"). Full-text
 * search corrects such a word by trigram similarity; this lets the reranker read it the same way.
 */
export function sameWordOrSlip(a: string, b: string): boolean {
  if (sameWord(a, b)) return true;
  if (a.length < 6 || b.length < 6 || Math.abs(a.length - b.length) > 1 || a.charCodeAt(0) !== b.charCodeAt(0)) return false;
  return oneEditApart(a, b);
}

/**
 * The condition's words grouped by what they name: a phrase the lexicon reads and the words it expands
 * to are one concept ("HBP" = hypertension = high blood pressure), every other naming word is its own.
 * A heading that names a concept once in each of its synonyms has still named it once.
 */
export function conditionConcepts(condition: string): string[][] {
  const concepts: Array<Set<string>> = [];
  const add = (words: readonly string[]) => {
    if (words.length === 0) return;
    const merged = new Set(words);
    for (const overlapping of concepts.filter((c) => words.some((w) => c.has(w)))) {
      for (const w of overlapping) merged.add(w);
      concepts.splice(concepts.indexOf(overlapping), 1);
    }
    concepts.push(merged);
  };
  const expanded = expandLexicon(condition);
  for (const { written, meaning } of expanded.phrases) add(namingWords(`${written} ${meaning}`));
  const grouped = new Set(concepts.flatMap((c) => [...c]));
  for (const word of namingWords(expanded.text)) if (!grouped.has(word)) add([word]);
  return concepts.map((c) => [...c]);
}

/** The words of a text that name something: letters, not a modifier. */
function namingWords(text: string): string[] {
  return searchTerms(text).filter((w) => /[a-z]/.test(w) && !MODIFIERS.has(w));
}
