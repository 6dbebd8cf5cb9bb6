import { renderBlocks } from './blocks.js';
import { inlineText } from './inline-text.js';
import { childText, languageOf, licenceOf } from './meta.js';
import { parseError } from './parse-error.js';
import { bookAccession, titleOf } from './toc.js';
import type { Block, ParsedPart, SectionNode } from './types.js';
import { attrOf, childElements, childrenOf, findPath, firstChild, parseXml, rootElement, tagOf, type XmlNode } from './xml-tree.js';

/** Elements that become child sections of whatever holds them. */
const SECTION_TAGS = new Set(['sec', 'book-part', 'book-app', 'app']);
/** Section furniture that is not content. */
const HEADING_TAGS = new Set(['title', 'label', 'subtitle', 'sec-meta', 'book-part-meta', 'book-app-meta', 'front-matter']);

interface Content {
  blocks: Block[];
  sections: SectionNode[];
}

/**
 * Parses one content file: a BITS part (`book-part-wrapper` holding a `book-part`, `book-app` or
 * `book-app-group`) or a JATS `article`. Throws ParseError naming `fileName` when the XML is malformed or
 * is neither.
 */
export function parseGuidelinePart(xml: string, opts: { fileName: string }): ParsedPart {
  const root = rootElement(parseXml(xml, opts.fileName));
  const rootTag = root === undefined ? 'nothing' : tagOf(root);
  if (root !== undefined && rootTag === 'book-part-wrapper') return parseBookPart(root, opts.fileName);
  if (root !== undefined && rootTag === 'article') return parseArticle(root, opts.fileName);
  throw parseError(
    'unsupported_root',
    `${opts.fileName}: expected <book-part-wrapper> or <article>, found <${rootTag}>`,
    { fileName: opts.fileName },
  );
}

function parseBookPart(wrapper: XmlNode, fileName: string): ParsedPart {
  const children = childrenOf(wrapper);
  const bookMeta = childrenOf(firstChild(children, 'book-meta') ?? { 'book-meta': [] });
  const part = soleApp(firstChild(children, 'book-part') ?? firstChild(children, 'book-app') ?? firstChild(children, 'book-app-group'));
  if (part === undefined) {
    throw parseError('unsupported_root', `${fileName}: <book-part-wrapper> holds no book-part, book-app or book-app-group`, { fileName });
  }
  const { title, label } = tagOf(part) === 'book-app-group' ? appGroupHeading(part) : partHeading(part);
  const content = tagOf(part) === 'book-app-group' ? contentOf(childrenOf(part)) : partContent(part);
  const partId = attrOf(part, 'id') ?? attrOf(wrapper, 'id');
  return {
    kind: 'book-part',
    bookTitle: titleOf(bookMeta),
    partTitle: title ?? label ?? baseName(fileName),
    ...(label === null ? {} : { label }),
    ...(partId === undefined ? {} : { partId }),
    accession: bookAccession(bookMeta),
    licence: licenceOf(firstChild(bookMeta, 'permissions')),
    language: languageOf(part, wrapper),
    ...content,
  };
}

function parseArticle(article: XmlNode, fileName: string): ParsedPart {
  const children = childrenOf(article);
  const front = childrenOf(firstChild(children, 'front') ?? { front: [] });
  const articleMeta = childrenOf(firstChild(front, 'article-meta') ?? { 'article-meta': [] });
  const journalTitleGroup = findPath(front, ['journal-meta', 'journal-title-group']);
  const titleGroup = firstChild(articleMeta, 'title-group');
  const body = firstChild(children, 'body');
  const content = body === undefined ? { blocks: [], sections: [] } : contentOf(childrenOf(body));
  // Tables and figures some publishers park after the back matter still belong to the article.
  const floats = firstChild(children, 'floats-group');
  if (floats !== undefined) content.blocks.push(...renderBlocks(childrenOf(floats)));
  return {
    kind: 'article',
    bookTitle: journalTitleGroup === undefined ? null : childText(childrenOf(journalTitleGroup), 'journal-title'),
    partTitle: (titleGroup === undefined ? null : childText(childrenOf(titleGroup), 'article-title')) ?? baseName(fileName),
    accession: articleAccession(articleMeta),
    licence: licenceOf(firstChild(articleMeta, 'permissions')),
    language: languageOf(article),
    ...content,
  };
}

