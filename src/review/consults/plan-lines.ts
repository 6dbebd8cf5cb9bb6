import { CITATION_GROUP, labelsInGroup } from '../../rag/plan/citations.js';

export interface PlanLine {
  /** 0-based index among the plan's non-empty lines (what a per-line flag refers to). */
  index: number;
  /** The line as text, with its citation markers split out. */
  parts: Array<{ text: string } | { labels: string[] }>;
}

/** Splits a plan into its non-empty lines and each line into text and [Sn] citation groups. */
export function planLines(text: string): PlanLine[] {
  const lines = text.split('\n').filter((l) => l.trim() !== '');
  return lines.map((line, index) => {
    const parts: PlanLine['parts'] = [];
    let at = 0;
    for (const match of line.matchAll(new RegExp(CITATION_GROUP.source, 'gi'))) {
      const start = match.index;
      if (start > at) parts.push({ text: line.slice(at, start) });
      parts.push({ labels: labelsInGroup(match[0]) });
      at = start + match[0].length;
    }
    if (at < line.length) parts.push({ text: line.slice(at) });
    return { index, parts };
  });
}

/** How many non-empty lines a plan has (the range a per-line flag may name). */
export function planLineCount(text: string): number {
  return text.split('\n').filter((l) => l.trim() !== '').length;
}
