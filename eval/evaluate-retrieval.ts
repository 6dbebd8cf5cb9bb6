import type { Database } from '../src/infra/db/open-database.js';
import { databaseGuidelineIndex } from '../src/infra/db/guideline-index.js';
import type { Embedder } from '../src/rag/embedder.js';
import { searchGuidelines } from '../src/rag/search-guidelines.js';
import { chunkCovers, type GoldQuery, type SectionAtlas } from './gold-set.js';
import { summarise, type QueryOutcome, type RetrievalMetrics } from './metrics.js';

export interface EvalConfiguration {
  name: string;
  legs: Array<'text' | 'vector'>;
  variants: Array<'condition' | 'contextual'>;
}

export const CONFIGURATIONS: EvalConfiguration[] = [
  { name: 'text, condition only', legs: ['text'], variants: ['condition'] },
  { name: 'text, condition + context', legs: ['text'], variants: ['contextual'] },
  { name: 'text, both fused', legs: ['text'], variants: ['condition', 'contextual'] },
  { name: 'vector, condition only', legs: ['vector'], variants: ['condition'] },
  { name: 'vector, condition + context', legs: ['vector'], variants: ['contextual'] },
  { name: 'vector, both fused', legs: ['vector'], variants: ['condition', 'contextual'] },
  { name: 'hybrid: all four fused', legs: ['text', 'vector'], variants: ['condition', 'contextual'] },
];

export interface EvalRow {
  configuration: EvalConfiguration;
  /** null: not measured (the configuration needs an embedding provider and none is reachable). */
  metrics: RetrievalMetrics | null;
  misses: string[];
}

/** Runs every gold query under every configuration through the production searchGuidelines. */
export async function evaluateRetrieval(
  db: Database,
  gold: GoldQuery[],
  atlas: SectionAtlas,
  embedder: Embedder | undefined,
): Promise<EvalRow[]> {
  const index = databaseGuidelineIndex(db);
  const rows: EvalRow[] = [];
  for (const configuration of CONFIGURATIONS) {
    if (configuration.legs.includes('vector') && !embedder) {
      rows.push({ configuration, metrics: null, misses: [] });
      continue;
    }
    const outcomes: QueryOutcome[] = [];
    const misses: string[] = [];
    for (const query of gold) {
      const result = await searchGuidelines(
        { index, ...(embedder ? { embedder } : {}) },
        { condition: query.condition, demographics: query.demographics, findings: query.findings, k: 10, tokenBudget: 1e9, legs: configuration.legs, variants: configuration.variants },
      );
      const relevantRanks = query.relevant.map((gold) => {
        const at = result.sections.findIndex(({ section }) => chunkCovers(atlas, section, gold));
        return at >= 0 ? at + 1 : undefined;
      });
      if (relevantRanks.every((r) => r === undefined || r > 5)) misses.push(query.id);
      outcomes.push({ relevantRanks });
    }
    rows.push({ configuration, metrics: summarise(outcomes), misses });
  }
  return rows;
}

/** The table `npm run eval` prints. */
export function formatEvalTable(rows: EvalRow[]): string {
  const header = `${'configuration'.padEnd(30)} ${'recall@1'.padStart(9)} ${'recall@5'.padStart(9)} ${'MRR'.padStart(7)}`;
  const lines = rows.map((r) =>
    r.metrics
      ? `${r.configuration.name.padEnd(30)} ${r.metrics.recallAt1.toFixed(3).padStart(9)} ${r.metrics.recallAt5.toFixed(3).padStart(9)} ${r.metrics.mrr.toFixed(3).padStart(7)}`
      : `${r.configuration.name.padEnd(30)} ${'not measured (no embedding provider reachable)'}`,
  );
  return [header, ...lines].join('\n');
}
