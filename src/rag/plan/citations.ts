/**
 * Citation markers of a plan: `[S1]`, `[S1, S3]`, `[S1,S3]`, `[S1-S3]` and runs like `[S1][S2]`.
 * Labels are compared upper-case (`[s2]` is S2).
 */

/** One bracketed group of labels; the list allows commas, semicolons and ranges. */
export const CITATION_GROUP = /\[\s*S\s*\d+(?:\s*(?:[,;]|[-–]|,?\s*and)\s*S?\s*\d+)*\s*\]/gi;

/** The labels a bracketed group names, in order, ranges expanded (`[S2-S4]` is S2, S3, S4). */
export function labelsInGroup(group: string): string[] {
  const labels: string[] = [];
  const inner = group.slice(1, -1);
  for (const part of inner.split(/\s*(?:[,;]|,?\s*\band\b)\s*/i)) {
    const range = /^S?\s*(\d+)\s*[-–]\s*S?\s*(\d+)$/i.exec(part.trim());
    if (range) {
      const from = Number(range[1]);
      const to = Number(range[2]);
      // A reversed or absurd range is a malformed citation, not fifty citations.
      if (to >= from && to - from <= 20) for (let n = from; n <= to; n += 1) labels.push(`S${n}`);
      continue;
    }
    const single = /^S?\s*(\d+)$/i.exec(part.trim());
    if (single) labels.push(`S${Number(single[1])}`);
  }
  return labels;
}

/** Every label cited anywhere in the text, in order of appearance, with repeats. */
export function citedLabelsIn(text: string): string[] {
  return [...text.matchAll(CITATION_GROUP)].flatMap((m) => labelsInGroup(m[0]));
}

/** The citation marker the plan writes for these labels: `[S1]` or `[S1, S3]`. */
export function formatCitation(labels: readonly string[]): string {
  return `[${labels.join(', ')}]`;
}

/** Sorts labels by their number (S2 before S10) and removes repeats. */
export function sortLabels(labels: Iterable<string>): string[] {
  return [...new Set(labels)].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
}
