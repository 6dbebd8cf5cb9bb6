/**
 * Reading guideline section text (a chunk's content) as the units a plan copies: sentences of
 * paragraphs, list items, notes and table rows (each row with its table's caption).
 */

export interface SectionUnit {
  kind: 'sentence' | 'item' | 'note' | 'row';
  /** The text as written in the section (a row prefixed with its caption when there is one). */
  text: string;
  /** Table rows only: the cells as header -> value, e.g. 'Body weight (kg)' -> '5 to <15'. */
  cells?: ReadonlyMap<string, string>;
}

/** The section's text without its first line when that line is the title path the chunker prefixed. */
export function sectionBody(section: { text: string; titlePath: string }): string {
  const text = section.text.replace(/\r\n?/g, '\n');
  const newline = text.indexOf('\n');
  const first = (newline < 0 ? text : text.slice(0, newline)).trim();
  if (first === section.titlePath.trim()) return text.slice(newline < 0 ? text.length : newline + 1).trim();
  return text.trim();
}

/**
 * Splits a paragraph into sentences at . ! ? followed by a space and a capital (so "P. falciparum" and
 * "2.4 mg" stay whole). A citation written after the full stop ("... dose. [S1] Next") stays with the
 * sentence before it.
 */
export function splitSentences(paragraph: string): string[] {
  const pieces = paragraph
    .trim()
    .split(/(?<=[.!?]["')\]]?)\s+(?=[^\sa-z0-9])/)
    .filter((p) => p.trim() !== '');
  const sentences: string[] = [];
  for (const piece of pieces) {
    const leading = /^((?:\[\s*S\s*\d[^\]]*\]\s*)+)(.*)$/is.exec(piece);
    const previous = sentences.length - 1;
    if (leading && previous >= 0) {
      sentences[previous] = `${sentences[previous]} ${(leading[1] ?? '').trim()}`;
      const rest = (leading[2] ?? '').trim();
      if (rest !== '') sentences.push(rest);
    } else {
      sentences.push(piece.trim());
    }
  }
  return sentences;
}

const LIST_ITEM = /^\s*(?:[-•*]|\d{1,2}[.)])\s+(.+)$/;
const CAPTION = /^Table\s+[\dA-Z]+(?:\.\d+)*\b/;
const NOTE = /^Note:\s/i;
const CELL = /^([^:;]{1,60}):\s*(\S.*)$/;

/** The units of a section body, in reading order. Short title-like lines are context, not units. */
export function sectionUnits(body: string): SectionUnit[] {
  const units: SectionUnit[] = [];
  let caption: string | null = null;
  for (const rawLine of body.split('\n')) {
    const line = rawLine.trim();
    if (line === '') {
      caption = null;
      continue;
    }
    if (CAPTION.test(line)) {
      caption = line;
      continue;
    }
    const cells = tableCells(line);
    if (cells) {
      units.push({ kind: 'row', text: caption ? `${caption}: ${line}` : line, cells });
      continue;
    }
    if (NOTE.test(line)) {
      units.push({ kind: 'note', text: line });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      units.push({ kind: 'item', text: (item[1] ?? '').trim() });
      continue;
    }
    if (!/[.!?:]["')]?$/.test(line) && line.length < 100) continue; // a sub-heading inside the chunk
    for (const sentence of splitSentences(line)) units.push({ kind: 'sentence', text: sentence });
  }
  return units;
}

/** A table row as the parser writes it: "Header: value; Header: value" with at least two cells. */
export function tableCells(line: string): Map<string, string> | null {
  const parts = line.split(/;\s+/);
  if (parts.length < 2) return null;
  const cells = new Map<string, string>();
  for (const part of parts) {
    const cell = CELL.exec(part.trim());
    if (!cell) return null;
    cells.set((cell[1] ?? '').trim(), (cell[2] ?? '').trim());
  }
  return cells;
}
