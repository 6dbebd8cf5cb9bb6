/**
 * Splits a rendered reply into messages no longer than the platform allows, counting what the reader
 * sees (Telegram's 4096 applies after HTML parsing). A part ends at a paragraph break if one leaves it
 * reasonably full, else at a line break, a sentence end, a space, and only as a last resort inside a
 * word; never inside a tag, an entity or a grapheme. Bold runs cut by a split are closed at the end of
 * one part and reopened at the start of the next, so every part is valid markup on its own.
 */
import { closingMarkup, toAtoms } from './markup-atoms.js';
import type { MarkupAtom, MarkupDialect } from './markup-atoms.js';
import { escapeTelegramHtml } from './render-telegram-html.js';

/** Telegram's limit for a text message, in UTF-16 code units after entity parsing. */
export const TELEGRAM_MESSAGE_LIMIT = 4096;
/** WhatsApp accepts far longer messages; about 4000 characters is what reads well on a phone. */
export const WHATSAPP_MESSAGE_LIMIT = 4000;

export interface SplitOptions {
  dialect: MarkupDialect;
  /** Most visible characters per part (UTF-16 code units). Telegram 4096, WhatsApp 4000 by convention. */
  limit: number;
  /**
   * A label for each part when there are several, added on its own line at the end, e.g.
   * `(part 1 of 3)`. Default none. Its width is reserved inside `limit`.
   */
  partLabel?: (index: number, total: number) => string;
  /**
   * A paragraph (or line, or sentence) break is only preferred if the part before it is at least this
   * share of `limit`; otherwise a later, lower-ranked break is used, so a short heading does not go out
   * as a message of its own. Default 0.25.
   */
  minFill?: number;
}

/** The default part label: words rather than "1/3", which could be misread as a dose fraction. */
export function describePart(index: number, total: number): string {
  return `(part ${index} of ${total})`;
}

/** Splits rendered text into parts of at most `limit` visible characters; [] for blank text. */
export function splitMessage(text: string, options: SplitOptions): string[] {
  const { dialect, limit, partLabel } = options;
  const minFill = options.minFill ?? 0.25;
  const atoms = toAtoms(text, dialect);
  const whole = splitAtoms(atoms, limit, minFill, dialect);
  if (whole.length <= 1 || !partLabel) return whole;

  const labelFor = (index: number, total: number): string => {
    const label = partLabel(index, total);
    return `\n\n${dialect === 'telegram-html' ? escapeTelegramHtml(label) : label}`;
  };
  // Reserve room for the widest label a reply could need, then number the parts.
  const reserve = `\n\n${partLabel(999, 999)}`.length;
  if (reserve >= limit / 2) throw new RangeError(`part label too long for a limit of ${limit}`);
  const parts = splitAtoms(atoms, limit - reserve, minFill, dialect);
  return parts.map((part, i) => part + labelFor(i + 1, parts.length));
}

interface Candidate {
  cut: number;
  width: number;
  level: BreakLevel;
}

/** Lower is preferred. */
type BreakLevel = 0 | 1 | 2 | 3;
const PARAGRAPH: BreakLevel = 0;
const LINE: BreakLevel = 1;
const SENTENCE: BreakLevel = 2;
const WORD: BreakLevel = 3;

function splitAtoms(atoms: MarkupAtom[], limit: number, minFill: number, dialect: MarkupDialect): string[] {
  if (limit < 1) throw new RangeError(`split limit must be positive, got ${limit}`);
  const parts: string[] = [];
  let open: MarkupAtom[] = [];
  let i = 0;
  for (;;) {
    // Whitespace at a cut is dropped (Telegram trims it anyway), and a run that closes right after the
    // cut is closed in the previous part already: reopening it would send an empty, invisible part.
    for (let atom = atoms[i]; atom; atom = atoms[i]) {
      if (atom.whitespace) i += 1;
      else if (atom.tag?.closing && open.at(-1)?.tag?.name === atom.tag.name) {
        open = open.slice(0, -1);
        i += 1;
      } else break;
    }
    if (i >= atoms.length) break;
    const start = i;
    const reopen = open;
    let stack = [...reopen];
    let width = widthOf(reopen);
    const candidates: Candidate[] = [];
    let j = start;
    for (; j < atoms.length; j++) {
      const atom = atoms[j] as MarkupAtom;
      if (atom.whitespace && !atoms[j - 1]?.whitespace) {
        candidates.push({ cut: j, width, level: breakLevel(atoms, j) });
      }
      const nextStack = applyTag(stack, atom);
      const nextWidth = width + atom.width;
      // Always take one atom, so a grapheme wider than a tiny limit cannot stall the loop.
      if (j > start && nextWidth + widthOf(nextStack) > limit) break;
      stack = nextStack;
      width = nextWidth;
    }
    const cut = j >= atoms.length ? j : (chooseCut(candidates, limit * minFill) ?? hardCut(atoms, start, j));
    const body = atoms.slice(start, cut);
    while (body.at(-1)?.whitespace) body.pop();
    const stillOpen = body.reduce(applyTag, reopen);
    parts.push(
      reopen.map((atom) => atom.raw).join('') +
        body.map((atom) => atom.raw).join('') +
        [...stillOpen].reverse().map((atom) => closingMarkup(atom, dialect)).join(''),
    );
    open = stillOpen;
    i = cut;
  }
  return parts;
}

/** The latest break of the best rank that leaves the part at least `minWidth` full, else the latest break. */
function chooseCut(candidates: Candidate[], minWidth: number): number | undefined {
  for (const level of [PARAGRAPH, LINE, SENTENCE, WORD]) {
    const best = candidates.findLast((candidate) => candidate.level === level && candidate.width >= minWidth);
    if (best) return best.cut;
  }
  return candidates.at(-1)?.cut;
}

/** No whitespace fits: cut where the limit falls, but not just after an opening tag (an empty run). */
function hardCut(atoms: MarkupAtom[], start: number, end: number): number {
  let cut = end;
  while (cut > start + 1 && atoms[cut - 1]?.tag?.closing === false) cut -= 1;
  return cut;
}

function breakLevel(atoms: MarkupAtom[], at: number): BreakLevel {
  let newlines = 0;
  for (let k = at; atoms[k]?.whitespace; k++) newlines += (atoms[k]?.raw.match(/\n/g) ?? []).length;
  if (newlines >= 2) return PARAGRAPH;
  if (newlines === 1) return LINE;
  // Look back past closing tags, quotes and brackets for the sentence's final punctuation.
  for (let k = at - 1; k >= 0; k--) {
    const atom = atoms[k] as MarkupAtom;
    if (atom.tag || /^["'”’)\]]$/.test(atom.raw) || atom.raw === '&quot;') continue;
    return /^[.!?;]$/.test(atom.raw) ? SENTENCE : WORD;
  }
  return WORD;
}

/** The open-tag stack after `atom`; a closing tag pops its opener (mismatches are left as text). */
function applyTag(stack: MarkupAtom[], atom: MarkupAtom): MarkupAtom[] {
  if (!atom.tag) return stack;
  if (!atom.tag.closing) return [...stack, atom];
  const top = stack.at(-1);
  return top?.tag?.name === atom.tag.name ? stack.slice(0, -1) : stack;
}

/** Visible width of the markup that opens (or, equally, closes) these runs: 0 for HTML, 1 per WhatsApp `*`. */
function widthOf(stack: MarkupAtom[]): number {
  return stack.reduce((sum, atom) => sum + atom.width, 0);
}
