import { createHash } from 'node:crypto';
import { blocksText } from './block-text.js';
import { segmentBlock, type Segment } from './segments.js';
import { estimateTokens, fitsBudget, joinTallies, tally, tokensOf, type TokenTally } from './tokens.js';
import type { Block, ChunkDraft, ChunkOptions, ParsedPart, SectionNode } from './types.js';

export const DEFAULT_TOKEN_BUDGET = 512;
const TITLE_SEPARATOR = ' > ';
const TITLE_GAP = '\n\n';

type RawChunk = Omit<ChunkDraft, 'ordinal' | 'contentHash' | 'tokenCount' | 'accession' | 'partFile'>;

interface Frame {
  sectionId: string | null;
  sectionPath: string[];
  sectionNumber: string | null;
  titleLine: string;
}

/**
 * Chunks a parsed part on its section tree (default budget 512 estimated tokens, title path included):
 * a section that fits with its subsections is one chunk; a larger one yields chunks of its own text and
 * recurses. Text that does not fit splits by block, then by item/row/sentence; only a single row or
 * sentence over budget is emitted over budget, marked oversized. The part itself is not a section: its
 * own text (outside any sec) is chunked alone and its top-level sections are chunked separately, so
 * every section keeps its own id.
 */
export function chunkPart(part: ParsedPart, opts: ChunkOptions): ChunkDraft[] {
  const budget = opts.tokenBudget ?? DEFAULT_TOKEN_BUDGET;
  if (!Number.isInteger(budget) || budget < 1) throw new RangeError(`tokenBudget must be a positive integer, got ${budget}`);
  const raw: RawChunk[] = [];
  const root = frameFor(opts.titlePrefix, [part.partTitle], null, part.label ?? null);
  packBlocks(part.blocks, root, budget, raw);
  part.sections.forEach((section, index) => chunkSection(section, root, index + 1, opts.titlePrefix, budget, raw));
  return finish(raw, opts);
}

/** `position` is the section's place (1-based) among its parent's sections. */
function chunkSection(section: SectionNode, parent: Frame, position: number, titlePrefix: string[], budget: number, out: RawChunk[]): void {
  const path = section.title === '' ? parent.sectionPath : [...parent.sectionPath, section.title];
  const frame = frameFor(titlePrefix, path, section.id ?? null, sectionNumber(section, parent.sectionNumber, position));
  const whole = sectionText(section);
  if (whole === '') return;
  const content = withTitle(frame.titleLine, whole);
  if (fitsBudget(content, budget)) {
    out.push({ ...frameFields(frame), content, oversized: false });
    return;
  }
  packBlocks(section.blocks, frame, budget, out);
  section.children.forEach((child, index) => chunkSection(child, frame, index + 1, titlePrefix, budget, out));
}

/**
 * A section's number as a reader cites it: its own label when the XML gives one ("3.2", a nested part's
 * "5"), else its parent's number and its place among its siblings ("3.2" for the second section of chapter
 * 3); null under a part without a label (front matter), where a place alone would name nothing.
 */
function sectionNumber(section: SectionNode, parentNumber: string | null, position: number): string | null {
  if (section.label !== undefined && section.label.trim() !== '') return section.label.trim();
  return parentNumber === null ? null : `${parentNumber}.${position}`;
}

/** A section's own text, then each subsection's title line and text, recursively. */
function sectionText(section: SectionNode): string {
  const parts = [blocksText(section.blocks)];
  for (const child of section.children) {
    const childText = sectionText(child);
    if (childText !== '') parts.push(child.title === '' ? childText : `${child.title}\n\n${childText}`);
  }
  return parts.filter((part) => part !== '').join('\n\n');
}

/** Greedily fills chunks with segments in document order; a segment that cannot fit even alone is emitted as oversized. */
function packBlocks(blocks: Block[], frame: Frame, budget: number, out: RawChunk[]): void {
  if (blocks.length === 0) return;
  // Separators are whitespace, so tallies add up and a growing chunk is never rescanned.
  const titleTally = joinTallies(tally(frame.titleLine), TITLE_GAP, { chars: 0, pieces: 0 });
  const fitsTally = (counts: TokenTally): boolean => tokensOf(joinTallies(titleTally, '', counts)) <= budget;
  const fits = (text: string): boolean => fitsBudget(text, budget, titleTally);
  const emit = (text: string, oversized: boolean): void => {
    out.push({ ...frameFields(frame), content: withTitle(frame.titleLine, text), oversized });
  };
  let current: { text: string; counts: TokenTally } | null = null;
  for (const segment of blocks.flatMap((block) => segmentBlock(block, fits))) {
    const placed = [...segment.lead, segment.text].join('\n');
    const placedCounts = tally(placed);
    if (current !== null) {
      const counts = joinTallies(current.counts, segment.separator, placedCounts);
      if (fitsTally(counts)) {
        current = { text: `${current.text}${segment.separator}${placed}`, counts };
        continue;
      }
      emit(current.text, false);
      current = null;
    }
    const opening = openingText(segment, fits);
    if (opening === null) emit([...segment.headers, placed].join('\n'), true);
    else current = { text: opening, counts: tally(opening) };
  }
  if (current !== null) emit(current.text, false);
}

/**
 * The text that starts a chunk with `segment`: with the headers of what it continues and its lead
 * (a caption), dropping those before the segment itself when the budget is tight. Null when even the
 * bare segment is over budget: it is a single row or sentence and becomes an oversized chunk.
 */
function openingText(segment: Segment, fits: (text: string) => boolean): string | null {
  const candidates = [
    [...segment.headers, ...segment.lead, segment.text],
    [...segment.lead, segment.text],
    [segment.text],
  ];
  for (const lines of candidates) {
    const text = lines.join('\n');
    if (fits(text)) return text;
  }
  return null;
}

function frameFor(titlePrefix: string[], sectionPath: string[], sectionId: string | null, sectionNumber: string | null): Frame {
  const titles = [...titlePrefix, ...sectionPath].filter((title) => title !== '');
  return { sectionId, sectionPath, sectionNumber, titleLine: titles.join(TITLE_SEPARATOR) };
}

function frameFields(frame: Frame): Pick<RawChunk, 'sectionId' | 'sectionPath' | 'sectionNumber'> {
  return { sectionId: frame.sectionId, sectionPath: frame.sectionPath, sectionNumber: frame.sectionNumber };
}

function withTitle(titleLine: string, text: string): string {
  return `${titleLine}${TITLE_GAP}${text}`;
}

function finish(raw: RawChunk[], opts: ChunkOptions): ChunkDraft[] {
  const ordinals = new Map<string, number>();
  return raw.map((chunk) => {
    const key = JSON.stringify(chunk.sectionPath);
    const ordinal = ordinals.get(key) ?? 0;
    ordinals.set(key, ordinal + 1);
    return {
      accession: opts.accession,
      partFile: opts.partFile,
      sectionId: chunk.sectionId,
      sectionPath: chunk.sectionPath,
      sectionNumber: chunk.sectionNumber,
      ordinal,
      content: chunk.content,
      tokenCount: estimateTokens(chunk.content),
      contentHash: createHash('sha256').update(chunk.content).digest('hex'),
      oversized: chunk.oversized,
    };
  });
}
