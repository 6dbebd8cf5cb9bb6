/**
 * A checked plan's text (the neutral markup of OutboundMessage) read as lines, for the steps that make it
 * fit a phone: each line is a heading (bold alone, no citation), a blank, or a plan line (a bullet or a
 * sentence) with the labels it cites.
 */
import { CITATION_GROUP, labelsInGroup } from './citations.js';

export interface PlanTextLine {
  kind: 'heading' | 'blank' | 'line';
  text: string;
}

const HEADING = /^\*\*[^*]+\*\*:?$/;

/** The plan text as lines, in order. */
export function readPlanText(text: string): PlanTextLine[] {
  return text.split('\n').map((raw): PlanTextLine => {
    const line = raw.trim();
    if (line === '') return { kind: 'blank', text: '' };
    if (HEADING.test(line) && line.search(CITATION_GROUP) < 0) return { kind: 'heading', text: line };
    return { kind: 'line', text: raw.trimEnd() };
  });
}

/**
 * The lines as text again, without the headings a step emptied (a heading that had plan lines under it in
 * `before` and has none now: an empty "Follow-up" reads as if the guideline had nothing to say there), and
 * with at most one blank line between blocks.
 */
export function writePlanText(lines: readonly PlanTextLine[], before: readonly PlanTextLine[]): string {
  const hadLines = new Set(headingsWithLines(before));
  const emptied = new Set(headingIndexes(lines).filter((i) => hadLines.has(lines[i]?.text ?? '') && !hasLinesUnder(lines, i)));
  return lines
    .filter((_, i) => !emptied.has(i))
    .map((l) => l.text)
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** The labels a line cites, upper case, in order, without repeats. */
export function labelsOf(line: string): string[] {
  return [...new Set([...line.matchAll(CITATION_GROUP)].flatMap((m) => labelsInGroup(m[0]).map((l) => l.toUpperCase())))];
}

/** The heading each line is under ('' before the first). */
export function headingOfEach(lines: readonly PlanTextLine[]): string[] {
  let heading = '';
  return lines.map((line) => (line.kind === 'heading' ? (heading = line.text) : heading));
}

function headingIndexes(lines: readonly PlanTextLine[]): number[] {
  return lines.flatMap((l, i) => (l.kind === 'heading' ? [i] : []));
}

function hasLinesUnder(lines: readonly PlanTextLine[], heading: number): boolean {
  for (let i = heading + 1; i < lines.length && lines[i]?.kind !== 'heading'; i++) if (lines[i]?.kind === 'line') return true;
  return false;
}

function headingsWithLines(lines: readonly PlanTextLine[]): string[] {
  return headingIndexes(lines)
    .filter((i) => hasLinesUnder(lines, i))
    .map((i) => lines[i]?.text ?? '');
}
