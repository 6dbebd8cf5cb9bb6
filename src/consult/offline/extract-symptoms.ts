/**
 * Symptoms and examination signs, negation-aware, with their severity when the health worker gave
 * one ("severe headache" -> symptom 'headache' and severity 'severe headache').
 *
 * An affirmed mention wins over a negated one ("no cough yesterday, coughing today" -> 'cough');
 * a sign mentioned only negated is recorded as absent ('no cough', negated).
 */
import { findMentions, type Mention } from '../../patient/negation.js';
import { CLINICAL_LEXICON } from './clinical-lexicon.js';
import type { Extraction } from './extraction.js';

/** Where an affirmed symptom was said, so a duration can be attached to it. */
export interface SymptomMention {
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

const SEVERITY_BEFORE =
  /(?:^|\s)(very severe|severe(?:ly)?|severly|very bad|bad|terrible|intense|mild|slight|moderate|high[- ]grade|high|low[- ]grade|persistent|worsening|profuse|heavy)\s+(?:[a-z]+\s+)?$/;
const SEVERITY_AFTER = /^\s*(?:is|was|:|-)?\s*(very severe|severe|mild|moderate|very bad|\+\+\+)(?![a-z])/;

const SEVERITY_WORD: Readonly<Record<string, string>> = {
  'very severe': 'very severe',
  severely: 'severe',
  severly: 'severe',
  'very bad': 'severe',
  bad: 'severe',
  terrible: 'severe',
  intense: 'severe',
  '+++': 'severe',
  slight: 'mild',
  'high-grade': 'high-grade',
  'high grade': 'high-grade',
  'low grade': 'low-grade',
};

/** Adds symptom, exam-sign and severity findings; returns where each affirmed symptom was said. */
export function extractSymptoms(extraction: Extraction): SymptomMention[] {
  const affirmedMentions: SymptomMention[] = [];
  for (const entry of CLINICAL_LEXICON) {
    const mentions = findMentions(extraction.clinical, entry.pattern);
    const affirmed = mentions.find((mention) => !mention.negated && !mention.historical);
    // An event that is over is history, not a current finding.
    const past = affirmed ? undefined : mentions.find((mention) => !mention.negated && mention.historical);
    if (past) {
      extraction.addFinding(past.start, 'history', `history of ${entry.value}`);
      continue;
    }
    if (affirmed && !isStatedAbsent(extraction, entry.absentPattern)) {
      extraction.addFinding(affirmed.start, entry.category, entry.value);
      affirmedMentions.push({ value: entry.value, start: affirmed.start, end: affirmed.end });
      const severity = severityOf(extraction, affirmed);
      if (severity) extraction.addFinding(affirmed.start, 'severity', `${severity} ${entry.value}`);
      continue;
    }
    const absent = mentions.find((mention) => mention.negated) ?? absentMention(extraction, entry.absentPattern);
    if (absent) extraction.addFinding(absent.start, entry.category, `no ${entry.value}`, true);
  }
  return affirmedMentions.sort((a, b) => a.start - b.start);
}

function isStatedAbsent(extraction: Extraction, absentPattern: RegExp | undefined): boolean {
  return absentMention(extraction, absentPattern) !== undefined;
}

function absentMention(extraction: Extraction, absentPattern: RegExp | undefined): Mention | undefined {
  if (!absentPattern) return undefined;
  return findMentions(extraction.clinical, absentPattern).find((mention) => !mention.negated);
}

function severityOf(extraction: Extraction, mention: Mention): string | undefined {
  const clause = extraction.clinical.clauseAt(mention.start);
  const before = extraction.text.slice(clause.start, mention.start);
  const after = extraction.text.slice(mention.end, Math.max(mention.end, clause.end));
  const word = SEVERITY_BEFORE.exec(before)?.[1] ?? SEVERITY_AFTER.exec(after)?.[1];
  if (!word) return undefined;
  return SEVERITY_WORD[word] ?? word;
}
