import { fileURLToPath } from 'node:url';
import type { GuidelineChunkStore, IngestStore } from './load/ingest-store.js';
import { loadIngestRecords, type LoadSummary } from './load/load-records.js';
import { listBookFolders, readGuidelineBooks } from './read-guideline-books.js';

/** The sample corpus shipped in the repository (sample content, not clinical guidance). */
export const SAMPLE_CORPUS_DIR = fileURLToPath(new URL('../../corpus/sample', import.meta.url));

/** Parses and loads the sample corpus straight into the database (no vectors), as the first run does. */
export async function loadSampleCorpus(store: GuidelineChunkStore, options: { tokenBudget?: number; dir?: string } = {}): Promise<LoadSummary> {
  const folders = await listBookFolders(options.dir ?? SAMPLE_CORPUS_DIR);
  return loadIngestRecords(store, readGuidelineBooks(folders, { languages: ['en'], tokenBudget: options.tokenBudget ?? 512, kind: 'sample' }));
}

/** Marks the ingest run that completed a first-run load of the sample corpus. */
const SAMPLE_CORPUS_MARK = 'sampleCorpus';

/**
 * Loads the sample corpus on a first run: when the database holds no guidelines, or only sample books
 * whose load never finished (a crash mid-load left 3 of 10 books). Completion is recorded as an ingest
 * run; the load itself is an idempotent upsert, so a resumed load only adds what is missing. Returns
 * null when nothing had to be done (the sample corpus is complete, or real guidelines are loaded).
 */
export async function loadSampleCorpusIfEmpty(store: IngestStore, options: { tokenBudget?: number } = {}): Promise<LoadSummary | null> {
  const corpus = await store.corpusState(SAMPLE_CORPUS_MARK);
  if (corpus.realGuidelines) return null;
  if (corpus.anyChunk && corpus.markedRunSucceeded) return null;
  const runId = await store.startRun('parse');
  const summary = await loadSampleCorpus(store, options);
  await store.finishRun(runId, { status: summary.interrupted ? 'interrupted' : 'succeeded', stats: { ...summary, [SAMPLE_CORPUS_MARK]: !summary.interrupted } });
  return summary;
}
