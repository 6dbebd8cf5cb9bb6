import type { RerankCandidate, RerankQuery, Reranker } from '../../rag/reranker.js';

export interface HttpRerankerOptions {
  /** The `/rerank` endpoint, e.g. http://127.0.0.1:8080/rerank (text-embeddings-inference, Infinity, Cohere-style). */
  url: string;
  /** Sent as `model` (Infinity and Cohere need it; TEI ignores it). */
  model?: string;
  /** Sent as a Bearer token when set. */
  apiKey?: string;
  /** Per request; default 2000 ms. */
  timeoutMs?: number;
  /** Candidates sent, best fused first; default 30. The rest keep their order below them. */
  maxDocuments?: number;
  /** Characters of each document sent (title path, then text); default 2000. */
  maxChars?: number;
  /** Used when the endpoint fails or times out, so a consult never waits on it; told why. */
  fallback: Reranker;
  onError?: (error: Error) => void;
}

/**
 * A cross-encoder reranker over HTTP. Sends `{ query, texts, documents, model, return_documents: false }`
 * (TEI reads `texts`; Infinity and Cohere read `documents`) and reads either answer shape: TEI's
 * `[{ index, score }]` or `{ results: [{ index, relevance_score }] }`. The query is the contextual query
 * text; each document its title path and text.
 */
export function httpReranker(options: HttpRerankerOptions): Reranker {
  const timeoutMs = options.timeoutMs ?? 2000;
  const maxDocuments = options.maxDocuments ?? 30;
  const maxChars = options.maxChars ?? 2000;
  return {
    name: 'http',
    async rerank(query: RerankQuery, candidates: readonly RerankCandidate[]): Promise<number[]> {
      if (candidates.length === 0) return [];
      // Only the best candidates by retrieval score go over the wire; the rest stay below them.
      const order = candidates.map((c, i) => ({ c, i })).sort((a, b) => b.c.fusedScore - a.c.fusedScore || a.i - b.i);
      const sent = order.slice(0, maxDocuments);
      const documents = sent.map(({ c }) => `${c.titlePath}\n${c.text}`.slice(0, maxChars));
      try {
        const response = await fetch(options.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json', ...(options.apiKey ? { authorization: `Bearer ${options.apiKey}` } : {}) },
          body: JSON.stringify({ query: query.text, texts: documents, documents, ...(options.model ? { model: options.model } : {}), return_documents: false }),
          signal: AbortSignal.timeout(timeoutMs),
        });
        if (!response.ok) throw new Error(`rerank endpoint answered HTTP ${response.status}`);
        const scores = readScores(await response.json(), documents.length);
        const floor = Math.min(...scores) - 1;
        const result = candidates.map((c) => floor - 1 + c.fusedScore / (1 + c.fusedScore));
        sent.forEach(({ i }, position) => (result[i] = scores[position] ?? floor));
        return result;
      } catch (error) {
        options.onError?.(error instanceof Error ? error : new Error(String(error)));
        return options.fallback.rerank(query, candidates);
      }
    },
  };
}

/** One score per sent document, in the order sent, from either answer shape; anything else is an error. */
function readScores(body: unknown, count: number): number[] {
  const items = Array.isArray(body) ? body : body && typeof body === 'object' && Array.isArray((body as { results?: unknown }).results) ? (body as { results: unknown[] }).results : undefined;
  if (!items) throw new Error('rerank endpoint answered with neither a list nor { results }');
  const scores = new Array<number | undefined>(count).fill(undefined);
  for (const item of items) {
    const { index, score, relevance_score: relevance } = (item ?? {}) as { index?: unknown; score?: unknown; relevance_score?: unknown };
    const value = typeof score === 'number' ? score : relevance;
    if (typeof index !== 'number' || !Number.isInteger(index) || index < 0 || index >= count || typeof value !== 'number' || !Number.isFinite(value)) {
      throw new Error('rerank endpoint answered with an item that has no valid index and score');
    }
    scores[index] = value;
  }
  if (scores.some((s) => s === undefined)) throw new Error('rerank endpoint left documents unscored');
  return scores as number[];
}