/** PMC id ("PMC3166277"), else the DOI, else any article-id. */
function articleAccession(articleMeta: XmlNode[]): string | null {
  const ids = childElements(articleMeta, 'article-id').map((id) => ({
    type: attrOf(id, 'pub-id-type') ?? '',
    value: inlineText(childrenOf(id)),
  }));
  for (const type of ['pmc', 'pmcid', 'doi']) {
    const found = ids.find((id) => id.type === type && id.value !== '');
    if (found !== undefined) return /^\d+$/.test(found.value) ? `PMC${found.value}` : found.value;
  }
  return ids.find((id) => id.value !== '')?.value ?? null;
}

function partHeading(part: XmlNode): { title: string | null; label: string | null } {
  const children = childrenOf(part);
  const meta = firstChild(children, 'book-part-meta') ?? firstChild(children, 'book-app-meta');
  const titleGroup = meta === undefined ? firstChild(children, 'title-group') : firstChild(childrenOf(meta), 'title-group');
  if (titleGroup === undefined) return { title: childText(children, 'title'), label: childText(children, 'label') };
  return { title: childText(childrenOf(titleGroup), 'title'), label: childText(childrenOf(titleGroup), 'label') };
}

/** A group holding one appendix is that appendix; its title should not appear twice in the path. */
function soleApp(part: XmlNode | undefined): XmlNode | undefined {
  if (part === undefined || tagOf(part) !== 'book-app-group') return part;
  const apps = childElements(childrenOf(part), 'book-app');
  return apps.length === 1 ? apps[0] : part;
}

function appGroupHeading(group: XmlNode): { title: string | null; label: string | null } {
  const own = partHeading(group);
  return { title: own.title ?? 'Appendices', label: own.label };
}

/** A book-part's body content and sections, then its back matter (appendices, glossary, notes). */
function partContent(part: XmlNode): Content {
  const children = childrenOf(part);
  const body = firstChild(children, 'body');
  const content = contentOf(body === undefined ? [] : childrenOf(body));
  // Parts nested directly in a part (a "part" holding chapters) are sections of it.
  content.sections.push(...children.filter((child) => SECTION_TAGS.has(tagOf(child))).map(sectionOf));
  const back = firstChild(children, 'back');
  if (back !== undefined) {
    for (const node of childrenOf(back)) {
      const tag = tagOf(node);
      if (tag === 'app-group') content.sections.push(...childElements(childrenOf(node), 'app').map(sectionOf));
      else if (tag === 'app' || tag === 'glossary') content.sections.push(sectionOf(node));
      else if (tag === 'fn-group') content.blocks.push(...renderBlocks([node]));
      // ref-list and ack are not guidance.
    }
  }
  return content;
}

/** Splits a body-like node list into its own blocks (document order) and its child sections. */
function contentOf(nodes: XmlNode[]): Content {
  return {
    blocks: renderBlocks(nodes.filter((node) => !SECTION_TAGS.has(tagOf(node)) && !HEADING_TAGS.has(tagOf(node)))),
    sections: nodes.filter((node) => SECTION_TAGS.has(tagOf(node))).map(sectionOf),
  };
}

function sectionOf(node: XmlNode): SectionNode {
  const tag = tagOf(node);
  const id = attrOf(node, 'id');
  const isPart = tag === 'book-part' || tag === 'book-app';
  const heading = isPart ? partHeading(node) : { title: childText(childrenOf(node), 'title'), label: childText(childrenOf(node), 'label') };
  const content = isPart ? partContent(node) : contentOf(childrenOf(node));
  return {
    ...(id === undefined ? {} : { id }),
    title: heading.title ?? heading.label ?? '',
    ...(heading.label === null ? {} : { label: heading.label }),
    blocks: content.blocks,
    children: content.sections,
  };
}

function baseName(fileName: string): string {
  return (fileName.split(/[/\\]/).pop() ?? fileName).replace(/\.[^.]*$/, '');
}
