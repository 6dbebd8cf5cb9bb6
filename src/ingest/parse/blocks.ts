import { normaliseSpace } from './citations.js';
import { inlineText } from './inline-text.js';
import { renderList, renderDefList } from './list-to-text.js';
import { renderTableWrap } from './table-to-text.js';
import type { Block } from './types.js';
import { childElements, childrenOf, firstChild, tagOf, type XmlNode } from './xml-tree.js';

/** Elements that start their own block; anything else met in a flow is inline content of a paragraph. */
const BLOCK_TAGS = new Set([
  'p',
  'sec',
  'title',
  'list',
  'def-list',
  'table-wrap',
  'table-wrap-group',
  'table',
  'boxed-text',
  'disp-quote',
  'fig',
  'fig-group',
  'supplementary-material',
  'fn-group',
  'glossary',
  'statement',
  'speech',
  'verse-group',
  'preformat',
  'notes',
  'app',
  'app-group',
]);
/** Never reader content: references, metadata, images. */
const SKIPPED_TAGS = new Set(['ref-list', 'sec-meta', 'object-id', 'graphic', 'media', 'alt-text', 'long-desc', 'label', 'ack']);

/** Renders body-level content (the children of a body, sec, box or quote) to blocks in document order. */
export function renderBlocks(nodes: XmlNode[]): Block[] {
  const blocks: Block[] = [];
  renderFlow(nodes, blocks);
  return blocks;
}

/**
 * Consecutive inline nodes form one paragraph; a block element (a table inside a `p`, say) ends it.
 * Inline footnotes are lifted out and follow the paragraph as notes, so a sentence is never cut by one.
 */
function renderFlow(nodes: XmlNode[], out: Block[]): void {
  let run: XmlNode[] = [];
  const notes: string[] = [];
  const flush = (): void => {
    pushParagraph(out, inlineText(run));
    run = [];
  };
  for (const node of nodes) {
    const tag = tagOf(node);
    if (tag === 'fn') {
      notes.push(footnoteText(node));
    } else if (BLOCK_TAGS.has(tag) || SKIPPED_TAGS.has(tag)) {
      flush();
      renderBlock(node, out);
    } else {
      run.push(node);
    }
  }
  flush();
  for (const note of notes) pushParagraph(out, `Note: ${note}`);
}

function renderBlock(node: XmlNode, out: Block[]): void {
  const children = childrenOf(node);
  switch (tagOf(node)) {
    case 'p':
    case 'speech':
    case 'verse-group':
    case 'table-wrap-group':
    case 'fig-group':
      renderFlow(children, out);
      return;
    case 'sec':
    case 'statement':
    case 'disp-quote':
    case 'glossary':
    case 'notes':
    case 'app':
    case 'app-group':
      // Nested in a box, quote or back matter, these are part of that block's text: their label and
      // title ("Recommendation 3") make a line of their own, then their content follows.
      pushParagraph(out, headingOf(children));
      renderFlow(children.filter((child) => !HEADING_TAGS.has(tagOf(child))), out);
      return;
    case 'title':
    case 'preformat':
      pushParagraph(out, inlineText(children));
      return;
    case 'list':
      out.push(renderList(node));
      return;
    case 'def-list':
      out.push(renderDefList(node));
      return;
    case 'table-wrap':
      out.push(renderTableWrap(node));
      return;
    case 'table':
      out.push(renderTableWrap({ 'table-wrap': [node] }));
      return;
    case 'boxed-text':
      out.push(renderBox(node));
      return;
    case 'fig':
    case 'supplementary-material':
      pushParagraph(out, captionText(children));
      return;
    case 'fn-group':
      // End-of-section footnotes often qualify a recommendation ("not in the first trimester"): keep them as notes.
      for (const fn of childElements(children, 'fn')) pushParagraph(out, `Note: ${footnoteText(fn)}`);
      return;
    default:
      return; // SKIPPED_TAGS
  }
}

function renderBox(node: XmlNode): Block {
  const children = childrenOf(node);
  const caption = childrenOf(firstChild(children, 'caption') ?? { caption: [] });
  const label = inlineText(childrenOf(firstChild(children, 'label') ?? { label: [] }));
  const captionTitle = inlineText(childrenOf(firstChild(caption, 'title') ?? { title: [] }));
  const title = normaliseSpace(`${label} ${captionTitle}`);
  const blocks: Block[] = [];
  renderFlow(
    caption.filter((child) => tagOf(child) !== 'title'),
    blocks,
  );
  renderFlow(
    children.filter((child) => tagOf(child) !== 'caption' && tagOf(child) !== 'label'),
    blocks,
  );
  return { kind: 'box', title: title === '' ? null : title, blocks };
}

const HEADING_TAGS = new Set(['label', 'title']);

function headingOf(children: XmlNode[]): string {
  const label = inlineText(childrenOf(firstChild(children, 'label') ?? { label: [] }));
  const title = inlineText(childrenOf(firstChild(children, 'title') ?? { title: [] }));
  return normaliseSpace(`${label} ${title}`);
}

/** A figure or supplement contributes its label and caption only. */
function captionText(children: XmlNode[]): string {
  const label = inlineText(childrenOf(firstChild(children, 'label') ?? { label: [] }));
  const caption = inlineText(childrenOf(firstChild(children, 'caption') ?? { caption: [] }));
  return normaliseSpace(`${label} ${caption}`);
}

function footnoteText(fn: XmlNode): string {
  return inlineText(childrenOf(fn).filter((child) => tagOf(child) !== 'label'));
}

function pushParagraph(out: Block[], text: string): void {
  if (text.replace(/^Note:\s*/, '') !== '') out.push({ kind: 'paragraph', text });
}
