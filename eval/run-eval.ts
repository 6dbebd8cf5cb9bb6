import { applyMigrations, readMigrations } from '../src/infra/db/migrate.js';
import { openBenchDatabase } from '../bench/support/bench-database.js';
import { createOpenAiEmbedder } from '../src/infra/embeddings/openai-embedder.js';
import { embedPendingChunks } from '../src/ingest/load/embed-pending-chunks.js';
import { createIngestStore } from '../src/infra/db/stores/ingest-run-store.js';
import { loadSampleCorpus, SAMPLE_CORPUS_DIR } from '../src/ingest/load-sample-corpus.js';
import { cliProgram, loadConfigOrExit, MIGRATIONS_DIR } from '../src/entry/runtime.js';
import type { Embedder } from '../src/rag/embedder.js';
import { BLIND_DIR, buildSectionAtlas, readGoldSet } from './gold-set.js';
import { evaluateRetrieval, formatBreakdown, formatEvalTable, missesOf } from './evaluate-retrieval.js';
import { goldSplit } from './gold-set.js';

/**
 * `npm run eval`: loads the sample corpus into a fresh in-memory database, runs the gold set through
 * searchGuidelines under each configuration and prints recall@1, recall@5, MRR and candidate recall on the
 * tune half (weights are fitted on it), the test half (what is reported) and all, then per book and
 * writing style. The vector rows are measured only when an embedding provider answers; otherwise they say so.
 * Last, the blind set (eval/blind) on its own: queries in neither half, never tuned on.
 */
cliProgram(
  'npm run eval',
  'Retrieval quality on the gold set: recall@1, recall@5, MRR and candidate recall per configuration on the tune and test halves, per book and style, then on the blind set. Runs on an in-memory PGlite, or on PostgreSQL with DATABASE_URL; the vector rows need an embedding provider (EMBEDDING_*).',
).parse();
const config = loadConfigOrExit();
const bench = await openBenchDatabase();
const db = bench.db;
process.stdout.write(`database: ${bench.label}\n`);
await applyMigrations(db.sql, await readMigrations(MIGRATIONS_DIR));
const load = await loadSampleCorpus(createIngestStore(db), { tokenBudget: config.guidelines.tokenBudget });
const gold = await readGoldSet();
const atlas = await buildSectionAtlas(SAMPLE_CORPUS_DIR);

let embedder: Embedder | undefined;
if (config.embeddings.kind === 'openai-compatible') {
  const e = config.embeddings;
  const candidate = createOpenAiEmbedder({ baseUrl: e.baseUrl, apiKey: e.apiKey, model: e.model, dimensions: e.dimensions, maxRetries: 1 });
  try {
    await candidate.embed(['probe']);
    await embedPendingChunks(createIngestStore(db), candidate, { batchSize: e.batchSize, concurrency: e.concurrency });
    embedder = candidate;
  } catch (error) {
    process.stderr.write(`embedding provider not reachable (${error instanceof Error ? error.message : String(error)}): vector rows not measured\n`);
  }
}

const rows = await evaluateRetrieval(db, gold, atlas, embedder);
const chw = gold.filter((q) => q.style === 'chw').length;
process.stdout.write(`gold set: ${gold.length} queries (${gold.filter((q) => goldSplit(q) === 'test').length} in the test half, ${chw} written as CHWs type) over ${load.inserted} chunks of ${load.sources} sample books\n\n`);
process.stdout.write(`${formatEvalTable(rows)}\n`);
const best = rows.find((r) => r.configuration.name === (embedder ? 'hybrid: all four fused' : 'text, both fused'));
if (best?.results) {
  process.stdout.write(`\n${best.configuration.name}, per book and style:\n${formatBreakdown(best.results)}\n`);
  for (const half of ['tune', 'test'] as const) {
    const misses = missesOf(best.results.filter((r) => goldSplit(r.query) === half));
    const outside = best.results.filter((r) => goldSplit(r.query) === half && !r.outcome.inCandidates).map((r) => r.query.id);
    process.stdout.write(`\n${half} half, not in the top 5: ${misses.join(', ') || 'none'}`);
    process.stdout.write(`\n${half} half, not among the candidates: ${outside.join(', ') || 'none'}`);
  }
  process.stdout.write('\n');
}

const blind = await readGoldSet(BLIND_DIR);
if (blind.length > 0) {
  const blindRows = await evaluateRetrieval(db, blind, atlas, embedder);
  process.stdout.write(`\nblind set: ${blind.length} queries in eval/blind, written by a helper that read only the corpus; never tuned on, in neither half\n`);
  process.stdout.write(`${formatEvalTable(blindRows, { halves: ['all'] })}\n`);
  const blindBest = blindRows.find((r) => r.configuration.name === best?.configuration.name);
  if (blindBest?.results) process.stdout.write(`blind set, not in the top 5: ${missesOf(blindBest.results).join(', ') || 'none'}\n`);
}
await bench.close();
