/**
 * Urgent signs read from the catalogue (knowledge/danger-signs.yaml): the catalogue's phrasings are
 * compiled once into patterns over the normal form of clinical-text.ts, misspelt words are read as the
 * catalogue word one or two letters away, negation and temporality come from negation.ts, measurements
 * from read-measurements.ts, and each sign's `applies_to` and `when` decide whether it holds for this
 * patient. Nothing here names a sign.
 */
import { distance } from 'fastest-levenshtein';
import { isKnownWord } from '../../patient/known-words.js';
import { ageInMonths } from '../../patient/age.js';
import { normaliseClinicalText, type ClinicalText } from '../../patient/clinical-text.js';
import { dangerSignCatalogue, type CatalogueFeature, type CatalogueSign, type Condition, type DangerSignCatalogue, type Language } from '../../patient/danger-sign-catalogue.js';
import { detectMessageLanguage } from '../../patient/message-language.js';
import { findMentions, type Mention } from '../../patient/negation.js';
import { isRemotePast } from '../../patient/temporality.js';
import { readMeasurements, type Measurement } from '../../patient/read-measurements.js';

/** What is known of the patient when the message is read. */
export interface CatalogueTriageContext {
  readonly ageYears?: number;
  readonly ageMonths?: number;
  readonly pregnant?: boolean;
  readonly postpartum?: boolean;
}

/** A sign of the catalogue that holds for this patient. */
export interface CatalogueHit {
  readonly code: string;
  readonly label: string;
  readonly advice: string;
  /** The health worker's words (or measurement) behind it, joined with " + ". */
  readonly matched: string;
}

/** A wording that may or may not be a sign: the yes/no question that decides it. */
export interface CatalogueQuestion {
  readonly code: string;
  readonly question: string;
  readonly matched: string;
}

export interface CatalogueReading {
  readonly language: Language;
  readonly hits: readonly CatalogueHit[];
  readonly questions: readonly CatalogueQuestion[];
}

interface Compiled {
  readonly catalogue: DangerSignCatalogue;
  readonly phrasings: ReadonlyMap<string, RegExp>;
  readonly ambiguous: ReadonlyMap<string, RegExp>;
  readonly otherReadings: ReadonlyMap<string, RegExp>;
  readonly vocabulary: ReadonlySet<string>;
  /** The stems of `word*` wordings, five letters or more. */
  readonly stems: readonly string[];
  readonly byLength: ReadonlyMap<number, readonly string[]>;
}

const compiledCache = new WeakMap<DangerSignCatalogue, Compiled>();

/** Reads `text` against the catalogue for a patient described by `context`. */
export function readDangerSigns(text: string, context: CatalogueTriageContext = {}, catalogue: DangerSignCatalogue = dangerSignCatalogue()): CatalogueReading {
  const compiled = compile(catalogue);
  const language = detectMessageLanguage(text);
  const clinical = normaliseClinicalText(text, (word) => correctedWord(compiled, word));
  const reading = new Reading(compiled, clinical, readMeasurements(clinical.text), context);
  const hits: CatalogueHit[] = [];
  const questions: CatalogueQuestion[] = [];
  for (const sign of catalogue.signs) {
    if (!reading.applies(sign)) continue;
    const spans = reading.holds(sign);
    if (spans) {
      hits.push({ code: sign.code, label: sign.name, advice: adviceIn(sign, language), matched: spans.join(' + ') });
      continue;
    }
    const doubt = reading.doubt(sign);
    if (doubt) questions.push({ code: sign.code, question: doubt.question, matched: doubt.matched });
  }
  return { language, hits, questions: hits.length > 0 ? [] : dedupeQuestions(questions) };
}

/** One question per wording: two signs resting on one ambiguous word ask it once. */
function dedupeQuestions(questions: readonly CatalogueQuestion[]): CatalogueQuestion[] {
  return [...new Map(questions.map((q) => [q.question, q])).values()];
}

function adviceIn(sign: CatalogueSign, language: Language): string {
  const advice = sign.advice as Record<string, string | undefined>;
  return advice[language] ?? advice.en ?? '';
}

class Reading {
  private readonly memo = new Map<string, string[] | undefined>();

  constructor(
    private readonly compiled: Compiled,
    private readonly clinical: ClinicalText,
    private readonly measurements: readonly Measurement[],
    private readonly context: CatalogueTriageContext,
  ) {}

