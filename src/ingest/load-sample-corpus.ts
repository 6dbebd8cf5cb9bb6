import { fileURLToPath } from 'node:url';
import type { Database } from '../infra/db/open-database.js';
import { loadIngestRecords, type LoadSummary } from './load/load-records.js';
import { listBookFolders, readGuidelineBooks } from './read-guideline-books.js';

/** The sample corpus shipped in the repository (sample content, not clinical guidance). */
export const SAMPLE_CORPUS_DIR = fileURLToPath(new URL('../../corpus/sample', import.meta.url));

/** Parses and loads the sample corpus straight into the database (no vectors), as the first run does. */
export async function loadSampleCorpus(db: Database, options: { tokenBudget?: number; dir?: string } = {}): Promise<LoadSummary> {
  const folders = await listBookFolders(options.dir ?? SAMPLE_CORPUS_DIR);
  return loadIngestRecords(db, readGuidelineBooks(folders, { languages: ['en'], tokenBudget: options.tokenBudget ?? 512, kind: 'sample' }));
}

/** Loads the sample corpus when the database holds no guideline chunks at all; returns null otherwise. */
export async function loadSampleCorpusIfEmpty(db: Database, options: { tokenBudget?: number } = {}): Promise<LoadSummary | null> {
  const any = await db.prisma.guidelineChunk.findFirst({ select: { id: true } });
  if (any) return null;
  return loadSampleCorpus(db, options);
}
