import type { GuidelineChunkInput } from '../infra/db/stores/guideline-chunk-store.js';

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
 * A chunk line: the stored chunk's fields (sectionPath is part title and section titles joined with
 * " > "; titlePath starts with the book title) keyed by accession instead of a database id.
 */
export type ChunkRecord = { type: 'chunk'; accession: string } & Omit<GuidelineChunkInput, 'sourceId'>;

export type IngestRecord = SourceRecord | ChunkRecord;

/** The identity of a chunk across runs: (part, section path, ordinal) within its source. */
export function chunkKey(chunk: { partFile: string; sectionPath: string; ordinal: number }): string {
  return `${chunk.partFile}\u0000${chunk.sectionPath}\u0000${chunk.ordinal}`;
}
