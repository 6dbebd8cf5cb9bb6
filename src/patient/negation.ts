/**
 * NegEx-style negation for rule matching: a mention is negated when a negation cue ("no", "not",
 * "denies", "without", "neither ... nor", "no history of" ...) stands shortly before it in the same
 * clause, or when the clause ends in a negative answer ("convulsions: no", "fits - none").
 *
 * Limits, on purpose and tested: the scope is the clause (see clinical-text.ts), at most
 * {@link NEGATION_WINDOW_WORDS} words after the cue, and it is cut short by a new subject ("no fever
 * he is fitting"), by "still"/"now", by a colon or a spaced dash, and by an unrelated verb in -ing
 * that is not joined by "or"/"nor" ("not eating vomiting everything": the vomiting is affirmed).
 * A comma ends a negation unless the items form an "or" list ("denies vomiting, fits, or chest
 * pain"). Double negatives ("not unable to drink") and negation by a question's answer in another message
 * are not understood. When in doubt a mention counts as affirmed: for triage a false alarm is the
 * safe error.
 */
import { clauseIndexAt, type Clause, type ClinicalText } from './clinical-text.js';
import { isHistorical, isRemotePast, type Temporality } from './temporality.js';

/** How many words after a negation cue it still reaches (NegEx uses five). */
export const NEGATION_WINDOW_WORDS = 5;

const MAX_LIST_ITEM_WORDS = 4;
/** Items of a negated "or" list looked at on either side of a mention. */
const MAX_LIST_ITEMS = 12;

/** One occurrence of a pattern in the normalised text. */
export interface Mention {
  /** Offsets into the normalised text. */
  readonly start: number;
  readonly end: number;
  /** The normalised characters matched. */
  readonly text: string;
  readonly groups: readonly (string | undefined)[];
  readonly negated: boolean;
  /** An event that is over (temporality.ts): recorded as history, never a current danger sign. */
  readonly historical: boolean;
}

// "Prevention of postpartum haemorrhage", "to prevent fits", "prevent PPH", "at risk of bleeding": named as
// what is to be avoided, not as what the patient has.
const PRE_NEGATION_CUE =
  /\b(?:no|not|never|nil|none|denies|denied|deny|denying|without|neither|nor|negative for|free of|absence of|absent|rules? out|ruled out|prevention of|preventing|prevents?|to prevent|prophylaxis (?:of|for|against)|(?:at )?risk of|pas(?: de| d)?|sans|aucune?|jamais|ne|hana|hakuna|bila)\b/g;
// "PPH prevention", "PPH prophylaxis": the same, said after it.
const POST_PREVENTION = /^\s*(?:-\s*)?(?:prevention|prophylaxis)\b/;

