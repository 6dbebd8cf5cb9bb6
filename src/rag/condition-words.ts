import { normaliseQueryText, searchTerms } from './normalise-query.js';

/** Words that qualify a condition but do not name one; matching only these says nothing. */
const MODIFIERS = new Set([
  'acute', 'chronic', 'severe', 'mild', 'moderate', 'uncomplicated', 'complicated', 'suspected', 'possible', 'probable',
  'simple', 'persistent', 'recurrent', 'early', 'late', 'disease', 'disorder', 'infection', 'syndrome', 'condition',
  'problem', 'child', 'children', 'adult', 'adults', 'infant', 'baby', 'newborn', 'kid', 'toddler', 'patient', 'treatment',
  'management', 'care', 'signs', 'sign', 'test', 'testing', 'diagnosis', 'prevention', 'screening', 'referral', 'guideline',
  'very', 'some', 'other', 'cause', 'high', 'low', 'positive', 'negative', 'serious',
]);

/** The words that name the condition. */
export function conditionWords(condition: string): string[] {
  const words = searchTerms(normaliseQueryText(condition)).filter((w) => /[a-z]/.test(w));
  return words.filter((w) => !MODIFIERS.has(w));
}

/** Same word, or the same stem for words of five letters or more ("malarial" ~ "malaria", "infants" ~ "infant"). */
export function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 5 || b.length < 5) return false;
  const stem = (w: string) => w.slice(0, Math.max(5, w.length - 2));
  return b.startsWith(stem(a)) || a.startsWith(stem(b));
}
