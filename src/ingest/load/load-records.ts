import type { Database } from '../../infra/db/open-database.js';
import {
  deleteGuidelineChunks,
  insertGuidelineChunks,
  listChunkKeys,
  refreshLexemeStats,
  replaceChunkContent,
  upsertGuidelineSource,
  type GuidelineChunkInput,
  type StoredChunkKey,
} from '../../infra/db/stores/guideline-chunk-store.js';
import { chunkKey, type ChunkRecord, type IngestRecord, type SourceRecord } from '../ingest-records.js';

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
export async function loadIngestRecords(db: Database, records: AsyncIterable<IngestRecord>, options: LoadOptions = {}): Promise<LoadSummary> {
  const batchSize = options.batchSize ?? 500;
  const summary: LoadSummary = { sources: 0, inserted: 0, updated: 0, unchanged: 0, deleted: 0, interrupted: false };
  let current: SourceInProgress | undefined;
  let pending: GuidelineChunkInput[] = [];
  let handled = 0;

  const flush = async (): Promise<void> => {
    summary.inserted += await insertGuidelineChunks(db, pending);
    pending = [];
    options.onProgress?.(handled);
  };
  const finishSource = async (): Promise<void> => {
    if (!current) return;
    await flush();
    const gone = [...current.existing.entries()].filter(([key]) => !current?.seen.has(key)).map(([, row]) => row.id);
    summary.deleted += await deleteGuidelineChunks(db, gone);
    current = undefined;
  };
  const startSource = async (record: SourceRecord): Promise<void> => {
    const id = await upsertGuidelineSource(db, {
      accession: record.accession,
      title: record.title,
      publisher: record.publisher,
      year: record.year,
      licence: record.licence,
      licenceUrl: record.licenceUrl,
      language: record.language,
      lastUpdated: record.lastUpdated ? new Date(`${record.lastUpdated}T00:00:00Z`) : null,
      kind: record.kind,
    });
    const existing = new Map((await listChunkKeys(db, id)).map((row) => [chunkKey(row), row] as const));
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
    const input = toChunkInput(current.id, record);
    const stored = current.existing.get(key);
    if (!stored) {
      pending.push(input);
      if (pending.length >= batchSize) await flush();
    } else if (stored.contentHash === record.contentHash) {
      summary.unchanged += 1;
    } else {
      await replaceChunkContent(db, stored.id, input);
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
  if (summary.inserted + summary.updated + summary.deleted > 0) await refreshLexemeStats(db);
  options.onProgress?.(handled);
  return summary;
}

function toChunkInput(sourceId: string, record: ChunkRecord): GuidelineChunkInput {
  return {
    sourceId,
    partFile: record.partFile,
    partTitle: record.partTitle,
    sectionId: record.sectionId,
    sectionPath: record.sectionPath,
    titlePath: record.titlePath,
    ordinal: record.ordinal,
    text: record.text,
    tokenCount: record.tokenCount,
    contentHash: record.contentHash,
    oversized: record.oversized,
  };
}