  applies(sign: CatalogueSign): boolean {
    const to = sign.applies_to;
    if (!to) return true;
    const months = ageInMonths(this.context);
    if (to.age_months) {
      if (months === undefined) {
        if (to.age_must_be_known) return false;
      } else {
        if (to.age_months.min !== undefined && months < to.age_months.min) return false;
        if (to.age_months.max !== undefined && months >= to.age_months.max) return false;
      }
    }
    if (to.pregnancy) {
      const states = new Set(to.pregnancy);
      const pregnant = this.context.pregnant === true;
      const postpartum = this.context.postpartum === true;
      const holds = (states.has('pregnant') && pregnant) || (states.has('postpartum') && postpartum) || (states.has('not_pregnant') && this.context.pregnant === false);
      if (!holds) return false;
    }
    return true;
  }

  /** The spans that make `entry` hold, or undefined. */
  holds(entry: CatalogueFeature | CatalogueSign): string[] | undefined {
    if (this.memo.has(entry.code)) return this.memo.get(entry.code);
    this.memo.set(entry.code, undefined);
    const when = 'when' in entry ? (entry as CatalogueSign).when : undefined;
    const result = when ? this.evaluate(when) : this.said(entry);
    this.memo.set(entry.code, result);
    return result;
  }

  private said(entry: CatalogueFeature | CatalogueSign): string[] | undefined {
    const pattern = this.compiled.phrasings.get(entry.code);
    if (!pattern) return undefined;
    const earlier = (entry as CatalogueSign).counts_earlier_in_illness === true;
    const mention = this.mentions(entry.code, pattern).find((m) => !m.negated && (earlier ? !isRemotePast(this.clinical, m.start, m.end) : !m.historical));
    return mention ? [this.clinical.originalSpan(mention.start, mention.end).trim()] : undefined;
  }

  private mentions(code: string, pattern: RegExp): Mention[] {
    const other = this.compiled.otherReadings.get(code);
    const elsewhere = other ? findMentions(this.clinical, other) : [];
    return findMentions(this.clinical, pattern).filter((m) => !elsewhere.some((o) => o.start < m.end && m.start < o.end));
  }

  private denied(code: string): string[] | undefined {
    const pattern = this.compiled.phrasings.get(code);
    if (!pattern) return undefined;
    const mention = findMentions(this.clinical, pattern).find((m) => m.negated);
    return mention ? [this.clinical.originalSpan(mention.start, mention.end).trim()] : undefined;
  }

  private evaluate(cond: Condition): string[] | undefined {
    if ('says' in cond) {
      const entry = this.compiled.catalogue.byCode.get(cond.says);
      return entry ? this.holds(entry) : undefined;
    }
    if ('denies' in cond) return this.denied(cond.denies);
    if ('measured' in cond) {
      const m = cond.measured;
      const found = this.measurements.find(
        (x) =>
          x.quantity === m.quantity &&
          (m.at_least === undefined || x.value >= m.at_least) &&
          (m.above === undefined || x.value > m.above) &&
          (m.below === undefined || x.value < m.below) &&
          (m.at_most === undefined || x.value <= m.at_most),
      );
      return found ? [this.clinical.originalSpan(found.start, found.end).trim()] : undefined;
    }
    if ('all' in cond) {
      const parts = cond.all.map((c) => this.evaluate(c));
      return parts.every((p) => p !== undefined) ? parts.flatMap((p) => p ?? []) : undefined;
    }
    if ('any' in cond) {
      for (const c of cond.any) {
        const part = this.evaluate(c);
        if (part) return part;
      }
      return undefined;
    }
    if ('at_least' in cond) {
      const parts = cond.at_least.of.map((c) => this.evaluate(c)).filter((p): p is string[] => p !== undefined);
      return parts.length >= cond.at_least.n ? parts.flat() : undefined;
    }
    return this.evaluate(cond.not) ? undefined : [];
  }

  /** An ambiguous wording of the sign (or of a feature it rests on) with its question. */
  doubt(sign: CatalogueSign): { question: string; matched: string } | undefined {
    for (const entry of [sign, ...referencedEntries(this.compiled.catalogue, sign.when)]) {
      const pattern = this.compiled.ambiguous.get(entry.code);
      if (!pattern) continue;
      const mention = this.mentions(entry.code, pattern).find((m) => !m.negated && !m.historical);
      const question = entry.question?.en;
      if (mention && question) return { question, matched: this.clinical.originalSpan(mention.start, mention.end).trim() };
    }
    return undefined;
  }
}

function referencedEntries(catalogue: DangerSignCatalogue, cond: Condition | undefined): Array<CatalogueFeature | CatalogueSign> {
  if (!cond) return [];
  if ('says' in cond) {
    const entry = catalogue.byCode.get(cond.says);
    return entry ? [entry] : [];
  }
  if ('all' in cond) return cond.all.flatMap((c) => referencedEntries(catalogue, c));
  if ('any' in cond) return cond.any.flatMap((c) => referencedEntries(catalogue, c));
  if ('at_least' in cond) return cond.at_least.of.flatMap((c) => referencedEntries(catalogue, c));
  return [];
}

