import { blockText, tableNotes } from './block-text.js';
import { splitSentences } from './sentences.js';
import type { Block } from './types.js';

/**
 * The smallest pieces the packer may place in a chunk. `separator` joins a segment to the previous one
 * in the same chunk. `lead` lines (a table caption, a box title) print before the segment wherever it
 * lands: they open their block. `headers` print only when a chunk starts with this segment, so a
 * continuation still says what it continues.
 */
export interface Segment {
  text: string;
  separator: string;
  lead: string[];
  headers: string[];
}

const BLOCK_SEPARATOR = '\n\n';
const LINE_SEPARATOR = '\n';
const SENTENCE_SEPARATOR = ' ';

/**
 * Cuts a block into segments, as coarse as `fits` allows: the whole block when it fits, else paragraphs
 * into sentences, lists into items, tables into rows (the caption leading the first row and repeated
 * on continuations), boxes into their inner blocks. Rows and sentences are never cut further.
 */
export function segmentBlock(block: Block, fits: (text: string) => boolean, separator = BLOCK_SEPARATOR, headers: string[] = []): Segment[] {
  const whole = blockText(block);
  if (fits(whole)) return [{ text: whole, separator, lead: [], headers }];
  switch (block.kind) {
    case 'paragraph':
      return sentenceSegments(block.text, separator, headers);
    case 'list':
      return withLead(block.title, listSegments(block.items, fits, separator, titled(headers, block.title)), separator, headers);
    case 'table': {
      const lines = [...block.rows, ...tableNotes(block)];
      // Rows are atomic: a row over budget becomes its own (oversized) chunk rather than being cut.
      const rows = lines.map((text, index) => ({
        text,
        separator: index === 0 ? separator : LINE_SEPARATOR,
        lead: [],
        headers: [...headers, block.caption],
      }));
      return withLead(block.caption, rows, separator, headers);
    }
    case 'box': {
      const innerHeaders = titled(headers, block.title);
      const inner = block.blocks.flatMap((child, index) => segmentBlock(child, fits, index === 0 ? separator : LINE_SEPARATOR, innerHeaders));
      return withLead(block.title, inner, separator, headers);
    }
  }
}

function listSegments(items: string[], fits: (text: string) => boolean, separator: string, headers: string[]): Segment[] {
  return items.flatMap((text, index) => {
    const itemSeparator = index === 0 ? separator : LINE_SEPARATOR;
    return fits(text) ? [{ text, separator: itemSeparator, lead: [], headers }] : sentenceSegments(text, itemSeparator, headers);
  });
}

/** Makes a block's title lead its first segment, which then opens a chunk under the outer headers only. */
function withLead(title: string | null, segments: Segment[], separator: string, outerHeaders: string[]): Segment[] {
  if (title === null) return segments;
  const [first, ...rest] = segments;
  if (first === undefined) return [{ text: title, separator, lead: [], headers: outerHeaders }];
  return [{ ...first, lead: [title, ...first.lead], headers: outerHeaders }, ...rest];
}

function titled(headers: string[], title: string | null): string[] {
  return title === null ? headers : [...headers, title];
}

function sentenceSegments(text: string, separator: string, headers: string[]): Segment[] {
  return splitSentences(text).map((sentence, index) => ({
    text: sentence,
    separator: index === 0 ? separator : SENTENCE_SEPARATOR,
    lead: [],
    headers,
  }));
}
