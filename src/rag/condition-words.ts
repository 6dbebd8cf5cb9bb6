import { expandLexicon, normaliseQueryText, searchTerms } from './normalise-query.js';

/** Words that qualify a condition but do not name one; matching only these says nothing. */
const MODIFIERS = new Set([
  'acute', 'chronic', 'severe', 'mild', 'moderate', 'uncomplicated', 'complicated', 'suspected', 'possible', 'probable',
  'simple', 'persistent', 'recurrent', 'early', 'late', 'disease', 'disorder', 'infection', 'syndrome', 'condition',
  'problem', 'child', 'children', 'adult', 'adults', 'infant', 'baby', 'newborn', 'kid', 'toddler', 'patient', 'woman', 'women', 'man', 'men', 'mother', 'girl', 'boy', 'person', 'treatment',
  'management', 'care', 'signs', 'sign', 'test', 'testing', 'diagnosis', 'prevention', 'screening', 'referral', 'guideline',
  'new', 'newly', 'start', 'starting', 'confirmed', 'unconfirmed', 'known', 'presumptive', 'presumed', 'diagnosed',
  'very', 'some', 'other', 'cause', 'high', 'low', 'positive', 'negative', 'serious', 'follow-up', 'followup', 'routine', 'review',
]);

/** The words that name the condition. */
export function conditionWords(condition: string): string[] {
  return namingWords(normaliseQueryText(condition));
}

/** Same word, a short word and its plural ("fit" ~ "fits"), or the same stem for words of five letters or more ("malarial" ~ "malaria", "infants" ~ "infant"). */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  // A short word and its plural: "fit" ~ "fits", "sign" ~ "signs".
  if (a === `${b}s` || b === `${a}s`) return true;
  if (a.length < 5 || b.length < 5) return false;
  const stem = (w: string) => w.slice(0, Math.max(5, w.length - 2));
  return b.startsWith(stem(a)) || a.startsWith(stem(b));
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
