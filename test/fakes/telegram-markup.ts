/**
 * Telegram's message formatting as the Bot API applies it: parse `HTML` or `MarkdownV2` text into plain
 * text plus entities, or fail the way the API does ("can't parse entities: ..."). Deliberately strict
 * where the docs say "must" (unescaped `&`, `<` and reserved MarkdownV2 characters), so an escaping bug
 * in the bot fails a test instead of failing in the field.
 */

/** A Telegram MessageEntity (offsets and lengths in UTF-16 code units). */
export interface TelegramEntity {
  type: string;
  offset: number;
  length: number;
  url?: string;
  language?: string;
  custom_emoji_id?: string;
}

export type ParsedText = { ok: true; text: string; entities: TelegramEntity[] } | { ok: false; error: string };

/** Parses `text` under `parseMode` (undefined = plain text), trimming as the API does. */
export function parseTelegramText(text: string, parseMode: string | undefined): ParsedText {
  let parsed: ParsedText;
  if (parseMode === undefined || parseMode === '') parsed = { ok: true, text, entities: [] };
  else if (parseMode.toLowerCase() === 'html') parsed = parseHtml(text);
  else if (parseMode.toLowerCase() === 'markdownv2') parsed = parseMarkdownV2(text);
  // Legacy Markdown is deprecated and lenient; nothing in this project should send it.
  else if (parseMode.toLowerCase() === 'markdown') parsed = { ok: true, text, entities: [] };
  else return { ok: false, error: 'Bad Request: unsupported parse_mode' };
  return parsed.ok ? trimParsed(parsed.text, parsed.entities) : parsed;
}

/** The API strips leading and trailing whitespace after parsing; entities shift and clip with it. */
function trimParsed(text: string, entities: TelegramEntity[]): ParsedText {
  const start = text.length - text.trimStart().length;
  const trimmed = text.trim();
  const kept: TelegramEntity[] = [];
  for (const entity of entities) {
    const from = Math.max(entity.offset - start, 0);
    const to = Math.min(entity.offset + entity.length - start, trimmed.length);
    if (to > from) kept.push({ ...entity, offset: from, length: to - from });
  }
  kept.sort((a, b) => a.offset - b.offset || b.length - a.length);
  return { ok: true, text: trimmed, entities: kept };
}

function entityError(message: string): ParsedText {
  return { ok: false, error: `Bad Request: can't parse entities: ${message}` };
}

function byteOffset(source: string, index: number): number {
  return Buffer.byteLength(source.slice(0, index), 'utf8');
}

// ---------------------------------------------------------------- HTML

const SIMPLE_HTML_TAGS: Record<string, string> = {
  b: 'bold',
  strong: 'bold',
  i: 'italic',
  em: 'italic',
  u: 'underline',
  ins: 'underline',
  s: 'strikethrough',
  strike: 'strikethrough',
  del: 'strikethrough',
  'tg-spoiler': 'spoiler',
  code: 'code',
  pre: 'pre',
  blockquote: 'blockquote',
};
const HTML_TAGS = new Set([...Object.keys(SIMPLE_HTML_TAGS), 'a', 'span', 'tg-emoji']);
const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

interface OpenTag {
  name: string;
  entity: TelegramEntity;
  /** <code> inside <pre> only names the block's language; the API emits no entity for it. */
  silent?: boolean;
}

