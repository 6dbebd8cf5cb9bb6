import type { XmlNode } from './xml-node.js';

/**
 * A single-pass scanner for the XML that guideline files are made of, producing the same ordered
 * nodes as fast-xml-parser's `preserveOrder` mode (as configured in xml-tree.ts) while checking
 * well-formedness on the way, so a file is read once instead of validated and then parsed.
 *
 * It returns null for anything outside that plain subset: malformed markup, a DOCTYPE with an internal
 * subset, a named entity other than the five of XML, an odd character reference. The caller then uses
 * the validating fast-xml-parser path, which gives the usual result or error. Returning null is always
 * safe; returning a tree that differs from fast-xml-parser's is not, and the parse tests compare the two.
 */
export function scanXml(xml: string): XmlNode[] | null {
  const roots: XmlNode[] = [];
  // The children list of each open element, innermost last, and its name.
  const stack: Array<{ name: string; children: XmlNode[] }> = [];
  let text = '';
  // fast-xml-parser keeps a byte-order mark as a text node; the decoder has already dropped it.
  if (xml.charCodeAt(0) === 0xfeff) return null;
  let position = 0;
  let rootSeen = false;

  const flush = (): void => {
    if (text === '') return;
    const top = stack[stack.length - 1];
    if (top !== undefined) top.children.push({ '#text': text });
    text = '';
  };

  while (position < xml.length) {
    const lt = xml.indexOf('<', position);
    const raw = lt === -1 ? xml.slice(position) : xml.slice(position, lt);
    if (raw !== '') {
      if (stack.length === 0) {
        if (raw.trim() !== '') return null; // text outside the root element
      } else {
        const decoded = raw.indexOf('&') === -1 ? raw : decodeReferences(raw);
        if (decoded === null) return null;
        text += decoded;
      }
    }
    if (lt === -1) break;
    const next = xml.charCodeAt(lt + 1);
    if (next === 0x2f /* / */) {
      const end = xml.indexOf('>', lt + 2);
      if (end === -1) return null;
      const name = xml.slice(lt + 2, end).trimEnd();
      if (stack[stack.length - 1]?.name !== name) return null;
      flush();
      stack.pop();
      position = end + 1;
    } else if (next === 0x21 /* ! */) {
      if (xml.startsWith('<!--', lt)) {
        const end = xml.indexOf('-->', lt + 4);
        if (end === -1) return null;
        position = end + 3; // a comment does not split the text around it
      } else if (xml.startsWith('<![CDATA[', lt)) {
        if (stack.length === 0) return null;
        const end = xml.indexOf(']]>', lt + 9);
        if (end === -1 || end === lt + 9) return null;
        flush();
        stack[stack.length - 1]?.children.push({ '#text': xml.slice(lt + 9, end) });
        position = end + 3;
      } else if (xml.startsWith('<!DOCTYPE', lt) && !rootSeen && stack.length === 0) {
        const end = xml.indexOf('>', lt);
        if (end === -1 || xml.slice(lt, end).includes('[')) return null; // an internal subset may declare entities
        position = end + 1;
      } else {
        return null;
      }
    } else if (next === 0x3f /* ? */) {
      const end = xml.indexOf('?>', lt + 2);
      if (end === -1) return null;
      const target = /^[A-Za-z_][\w.-]*/.exec(xml.slice(lt + 2, Math.min(end, lt + 40)))?.[0];
      if (target === undefined || (target.toLowerCase() === 'xml' && lt !== 0)) return null;
      flush(); // fast-xml-parser starts a new text node after a processing instruction
      position = end + 2;
    } else {
      const end = tagEnd(xml, lt + 1);
      if (end === -1) return null;
      const selfClosing = xml.charCodeAt(end - 1) === 0x2f;
      const body = xml.slice(lt + 1, selfClosing ? end - 1 : end);
      const nameEnd = body.search(/[\s]/);
      const name = nameEnd === -1 ? body : body.slice(0, nameEnd);
      if (!NAME.test(name)) return null;
      if (stack.length === 0 && rootSeen) return null; // a second root element
      const attributes = nameEnd === -1 ? {} : parseAttributes(body.slice(nameEnd));
      if (attributes === null) return null;
      flush();
      const children: XmlNode[] = [];
      const node: XmlNode = { [name]: children };
      if (Object.keys(attributes).length > 0) node[':@'] = attributes;
      const parent = stack[stack.length - 1];
      if (parent === undefined) {
        roots.push(node);
        rootSeen = true;
      } else {
        parent.children.push(node);
      }
      if (!selfClosing) stack.push({ name, children });
      position = end + 1;
    }
  }
  return stack.length === 0 && rootSeen ? roots : null;
}

const NAME = /^[A-Za-z_][\w.:-]*$/;
const ATTRIBUTE = /\s*([A-Za-z_][\w.:-]*)\s*=\s*(?:"([^"<]*)"|'([^'<]*)')/y;

/** The index of the `>` closing a start tag that begins at `from`, skipping quoted attribute values. */
function tagEnd(xml: string, from: number): number {
  let quote = 0;
  for (let i = from; i < xml.length; i += 1) {
    const c = xml.charCodeAt(i);
    if (quote !== 0) {
      if (c === quote) quote = 0;
    } else if (c === 0x22 || c === 0x27) {
      quote = c;
    } else if (c === 0x3e) {
      return i;
    } else if (c === 0x3c) {
      return -1;
    }
  }
  return -1;
}

function parseAttributes(source: string): Record<string, string> | null {
  const attributes: Record<string, string> = {};
  ATTRIBUTE.lastIndex = 0;
  let at = 0;
  while (at < source.length) {
    if (source.slice(at).trim() === '') break;
    ATTRIBUTE.lastIndex = at;
    const match = ATTRIBUTE.exec(source);
    if (match === null || match.index !== at) return null;
    // Attributes must be separated by white space: name="a"name2="b" is not well-formed.
    if (at > 0 && !/\s/.test(source.charAt(at))) return null;
    const name = match[1] ?? '';
    if (Object.hasOwn(attributes, name) || name === '__proto__' || name === 'constructor') return null;
    const raw = match[2] ?? match[3] ?? '';
    const value = raw.indexOf('&') === -1 ? raw : decodeReferences(raw);
    if (value === null) return null;
    attributes[name] = value;
    at = ATTRIBUTE.lastIndex;
  }
  return attributes;
}

const PREDEFINED: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
const REFERENCE = /&(?:#x([0-9A-Fa-f]{1,6})|#([0-9]{1,7})|([A-Za-z]+));|&/g;

/** Decodes the five XML entities and character references; null for anything else (the caller falls back). */
function decodeReferences(raw: string): string | null {
  let failed = false;
  const decoded = raw.replace(REFERENCE, (match, hex: string | undefined, decimal: string | undefined, name: string | undefined) => {
    if (name !== undefined) {
      const value = PREDEFINED[name];
      if (value === undefined) failed = true;
      return value ?? match;
    }
    if (hex === undefined && decimal === undefined) {
      failed = true; // a bare '&'
      return match;
    }
    const code = hex === undefined ? Number(decimal) : parseInt(hex, 16);
    // Only ordinary characters: controls, surrogates and out-of-range values go the validating way.
    if (code < 0x20 || (code >= 0x7f && code < 0xa0) || (code >= 0xd800 && code <= 0xdfff) || code > 0x10ffff || code === 0xfffe || code === 0xffff) {
      failed = true;
      return match;
    }
    return String.fromCodePoint(code);
  });
  return failed ? null : decoded;
}
