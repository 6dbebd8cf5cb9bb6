import { blockText } from './block-text.js';
import { inlineText } from './inline-text.js';
import { renderTableWrap } from './table-to-text.js';
import type { ListBlock } from './types.js';
import { attrOf, childElements, childrenOf, firstChild, tagOf, type XmlNode } from './xml-tree.js';

const INDENT = '  ';
const BULLET_LABELS = /^[\u2022\u25cf\u25e6\u25aa\u2013\u2014\-*\u00b7o]$/;

/** Renders a `list` as one string per top-level item: "- item" or "1. item", nested items indented below it. */
export function renderList(list: XmlNode): ListBlock {
  const children = childrenOf(list);
  const title = inlineText(childrenOf(firstChild(children, 'title') ?? { title: [] }));
  return { kind: 'list', title: title === '' ? null : title, items: itemLines(list, 0) };
}

/** Renders a `def-list` as "- term: definition" items. */
export function renderDefList(list: XmlNode): ListBlock {
  const children = childrenOf(list);
  const title = inlineText(childrenOf(firstChild(children, 'title') ?? { title: [] }));
  const items = childElements(children, 'def-item')
    .map((item) => {
      const parts = childrenOf(item);
      const term = inlineText(childrenOf(firstChild(parts, 'term') ?? { term: [] }));
      const definition = childElements(parts, 'def')
        .map((def) => inlineText(childrenOf(def)))
        .filter((text) => text !== '')
        .join(' ');
      return term === '' ? definition : definition === '' ? term : `${term}: ${definition}`;
    })
    .filter((text) => text !== '')
    .map((text) => `- ${text}`);
  return { kind: 'list', title: title === '' ? null : title, items };
}

function itemLines(list: XmlNode, depth: number): string[] {
  const type = attrOf(list, 'list-type') ?? 'bullet';
  const pad = INDENT.repeat(depth);
  const items: string[] = [];
  childElements(childrenOf(list), 'list-item').forEach((item, index) => {
    const parts = childrenOf(item);
    const marker = markerFor(type, index, inlineText(childrenOf(firstChild(parts, 'label') ?? { label: [] })));
    const text: string[] = [];
    const nested: string[] = [];
    for (const part of parts) {
      const tag = tagOf(part);
      if (tag === 'label' || tag === '#text') continue;
      if (tag === 'list') nested.push(...itemLines(part, depth + 1));
      else if (tag === 'def-list') nested.push(...renderDefList(part).items.map((line) => `${INDENT.repeat(depth + 1)}${line}`));
      else if (tag === 'table-wrap') nested.push(...indentLines(blockText(renderTableWrap(part)), depth + 1));
      else if (tag === 'p' && childrenOf(part).some((child) => tagOf(child) === 'list')) {
        // A paragraph holding a sub-list: its words on the item line, the sub-list below.
        text.push(inlineText(childrenOf(part).filter((child) => tagOf(child) !== 'list')));
        for (const sub of childElements(childrenOf(part), 'list')) nested.push(...itemLines(sub, depth + 1));
      } else text.push(inlineText([part]));
    }
    const line = text.filter((piece) => piece !== '').join(' ');
    if (line === '' && nested.length === 0) return;
    items.push([`${pad}${marker} ${line}`.trimEnd(), ...nested].join('\n'));
  });
  return items;
}

function markerFor(type: string, index: number, label: string): string {
  if (label !== '' && !BULLET_LABELS.test(label)) return label;
  switch (type) {
    case 'order':
    case 'arabic':
      return `${index + 1}.`;
    case 'alpha-lower':
      return `${alpha(index)}.`;
    case 'alpha-upper':
      return `${alpha(index).toUpperCase()}.`;
    case 'roman-lower':
      return `${roman(index + 1).toLowerCase()}.`;
    case 'roman-upper':
      return `${roman(index + 1)}.`;
    default:
      return '-';
  }
}

function alpha(index: number): string {
  let out = '';
  for (let n = index; n >= 0; n = Math.floor(n / 26) - 1) out = String.fromCharCode(97 + (n % 26)) + out;
  return out;
}

function roman(value: number): string {
  const numerals: Array<[number, string]> = [
    [1000, 'M'], [900, 'CM'], [500, 'D'], [400, 'CD'], [100, 'C'], [90, 'XC'],
    [50, 'L'], [40, 'XL'], [10, 'X'], [9, 'IX'], [5, 'V'], [4, 'IV'], [1, 'I'],
  ];
  let rest = value;
  let out = '';
  for (const [amount, numeral] of numerals) {
    while (rest >= amount) {
      out += numeral;
      rest -= amount;
    }
  }
  return out;
}

function indentLines(text: string, depth: number): string[] {
  return text.split('\n').map((line) => `${INDENT.repeat(depth)}${line}`);
}
