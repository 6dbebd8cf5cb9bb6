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
  /**
   * The sub-heading inside the chunk the unit is under ("Older adults" in a chapter that fitted one
   * chunk whole), which says who it is for as a section title would; absent before the first one.
   */
  subheading?: string;
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
/**
 * "Header: value". A header is short (a sentence with a colon is not a cell), not counting what it says
 * in brackets: "Iron syrup (ferrous fumarate 100 mg per 5 ml; 20 mg elemental iron per ml)" is a header.
 */
const CELL = /^((?:[^:;()]|\([^():]*\))+):\s*(\S.*)$/;
const HEADER_WORDS_MAX = 60;

/** A short line with no closing punctuation, once captions, rows, notes and list items are told apart. */
function isSubheadingText(line: string): boolean {
  return !/[.!?:]["')]?$/.test(line) && line.length < 100;
}

/** True when a line of a section body is a sub-heading inside the chunk (not a caption, row, note or list item). */
export function isSubheading(rawLine: string): boolean {
  const line = rawLine.trim();
  return line !== '' && !CAPTION.test(line) && !tableCells(line) && !NOTE.test(line) && !LIST_ITEM.test(line) && isSubheadingText(line);
}

/** The units of a section body, in reading order. Short title-like lines are context, not units. */
export function sectionUnits(body: string): SectionUnit[] {
  const units: SectionUnit[] = [];
  let caption: string | null = null;
  let subheading: string | undefined;
  const push = (unit: SectionUnit) => units.push(subheading === undefined ? unit : { ...unit, subheading });
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
      push({ kind: 'row', text: caption ? `${caption}: ${line}` : line, cells });
      continue;
    }
    if (NOTE.test(line)) {
      push({ kind: 'note', text: line });
      continue;
    }
    const item = LIST_ITEM.exec(line);
    if (item) {
      push({ kind: 'item', text: (item[1] ?? '').trim() });
      continue;
    }
    if (isSubheadingText(line)) {
      subheading = line;
      continue;
    }
    const first = units.length;
    for (const sentence of splitSentences(line)) {
      // "... has an early treatment failure or a different illness. Refer urgently.": the order is the
      // sentence before's, and alone it read as an order for every patient.
      const previous = units.length > first ? units[units.length - 1] : undefined;
      if (previous && BARE_ORDER.test(sentence)) units[units.length - 1] = { ...previous, text: `${previous.text} ${sentence}` };
      else push({ kind: 'sentence', text: sentence });
    }
  }
  return units;
}

/** An order that says nothing of whom it is for: "Refer urgently.", "Refer immediately.", "Refer the patient." */
const BARE_ORDER = /^(?:refer|transfer)(?:\s+(?:the\s+(?:patient|child|woman|person)|them|him|her))?(?:\s+(?:urgently|immediately|at once|now|the same day))?[.!]$/i;

/**
 * A list introduced by a condition ("Refer immediately if BP is 180/110 mmHg or more with any of these",
 * "Refer a child with SAM urgently if any of these are present"): its items mean something only together
 * and under that condition. Each item copied alone read as an order for every patient ("Severe headache,
 * confusion, drowsiness or fits" with no "refer if") and left out the items without a danger word ("Chest
 * pain or pressure"). Such a list is one unit: the condition, then every item `keepItem` keeps (the plan
 * leaves out an item written for others: "Pregnancy or recent childbirth" is no sign for a man).
 */
export function withConditionalListsJoined(units: readonly SectionUnit[], keepItem: (item: string) => boolean = () => true): SectionUnit[] {
  const joined: SectionUnit[] = [];
  let i = 0;
  while (i < units.length) {
    const unit = units[i] as SectionUnit;
    const lead = unit.subheading;
    const inList = (u: SectionUnit | undefined) => u?.kind === 'item' && u.subheading === lead;
    if (lead === undefined || !CONDITIONAL_LEAD_IN.test(lead) || !inList(unit) || units[i - 1]?.subheading === lead) {
      joined.push(unit);
      i += 1;
      continue;
    }
    const items: string[] = [];
    for (; inList(units[i]); i += 1) {
      const item = (units[i] as SectionUnit).text.replace(/[.;]$/, '');
      if (keepItem(item)) items.push(item);
    }
    if (items.length > 0) joined.push({ kind: 'item', text: `${lead}: ${items.join('; ')}.`, subheading: lead });
  }
  return joined;
}

/**
 * A lead-in that makes its list a set of conditions: "... if any of these are present", "... with any of
 * the following", or one whose "if" the list completes ("Stop TB medicines and refer the same day if there is").
 */
const CONDITIONAL_LEAD_IN = /\b(?:any|one or more) of (?:these|the following)\b|\bif(?: there (?:is|are)| (?:the )?(?:child|person|patient|woman|baby|she|he|they) (?:has|have))?\s*:?\s*$/i;

/**
 * The "; "-separated cells of a row, a separator inside brackets excepted: the header "Iron/folate tablet
 * (ferrous sulfate 200 mg + folate 250 µg; 60 mg elemental iron)" is one cell.
 */
function cellsOf(line: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (c === '(' || c === '[') depth += 1;
    else if ((c === ')' || c === ']') && depth > 0) depth -= 1;
    else if (c === ';' && depth === 0 && /\s/.test(line[i + 1] ?? '')) {
      parts.push(line.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(line.slice(start));
  return parts;
}

/** A table row as the parser writes it: "Header: value; Header: value" with at least two cells. */
export function tableCells(line: string): Map<string, string> | null {
  const parts = cellsOf(line);
  if (parts.length < 2) return null;
  const cells = new Map<string, string>();
  let last: string | undefined;
  for (const part of parts) {
    const cell = CELL.exec(part.trim());
    if (!cell || (cell[1] ?? '').replace(/\([^()]*\)/g, '').length > HEADER_WORDS_MAX) {
      // A value that itself holds "; " ("Do not give at community level; refer immediately"), after a cell.
      if (last === undefined || part.includes(':')) return null;
      cells.set(last, `${cells.get(last) ?? ''}; ${part.trim()}`);
      continue;
    }
    last = (cell[1] ?? '').trim();
    cells.set(last, (cell[2] ?? '').trim());
  }
  return cells.size >= 2 ? cells : null;
}
