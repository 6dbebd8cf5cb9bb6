import { normaliseSpace } from './citations.js';
import { inlineText } from './inline-text.js';
import type { TableBlock } from './types.js';
import { attrOf, childElements, childrenOf, firstChild, isElement, tagOf, type XmlNode } from './xml-tree.js';

const IN_TABLE = { inTable: true };

interface Cell {
  text: string;
  header: boolean;
  column: number;
  span: number;
}

interface Row {
  cells: Cell[];
}

/**
 * Renders a `table-wrap` as a caption line ("Table 2.1 Artemether-lumefantrine dose by weight"), one line
 * per body row ("Body weight (kg): 5 to <15; Dose: 1 tablet") and its footnotes as notes.
 */
export function renderTableWrap(node: XmlNode): TableBlock {
  const parts = childrenOf(node);
  const { captionLine, extraCaption } = captionOf(parts);
  const rows: string[] = [];
  for (const table of tablesOf(parts)) rows.push(...renderTable(table));
  const notes = [...extraCaption, ...footNotes(parts)];
  return { kind: 'table', caption: captionLine, rows, notes };
}

function captionOf(parts: XmlNode[]): { captionLine: string; extraCaption: string[] } {
  const label = inlineOf(firstChild(parts, 'label'));
  const captionParts = childrenOf(firstChild(parts, 'caption') ?? { caption: [] });
  const title = inlineOf(firstChild(captionParts, 'title'));
  const paragraphs = childElements(captionParts, 'p')
    .map((p) => inlineText(childrenOf(p), IN_TABLE))
    .filter((text) => text !== '');
  // Without a caption title, the first caption paragraph names the table.
  const name = title !== '' ? title : (paragraphs.shift() ?? '');
  const captionLine = normaliseSpace([label, name].join(' ')) || 'Table';
  return { captionLine, extraCaption: paragraphs };
}

function tablesOf(parts: XmlNode[]): XmlNode[] {
  const direct = childElements(parts, 'table');
  if (direct.length > 0) return direct;
  // <alternatives> pairs an image with the real table.
  return childElements(parts, 'alternatives').flatMap((alternatives) => childElements(childrenOf(alternatives), 'table'));
}

function footNotes(parts: XmlNode[]): string[] {
  const foot = firstChild(parts, 'table-wrap-foot');
  if (foot === undefined) return [];
  const notes: string[] = [];
  const visit = (nodes: XmlNode[]): void => {
    for (const node of nodes) {
      const tag = tagOf(node);
      if (tag === 'fn-group') visit(childrenOf(node));
      else if (tag === 'fn' || tag === 'p') {
        // The footnote's own label ("a") is dropped with the markers that pointed to it.
        const text = inlineText(childrenOf(node).filter((child) => tagOf(child) !== 'label'), IN_TABLE);
        if (text !== '') notes.push(text);
      }
    }
  };
  visit(childrenOf(foot));
  return notes;
}

function renderTable(table: XmlNode): string[] {
  const parts = childrenOf(table);
  const thead = firstChild(parts, 'thead');
  const bodyRows = [
    ...childElements(parts, 'tr'),
    ...childElements(parts, 'tbody').flatMap((tbody) => childElements(childrenOf(tbody), 'tr')),
    ...childElements(parts, 'tfoot').flatMap((tfoot) => childElements(childrenOf(tfoot), 'tr')),
  ];
  let headerRows = thead === undefined ? [] : childElements(childrenOf(thead), 'tr');
  // No thead: a first row made of th cells is the header.
  if (headerRows.length === 0 && bodyRows[0] !== undefined && isHeaderRow(bodyRows[0])) headerRows = [bodyRows.shift() as XmlNode];

  const grid = layoutRows([...headerRows, ...bodyRows]);
  const headerGrid = grid.slice(0, headerRows.length);
  const columnCount = Math.max(0, ...grid.flatMap((row) => row.cells.map((cell) => cell.column + cell.span)));
  const headers = columnHeaders(headerGrid, columnCount);
  return fillDownStubs(grid.slice(headerRows.length), columnCount)
    .map((row) => renderRow(row, headers, columnCount))
    .filter((line) => line !== '');
}

/** A row of th cells (blank td corner cells allowed); a th followed by td values is a row label instead. */
function isHeaderRow(tr: XmlNode): boolean {
  const cells = childrenOf(tr).filter(isElement);
  const filled = cells.filter((cell) => tagOf(cell) === 'th' || inlineText(childrenOf(cell), IN_TABLE) !== '');
  return filled.length > 0 && filled.every((cell) => tagOf(cell) === 'th');
}

