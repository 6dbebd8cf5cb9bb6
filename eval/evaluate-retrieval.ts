import type { Database } from '../src/infra/db/open-database.js';
import { databaseGuidelineIndex } from '../src/infra/db/guideline-index.js';
import type { Embedder } from '../src/rag/embedder.js';
import { searchGuidelines } from '../src/rag/search-guidelines.js';
import { planCondition } from '../src/consult/plan-condition.js';
import { detectDangerSigns } from '../src/consult/triage/detect-danger-signs.js';
import { chunkCovers, goldSplit, type GoldQuery, type SectionAtlas } from './gold-set.js';
import { summarise, type QueryOutcome, type RetrievalMetrics } from './metrics.js';

export interface EvalConfiguration {
  name: string;
  legs: Array<'text' | 'vector'>;
  variants: Array<'condition' | 'contextual'>;
  /**
   * 'plan job': the diagnosis as the plan job words it before it searches (planCondition: "SAM" with a
   * passed appetite test is "uncomplicated SAM", "BP high?" at 152/96 "grade 1 hypertension: BP high?"),
   * with the urgent referral a danger sign among the findings would have raised. Default: as written.
   */
  diagnosis?: 'as written' | 'plan job';
}

export const CONFIGURATIONS: EvalConfiguration[] = [
  { name: 'text, condition only', legs: ['text'], variants: ['condition'] },
  { name: 'text, condition + context', legs: ['text'], variants: ['contextual'] },
  { name: 'text, both fused', legs: ['text'], variants: ['condition', 'contextual'] },
  { name: 'text, both, plan-job diagnosis', legs: ['text'], variants: ['condition', 'contextual'], diagnosis: 'plan job' },
  { name: 'vector, condition only', legs: ['vector'], variants: ['condition'] },
  { name: 'vector, condition + context', legs: ['vector'], variants: ['contextual'] },
  { name: 'vector, both fused', legs: ['vector'], variants: ['condition', 'contextual'] },
  { name: 'hybrid: all four fused', legs: ['text', 'vector'], variants: ['condition', 'contextual'] },
];

/** One query's result under one configuration. */
export interface QueryResult {
  query: GoldQuery;
  outcome: QueryOutcome;
}

export interface EvalRow {
  configuration: EvalConfiguration;
  /** null: not measured (the configuration needs an embedding provider and none is reachable). */
  results: QueryResult[] | null;
}

/** Runs every gold query under every configuration through the production searchGuidelines. */
export async function evaluateRetrieval(
  db: Database,
  gold: GoldQuery[],
  atlas: SectionAtlas,
  embedder: Embedder | undefined,
  configurations: EvalConfiguration[] = CONFIGURATIONS,
): Promise<EvalRow[]> {
  const index = databaseGuidelineIndex(db);
  const rows: EvalRow[] = [];
  for (const configuration of configurations) {
    if (configuration.legs.includes('vector') && !embedder) {
      rows.push({ configuration, results: null });
      continue;
    }
    const results: QueryResult[] = [];
    for (const query of gold) {
      const condition = configuration.diagnosis === 'plan job' ? planCondition(query.condition, { findings: query.findings, urgentReferral: raisesUrgentReferral(query), demographics: query.demographics }) : query.condition;
      const result = await searchGuidelines(
        { index, ...(embedder ? { embedder } : {}) },
        { condition, demographics: query.demographics, findings: query.findings, k: 10, tokenBudget: 1e9, legs: configuration.legs, variants: configuration.variants },
      );
      const relevantRanks = query.relevant.map((gold) => {
        const at = result.sections.findIndex(({ section }) => chunkCovers(atlas, section, gold));
        return at >= 0 ? at + 1 : undefined;
      });
      const inCandidates = query.relevant.every((gold) => result.candidates.some((c) => chunkCovers(atlas, c, gold)));
      results.push({ query, outcome: { relevantRanks, inCandidates } });
    }
    rows.push({ configuration, results });
  }
  return rows;
}

/**
 * Whether the findings hold a danger sign the consult's triage would have referred on. Triage reads each
 * message as the health worker wrote it; the gold set has only the findings, so the findings found present
 * stand for the messages.
 */
function raisesUrgentReferral(query: GoldQuery): boolean {
  const d = query.demographics;
  const present = query.findings.filter((f) => !f.negated).map((f) => f.value);
  return detectDangerSigns(present.join('. '), {
    ...(d.ageYears !== undefined ? { ageYears: d.ageYears } : {}),
    ...(d.ageMonths !== undefined ? { ageMonths: d.ageMonths } : {}),
    ...(d.pregnant !== undefined ? { pregnant: d.pregnant } : {}),
    ...(d.postpartum !== undefined ? { postpartum: d.postpartum } : {}),
  }).length > 0;
}

/** The ids of the queries whose relevant sections are all outside the top 5. */
export function missesOf(results: QueryResult[]): string[] {
  return results.filter((r) => r.outcome.relevantRanks.every((rank) => rank === undefined || rank > 5)).map((r) => r.query.id);
}

const HEADER = `${'recall@1'.padStart(9)} ${'recall@5'.padStart(9)} ${'MRR'.padStart(7)} ${'cand.rec'.padStart(9)} ${'n'.padStart(4)}`;
function cells(m: RetrievalMetrics): string {
  return `${m.recallAt1.toFixed(3).padStart(9)} ${m.recallAt5.toFixed(3).padStart(9)} ${m.mrr.toFixed(3).padStart(7)} ${m.candidateRecall.toFixed(3).padStart(9)} ${String(m.queries).padStart(4)}`;
}

/** The table `npm run eval` prints: per configuration, the tune and test halves and all queries. */
export function formatEvalTable(rows: EvalRow[], options: { halves?: ReadonlyArray<'tune' | 'test' | 'all'> } = {}): string {
  const halves = options.halves ?? (['tune', 'test', 'all'] as const);
  const lines = [`${'configuration'.padEnd(30)} ${'half'.padEnd(5)} ${HEADER}`];
  for (const row of rows) {
    if (!row.results) {
      lines.push(`${row.configuration.name.padEnd(30)} not measured (no embedding provider reachable)`);
      continue;
    }
    for (const [i, half] of halves.entries()) {
      const subset = half === 'all' ? row.results : row.results.filter((r) => goldSplit(r.query) === half);
      lines.push(`${(i === 0 ? row.configuration.name : '').padEnd(30)} ${half.padEnd(5)} ${cells(summarise(subset.map((r) => r.outcome)))}`);
    }
  }
  return lines.join('\n');
}

/** Per book and per writing style, on each half, for one configuration. */
export function formatBreakdown(results: QueryResult[]): string {
  const groups = new Map<string, QueryResult[]>();
  const add = (key: string, r: QueryResult) => groups.set(key, [...(groups.get(key) ?? []), r]);
  for (const r of results) {
    add(`book ${r.query.relevant[0]?.accession.replace(/^SAMPLE-/, '') ?? '?'}`, r);
    add(`style ${r.query.style ?? 'clinical'}`, r);
  }
  const lines = [`${'group'.padEnd(24)} ${'half'.padEnd(5)} ${HEADER}`];
  for (const key of [...groups.keys()].sort()) {
    for (const half of ['tune', 'test'] as const) {
      const subset = (groups.get(key) ?? []).filter((r) => goldSplit(r.query) === half);
      if (subset.length) lines.push(`${(half === 'tune' ? key : '').padEnd(24)} ${half.padEnd(5)} ${cells(summarise(subset.map((r) => r.outcome)))}`);
    }
  }
  return lines.join('\n');
}
