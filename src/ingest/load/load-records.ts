import { chunkKey, type ChunkRecord, type IngestRecord, type SourceRecord } from '../ingest-records.js';
import type { GuidelineChunkStore, StoredChunkKey } from './ingest-store.js';

export interface LoadSummary {
  sources: number;
  inserted: number;
  updated: number;
  unchanged: number;
  deleted: number;
  /** The run was stopped before the end; nothing was deleted for the source in progress. */
  interrupted: boolean;
}

export interface LoadOptions {
  signal?: AbortSignal;
  /** Called after every flushed batch with the chunk lines handled so far. */
  onProgress?: (handled: number) => void;
  batchSize?: number;
}

interface SourceInProgress {
  id: string;
  accession: string;
  existing: Map<string, StoredChunkKey>;
  seen: Set<string>;
}

/**
 * Upserts sources and their chunks from a stream grouped by source. A chunk whose hash is unchanged is
 * not touched; a changed one gets its new text and loses its stale vector; a chunk of a loaded source
 * that no longer appears is deleted. Memory holds one source's keys at a time.
 */
export async function loadIngestRecords(store: GuidelineChunkStore, records: AsyncIterable<IngestRecord>, options: LoadOptions = {}): Promise<LoadSummary> {
  const batchSize = options.batchSize ?? 500;
  const summary: LoadSummary = { sources: 0, inserted: 0, updated: 0, unchanged: 0, deleted: 0, interrupted: false };
  let current: SourceInProgress | undefined;
  let pending: ChunkRecord[] = [];
  let handled = 0;

  const flush = async (): Promise<void> => {
    if (current) summary.inserted += await store.insertChunks(current.id, pending);
    pending = [];
    options.onProgress?.(handled);
  };
  const finishSource = async (): Promise<void> => {
    if (!current) return;
    await flush();
    const gone = [...current.existing.entries()].filter(([key]) => !current?.seen.has(key)).map(([, row]) => row.id);
    summary.deleted += await store.deleteChunks(gone);
    current = undefined;
  };
  const startSource = async (record: SourceRecord): Promise<void> => {
    const id = await store.upsertSource(record);
    const existing = new Map((await store.listChunkKeys(id)).map((row) => [chunkKey(row), row] as const));
    current = { id, accession: record.accession, existing, seen: new Set() };
    summary.sources += 1;
  };
  const loadChunk = async (record: ChunkRecord): Promise<void> => {
    if (!current || current.accession !== record.accession) {
      throw new Error(`chunk of ${record.accession} (${record.partFile}) is not preceded by its source line; the chunks file is corrupt`);
    }
    const key = chunkKey(record);
    if (current.seen.has(key)) throw new Error(`duplicate chunk key in ${record.accession}/${record.partFile}: ${record.sectionPath} #${record.ordinal}`);
    current.seen.add(key);
    const stored = current.existing.get(key);
    if (!stored) {
      pending.push(record);
      if (pending.length >= batchSize) await flush();
    } else if (stored.contentHash === record.contentHash) {
      // Its number is where it sits, not what it says: a section added before it renumbers it, and a
      // chunk loaded before numbers were kept gets one, without losing its vector.
      if (record.sectionNumber !== undefined && (stored.sectionNumber ?? null) !== record.sectionNumber) await store.renumberChunk(stored.id, record.sectionNumber);
      summary.unchanged += 1;
    } else {
      await store.replaceChunk(stored.id, record);
      summary.updated += 1;
    }
  };

  for await (const record of records) {
    if (options.signal?.aborted) {
      summary.interrupted = true;
      break;
    }
    handled += 1;
    if (record.type === 'source') {
      await finishSource();
      await startSource(record);
    } else {
      await loadChunk(record);
    }
  }
  if (summary.interrupted) {
    // The source in progress was only partly read: keep its unseen chunks rather than delete them.
    await flush();
  } else {
    await finishSource();
  }
  if (summary.inserted + summary.updated + summary.deleted > 0) await store.refreshSearchStats();
  options.onProgress?.(handled);
  return summary;
}
