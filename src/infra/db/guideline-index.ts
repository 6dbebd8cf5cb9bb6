import type { GuidelineIndex } from '../../rag/guideline-index.js';
import type { Database } from './open-database.js';
import type { CorpusVersion } from '../../rag/search-cache.js';
import { countVectorsByModel, listChunksMentioning, readCorpusVersion, listChunksWithHeading, searchChunksByTextVariants, searchChunksByVectorVariants } from './stores/guideline-chunk-store.js';

/**
 * The GuidelineIndex port over the database (PGlite or PostgreSQL, same SQL). Which embedding models the
 * stored vectors come from is read at most once per `modelCacheMs` (default 60 s): counting them scans
 * the table, and they change only when an admin re-embeds the corpus.
 */
export function databaseGuidelineIndex(db: Database, options: { modelCacheMs?: number } = {}): GuidelineIndex {
  const ttl = options.modelCacheMs ?? 60_000;
  let cached: { at: number; models: Promise<Awaited<ReturnType<typeof countVectorsByModel>>> } | undefined;
  const storedModels = () => {
    if (!cached || Date.now() - cached.at > ttl) {
      const models = countVectorsByModel(db);
      cached = { at: Date.now(), models };
      models.catch(() => (cached = undefined));
    }
    return cached.models;
  };
  return {
    searchText: (query) => searchChunksByTextVariants(db, query),
    searchVector: async (query) => searchChunksByVectorVariants(db, query, { storedModels: await storedModels() }),
    sectionsWithHeading: (query) => listChunksWithHeading(db, query),
    sectionsMentioning: (query) => listChunksMentioning(db, query),
  };
}

/**
 * The CorpusVersion port over the database: one indexed read of a one-row table per call; calls made
 * while a read is in flight share it (a plan's parallel searches ask once).
 */
export function databaseCorpusVersion(db: Database): CorpusVersion {
  let inFlight: Promise<string> | undefined;
  return () =>
    (inFlight ??= readCorpusVersion(db).finally(() => {
      inFlight = undefined;
    }));
}
