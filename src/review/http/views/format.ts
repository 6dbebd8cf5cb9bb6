/** Display helpers shared by the views (UTC, so every supervisor reads the same times). */

export function day(at: Date): string {
  return at.toISOString().slice(0, 10);
}

export function dayTime(at: Date): string {
  return `${at.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
}

export function time(at: Date): string {
  return at.toISOString().slice(11, 16);
}

export function percent(share: number | null): string {
  return share === null ? '–' : `${Math.round(share * 100)}%`;
}

export const AGREEMENT_LABEL: Record<string, string> = { agree: 'Agree', partly: 'Partly agree', disagree: 'Disagree' };

export const FLAG_LABEL: Record<string, string> = {
  unsafe: 'Unsafe',
  wrong_patient: 'Wrong for this patient',
  missing_step: 'Missing step',
  not_in_guideline: 'Not in guideline',
};

/** The NCBI Bookshelf page of an accession when it is an NBK id; null for anything else (sample, PMC). */
export function bookshelfUrl(accession: string): string | null {
  return /^NBK\d+$/.test(accession) ? `https://www.ncbi.nlm.nih.gov/books/${accession}/` : null;
}

/**
 * A finding as the supervisor reads it, its negation worded once: the extractor stores "no vomiting"
 * with negated set, a model may store "vomiting" with negated set; both read "no vomiting".
 */
export function findingText(value: string, negated: boolean): string {
  const text = value.trim();
  if (!negated || /^(no|not|none|never|without|denies|denied|absent)\b/i.test(text)) return text;
  return `no ${text}`;
}
