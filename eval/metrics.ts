export interface QueryOutcome {
  /** 1-based ranks at which each relevant section was found (undefined: not in the list). */
  relevantRanks: Array<number | undefined>;
  /** Whether every relevant section was among the candidates scored at all (before the top k). */
  inCandidates: boolean;
}

export interface RetrievalMetrics {
  queries: number;
  recallAt1: number;
  recallAt5: number;
  /** Mean reciprocal rank of the first relevant section in the top 10. */
  mrr: number;
  /** Share of queries whose relevant sections were all among the candidates. */
  candidateRecall: number;
}

/** recall@k: the share of relevant sections in the top k, averaged over queries; MRR over the top 10. */
export function summarise(outcomes: QueryOutcome[]): RetrievalMetrics {
  const recallAt = (k: number) =>
    mean(outcomes.map((o) => o.relevantRanks.filter((r) => r !== undefined && r <= k).length / Math.max(1, o.relevantRanks.length)));
  const mrr = mean(
    outcomes.map((o) => {
      const best = Math.min(...o.relevantRanks.map((r) => (r === undefined || r > 10 ? Infinity : r)));
      return Number.isFinite(best) ? 1 / best : 0;
    }),
  );
  return { queries: outcomes.length, recallAt1: recallAt(1), recallAt5: recallAt(5), mrr, candidateRecall: mean(outcomes.map((o) => (o.inCandidates ? 1 : 0))) };
}

function mean(values: number[]): number {
  return values.length === 0 ? 0 : values.reduce((a, b) => a + b, 0) / values.length;
}
