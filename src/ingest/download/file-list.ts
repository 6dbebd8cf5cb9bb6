import { parse } from 'csv-parse/sync';
import { decodeHtmlEntities } from './html-entities.js';
import { decodeUtf8OrWindows1252 } from './text-decoding.js';

/** One book package listed in NCBI Bookshelf's `file_list.csv`. */
export interface FileListRow {
  /** Path of the `.tar.gz` relative to the mirror root, e.g. `a1/b2/NBK12345.tar.gz`. */
  file: string;
  title: string;
  publisher: string;
  /** As written in the list (usually a 4-digit year, sometimes empty). */
  year: string;
  /** Bookshelf accession, e.g. `NBK12345`; also the name of the book's folder under data/. */
  accession: string;
  /** `YYYY-MM-DD HH:MM:SS` as written; compared verbatim to decide whether a package changed. */
  lastUpdated: string;
}

/** A data row that could not be used, with its 1-based line number in the file. */
export interface BadFileListRow {
  line: number;
  reason: string;
}

export interface ParseFileListOptions {
  /** Called for each unusable row; the row is skipped and parsing goes on. */
  onBadRow?: (bad: BadFileListRow) => void;
}

type Column = keyof FileListRow;

// Header names are matched loosely (case, spacing, the format hint after "Last Updated") because the
// column order and exact spelling are NCBI's to change.
function columnForHeader(header: string): Column | undefined {
  const name = header.trim().toLowerCase().replace(/\s+/g, ' ');
  if (name === 'file') return 'file';
  if (name === 'title') return 'title';
  if (name === 'publisher') return 'publisher';
  if (name === 'publication year' || name === 'year') return 'year';
  if (name === 'accession id' || name === 'accession') return 'accession';
  if (name.startsWith('last updated')) return 'lastUpdated';
  return undefined;
}

const REQUIRED_COLUMNS: readonly Column[] = ['file', 'publisher', 'accession', 'lastUpdated'];

// The accession becomes a directory name, so it must be a plain file name.
const SAFE_ACCESSION = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

/** True when `file` is a relative path that stays under the mirror root (no scheme, no `..`, not absolute). */
export function isSafeRelativePath(file: string): boolean {
  if (file === '' || file.startsWith('/') || file.startsWith('\\') || /^[A-Za-z][A-Za-z0-9+.-]*:/.test(file)) return false;
  return file.split(/[/\\]/).every((segment) => segment !== '' && segment !== '.' && segment !== '..');
}

/**
 * Parses NCBI Bookshelf's `file_list.csv` (UTF-8 or Windows-1252 bytes, quoted fields, CRLF, HTML
 * entities in fields). Columns are found by header name. Throws only when a required column is
 * missing; unusable rows go to `onBadRow`.
 */
export function parseFileList(bytes: Buffer, options: ParseFileListOptions = {}): FileListRow[] {
  const { text } = decodeUtf8OrWindows1252(bytes);
  const reportBad = options.onBadRow ?? (() => undefined);
  const records = parse(text, {
    bom: true,
    info: true,
    relax_column_count: true,
    // A stray quote inside a title must not swallow the rest of the file.
    relax_quotes: true,
    skip_empty_lines: true,
    skip_records_with_error: true,
    on_skip: (error) => {
      const line = typeof error?.['lines'] === 'number' ? error['lines'] : 0;
      reportBad({ line, reason: error?.message ?? 'unparseable CSV record' });
      return undefined;
    },
  }) as unknown as { record: string[]; info: { lines: number } }[]; // `info: true` wraps each record

  const [headerRecord, ...dataRecords] = records;
  if (!headerRecord) throw new Error('file_list.csv is empty');
  const columnIndex = new Map<Column, number>();
  headerRecord.record.forEach((header, index) => {
    const column = columnForHeader(header);
    if (column && !columnIndex.has(column)) columnIndex.set(column, index);
  });
  const missing = REQUIRED_COLUMNS.filter((column) => !columnIndex.has(column));
  if (missing.length > 0) {
    throw new Error(`file_list.csv header lacks column(s) ${missing.join(', ')}: ${headerRecord.record.join(',')}`);
  }

  const rows: FileListRow[] = [];
  for (const { record, info } of dataRecords) {
    if (record.length !== headerRecord.record.length) {
      reportBad({ line: info.lines, reason: `expected ${headerRecord.record.length} fields, found ${record.length}` });
      continue;
    }
    const field = (column: Column): string => {
      const index = columnIndex.get(column);
      return index === undefined ? '' : decodeHtmlEntities(record[index] ?? '').trim();
    };
    const row: FileListRow = {
      file: field('file'),
      title: field('title'),
      publisher: field('publisher'),
      year: field('year'),
      accession: field('accession'),
      lastUpdated: field('lastUpdated'),
    };
    if (!SAFE_ACCESSION.test(row.accession)) {
      reportBad({ line: info.lines, reason: `invalid accession ${JSON.stringify(row.accession)}` });
    } else if (!isSafeRelativePath(row.file)) {
      reportBad({ line: info.lines, reason: `file is not a safe relative path: ${JSON.stringify(row.file)}` });
    } else {
      rows.push(row);
    }
  }
  return rows;
}

export interface SelectRowsOptions {
  /** Exact Publisher value (trimmed, case-insensitive); `null` keeps every publisher. Default `World Health Organization`. */
  publisher?: string | null;
  /** Keep only these accessions (case-insensitive). */
  accessions?: readonly string[];
  /** Keep at most this many rows, in file order. */
  limit?: number;
}

function normalizeName(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toLowerCase();
}

/**
 * Selects rows by the Publisher column (never a substring of the whole row), then by accession list,
 * then the limit. When an accession is listed twice the most recently updated row wins.
 */
export function selectRows(rows: readonly FileListRow[], options: SelectRowsOptions = {}): FileListRow[] {
  const publisher = options.publisher === undefined ? 'World Health Organization' : options.publisher;
  const wantedPublisher = publisher === null ? null : normalizeName(publisher);
  const wantedAccessions = options.accessions ? new Set(options.accessions.map((a) => a.trim().toUpperCase())) : null;

  const byAccession = new Map<string, FileListRow>();
  for (const row of rows) {
    if (wantedPublisher !== null && normalizeName(row.publisher) !== wantedPublisher) continue;
    const key = row.accession.toUpperCase();
    if (wantedAccessions && !wantedAccessions.has(key)) continue;
    const previous = byAccession.get(key);
    if (!previous || row.lastUpdated > previous.lastUpdated) byAccession.set(key, row);
  }
  const selected = [...byAccession.values()];
  return options.limit === undefined ? selected : selected.slice(0, Math.max(0, options.limit));
}
