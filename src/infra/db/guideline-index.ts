import type { GuidelineIndex } from '../../rag/guideline-index.js';
import type { Database } from './open-database.js';
import { searchChunksByText, searchChunksByVector } from './stores/guideline-chunk-store.js';

/** The GuidelineIndex port over the database (PGlite or PostgreSQL, same SQL). */
export function databaseGuidelineIndex(db: Database): GuidelineIndex {
  return {
    searchText: (query) => searchChunksByText(db, query),
    searchVector: (query) => searchChunksByVector(db, query),
  };
}
