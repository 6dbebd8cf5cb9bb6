import type { GuidelineSection } from '../../rag/guideline-section.js';
import type { ChunkRecord, SourceRecord } from '../ingest-records.js';

/** A stored chunk's identity and content hash: what a re-ingestion compares against. */
export type StoredChunkKey = Pick<ChunkRecord, 'partFile' | 'sectionPath' | 'ordinal' | 'contentHash' | 'sectionNumber'> & { id: string };

/** A stored chunk whose vector is missing, stale or from another model. */
export type ChunkToEmbed = Pick<GuidelineSection, 'text' | 'contentHash'> & { id: string };

/** The embedding model (and its vector length) a vector must come from to count as current. */
export interface EmbeddingModel {
  model: string;
  dimensions: number;
}

/** What loading and embedding need of the guideline store (the database adapter is in src/infra/db/stores). */
export interface GuidelineChunkStore {
  /** Inserts or updates a source by accession; returns its id. */
  upsertSource(source: SourceRecord): Promise<string>;
  listChunkKeys(sourceId: string): Promise<StoredChunkKey[]>;
  /** Inserts chunks of one source without vectors; returns how many. */
  insertChunks(sourceId: string, chunks: ChunkRecord[]): Promise<number>;
  /** Replaces a chunk's text; its old vector no longer describes it, so the vector is dropped too. */
  replaceChunk(id: string, chunk: ChunkRecord): Promise<void>;
  /** Sets the section number of a chunk whose text is unchanged (a section added before it moved it); keeps its vector. */
  renumberChunk(id: string, sectionNumber: string | null): Promise<void>;
  /** Deletes chunks by id (citations keep their copy of the text); returns how many. */
  deleteChunks(ids: string[]): Promise<number>;
  /** Recomputes the full-text statistics after the corpus changed (a full pass: once per load). */
  refreshSearchStats(): Promise<void>;
  countChunksNeedingEmbedding(model: EmbeddingModel): Promise<number>;
  /** The chunks needing a vector in id order after `afterId` (keyset paging keeps memory flat). */
  listChunksNeedingEmbedding(query: EmbeddingModel & { limit: number; afterId?: string }): Promise<ChunkToEmbed[]>;
  /** Stores vectors, each with the hash of the content it was made from. */
  setEmbeddings(model: string, items: Array<{ id: string; embedding: number[]; embeddedHash: string }>): Promise<void>;
}

export type IngestStage = 'download' | 'parse' | 'embed';

/** The record of ingestion runs, and what the first-run sample load asks of the corpus. */
export interface IngestRunStore {
  /** Records the start of a stage; returns the run id. */
  startRun(stage: IngestStage): Promise<string>;
  /** Records how a stage ended, with its counts (no guideline text). */
  finishRun(id: string, outcome: { status: 'succeeded' | 'failed' | 'interrupted'; stats: Record<string, unknown>; error?: string }): Promise<void>;
  /** Whether a non-sample source is loaded, whether any chunk is, and whether a succeeded parse run has `mark: true` in its stats. */
  corpusState(mark: string): Promise<{ realGuidelines: boolean; anyChunk: boolean; markedRunSucceeded: boolean }>;
}

export type IngestStore = GuidelineChunkStore & IngestRunStore;
