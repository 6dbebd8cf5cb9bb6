/**
 * Rendered reply text cut into the smallest pieces a splitter may move between parts: a whole tag, a
 * whole HTML entity, or one grapheme (so an emoji or an accented letter is never cut in two). Each
 * piece knows how many characters the reader sees, in UTF-16 code units, the unit Telegram counts.
 */

/** How the rendered text marks up bold: Telegram HTML tags, WhatsApp `*` pairs, or not at all. */
export type MarkupDialect = 'telegram-html' | 'whatsapp' | 'plain';

export interface MarkupAtom {
  /** Exactly as it appears in the rendered text. */
  raw: string;
  /** Characters the reader sees (UTF-16 code units): 0 for an HTML tag, 1 for `&amp;`. */
  width: number;
  /** Set for a whitespace grapheme: the place a split may fall. */
  whitespace: boolean;
  /** Set for markup that opens or closes a formatted run. */
  tag?: { name: string; closing: boolean };
}

const segmenter = new Intl.Segmenter(undefined, { granularity: 'grapheme' });
const HTML_TOKEN = /<\/?([a-zA-Z][a-zA-Z0-9-]*)\b[^<>]*>|&(#[0-9]{1,7}|#x[0-9a-fA-F]{1,6}|[a-zA-Z]{2,8});/g;
const NAMED_ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"' };

/** Splits rendered text into atoms for `dialect`. */
export function toAtoms(text: string, dialect: MarkupDialect): MarkupAtom[] {
  if (dialect === 'telegram-html') return htmlAtoms(text);
  const atoms = graphemeAtoms(text);
  return dialect === 'whatsapp' ? markWhatsAppBold(atoms) : atoms;
}

/** The markup that closes an open tag atom (`</b>` for `<b class=..>`, `*` for WhatsApp's `*`). */
export function closingMarkup(open: MarkupAtom, dialect: MarkupDialect): string {
  return dialect === 'telegram-html' ? `</${open.tag?.name ?? ''}>` : open.raw;
}

/** Characters the reader sees once markup is applied (UTF-16 code units, before Telegram's trim). */
export function visibleLength(text: string, dialect: MarkupDialect): number {
  return toAtoms(text, dialect).reduce((sum, atom) => sum + atom.width, 0);
}

/** Telegram HTML as the user sees it: tags dropped, entities decoded. Used for the plain-text fallback. */
export function telegramHtmlToText(html: string): string {
  return htmlAtoms(html)
    .map((atom) => (atom.tag ? '' : decodeEntity(atom.raw)))
    .join('');
}

function htmlAtoms(text: string): MarkupAtom[] {
  const atoms: MarkupAtom[] = [];
  let at = 0;
  for (const match of text.matchAll(HTML_TOKEN)) {
    const start = match.index ?? 0;
    atoms.push(...graphemeAtoms(text.slice(at, start)));
    const raw = match[0];
    if (match[1] !== undefined) {
      atoms.push({ raw, width: 0, whitespace: false, tag: { name: match[1].toLowerCase(), closing: raw.startsWith('</') } });
    } else {
      atoms.push({ raw, width: decodeEntity(raw).length, whitespace: false });
    }
    at = start + raw.length;
  }
  atoms.push(...graphemeAtoms(text.slice(at)));
  return atoms;
}

function graphemeAtoms(text: string): MarkupAtom[] {
  const atoms: MarkupAtom[] = [];
  // Printable ASCII has one grapheme per character; the segmenter is only needed beyond it.
  const segments = /^[\x20-\x7e\n\t]*$/.test(text) ? text.split('') : Array.from(segmenter.segment(text), (s) => s.segment);
  for (const segment of segments) {
    // No-break spaces keep "5 mg" or "10 kg" together, so they are not split points.
    atoms.push({ raw: segment, width: segment.length, whitespace: /^[^\S\u00a0\u2007\u202f]+$/.test(segment) });
  }
  return atoms;
}

function decodeEntity(raw: string): string {
  const name = /^&(#?[0-9a-zA-Z]+);$/.exec(raw)?.[1];
  if (name === undefined) return raw;
  if (!name.startsWith('#')) return NAMED_ENTITIES[name] ?? raw;
  const code = name.startsWith('#x') ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
  return code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : raw;
}

/**
 * WhatsApp bolds `*x*` when the first `*` starts a word and the second ends one, on one line. The
 * WhatsApp renderer defuses every other pairable `*`, so the pairs found here are its bold runs.
 */
function markWhatsAppBold(atoms: MarkupAtom[]): MarkupAtom[] {
  const isWord = (atom: MarkupAtom | undefined): boolean => atom !== undefined && /^[\p{L}\p{N}]/u.test(atom.raw);
  let opener: number | undefined;
  atoms.forEach((atom, i) => {
    if (atom.raw === '\n') opener = undefined;
    if (atom.raw !== '*') return;
    const previous = atoms[i - 1];
    const next = atoms[i + 1];
    if (opener !== undefined && previous !== undefined && !previous.whitespace && i > opener + 1 && !isWord(next)) {
      const open = atoms[opener];
      if (open) open.tag = { name: '*', closing: false };
      atom.tag = { name: '*', closing: true };
      opener = undefined;
    } else if (opener === undefined && !isWord(previous) && next !== undefined && !next.whitespace) {
      opener = i;
    }
  });
  return atoms;
}
