/**
 * The shared state of one rule extraction: the normalised text, the spans already explained by a
 * more specific rule (so "BP 160/110" is never read as a duration "110" or "GA 30/40" as an age),
 * and the findings so far with where they were said.
 */
import type { Finding, FindingCategory } from '../../patient/findings.js';
import type { ClinicalText } from '../../patient/clinical-text.js';

/** A regular-expression match with its end offset. */
export interface Match {
  readonly start: number;
  readonly end: number;
  readonly text: string;
  /** Capture groups; an unmatched group is ''. */
  readonly groups: readonly string[];
}

export class Extraction {
  private readonly claimed: Array<readonly [number, number]> = [];
  private readonly positioned: Array<{ readonly at: number; readonly finding: Finding }> = [];
  private readonly rejectedSpans: Array<{ readonly at: number; readonly said: string }> = [];

  constructor(readonly clinical: ClinicalText) {}

  get text(): string {
    return this.clinical.text;
  }

  /** Matches of `pattern` that do not overlap a claimed span, in text order. */
  unclaimedMatches(pattern: RegExp): Match[] {
    const global = pattern.global ? pattern : new RegExp(pattern.source, `${pattern.flags}g`);
    const matches: Match[] = [];
    for (const match of this.text.matchAll(global)) {
      const start = match.index;
      const end = start + match[0].length;
      if (match[0].length === 0 || this.isClaimed(start, end)) continue;
      matches.push({ start, end, text: match[0], groups: match.slice(1).map((group) => group ?? '') });
    }
    return matches;
  }

  isClaimed(start: number, end: number): boolean {
    return this.claimed.some(([from, to]) => start < to && from < end);
  }

  claim(match: { readonly start: number; readonly end: number }): void {
    this.claimed.push([match.start, match.end]);
  }

  /** Records a finding said at offset `at`; a repeat of the same category and value is ignored. */
  addFinding(at: number, category: FindingCategory, value: string, negated = false): void {
    const duplicate = this.positioned.some(
      ({ finding }) => finding.category === category && finding.value === value,
    );
    if (duplicate) return;
    const finding: Finding = negated ? { category, value, negated: true } : { category, value };
    this.positioned.push({ at, finding });
  }

  hasFinding(category: FindingCategory, value: string): boolean {
    return this.positioned.some(({ finding }) => finding.category === category && finding.value === value);
  }

  /**
   * A value read but not stored because it cannot be right (a negative number, a temperature of
   * 45 °C): the health worker is asked for it again. `said` is the health worker's own words.
   */
  reject(match: { readonly start: number; readonly end: number }): void {
    this.claim(match);
    if (this.rejectedSpans.some(({ at }) => at === match.start)) return;
    this.rejectedSpans.push({ at: match.start, said: this.clinical.originalSpan(match.start, match.end).trim() });
  }

  /** What was rejected, in the order it was said. */
  rejected(): string[] {
    return [...this.rejectedSpans].sort((a, b) => a.at - b.at).map(({ said }) => said);
  }

  /** The findings in the order the health worker said them. */
  findings(): Finding[] {
    return [...this.positioned].sort((a, b) => a.at - b.at).map(({ finding }) => finding);
  }
}
