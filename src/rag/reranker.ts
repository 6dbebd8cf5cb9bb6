import type { Demographics, Finding } from '../patient/findings.js';

/** One candidate section as a reranker sees it. */
export interface RerankCandidate {
  accession: string;
  sectionId: string | null;
  titlePath: string;
  sectionPath: string;
  text: string;
  /** Reciprocal-rank-fusion score of the retrieval lists (higher is better). */
  fusedScore: number;
}

/** What the consult asks about. */
export interface RerankQuery {
  /** The diagnosis as stated, e.g. "malaria, not severe". */
  condition: string;
  /** The contextual query text (diagnosis, population, salient findings), normalised. */
  text: string;
  demographics: Demographics;
  /** What the health worker reported; absent, the features that read findings read none. */
  findings?: readonly Finding[];
  /** What the patient rules suggest the findings amount to ("pre-eclampsia" for 150/100 and protein ++ in pregnancy). */
  suggested?: readonly string[];
}

/**
 * The port of the reranking stage: one score per candidate, in the candidates' order, higher is better.
 * The default is the deterministic feature reranker; RERANK_URL selects a cross-encoder over HTTP.
 */
export interface Reranker {
  readonly name: string;
  rerank(query: RerankQuery, candidates: readonly RerankCandidate[]): Promise<number[]>;
}
