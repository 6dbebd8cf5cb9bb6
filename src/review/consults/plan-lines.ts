import { parseNeutralMarkup, type MarkupSpan } from '../../bot/format/neutral-markup.js';
import { CITATION_GROUP, labelsInGroup } from '../../rag/plan/citations.js';
import { SOURCES_HEADING } from '../../rag/plan/format-sources.js';

/** A piece of a plan line: text (bold or a bare URL, as the neutral markup says) or an [Sn] citation group. */
export type PlanPart = { text: string; bold: boolean; url: boolean } | { labels: string[] };

/**
 * What a line of a plan is, read from the plan's own markup (never from its wording):
 * - `heading`: a line that is bold throughout (one of the plan's own section headings);
 * - `step`: a recommendation, a bullet or a line citing a section, outside the Sources block;
 * - `note`: any other paragraph (the decision-support note, the urgent lead, a notice);
 * - `source`: a line of the Sources block.
 */
export type PlanLineKind = 'heading' | 'step' | 'note' | 'source';

export interface PlanLine {
  /** 0-based index among the plan's non-empty lines (what a per-line flag refers to; stored reviews keep it). */
  index: number;
  kind: PlanLineKind;
  bullet: boolean;
  /** The line with its markup and citation markers split out. */
  parts: PlanPart[];
}

/** Splits a plan (the neutral markup of src/bot/format) into its non-empty lines, each classified and split into parts. */
export function planLines(text: string): PlanLine[] {
  const lines: PlanLine[] = [];
  let inSources = false;
  for (const line of parseNeutralMarkup(text)) {
    if (line.spans.length === 0 || line.spans.every((s) => s.text.trim() === '')) continue;
    const parts = line.spans.flatMap(splitCitations);
    const heading = !line.bullet && line.spans.every((s) => s.bold || s.text.trim() === '');
    if (heading) inSources = plainText(parts).trim().replace(/:$/, '') === SOURCES_HEADING;
    const cites = parts.some((p) => 'labels' in p);
    const kind: PlanLineKind = heading ? 'heading' : inSources ? 'source' : line.bullet || cites ? 'step' : 'note';
    lines.push({ index: lines.length, kind, bullet: line.bullet, parts });
  }
  return lines;
}

function splitCitations(span: MarkupSpan): PlanPart[] {
  if (span.url) return [{ ...span }];
  const parts: PlanPart[] = [];
  let at = 0;
  for (const match of span.text.matchAll(new RegExp(CITATION_GROUP.source, 'gi'))) {
    if (match.index > at) parts.push({ text: span.text.slice(at, match.index), bold: span.bold, url: false });
    parts.push({ labels: labelsInGroup(match[0]) });
    at = match.index + match[0].length;
  }
  if (at < span.text.length) parts.push({ text: span.text.slice(at), bold: span.bold, url: false });
  return parts;
}

/** The line as a reader sees it without its citation markers. */
export function plainText(parts: PlanPart[]): string {
  return parts
    .map((p) => ('text' in p ? p.text : ''))
    .join('')
    .replace(/\s+/g, ' ')
    // A citation taken out leaves its space before the full stop.
    .replace(/\s+([.,;:!?])/g, '$1')
    .trim();
}

/** The lines a supervisor may flag: the plan's steps, not its headings, notes or sources. */
export function flaggableLines(text: string): PlanLine[] {
  return planLines(text).filter((l) => l.kind === 'step');
}

/**
 * `text` shortened to at most `max` characters (default 90) at a word boundary, with an ellipsis when
 * anything was left out; a single word longer than `max` is kept whole rather than cut.
 */
export function shortenAtWord(text: string, max = 90): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  const head = space > 0 ? cut.slice(0, space) : (/^\S+/.exec(text)?.[0] ?? text);
  return `${head.replace(/[\s,;:.–-]+$/, '')}…`;
}
