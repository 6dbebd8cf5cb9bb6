import type { Database } from '../../src/infra/db/open-database.js';
import { insertGuidelineChunks, setChunkEmbeddings, upsertGuidelineSource } from '../../src/infra/db/stores/guideline-chunk-store.js';
import type { ClusterSpace } from './clustered-vectors.js';
import { syntheticBatch, type TextPool } from './synthetic-chunks.js';

export const BENCH_MODEL = 'bench-clustered';
export const BATCH_SIZE = 500;
const BATCHES_PER_SOURCE = 4;

export interface GrowOptions {
  pool: TextPool;
  space: ClusterSpace;
  seed: number;
  /** Chunks already in the database (a multiple of BATCH_SIZE); batches continue from there. */
  from: number;
  to: number;
  onBatch?: (chunks: number) => void;
}

/**
 * Appends synthetic chunks [from, to) the way ingestion does: insert the rows (insertGuidelineChunks),
 * then store their vectors (setChunkEmbeddings). Returns the seconds spent in the database only;
 * generating the text and vectors is not counted.
 */
export async function growSyntheticCorpus(db: Database, options: GrowOptions): Promise<number> {
  let databaseMs = 0;
  let sourceId = '';
  for (let batch = options.from / BATCH_SIZE; batch * BATCH_SIZE < options.to; batch += 1) {
    const partFile = `bench-part-${batch}`;
    const chunks = syntheticBatch(options.pool, options.space, { batch, size: Math.min(BATCH_SIZE, options.to - batch * BATCH_SIZE), seed: options.seed, partFile });
    const started = performance.now();
    if (batch % BATCHES_PER_SOURCE === 0 || sourceId === '') {
      const n = Math.floor(batch / BATCHES_PER_SOURCE);
      sourceId = await upsertGuidelineSource(db, { accession: `BENCH-${n}`, title: `Bench guideline ${n}`, kind: 'sample' });
    }
    await insertGuidelineChunks(db, chunks.map((c) => ({ ...c.input, sourceId })));
    const ids = await db.sql.query<{ id: string; ordinal: number; contentHash: string }>(
      'SELECT id, ordinal, content_hash AS "contentHash" FROM guideline_chunks WHERE source_id = $1 AND part_file = $2',
      [sourceId, partFile],
    );
    await setChunkEmbeddings(
      db,
      BENCH_MODEL,
      ids.map((row) => ({ id: row.id, embedding: chunks[row.ordinal]?.embedding ?? [], embeddedHash: row.contentHash })),
    );
    databaseMs += performance.now() - started;
    options.onBatch?.(batch * BATCH_SIZE + chunks.length);
  }
  return databaseMs / 1000;
}
