import type { GuidelineSection } from '../rag/guideline-section.js';

/**
 * The lines of data/chunks.jsonl, the checkpoint between parsing and loading: a source line, then the
 * chunk lines of that source. Loading relies on that grouping to find chunks that disappeared.
 */
export interface SourceRecord {
  type: 'source';
  accession: string;
  title: string;
  publisher: string | null;
  year: number | null;
  licence: string | null;
  licenceUrl: string | null;
  language: string;
  /** ISO date (yyyy-mm-dd) or null. */
  lastUpdated: string | null;
  kind: 'bookshelf' | 'article' | 'sample' | 'national';
}

/**
 * A chunk line: a guideline section without the database id and book title (its source line has the
 * title), with what loading needs to keep its identity across runs and to flag it.
 */
export type ChunkRecord = { type: 'chunk' } & Omit<GuidelineSection, 'id' | 'bookTitle'> & { partTitle: string; ordinal: number; oversized: boolean };

export type IngestRecord = SourceRecord | ChunkRecord;

/** The identity of a chunk across runs: (part, section path, ordinal) within its source. */
export function chunkKey(chunk: { partFile: string; sectionPath: string; ordinal: number }): string {
  return `${chunk.partFile}\u0000${chunk.sectionPath}\u0000${chunk.ordinal}`;
}
