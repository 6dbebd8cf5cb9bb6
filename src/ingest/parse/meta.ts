import { normaliseSpace } from './citations.js';
import { inlineText } from './inline-text.js';
import type { Licence } from './types.js';
import { attrOf, childElements, childrenOf, firstChild, textOf, tagOf, type XmlNode } from './xml-tree.js';

/** Inline text of the first child named `tag`, or null when absent or empty. */
export function childText(nodes: XmlNode[], tag: string): string | null {
  const node = firstChild(nodes, tag);
  if (node === undefined) return null;
  const text = inlineText(childrenOf(node));
  return text === '' ? null : text;
}

/** Licence text (license-p, else the copyright statement) and the licence URL from a `permissions` element. */
export function licenceOf(permissions: XmlNode | undefined): Licence {
  if (permissions === undefined) return { text: null, url: null };
  const parts = childrenOf(permissions);
  const license = firstChild(parts, 'license');
  const licenceParagraphs = license === undefined ? [] : childElements(childrenOf(license), 'license-p');
  const text = normaliseSpace(licenceParagraphs.map((p) => inlineText(childrenOf(p))).join(' '));
  const url = license === undefined ? undefined : (attrOf(license, 'xlink:href') ?? attrOf(license, 'href'));
  return {
    text: text !== '' ? text : childText(parts, 'copyright-statement'),
    url: url === undefined || url.trim() === '' ? null : url.trim(),
  };
}

/** The `xml:lang` of the first element that has one, else 'en'. */
export function languageOf(...elements: Array<XmlNode | undefined>): string {
  for (const element of elements) {
    const lang = element === undefined ? undefined : attrOf(element, 'xml:lang');
    if (lang !== undefined && lang.trim() !== '') return lang.trim().toLowerCase();
  }
  return 'en';
}

/** ISO yyyy-mm-dd from a JATS/BITS `date` (iso-8601-date attribute, else year/month/day), or null. */
export function isoDate(date: XmlNode | undefined): string | null {
  if (date === undefined) return null;
  const iso = attrOf(date, 'iso-8601-date');
  if (iso !== undefined && /^\d{4}-\d{2}-\d{2}/.test(iso)) return iso.slice(0, 10);
  const parts = childrenOf(date);
  const year = numberIn(parts, 'year');
  if (year === null) return null;
  const month = numberIn(parts, 'month') ?? 1;
  const day = numberIn(parts, 'day') ?? 1;
  if (month < 1 || month > 12 || day < 1 || day > 31) return null;
  return `${String(year).padStart(4, '0')}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function numberIn(nodes: XmlNode[], tag: string): number | null {
  const node = firstChild(nodes, tag);
  if (node === undefined) return null;
  const raw = childrenOf(node)
    .filter((child) => tagOf(child) === '#text')
    .map(textOf)
    .join('')
    .trim();
  return /^\d+$/.test(raw) ? Number.parseInt(raw, 10) : null;
}
