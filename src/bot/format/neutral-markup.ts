/**
 * Parses the consult's neutral reply markup (see OutboundMessage in src/consult/messages.ts) into lines
 * of spans, so each channel renderer only decides how a bold span, a bullet or a URL looks.
 * The markup is deliberately tiny: `**bold**` within one line, lines starting with `- ` as bullets,
 * blank lines between paragraphs, bare http(s) URLs. Anything else is literal text.
 */

export interface MarkupSpan {
  text: string;
  bold: boolean;
  /** A bare URL: renderers must not escape-mangle or re-format it. */
  url: boolean;
}

export interface MarkupLine {
  /** Leading spaces before a bullet (nested lists), kept as written. */
  indent: string;
  bullet: boolean;
  /** Empty for a blank line (a paragraph break). */
  spans: MarkupSpan[];
}

// Bold needs a non-space character just inside each `**`, as in Markdown, so "2 ** 3" stays literal.
const BOLD = /\*\*(?=\S)(.*?\S)\*\*/g;
const URL = /(?<![\p{L}\p{N}])https?:\/\/[^\s<>"]+/gu;
const BULLET = /^( *)- (.*)$/;

/** Splits neutral markup into lines and spans; never throws, unknown syntax stays literal text. */
export function parseNeutralMarkup(text: string): MarkupLine[] {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => {
      const bullet = BULLET.exec(line);
      const body = bullet ? (bullet[2] ?? '') : line;
      return { indent: bullet ? (bullet[1] ?? '') : '', bullet: bullet !== null, spans: parseSpans(body) };
    });
}

function parseSpans(line: string): MarkupSpan[] {
  const spans: MarkupSpan[] = [];
  let at = 0;
  for (const match of line.matchAll(BOLD)) {
    const start = match.index ?? 0;
    spans.push(...urlSpans(line.slice(at, start), false));
    spans.push(...urlSpans(match[1] ?? '', true));
    at = start + match[0].length;
  }
  spans.push(...urlSpans(line.slice(at), false));
  return spans.filter((span) => span.text !== '');
}

function urlSpans(text: string, bold: boolean): MarkupSpan[] {
  const spans: MarkupSpan[] = [];
  let at = 0;
  for (const match of text.matchAll(URL)) {
    const start = match.index ?? 0;
    const url = trimUrl(match[0]);
    spans.push({ text: text.slice(at, start), bold, url: false }, { text: url, bold, url: true });
    at = start + url.length;
  }
  spans.push({ text: text.slice(at), bold, url: false });
  return spans;
}

/** Sentence punctuation after a URL belongs to the sentence; a `)` only to a URL that opened one. */
function trimUrl(url: string): string {
  let end = url.length;
  for (;;) {
    const last = url[end - 1] ?? '';
    if (/[.,;:!?'*]/.test(last)) end -= 1;
    else if (last === ')' && count(url.slice(0, end), '(') < count(url.slice(0, end), ')')) end -= 1;
    else break;
  }
  return url.slice(0, end);
}

function count(text: string, char: string): number {
  return text.split(char).length - 1;
}
