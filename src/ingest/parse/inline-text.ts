import { CITE_CLOSE, CITE_OPEN, finishInlineText } from './citations.js';
import { attrOf, childrenOf, tagOf, textOf, type XmlNode } from './xml-tree.js';

export interface InlineContext {
  /** Inside a table-wrap, a superscript letter ("5 to 15<sup>a</sup>") is a footnote marker. */
  inTable: boolean;
}

/** Elements whose content is never reader text. */
const SILENT = new Set([
  'fn', // an inline footnote is lifted out as a note by the block layer
  'graphic',
  'inline-graphic',
  'media',
  'tex-math', // LaTeX source is noise; MathML leaves are read instead
  'mml:annotation',
  'mml:annotation-xml',
  'ref-list',
  'object-id',
  'alt-text',
  'long-desc',
  'index-term',
  'target',
]);
const FOOTNOTE_XREF_TYPES = new Set(['fn', 'table-fn']);
// Element boundaries that separate words even when the source has no space around them
// (a cell or list item holding several paragraphs, a line break).
const SPACED = new Set(['break', 'hr', 'label', 'title', 'caption', 'p', 'list', 'list-item', 'def-item', 'term', 'def', 'disp-quote', 'disp-formula', 'attrib']);
const SYMBOL_MARKER = /^[*\u2020\u2021\u00a7\u00b6#]+(?:\s*,\s*[*\u2020\u2021\u00a7\u00b6#]+)*$/;
const LETTER_MARKER = /^[a-zA-Z](?:\s*,\s*[a-zA-Z])*$/;

/** Renders mixed content to raw text: markup dropped, citations wrapped in sentinels, spacing as in the source. */
export function renderInlineRaw(nodes: XmlNode[], context: InlineContext): string {
  let out = '';
  for (const node of nodes) out += renderNode(node, context);
  return out;
}

/** Renders mixed content to final plain text (citations and footnote markers removed, spaces collapsed). */
export function inlineText(nodes: XmlNode[], context: InlineContext = { inTable: false }): string {
  return finishInlineText(renderInlineRaw(nodes, context));
}

function renderNode(node: XmlNode, context: InlineContext): string {
  const tag = tagOf(node);
  if (tag === '#text') return textOf(node);
  if (SILENT.has(tag)) return '';
  if (SPACED.has(tag)) return ` ${renderInlineRaw(childrenOf(node), context)} `;
  if (tag === 'xref') return renderXref(node, context);
  if (tag === 'sup') return renderSuperscript(node, context);
  return renderInlineRaw(childrenOf(node), context);
}

function renderXref(node: XmlNode, context: InlineContext): string {
  const type = attrOf(node, 'ref-type');
  if (type !== undefined && FOOTNOTE_XREF_TYPES.has(type)) return '';
  const inner = renderInlineRaw(childrenOf(node), context);
  return type === 'bibr' ? `${CITE_OPEN}${inner}${CITE_CLOSE}` : inner;
}

function renderSuperscript(node: XmlNode, context: InlineContext): string {
  const inner = renderInlineRaw(childrenOf(node), context);
  const plain = inner.trim();
  if (SYMBOL_MARKER.test(plain)) return '';
  if (context.inTable && LETTER_MARKER.test(plain)) return '';
  return inner;
}
