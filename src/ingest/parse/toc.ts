import { childText, isoDate, languageOf, licenceOf, numberIn } from './meta.js';
import { parseError } from './parse-error.js';
import type { BookMeta } from './types.js';
import { attrOf, childElements, childrenOf, findPath, firstChild, parseXml, rootElement, tagOf, type XmlNode } from './xml-tree.js';

/** Reads book metadata from a package's TOC.nxml (root `book`); absent pieces come back null. */
export function parseBookToc(xml: string, fileName = 'TOC.nxml'): BookMeta {
  const root = rootElement(parseXml(xml, fileName));
  if (root === undefined || tagOf(root) !== 'book') {
    throw parseError('unsupported_root', `${fileName}: expected a <book> root, found <${root === undefined ? 'nothing' : tagOf(root)}>`, { fileName });
  }
  const bookMeta = childrenOf(firstChild(childrenOf(root), 'book-meta') ?? { 'book-meta': [] });
  const publisher = firstChild(bookMeta, 'publisher');
  return {
    accession: bookAccession(bookMeta),
    title: titleOf(bookMeta),
    publisher: publisher === undefined ? null : childText(childrenOf(publisher), 'publisher-name'),
    year: publicationYear(bookMeta),
    licence: licenceOf(firstChild(bookMeta, 'permissions')),
    language: languageOf(root),
    lastUpdated: lastUpdated(bookMeta),
  };
}

/** The `book-id` typed "accession", else the first book-id of any type. */
export function bookAccession(bookMeta: XmlNode[]): string | null {
  const ids = childElements(bookMeta, 'book-id');
  const preferred = ids.find((id) => attrOf(id, 'book-id-type') === 'accession') ?? ids[0];
  if (preferred === undefined) return null;
  const text = childText([preferred], 'book-id');
  return text === null ? null : text.trim();
}

export function titleOf(bookMeta: XmlNode[]): string | null {
  const titleGroup = firstChild(bookMeta, 'book-title-group');
  return titleGroup === undefined ? null : childText(childrenOf(titleGroup), 'book-title');
}

function publicationYear(bookMeta: XmlNode[]): number | null {
  const dates = childElements(bookMeta, 'pub-date');
  const preferred =
    dates.find((date) => attrOf(date, 'date-type') === 'pub' || attrOf(date, 'pub-type') === 'pub') ?? dates[0];
  return preferred === undefined ? null : numberIn(childrenOf(preferred), 'year');
}

function lastUpdated(bookMeta: XmlNode[]): string | null {
  const history = findPath(bookMeta, ['pub-history']);
  const dates = history === undefined ? [] : childElements(childrenOf(history), 'date');
  const updated = dates.filter((date) => attrOf(date, 'date-type') === 'updated').map(isoDate);
  const latest = updated.filter((date): date is string => date !== null).sort().pop();
  return latest ?? null;
}
