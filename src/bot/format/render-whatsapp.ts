/**
 * Neutral reply markup to WhatsApp's formatting: `*bold*`, `- ` bullets kept as WhatsApp shows them.
 * WhatsApp has no escape character, so a stray `*`, `_` or `~` in the text (a footnote mark, "~5 days
 * to ~7 days_") could pair up and turn part of a dose line bold or italic. Where a stray marker could
 * pair, it is swapped for a look-alike that WhatsApp does not treat as markup; a lone marker that cannot
 * pair ("5 * 3", "file_name") is left exactly as written.
 */
import { parseNeutralMarkup } from './neutral-markup.js';

/** Look-alikes: ASTERISK OPERATOR, MODIFIER LETTER LOW MACRON, TILDE OPERATOR. */
const LOOK_ALIKE: Record<string, string> = { '*': '\u2217', _: '\u02cd', '~': '\u223c' };

/** Renders neutral markup for WhatsApp: `**x**` to `*x*`, bullets kept, stray markers defused. */
export function renderWhatsApp(text: string): string {
  let out = '';
  // Positions of the markers this renderer wrote (they must pair) and of URL text (never touched).
  const ours = new Set<number>();
  const urlRanges: Array<[number, number]> = [];
  const lines = parseNeutralMarkup(text);
  lines.forEach((line, index) => {
    if (index > 0) out += '\n';
    out += line.indent + (line.bullet ? '- ' : '');
    let bold = false;
    for (const span of line.spans) {
      if (span.bold !== bold) {
        ours.add(out.length);
        out += '*';
        bold = span.bold;
      }
      if (span.url) urlRanges.push([out.length, out.length + span.text.length]);
      out += span.text;
    }
    if (bold) {
      ours.add(out.length);
      out += '*';
    }
  });
  return defuseStrayMarkers(out, ours, urlRanges);
}

function defuseStrayMarkers(text: string, ours: Set<number>, urlRanges: Array<[number, number]>): string {
  const inUrl = (i: number): boolean => urlRanges.some(([from, to]) => i >= from && i < to);
  const chars = text.split('');
  for (let i = 0; i < chars.length; i++) {
    const char = chars[i] ?? '';
    const lookAlike = LOOK_ALIKE[char];
    if (!lookAlike || ours.has(i) || inUrl(i)) continue;
    const pairsLater = canOpen(text, i) && hasMarker(text, char, i + 1, text.length, canClose, inUrl);
    const pairsEarlier = canClose(text, i) && hasMarker(text, char, 0, i, canOpen, inUrl);
    if (pairsLater || pairsEarlier) chars[i] = lookAlike;
  }
  return chars.join('');
}

function hasMarker(
  text: string,
  char: string,
  from: number,
  to: number,
  role: (text: string, i: number) => boolean,
  inUrl: (i: number) => boolean,
): boolean {
  for (let i = from; i < to; i++) {
    if (text[i] === char && !inUrl(i) && role(text, i)) return true;
  }
  return false;
}

// WhatsApp formats `*x*` only when the opening marker starts a word and the closing one ends a word.
function canOpen(text: string, i: number): boolean {
  const next = text[i + 1];
  return !isWordChar(text[i - 1]) && next !== undefined && !/\s/.test(next);
}

function canClose(text: string, i: number): boolean {
  const previous = text[i - 1];
  return previous !== undefined && !/\s/.test(previous) && !isWordChar(text[i + 1]);
}

function isWordChar(char: string | undefined): boolean {
  return char !== undefined && /[\p{L}\p{N}]/u.test(char);
}
