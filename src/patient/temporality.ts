/**
 * Temporality of a mention: present, or historical (an event that is over). A mention is historical
 * when its sentence places it in the remote past ("as a baby", "2 years ago", "last year", "in her last
 * pregnancy") or says it has resolved after it ("none since", "fine now", "but now drinking well").
 * Anything recent without a resolution ("had a fit 2 days ago", "this morning") stays present: for
 * triage an ambiguous past sign still refers, the safe direction. Negation is negation.ts.
 */
import { clauseIndexAt, type ClinicalText } from './clinical-text.js';

export type Temporality = 'negated' | 'historical' | 'present';

const REMOTE_PAST =
  /\b(?:(?:\d+|a|one|two|three|four|five|six|several|many|few)\s+(?:years?|months?)\s+ago|years? ago|last (?:year|month)|as an? (?:baby|child|toddler|newborn|infant|kid)|when (?:he|she|they) (?:was|were) (?:an? )?(?:baby|small|little|younger|infant|child)|(?:in|during|at|with) (?:her|the|a|his) (?:last|previous|past|former|first) (?:pregnancy|delivery|birth|baby|child)|previous pregnancy|last pregnancy|in the past)\b/;
const RESOLVED_AFTER =
  /\b(?:(?:none|no more|nothing|no \w+) since|(?:fine|well|ok|okay|normal|better|recovered|settled|resolved|stopped) (?:now|since|after)|(?:but |and )?now (?:fine|well|ok|okay|normal|better|drinking|eating|feeding|breastfeeding|sucking|awake|alert|playing|active|stable)|resolved|has resolved|no longer)\b/;
const SENTENCE_END = /[.!?;\n]/;
const WINDOW = 240;

/**
 * True when the normalised span [start, end) is placed in the remote past by its own clause ("as a baby",
 * "last year"), or asked about as a sign to watch for: not part of this illness, however recent its resolution.
 */
export function isRemotePast(clinical: ClinicalText, start: number, end: number): boolean {
  const { text, clauses } = clinical;
  const clause = clauses[clauseIndexAt(clauses, start)];
  if (!clause) return false;
  // A sign asked about, to watch for, is no more this illness's than one from years ago.
  if (isAskedAboutToWatch(clinical, start)) return true;
  return REMOTE_PAST.test(text.slice(Math.max(clause.start, start - WINDOW), Math.min(Math.max(clause.end, end), end + WINDOW)));
}

/**
 * True when the normalised span [start, end) is an event that is over (see the module comment): a
 * remote-past marker in its own clause, or a resolution in the rest of its clause or the next one
 * ("had a fit as a baby, none since"; "vomited everything yesterday but now drinking well").
 */
export function isHistorical(clinical: ClinicalText, start: number, end: number): boolean {
  const { text, clauses } = clinical;
  const index = clauseIndexAt(clauses, start);
  const clause = clauses[index];
  if (!clause) return false;
  if (isRemotePast(clinical, start, end)) return true;
  const next = clauses[index + 1];
  const afterEnd = next && !SENTENCE_END.test(text.slice(clause.end, next.start)) ? next.end : clause.end;
  return RESOLVED_AFTER.test(text.slice(end, Math.min(Math.max(afterEnd, end), end + WINDOW)));
}

// A question about the signs to watch for ("Which danger signs should I tell her to watch, like
// bleeding?", "Quels signes doivent pousser la maman a revenir, comme les convulsions ?") names signs
// she does not have. Only a cue before the mention counts: "she is convulsing, what should I do?" is a fact.
const WATCH_FOR_CUE =
  /\b(?:(?:which|what|quels?|quelles?)\s+(?:\w+\s+){0,3}(?:signs?|signes?|symptoms?|symptomes?)|watch(?:ing)? (?:for|out)|to watch|look out for|come back if|return if|revenir|surveiller|ishara gani)\b/;

/**
 * True when the span sits in a question (its sentence ends with "?") that asks which signs to watch for,
 * with that cue before the span.
 */
export function isAskedAboutToWatch(clinical: ClinicalText, start: number): boolean {
  const { text } = clinical;
  const sentenceStart = Math.max(0, ...['.', '!', ';', '\n', '?'].map((mark) => text.lastIndexOf(mark, start - 1) + 1));
  const rest = text.slice(start);
  const close = rest.search(/[.!;\n?]/);
  if (close < 0 || rest[close] !== '?') return false;
  return WATCH_FOR_CUE.test(text.slice(sentenceStart, start));
}

const INTENDED_BEFORE = /\b(?:plans?|planning|wants?|wanting|wish(?:es|ing)?|hop(?:es|ing)|intends?|trying|tries|would like|may|might|could|avoid(?:s|ing)?|prevent(?:s|ing)?|family planning|contracepti\w*)\b[^.;]*$/;
const FUTURE_AFTER = /^[^.;,]*?\b(?:next (?:year|month|time)|in (?:the )?future|later|someday|one day)\b/;

/**
 * True when the normalised span [start, end) is a wish, a plan or a risk rather than a fact, by its own
 * clause: "plans pregnancy next year", "wants to get pregnant", "to avoid pregnancy", "may become
 * pregnant". A state so mentioned is not the patient's now.
 */
export function isIntended(clinical: ClinicalText, start: number, end: number): boolean {
  const { text, clauses } = clinical;
  const clause = clauses[clauseIndexAt(clauses, start)];
  if (!clause) return false;
  return INTENDED_BEFORE.test(text.slice(clause.start, start)) || FUTURE_AFTER.test(text.slice(end, Math.max(clause.end, end)));
}
