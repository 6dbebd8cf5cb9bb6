import type { Database } from '../../src/infra/db/open-database.js';
import type { SqlSession } from '../../src/infra/db/sql-session.js';
import { countVectorsByModel, EF_SEARCH_PARAM, searchChunksByVector } from '../../src/infra/db/stores/guideline-chunk-store.js';

/** The stored vectors' models and dimensions, as searchChunksByVector checks a query vector against them. */
export type StoredModels = Awaited<ReturnType<typeof countVectorsByModel>>;
import type { IndexHit } from '../../src/rag/guideline-index.js';
import { BENCH_MODEL } from './load-synthetic-corpus.js';

/** The statement searchChunksByVector sent, captured so the exact scan and EXPLAIN run the same SQL. */
export interface VectorStatement {
  sql: string;
  params: unknown[];
}

/**
 * Runs searchChunksByVector through a session that records its nearest-neighbour statement. Going
 * through the store function (not a copy of its SQL) keeps the benchmark honest when the store changes.
 */
export async function captureVectorStatement(
  db: Database,
  embedding: number[],
  k: number,
  efSearch: number,
  storedModels: StoredModels,
): Promise<{ hits: IndexHit[]; statement: VectorStatement }> {
  let statement: VectorStatement | undefined;
  const record = (session: SqlSession): SqlSession => ({
    exec: (script) => session.exec(script),
    query: <Row extends object>(sql: string, params: unknown[] = []) => {
      if (sql.includes('<=>')) statement = { sql, params };
      return session.query<Row>(sql, params);
    },
    transaction: (work) => session.transaction((tx) => work(record(tx))),
  });
  // The stored models are counted once by the caller, as the search's index caches them: counting them
  // per call scans the table (it made this figure 114 ms at 50,000 chunks for a 6.5 ms HNSW statement).
  const hits = await searchChunksByVector({ ...db, sql: record(db.sql) }, { embedding, model: BENCH_MODEL, k, efSearch }, { storedModels });
  if (!statement) throw new Error('searchChunksByVector sent no nearest-neighbour statement');
  return { hits, statement };
}

/**
 * A prepared statement's cached plan ignores later changes to enable_* settings: run under the probes'
 * settings with the search's own text, the exact scan's plan would be reused by the search itself (it
 * was: 333 ms for a 3 ms search at 50,000 chunks). Each probe therefore runs its own statement text.
 */
const PROBE_HNSW = '/* bench: HNSW probe */ ';
const PROBE_EXACT = '/* bench: exact scan */ ';

/**
 * The statement over the HNSW index at `efSearch` (as searchChunksByVector runs it), ids in rank order.
 * Sequential scans and sorts are off for this transaction: with fresh statistics the planner rightly
 * scans and sorts a small table instead, and the recall figure is about the index.
 */
export async function runIndexed(db: Database, statement: VectorStatement, efSearch: number): Promise<string[]> {
  return db.sql.transaction(async (tx) => {
    await tx.exec('SET LOCAL enable_seqscan = off');
    await tx.exec('SET LOCAL enable_sort = off');
    // The statement sets ef_search itself: give it this run's value.
    const params = statement.params.map((param, i) => (i === EF_SEARCH_PARAM ? String(Math.trunc(efSearch)) : param));
    return (await tx.query<{ id: string }>(`${PROBE_HNSW}${statement.sql}`, params)).map((r) => r.id);
  });
}

/** The same statement with index scans disabled for this transaction only: an exact scan and sort. */
export async function runExact(db: Database, statement: VectorStatement): Promise<string[]> {
  return db.sql.transaction(async (tx) => {
    await tx.exec('SET LOCAL enable_indexscan = off');
    return (await tx.query<{ id: string }>(`${PROBE_EXACT}${statement.sql}`, statement.params)).map((r) => r.id);
  });
}

/** The query plans of both forms, to show one uses the HNSW index and the other does not. */
export async function explainBoth(db: Database, statement: VectorStatement): Promise<{ indexed: string; exact: string }> {
  const plan = (...settings: string[]) =>
    db.sql.transaction(async (tx) => {
      for (const setting of settings) await tx.exec(setting);
      const rows = await tx.query<{ 'QUERY PLAN': string }>(`EXPLAIN ${statement.sql}`, statement.params);
      return rows.map((r) => r['QUERY PLAN']).join('\n');
    });
  return { indexed: await plan('SET LOCAL hnsw.ef_search = 100', 'SET LOCAL enable_seqscan = off', 'SET LOCAL enable_sort = off'), exact: await plan('SET LOCAL enable_indexscan = off') };
}

/** The share of `truth` (the exact top k) that `found` contains. */
export function recallAt(truth: readonly string[], found: readonly string[]): number {
  if (truth.length === 0) return 1;
  const hits = new Set(found);
  return truth.filter((id) => hits.has(id)).length / truth.length;
}