function compile(catalogue: DangerSignCatalogue): Compiled {
  const cached = compiledCache.get(catalogue);
  if (cached) return cached;
  const phrasings = new Map<string, RegExp>();
  const ambiguous = new Map<string, RegExp>();
  const otherReadings = new Map<string, RegExp>();
  const vocabulary = new Set<string>();
  const stems = new Set<string>();
  for (const entry of [...catalogue.features, ...catalogue.signs]) {
    const add = (target: Map<string, RegExp>, wordings: Partial<Record<Language, string[]>> | undefined): void => {
      const all = Object.values(wordings ?? {}).flat();
      if (all.length === 0) return;
      for (const word of all.flatMap(wordsOf)) {
        if (/^[a-z]+$/.test(word)) vocabulary.add(word);
        else if (/^[a-z]{5,}\*$/.test(word)) stems.add(word.slice(0, -1));
      }
      target.set(entry.code, new RegExp(`(?<![a-z0-9])(?:${all.map(phrasingSource).join('|')})(?![a-z0-9])`, 'g'));
    };
    add(phrasings, entry.phrasings);
    add(ambiguous, entry.ambiguous);
    add(otherReadings, entry.other_readings);
  }
  const byLength = new Map<number, string[]>();
  for (const word of vocabulary) {
    if (word.length < 5) continue;
    byLength.set(word.length, [...(byLength.get(word.length) ?? []), word]);
  }
  const result = { catalogue, phrasings, ambiguous, otherReadings, vocabulary, stems: [...stems], byLength };
  compiledCache.set(catalogue, result);
  return result;
}

/** The catalogue word a misspelt `word` stands for: one edit for 5-7 letters, two for 8 or more; a correctly spelt word stands for itself. */
function correctedWord(compiled: Compiled, word: string): string | undefined {
  if (compiled.vocabulary.has(word) || compiled.stems.some((stem) => word.startsWith(stem)) || isKnownWord(word)) return undefined;
  for (const stem of compiled.stems) {
    const allowedForStem = stem.length >= 8 ? 2 : 1;
    for (let cut = stem.length - 1; cut <= stem.length + 1; cut += 1) {
      if (cut > word.length || word[0] !== stem[0]) continue;
      if (distance(word.slice(0, cut), stem) <= Math.min(allowedForStem, cut >= 8 ? 2 : 1)) return stem + word.slice(cut);
    }
  }
  const allowed = word.length >= 8 ? 2 : 1;
  let best: string | undefined;
  let bestDistance = allowed + 1;
  for (let length = word.length - allowed; length <= word.length + allowed; length += 1) {
    for (const candidate of compiled.byLength.get(length) ?? []) {
      if (candidate[0] !== word[0] && allowed === 1) continue;
      const d = distance(word, candidate);
      if (d < bestDistance && d <= (candidate.length >= 8 ? 2 : 1)) {
        best = candidate;
        bestDistance = d;
      }
    }
  }
  return best;
}

/** The words and `word*` stems of one wording, its alternatives and optional words included. */
function wordsOf(wording: string): string[] {
  return wording
    .toLowerCase()
    .split(/\s+/)
    .flatMap((token) => token.replace(/\?$/, '').split('|'));
}

const escape = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');

/** One phrasing of the mini-language (knowledge/README.md) as a pattern source. */
function phrasingSource(wording: string): string {
  const tokens = wording.trim().toLowerCase().split(/\s+/);
  let source = '';
  for (const [index, token] of tokens.entries()) {
    if (token === '...') {
      // The words skipped stay in one clause and never include a negation: "palms and soles not yellow"
      // is no "soles ... yellow", nor "yellow eyes, palms ..." a "yellow ... palms".
      source += String.raw`(?:\s+(?!(?:not|no|never|without|pas|ne|sans|hakuna|hana|bila)\b)[^\s,.;:!?]+){0,3}`;
      continue;
    }
    const optional = token.endsWith('?') && token.length > 1;
    const body = optional ? token.slice(0, -1) : token;
    const alternatives = body.split('|').map((alt) => (alt.endsWith('*') ? `${escape(alt.slice(0, -1))}[a-z0-9]*` : escape(alt)));
    const word = `(?:${alternatives.join('|')})`;
    const separator = index === 0 ? '' : String.raw`[\s\-]*`;
    source += optional ? `(?:${separator}${word})?` : `${separator}${word}`;
  }
  return source;
}