/** Places cells on a column grid honouring colspan and rowspan; a rowspan value repeats on the rows it covers. */
function layoutRows(trs: XmlNode[]): Row[] {
  const carried = new Map<number, { cell: Cell; rowsLeft: number }>();
  return trs.map((tr) => {
    const cells: Cell[] = [];
    let column = 0;
    const takeCarried = (): void => {
      for (let carry = carried.get(column); carry !== undefined; carry = carried.get(column)) {
        cells.push({ ...carry.cell, column });
        carry.rowsLeft -= 1;
        if (carry.rowsLeft <= 0) carried.delete(column);
        column += carry.cell.span;
      }
    };
    for (const node of childrenOf(tr)) {
      const tag = tagOf(node);
      if (tag !== 'td' && tag !== 'th') continue;
      takeCarried();
      const span = spanOf(node, 'colspan');
      const cell: Cell = { text: inlineText(childrenOf(node), IN_TABLE), header: tag === 'th', column, span };
      cells.push(cell);
      const rowSpan = spanOf(node, 'rowspan');
      if (rowSpan > 1) carried.set(column, { cell, rowsLeft: rowSpan - 1 });
      column += span;
    }
    takeCarried();
    return { cells };
  });
}

function spanOf(node: XmlNode, attribute: string): number {
  const value = Number.parseInt(attrOf(node, attribute) ?? '1', 10);
  // Guards against absurd spans in broken tables; no real guideline table is this wide.
  return Number.isFinite(value) && value >= 1 ? Math.min(value, 100) : 1;
}

/**
 * Many published tables leave the leading (stub) cells blank to mean "same as above" instead of using
 * rowspan. A row read alone ("Male; Odds ratio: 0.34") then loses what it belongs to, so blank cells at
 * the start of a row take the value above them. A full-width group heading row resets this.
 */
function fillDownStubs(rows: Row[], columnCount: number): Row[] {
  let previous: Row | null = null;
  return rows.map((row) => {
    const filled = row.cells.filter((cell) => cell.text !== '');
    const first = filled[0];
    if (first === undefined) return row;
    if (isGroupHeading(filled, columnCount)) {
      previous = null;
      return row;
    }
    const above = previous;
    previous = row;
    if (above === null) return row;
    const cells = row.cells.map((cell) => {
      if (cell.text !== '' || cell.column >= first.column) return cell;
      const same = above.cells.find((candidate) => candidate.column === cell.column && candidate.span === cell.span);
      return same === undefined ? cell : { ...cell, text: same.text };
    });
    const result = { cells };
    previous = result;
    return result;
  });
}

/** One label per column: the distinct header texts above it, top to bottom ("Dose mg"). */
function columnHeaders(headerGrid: Row[], columnCount: number): string[] {
  const headers: string[] = [];
  for (let column = 0; column < columnCount; column += 1) {
    const texts: string[] = [];
    for (const row of headerGrid) {
      const cell = row.cells.find((candidate) => column >= candidate.column && column < candidate.column + candidate.span);
      if (cell !== undefined && cell.text !== '' && !texts.includes(cell.text)) texts.push(cell.text);
    }
    headers.push(texts.join(' '));
  }
  return headers;
}

function renderRow(row: Row, headers: string[], columnCount: number): string {
  const filled = row.cells.filter((cell) => cell.text !== '');
  if (filled.length === 0) return '';
  const only = filled[0];
  if (only !== undefined && (isGroupHeading(filled, columnCount) || (filled.length === 1 && row.cells.every((cell) => cell.header)))) {
    return only.text;
  }
  if (headers.every((header) => header === '')) return filled.map((cell) => cell.text).join(' | ');
  return filled
    .map((cell) => {
      const label = distinct(headers.slice(cell.column, cell.column + cell.span)).join(' / ');
      return label === '' ? cell.text : `${label}: ${cell.text}`;
    })
    .join('; ');
}

/**
 * A row whose only text spans the whole width, or sits alone in the first column of a wider table, names
 * the group of rows below it ("Children 2 to 59 months") rather than holding a value.
 */
function isGroupHeading(filled: Cell[], columnCount: number): boolean {
  const only = filled[0];
  if (filled.length !== 1 || only === undefined) return false;
  return only.span >= columnCount || (only.column === 0 && columnCount > 2);
}

function distinct(values: string[]): string[] {
  return [...new Set(values.filter((value) => value !== ''))];
}

function inlineOf(node: XmlNode | undefined): string {
  return node === undefined ? '' : inlineText(childrenOf(node), IN_TABLE);
}
