import { XMLParser } from 'fast-xml-parser';

/**
 * The baseline of bench:ingest and the yardstick of the paragraph check: one straightforward
 * fast-xml-parser pass over a part file (no separate validation, no rendering, no chunking) that
 * collects the text of its body paragraphs in document order.
 */
const parser = new XMLParser({
  preserveOrder: true,
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false,
  parseTagValue: false,
  htmlEntities: true,
});

type Node = Record<string, unknown>;

/** Containers walked down to reach body paragraphs; back matter, front matter and floats are not body. */
const CONTAINERS = new Set(['book-part-wrapper', 'book-part', 'book-app', 'book-app-group', 'article', 'body', 'sec']);
/** Elements whose text the parser rightly moves or drops: citations, footnotes, images. */
const LEFT_OUT = new Set(['xref', 'fn', 'graphic', 'inline-graphic', 'media', 'tex-math', 'alt-text', 'long-desc', 'index-term', 'target', 'object-id']);
const CITATION_LEAD = /([[(]\s*)(?:e\.g\.|i\.e\.|see(?: also)?|cf\.|reviewed (?:in|by))\s*,?\s*$/;
/** A paragraph holding one of these is rendered as several blocks; the check leaves it out (counted). */
const BLOCKS_IN_PARAGRAPH = new Set(['list', 'def-list', 'table-wrap', 'table', 'boxed-text', 'disp-quote', 'fig', 'fig-group', 'disp-formula', 'statement', 'speech', 'verse-group', 'preformat']);

export interface BodyParagraphs {
  /** Paragraph texts (words only), in document order. */
  paragraphs: string[][];
  /** Paragraphs holding a list, table or other block, not checked. */
  unchecked: number;
}

/** Parses `xml` once and returns the words of each body paragraph, in document order. */
export function baselineBodyParagraphs(xml: string): BodyParagraphs {
  const out: BodyParagraphs = { paragraphs: [], unchecked: 0 };
  walk(parser.parse(xml) as Node[], out);
  return out;
}

function walk(nodes: Node[], out: BodyParagraphs): void {
  for (const node of nodes) {
    const tag = tagOf(node);
    if (tag === 'p') {
      if (containsBlock(childrenOf(node))) out.unchecked += 1;
      else {
        const words = wordsOf(textOf(childrenOf(node)));
        if (words.length > 0) out.paragraphs.push(words);
      }
    } else if (CONTAINERS.has(tag)) {
      walk(childrenOf(node), out);
    }
  }
}

function containsBlock(nodes: Node[]): boolean {
  return nodes.some((node) => BLOCKS_IN_PARAGRAPH.has(tagOf(node)) || (tagOf(node) !== '#text' && containsBlock(childrenOf(node))));
}

function textOf(nodes: Node[]): string {
  let text = '';
  for (const node of nodes) {
    const tag = tagOf(node);
    if (tag === '#text') text += String(node['#text']);
    else if (tag === 'break') text += ' ';
    // The parser drops a citation with the words that only introduce it: "(see also [12])".
    else if (tag === 'xref' && (node[':@'] as Record<string, string> | undefined)?.['ref-type'] === 'bibr') text = text.replace(CITATION_LEAD, '$1');
    // Inline markup joins its text to its neighbours' ("mm<sup>3</sup>" is "mm3").
    else if (!LEFT_OUT.has(tag)) text += textOf(childrenOf(node));
  }
  return text;
}

function tagOf(node: Node): string {
  return Object.keys(node).find((key) => key !== ':@') ?? '';
}

function childrenOf(node: Node): Node[] {
  const value = node[tagOf(node)];
  return Array.isArray(value) ? (value as Node[]) : [];
}

/** Lower-case letter and digit runs: the comparison ignores spacing, punctuation and markup. */
export function wordsOf(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/** Words the parser may add between two words of one paragraph: a cross-reference's text, a sentence-split seam. */
const MAX_INSERTED_WORDS = 8;

/**
 * Checks that every paragraph appears, in order, in the chunks of its part (chunk contents in file
 * order; each chunk's title line is not body text). Returns the paragraphs not found, as text.
 */
export function missingParagraphs(paragraphs: string[][], chunkContents: string[]): string[] {
  const actual = wordsOf(chunkContents.map(bodyOf).join('\n'));
  const missing: string[] = [];
  let cursor = 0;
  for (const words of paragraphs) {
    const end = findInOrder(actual, words, cursor);
    if (end === -1) missing.push(words.join(' '));
    else cursor = end;
  }
  return missing;
}

/** Index after the match of `words` in `actual` at or after `from`, allowing a few inserted words between them; -1 if none. */
function findInOrder(actual: string[], words: string[], from: number): number {
  for (let start = actual.indexOf(words[0] ?? '', from); start !== -1; start = actual.indexOf(words[0] ?? '', start + 1)) {
    let at = start;
    let matched = 1;
    while (matched < words.length) {
      const limit = Math.min(actual.length, at + 2 + MAX_INSERTED_WORDS);
      let next = -1;
      for (let i = at + 1; i < limit; i += 1) {
        if (actual[i] === words[matched]) {
          next = i;
          break;
        }
      }
      if (next === -1) break;
      at = next;
      matched += 1;
    }
    if (matched === words.length) return at + 1;
  }
  return -1;
}

function bodyOf(content: string): string {
  const cut = content.indexOf('\n\n');
  return cut === -1 ? '' : content.slice(cut + 2);
}
