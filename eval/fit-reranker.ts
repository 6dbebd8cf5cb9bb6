import { loadConfig } from '../src/infra/config/config.js';
import { applyMigrations, readMigrations } from '../src/infra/db/migrate.js';
import { databaseGuidelineIndex } from '../src/infra/db/guideline-index.js';
import { loadSampleCorpus, SAMPLE_CORPUS_DIR } from '../src/ingest/load-sample-corpus.js';
import { createIngestStore } from '../src/infra/db/stores/ingest-run-store.js';
import { MIGRATIONS_DIR } from '../src/entry/runtime.js';
import { FITTED_WEIGHTS, rerankFeatures, scoreFeatures, type RerankFeatures, type RerankWeights } from '../src/rag/feature-reranker.js';
import { sectionFitsPatient } from '../src/rag/population-fit.js';
import { searchGuidelines } from '../src/rag/search-guidelines.js';
import { openBenchDatabase } from '../bench/support/bench-database.js';
import { buildSectionAtlas, chunkCovers, goldSplit, readGoldSet } from './gold-set.js';

/**
 * `npx tsx eval/fit-reranker.ts`: fits the feature reranker's weights on the TUNE half of the gold set by
 * grid search (maximising MRR, then recall@5, over the candidates full-text retrieval returns) and
 * prints the best weights with their tune and test figures. Paste the weights into FITTED_WEIGHTS
 * (src/rag/feature-reranker.ts); `npm run eval` then reports the test half through the real pipeline.
 */
interface Captured {
  split: 'tune' | 'test';
  features: RerankFeatures[];
  relevant: boolean[];
}

const config = loadConfig(process.env);
const bench = await openBenchDatabase();
await applyMigrations(bench.db.sql, await readMigrations(MIGRATIONS_DIR));
await loadSampleCorpus(createIngestStore(bench.db), { tokenBudget: config.guidelines.tokenBudget });
const gold = await readGoldSet();
const atlas = await buildSectionAtlas(SAMPLE_CORPUS_DIR);
const index = databaseGuidelineIndex(bench.db);

const captured: Captured[] = [];
for (const query of gold) {
  let features: RerankFeatures[] = [];
  let relevant: boolean[] = [];
  await searchGuidelines(
    {
      index,
      reranker: {
        name: 'capture',
        rerank: async (q, candidates) => {
          // Candidates written for another population are dropped after reranking whatever their score.
          const fits = candidates.map((c) => sectionFitsPatient(c.sectionPath, query.demographics));
          features = rerankFeatures(q, candidates).filter((_, i) => fits[i]);
          relevant = candidates
            .filter((_, i) => fits[i])
            .map((c) => query.relevant.some((g) => chunkCovers(atlas, c, g)));
          return candidates.map(() => 0);
        },
      },
    },
    { condition: query.condition, demographics: query.demographics, findings: query.findings, k: 10, tokenBudget: 1e9, legs: ['text'] },
  );
  captured.push({ split: goldSplit(query), features, relevant });
}
await bench.close();

function measure(weights: RerankWeights, split: 'tune' | 'test'): { mrr: number; r5: number } {
  let mrr = 0;
  let r5 = 0;
  const rows = captured.filter((c) => c.split === split);
  for (const row of rows) {
    const order = row.features.map((f, i) => ({ s: scoreFeatures(f, weights), i })).sort((a, b) => b.s - a.s || a.i - b.i);
    const rank = order.findIndex((o) => row.relevant[o.i]) + 1;
    if (rank > 0 && rank <= 10) mrr += 1 / rank;
    if (rank > 0 && rank <= 5) r5 += 1;
  }
  return { mrr: mrr / rows.length, r5: r5 / rows.length };
}

const grid = [0, 0.2, 0.4, 0.6, 0.8, 1, 1.5];
let best = { weights: FITTED_WEIGHTS, mrr: -1, r5: -1 };
for (const heading of grid)
  for (const topic of grid)
    for (const severity of [0, 0.1, 0.2, 0.3, 0.5])
      for (const population of [0, 0.2, 0.4, 0.6, 1])
        for (const generality of [0, 0.1, 0.2, 0.4]) {
          const weights = { fused: 1, heading, topic, severity, population, generality };
          const { mrr, r5 } = measure(weights, 'tune');
          if (mrr > best.mrr + 1e-9 || (Math.abs(mrr - best.mrr) < 1e-9 && r5 > best.r5)) best = { weights, mrr, r5 };
        }
const current = { tune: measure(FITTED_WEIGHTS, 'tune'), test: measure(FITTED_WEIGHTS, 'test') };
const fitted = { tune: measure(best.weights, 'tune'), test: measure(best.weights, 'test') };
process.stdout.write(`current weights ${JSON.stringify(FITTED_WEIGHTS)}\n  tune MRR ${current.tune.mrr.toFixed(3)} r@5 ${current.tune.r5.toFixed(3)} | test MRR ${current.test.mrr.toFixed(3)} r@5 ${current.test.r5.toFixed(3)}\n`);
process.stdout.write(`fitted on tune  ${JSON.stringify(best.weights)}\n  tune MRR ${fitted.tune.mrr.toFixed(3)} r@5 ${fitted.tune.r5.toFixed(3)} | test MRR ${fitted.test.mrr.toFixed(3)} r@5 ${fitted.test.r5.toFixed(3)}\n`);
