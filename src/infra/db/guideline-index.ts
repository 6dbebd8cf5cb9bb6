import type { GuidelineIndex } from '../../rag/guideline-index.js';
import type { Database } from './open-database.js';
import { countVectorsByModel, listChunksMentioning, listChunksWithHeading, searchChunksByTextVariants, searchChunksByVectorVariants } from './stores/guideline-chunk-store.js';

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