function parseHtml(source: string): ParsedText {
  let text = '';
  const open: OpenTag[] = [];
  const entities: TelegramEntity[] = [];
  let i = 0;
  while (i < source.length) {
    const char = source[i] ?? '';
    if (char === '&') {
      const match = /^&(#[0-9]+|#x[0-9a-fA-F]+|[a-zA-Z]+);/.exec(source.slice(i, i + 12));
      if (!match?.[1]) return entityError(`Can't find end of the entity starting at byte offset ${byteOffset(source, i)}`);
      const name = match[1];
      const decoded = name.startsWith('#') ? decodeNumeric(name) : NAMED_ENTITIES[name];
      if (decoded === undefined) {
        return entityError(`Unsupported HTML entity "&${name};" at byte offset ${byteOffset(source, i)}`);
      }
      text += decoded;
      i += match[0].length;
      continue;
    }
    if (char !== '<') {
      text += char;
      i += 1;
      continue;
    }
    const close = source.indexOf('>', i);
    if (close < 0) return entityError(`Unclosed start tag at byte offset ${byteOffset(source, i)}`);
    const inner = source.slice(i + 1, close);
    if (inner.startsWith('/')) {
      const name = inner.slice(1).trim().toLowerCase();
      const top = open.at(-1);
      if (!top) return entityError(`Unexpected end tag at byte offset ${byteOffset(source, i)}`);
      if (top.name !== name) {
        return entityError(`Unmatched end tag at byte offset ${byteOffset(source, i)}, expected "</${top.name}>", found "</${name}>"`);
      }
      open.pop();
      top.entity.length = text.length - top.entity.offset;
    } else {
      const started = startHtmlTag(inner, text.length, open);
      if (typeof started === 'string') return entityError(`${started} at byte offset ${byteOffset(source, i)}`);
      open.push(started);
      // Listed in opening order so that an outer and inner tag over the same text keep that order.
      if (!started.silent) entities.push(started.entity);
    }
    i = close + 1;
  }
  const unclosed = open.at(-1);
  if (unclosed) return entityError(`Can't find end tag corresponding to start tag "${unclosed.name}"`);
  return { ok: true, text, entities: entities.filter((entity) => entity.length > 0) };
}

/** The opened tag, or the API's reason for refusing it (without the offset). */
function startHtmlTag(inner: string, offset: number, open: OpenTag[]): OpenTag | string {
  const nameMatch = /^([a-zA-Z][a-zA-Z0-9-]*)/.exec(inner);
  const name = (nameMatch?.[1] ?? '').toLowerCase();
  if (!HTML_TAGS.has(name) || inner.trimEnd().endsWith('/')) return `Unsupported start tag "${name}"`;
  const attributes = parseAttributes(inner.slice(name.length));
  if (attributes === undefined) return `Can't parse attributes of start tag "${name}"`;
  const entity: TelegramEntity = { type: SIMPLE_HTML_TAGS[name] ?? name, offset, length: 0 };
  switch (name) {
    case 'a': {
      const href = attributes.href;
      if (href === undefined) return `Unsupported start tag "a" without href`;
      entity.type = 'text_link';
      entity.url = href;
      break;
    }
    case 'span':
      if (attributes.class !== 'tg-spoiler') return `Unsupported start tag "span"`;
      entity.type = 'spoiler';
      break;
    case 'tg-emoji':
      if (attributes['emoji-id'] === undefined) return `Unsupported start tag "tg-emoji" without emoji-id`;
      entity.type = 'custom_emoji';
      entity.custom_emoji_id = attributes['emoji-id'];
      break;
    case 'blockquote':
      if ('expandable' in attributes) entity.type = 'expandable_blockquote';
      break;
    case 'code': {
      // <pre><code class="language-x"> sets the pre block's language instead of adding a code entity.
      const parent = open.at(-1);
      const language = /^language-(.+)$/.exec(attributes.class ?? '')?.[1];
      if (parent?.name === 'pre') {
        if (language) parent.entity.language = language;
        return { name, entity, silent: true };
      }
      break;
    }
  }
  return { name, entity };
}

function parseAttributes(source: string): Record<string, string> | undefined {
  const attributes: Record<string, string> = {};
  const pattern = /\s*([a-zA-Z][a-zA-Z0-9-]*)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+)))?/y;
  let rest = source.trimEnd();
  while (rest.trim() !== '') {
    pattern.lastIndex = 0;
    const match = pattern.exec(rest);
    if (!match?.[1]) return undefined;
    attributes[match[1].toLowerCase()] = decodeAttribute(match[2] ?? match[3] ?? match[4] ?? '');
    rest = rest.slice(match[0].length);
  }
  return attributes;
}

