/**
 * Temporality of a mention: present, or historical (an event that is over). A mention is historical
 * when its sentence places it in the remote past ("as a baby", "2 years ago", "last year", "in her last
 * pregnancy") or says it has resolved after it ("none since", "fine now", "but now drinking well").
 * Anything recent without a resolution ("had a fit 2 days ago", "this morning") stays present: for
 * triage an ambiguous past sign still refers, the safe direction. Negation is negation.ts.
 */
import type { ClinicalText } from './clinical-text.js';

export type Temporality = 'negated' | 'historical' | 'present';

const REMOTE_PAST =
  /\b(?:(?:\d+|a|one|two|three|four|five|six|several|many|few)\s+(?:years?|months?)\s+ago|years? ago|last (?:year|month)|as an? (?:baby|child|toddler|newborn|infant|kid)|when (?:he|she|they) (?:was|were) (?:an? )?(?:baby|small|little|younger|infant|child)|(?:in|during|at|with) (?:her|the|a|his) (?:last|previous|past|former|first) (?:pregnancy|delivery|birth|baby|child)|previous pregnancy|last pregnancy|in the past)\b/;
const RESOLVED_AFTER =
  /\b(?:(?:none|no more|nothing|no \w+) since|(?:fine|well|ok|okay|normal|better|recovered|settled|resolved|stopped) (?:now|since|after)|(?:but |and )?now (?:fine|well|ok|okay|normal|better|drinking|eating|feeding|breastfeeding|sucking|awake|alert|playing|active|stable)|resolved|has resolved|no longer)\b/;
const SENTENCE_END = /[.!?;\n]/;
const WINDOW = 240;

/** True when the normalised span [start, end) is an event that is over (see the module comment). */
export function isHistorical(clinical: ClinicalText, start: number, end: number): boolean {
  const text = clinical.text;
  let from = start;
  while (from > 0 && start - from < WINDOW && !SENTENCE_END.test(text[from - 1] ?? '')) from -= 1;
  let to = end;
  while (to < text.length && to - end < WINDOW && !SENTENCE_END.test(text[to] ?? '')) to += 1;
  const sentence = text.slice(from, to);
  if (REMOTE_PAST.test(sentence)) return true;
  return RESOLVED_AFTER.test(text.slice(end, to));
}
