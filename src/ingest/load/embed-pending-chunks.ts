import type { Embedder } from '../../rag/embedder.js';
import type { GuidelineChunkStore } from './ingest-store.js';

export interface EmbedSummary {
  model: string;
  pending: number;
  embedded: number;
  failedBatches: number;
  interrupted: boolean;
}

export interface EmbedOptions {
  batchSize: number;
  /** Batches in flight at once. */
  concurrency: number;
  signal?: AbortSignal;
  onProgress?: (done: number, total: number) => void;
  /** A failed batch is reported and skipped; the next run picks its chunks up again. */
  onBatchError?: (error: unknown, chunkIds: string[]) => void;
}

/**
 * Embeds every chunk whose vector is missing, stale (content changed) or from another model, in
 * batches with bounded concurrency. Re-running after success embeds nothing.
 */
export async function embedPendingChunks(store: GuidelineChunkStore, embedder: Embedder, options: EmbedOptions): Promise<EmbedSummary> {
  const query = { model: embedder.model, dimensions: embedder.dimensions };
  const total = await store.countChunksNeedingEmbedding(query);
  const summary: EmbedSummary = { model: embedder.model, pending: total, embedded: 0, failedBatches: 0, interrupted: false };
  let afterId: string | undefined;
  let exhausted = false;
  options.onProgress?.(0, total);

  // Pages are fetched by one loop; up to `concurrency` workers embed and store them.
  const nextBatch = async () => {
    if (exhausted) return [];
    const page = await store.listChunksNeedingEmbedding({ ...query, limit: options.batchSize, ...(afterId ? { afterId } : {}) });
    if (page.length < options.batchSize) exhausted = true;
    afterId = page.at(-1)?.id ?? afterId;
    return page;
  };
  let fetching: Promise<unknown> = Promise.resolve();
  const takeBatch = () => {
    const batch = fetching.then(nextBatch);
    fetching = batch.catch(() => undefined);
    return batch;
  };

  const worker = async (): Promise<void> => {
    for (;;) {
      if (options.signal?.aborted) {
        summary.interrupted = true;
        return;
      }
      const batch = await takeBatch();
      if (batch.length === 0) return;
      try {
        const vectors = await embedder.embed(
          batch.map((c) => c.text),
          options.signal ? { signal: options.signal } : {},
        );
        await store.setEmbeddings(
          embedder.model,
          batch.map((c, i) => ({ id: c.id, embedding: vectors[i] ?? [], embeddedHash: c.contentHash })),
        );
        summary.embedded += batch.length;
        options.onProgress?.(summary.embedded, total);
      } catch (error) {
        if (options.signal?.aborted) {
          summary.interrupted = true;
          return;
        }
        summary.failedBatches += 1;
        options.onBatchError?.(error, batch.map((c) => c.id));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, options.concurrency) }, () => worker()));
  return summary;
}