function decodeAttribute(value: string): string {
  return value.replace(/&(#[0-9]+|#x[0-9a-fA-F]+|lt|gt|amp|quot);/g, (_, name: string) =>
    name.startsWith('#') ? (decodeNumeric(name) ?? '') : (NAMED_ENTITIES[name] ?? ''),
  );
}

function decodeNumeric(name: string): string | undefined {
  const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
  return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : undefined;
}

// ---------------------------------------------------------------- MarkdownV2

const RESERVED_MARKDOWN = new Set('_*[]()~`>#+-=|{}.!'.split(''));
const MARKDOWN_ENTITY_NAMES: Record<string, string> = {
  bold: 'Bold',
  italic: 'Italic',
  underline: 'Underline',
  strikethrough: 'Strikethrough',
  spoiler: 'Spoiler',
  text_link: 'TextUrl',
};

interface OpenMarkdown {
  type: string;
  offset: number;
  sourceIndex: number;
}

function parseMarkdownV2(source: string): ParsedText {
  let text = '';
  const entities: TelegramEntity[] = [];
  const open: OpenMarkdown[] = [];
  let quoteStart: number | undefined;
  let i = 0;
  const toggle = (type: string, width: number): ParsedText | undefined => {
    const top = open.at(-1);
    if (top?.type === type) {
      open.pop();
      if (text.length > top.offset) entities.push({ type, offset: top.offset, length: text.length - top.offset });
    } else if (open.some((entry) => entry.type === type)) {
      return entityError(`Can't find end of ${MARKDOWN_ENTITY_NAMES[type] ?? type} entity at byte offset ${byteOffset(source, i)}`);
    } else {
      open.push({ type, offset: text.length, sourceIndex: i });
    }
    i += width;
    return undefined;
  };

  while (i < source.length) {
    const char = source[i] ?? '';
    const atLineStart = i === 0 || source[i - 1] === '\n';
    if (atLineStart && char !== '>' && quoteStart !== undefined) {
      entities.push({ type: 'blockquote', offset: quoteStart, length: text.length - quoteStart - 1 });
      quoteStart = undefined;
    }
    if (char === '\\') {
      const next = source[i + 1];
      if (next === undefined) return entityError(`Character '\\' is reserved and must be escaped with the preceding '\\'`);
      text += next;
      i += 2;
      continue;
    }
    if (char === '>' && atLineStart) {
      quoteStart ??= text.length;
      i += 1;
      continue;
    }
    if (char === '`') {
      const fenced = source.startsWith('```', i);
      const end = findUnescaped(source, fenced ? '```' : '`', i + (fenced ? 3 : 1));
      if (end < 0) return entityError(`Can't find end of ${fenced ? 'Pre' : 'Code'} entity at byte offset ${byteOffset(source, i)}`);
      let body = source.slice(i + (fenced ? 3 : 1), end);
      let language: string | undefined;
      if (fenced) {
        const newline = body.indexOf('\n');
        if (newline >= 0 && /^[\w+-]+$/.test(body.slice(0, newline))) language = body.slice(0, newline);
        if (newline >= 0) body = body.slice(newline + 1);
      }
      const unescaped = body.replace(/\\([\\`])/g, '$1');
      const entity: TelegramEntity = { type: fenced ? 'pre' : 'code', offset: text.length, length: unescaped.length };
      if (language) entity.language = language;
      if (unescaped.length > 0) entities.push(entity);
      text += unescaped;
      i = end + (fenced ? 3 : 1);
      continue;
    }
    if (char === '*') {
      const failed = toggle('bold', 1);
      if (failed) return failed;
      continue;
    }
    if (char === '_') {
      const failed = source[i + 1] === '_' ? toggle('underline', 2) : toggle('italic', 1);
      if (failed) return failed;
      continue;
    }
    if (char === '~') {
      const failed = toggle('strikethrough', 1);
      if (failed) return failed;
      continue;
    }
    if (char === '|' && source[i + 1] === '|') {
      const failed = toggle('spoiler', 2);
      if (failed) return failed;
      continue;
    }
    if (char === '[') {
      open.push({ type: 'text_link', offset: text.length, sourceIndex: i });
      i += 1;
      continue;
    }
    if (char === ']' && open.at(-1)?.type === 'text_link' && source[i + 1] === '(') {
      const link = open.pop() as OpenMarkdown;
      const end = findUnescaped(source, ')', i + 2);
      if (end < 0) return entityError(`Can't find end of a url at byte offset ${byteOffset(source, i + 1)}`);
      const url = source.slice(i + 2, end).replace(/\\([\\)])/g, '$1');
      if (text.length > link.offset) entities.push({ type: 'text_link', offset: link.offset, length: text.length - link.offset, url });
      i = end + 1;
      continue;
    }
    if (RESERVED_MARKDOWN.has(char)) {
      return entityError(`Character '${char}' is reserved and must be escaped with the preceding '\\'`);
    }
    text += char;
    i += 1;
  }
  if (quoteStart !== undefined) entities.push({ type: 'blockquote', offset: quoteStart, length: text.length - quoteStart });
  const unclosed = open.at(-1);
  if (unclosed) {
    return entityError(
      `Can't find end of ${MARKDOWN_ENTITY_NAMES[unclosed.type] ?? unclosed.type} entity at byte offset ${byteOffset(source, unclosed.sourceIndex)}`,
    );
  }
  return { ok: true, text, entities };
}

function findUnescaped(source: string, needle: string, from: number): number {
  for (let i = from; i < source.length; i++) {
    if (source[i] === '\\') {
      i += 1;
      continue;
    }
    if (source.startsWith(needle, i)) return i;
  }
  return -1;
}

