import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { parseError } from './parse-error.js';
import type { XmlNode } from './xml-node.js';
import { scanXml } from './xml-scan.js';

export type { XmlNode } from './xml-node.js';

const parser = new XMLParser({
  preserveOrder: true, // mixed content ("a <italic>b</italic> c") must keep its order
  ignoreAttributes: false,
  attributeNamePrefix: '',
  trimValues: false, // the spaces around inline elements separate words
  parseTagValue: false,
  parseAttributeValue: false,
  ignoreDeclaration: true,
  ignorePiTags: true,
  htmlEntities: true, // numeric references (&#x2013;) and the HTML names JATS DTDs define (&nbsp;)
});

/**
 * Parses well-formed XML into ordered nodes. Throws ParseError('malformed_xml') with line and column,
 * because fast-xml-parser on its own accepts some broken documents silently. Plain files (nearly all)
 * take the single-pass scanner; anything it declines is validated, then parsed, by fast-xml-parser.
 */
export function parseXml(xml: string, fileName?: string): XmlNode[] {
  return scanXml(xml) ?? validateAndParseXml(xml, fileName);
}

/** The general path: fast-xml-parser's validator, then its parser (two passes). */
export function validateAndParseXml(xml: string, fileName?: string): XmlNode[] {
  const verdict = XMLValidator.validate(xml);
  const where = fileName === undefined ? {} : { fileName };
  if (verdict !== true) {
    const { msg, line, col } = verdict.err;
    const prefix = fileName === undefined ? '' : `${fileName}: `;
    const position = col === undefined ? `line ${line}` : `line ${line}, column ${col}`;
    throw parseError('malformed_xml', `${prefix}malformed XML at ${position}: ${msg}`, where);
  }
  return parser.parse(xml) as XmlNode[];
}

/** The element name of a node, '#text' for text. */
export function tagOf(node: XmlNode): string {
  for (const key of Object.keys(node)) if (key !== ':@') return key;
  return '';
}

export function childrenOf(node: XmlNode): XmlNode[] {
  const value = node[tagOf(node)];
  return Array.isArray(value) ? (value as XmlNode[]) : [];
}

export function textOf(node: XmlNode): string {
  const value = node['#text'];
  return typeof value === 'string' ? value : value === undefined ? '' : String(value);
}

export function attrOf(node: XmlNode, name: string): string | undefined {
  return node[':@']?.[name];
}

export function isElement(node: XmlNode): boolean {
  return tagOf(node) !== '#text';
}

export function childElements(nodes: XmlNode[], tag: string): XmlNode[] {
  return nodes.filter((node) => tagOf(node) === tag);
}

export function firstChild(nodes: XmlNode[], tag: string): XmlNode | undefined {
  return nodes.find((node) => tagOf(node) === tag);
}

/** Follows a path of element names from `nodes`, taking the first match at each step. */
export function findPath(nodes: XmlNode[], path: string[]): XmlNode | undefined {
  let current: XmlNode | undefined;
  let level = nodes;
  for (const tag of path) {
    current = firstChild(level, tag);
    if (current === undefined) return undefined;
    level = childrenOf(current);
  }
  return current;
}

/** The single root element of a parsed document (declarations, comments and PIs are already dropped). */
export function rootElement(nodes: XmlNode[]): XmlNode | undefined {
  return nodes.find(isElement);
}