// Phrases that begin with a cue but do not negate what follows ("no longer breastfeeding" is a
// danger sign, "has not stopped fitting" affirms the fits, French "ne bouge que" is "moves only").
const PSEUDO_NEGATION_AFTER_CUE =
  /^\s*(?:longer|only|just|sure|certain|doubt|change|improvement|better|stopped|resolved|relief|improving|settled|responding to|[a-z]+\s+qu(?:e\b|'))/;

const SCOPE_BREAKING_WORDS = new Set([
  'he', 'she', 'they', 'we', 'i', 'baby', 'child', 'patient', 'pt', 'mother', 'mum', 'mom',
  'still', 'now', 'currently', 'then', 'also', 'only',
]);

// Verbs in -ing that carry the negation onward instead of closing it ("she is not having fits").
const LINKING_GERUNDS = new Set([
  'having', 'being', 'getting', 'showing', 'experiencing', 'complaining', 'reporting',
  'developing', 'passing', 'doing', 'noticing', 'seeing', 'observing',
]);
const NOT_VERBS_ENDING_IN_ING = new Set([
  'morning', 'evening', 'during', 'nothing', 'anything', 'something', 'everything', 'thing',
  'things', 'bring', 'king', 'spring', 'string',
]);
const COORDINATORS = new Set(['or', 'nor', 'and/or', '/']);

const POST_NEGATION =
  /^\s*(?:[:=?]|-(?!\s*ve)|\s)*(?:no|none|nil|non|aucune?|absente?s?|hapana|absent|negative|neg|not present|not seen|not noted|not observed|denied|ruled out|-\s*ve)(?![a-z])(?:\s+(?:seen|noted|reported|observed|present|today|now|at all))?[\s.!?]*$/;

/** Every occurrence of `pattern` in `clinical.text`, each with its negation status. */
export function findMentions(clinical: ClinicalText, pattern: RegExp): Mention[] {
  const global = pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
  const mentions: Mention[] = [];
  for (const match of clinical.text.matchAll(global)) {
    if (match[0].length === 0) continue;
    const start = match.index;
    const end = start + match[0].length;
    mentions.push({
      start,
      end,
      text: match[0],
      groups: match.slice(1),
      negated: isNegated(clinical, start, end),
      historical: isHistorical(clinical, start, end),
    });
  }
  return mentions;
}

/** The first affirmed (not negated) occurrence of `pattern`, if any. */
export function firstAffirmed(clinical: ClinicalText, pattern: RegExp): Mention | undefined {
  return findMentions(clinical, pattern).find((mention) => !mention.negated);
}

/** The first occurrence of `pattern` that is neither negated nor over (present now), if any. */
export function firstPresent(clinical: ClinicalText, pattern: RegExp): Mention | undefined {
  return findMentions(clinical, pattern).find((mention) => !mention.negated && !mention.historical);
}

/**
 * The first occurrence of `pattern` that is not negated and not in the remote past: a sign that counts
 * whenever it happened in this illness, over or not. IMCI asks "convulsions during this illness?": a fit
 * yesterday is a danger sign even when the child is alert now.
 */
export function firstDuringThisIllness(clinical: ClinicalText, pattern: RegExp): Mention | undefined {
  return findMentions(clinical, pattern).find((mention) => !mention.negated && !isRemotePast(clinical, mention.start, mention.end));
}

/** Negated, historical or present (negation wins). */
export function temporalityOf(mention: Pick<Mention, 'negated' | 'historical'>): Temporality {
  if (mention.negated) return 'negated';
  return mention.historical ? 'historical' : 'present';
}

/** True when the normalised span [start, end) is negated within its clause. */
export function isNegated(clinical: ClinicalText, start: number, end: number): boolean {
  const startClause = clinical.clauseAt(start);
  const endClause = clinical.clauseAt(Math.max(start, end - 1));
  // Bounded windows keep the work per mention constant, so a long message costs linear time: a cue
  // reaches at most NEGATION_WINDOW_WORDS words, and a negative answer closes a short clause.
  const before = clinical.text.slice(Math.max(startClause.start, start - SCOPE_CHARS), start);
  const after = endClause.end - end <= SCOPE_CHARS ? clinical.text.slice(end, endClause.end) : '';
  return isPreNegated(before) || POST_NEGATION.test(after) || POST_PREVENTION.test(clinical.text.slice(end, Math.min(endClause.end, end + SCOPE_CHARS))) || isInNegatedList(clinical, startClause, before);
}

/** Characters around a mention that negation looks at (far more than five words). */
const SCOPE_CHARS = 240;

function isPreNegated(before: string): boolean {
  const cueEnd = lastNegationCueEnd(before);
  if (cueEnd < 0) return false;
  const between = before.slice(cueEnd);
  if (/:|\s-\s/.test(between)) return false;
  // French "ne" negates the one verb it brackets with pas, plus, rien or jamais: in "il ne tette plus le
  // sein, ne boit plus rien" the first "ne" is closed before "boit".
  if (/\bne\s*$/.test(before.slice(0, cueEnd)) && /\b(?:pas|plus|rien|jamais|point)\b\s+\S/.test(between)) return false;
  const words = wordsOf(between);
  if (words.length > NEGATION_WINDOW_WORDS) return false;
  for (let i = 0; i < words.length; i += 1) {
    const word = words[i] ?? '';
    if (SCOPE_BREAKING_WORDS.has(word)) return false;
    if (closesNegationScope(word) && !COORDINATORS.has(words[i + 1] ?? '')) return false;
  }
  return true;
}

/**
 * A negation that runs over a comma-separated "or" list: "denies vomiting, fits, or chest pain",
 * "no fever, cough or fits". Without the "or" a comma ends the negation ("not eating, vomiting
 * everything"), and every item before the mention must be short, as list items are.
 */
function isInNegatedList(clinical: ClinicalText, clause: Clause, before: string): boolean {
  const { text, clauses } = clinical;
  const index = clauses[clauseIndexAt(clauses, clause.start)] === clause ? clauseIndexAt(clauses, clause.start) : clauses.indexOf(clause);
  const itemPrefix = wordsOf(before).filter((word) => !COORDINATORS.has(word) && word !== 'any');
  if (index <= 0 || itemPrefix.length > 2 || itemPrefix.some((word) => SCOPE_BREAKING_WORDS.has(word))) {
    return false;
  }
  let isOrList = false;
  for (let next = index; next < clauses.length; next += 1) {
    const item = clauses[next];
    if (!item || (next > index && item.openedBy !== ',') || next - index > MAX_LIST_ITEMS) break;
    if (/\b(?:or|nor)\b/.test(text.slice(item.start, item.end))) {
      isOrList = true;
      break;
    }
  }
  if (!isOrList) return false;
  for (let current = index; current > 0 && index - current <= MAX_LIST_ITEMS; current -= 1) {
    const item = clauses[current];
    const previous = clauses[current - 1];
    if (!item || !previous || item.openedBy !== ',') return false;
    const previousText = text.slice(previous.start, previous.end);
    const cueEnd = lastNegationCueEnd(previousText);
    if (cueEnd >= 0 && wordsOf(previousText.slice(cueEnd)).length <= NEGATION_WINDOW_WORDS) return true;
    if (wordsOf(previousText).length > MAX_LIST_ITEM_WORDS) return false;
  }
  return false;
}

function lastNegationCueEnd(text: string): number {
  let cueEnd = -1;
  for (const cue of text.matchAll(PRE_NEGATION_CUE)) {
    const end = cue.index + cue[0].length;
    if (PSEUDO_NEGATION_AFTER_CUE.test(text.slice(end))) continue;
    cueEnd = end;
  }
  return cueEnd;
}

function wordsOf(text: string): string[] {
  return text.match(/[a-z0-9']+|\//g) ?? [];
}

function closesNegationScope(word: string): boolean {
  return (
    word.length >= 5 &&
    word.endsWith('ing') &&
    !LINKING_GERUNDS.has(word) &&
    !NOT_VERBS_ENDING_IN_ING.has(word)
  );
}

/**
 * A short phrase with its negated parts dropped: "alert, drinking normally, no sunken eyes" keeps
 * "alert, drinking normally" (a negated phrase runs from the cue to the next comma, semicolon or full
 * stop). For query text, where a negated finding must not be searched for.
 */
export function withoutNegatedPhrases(value: string): string {
  return value
    .replace(NEGATED_PHRASE, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** The negated phrases of a short text, cue included: "cough or cold (no pneumonia)" -> ["no pneumonia)"]. */
export function negatedPhrases(value: string): string[] {
  return value.match(NEGATED_PHRASE) ?? [];
}

/**
 * A negation cue and what follows it up to the next comma, semicolon or full stop. "Not able to
 * breastfeed" is a sign that is present (a danger sign), not a negated one: kept.
 */
const NEGATION_CUE = String.raw`\b(?:no|not|without|denies|never|nil|absent|negative for)\b`;
const NEGATED_PHRASE = new RegExp(String.raw`${NEGATION_CUE}(?!\s+(?:longer\s+)?able\s+to\b)[^,;.]*`, 'gi');

/** A phrase's leading negation cue: "never dewormed" -> "dewormed". */
export function withoutNegationCue(phrase: string): string {
  return phrase.replace(LEADING_CUE, '').trim();
}
const LEADING_CUE = new RegExp(String.raw`^\s*${NEGATION_CUE}\s*`, 'i');

/**
 * The condition a diagnosis says the patient does not have, or undefined: "no anaemia" and "anaemia
 * ruled out" -> "anaemia", "without malaria" -> "malaria". A qualifier is not an absence: "no danger
 * signs", "not severe", "no complications" grade the illness, "no improvement" or "no weight gain" on
 * treatment say it goes on, and "not yet confirmed" asks to confirm it. The plan for such a diagnosis is
 * not the condition's treatment.
 */
export function conditionStatedAbsent(diagnosis: string): string | undefined {
  const text = diagnosis.trim().replace(/\s+/g, ' ');
  const leading = ABSENCE_FIRST.exec(text);
  const absent = leading ? leading[1] : ABSENCE_LAST.exec(text)?.[1];
  if (!absent || NOT_AN_ABSENCE.test(absent)) return undefined;
  return absent.replace(/[.!?]+$/, '').trim() || undefined;
}
const ABSENCE_FIRST = /^(?:no|not|without|free of|negative for|absence of)\s+(.+)$/i;
const ABSENCE_LAST = /^(.+?)[\s,:-]+(?:ruled out|excluded|absent)[.!]?$/i;
/** What follows a cue in a diagnosis that still has the illness: a grade, a course on treatment, or a doubt. */
const NOT_AN_ABSENCE =
  /^(?:severe|very severe|complicated|complications?|danger|serious|improv\w*|better|respon\w*|change|(?:weight )?gain\w*|increase\w*|controlled|suppressed|yet|confirmed|sure|certain|able|eating|feeding|drinking|breastfeeding|taking|on\b)/i;
