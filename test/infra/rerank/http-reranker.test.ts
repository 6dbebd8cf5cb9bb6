import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { httpReranker } from '../../../src/infra/rerank/http-reranker.js';
import type { RerankCandidate, Reranker } from '../../../src/rag/reranker.js';
import { FakeRerankServer } from '../../fakes/fake-rerank-server.js';

const query = { condition: 'pneumonia', text: 'pneumonia amoxicillin dose child', demographics: { ageYears: 2 } };
const candidate = (titlePath: string, text: string, fusedScore: number): RerankCandidate => ({ accession: 'B', sectionId: titlePath, sectionPath: titlePath, titlePath, text, fusedScore });
const candidates = [
  candidate('Cough > Home care', 'warm fluids and honey', 0.05),
  candidate('Pneumonia > Amoxicillin dosing', 'amoxicillin dose for a child with pneumonia by weight', 0.04),
  candidate('Pneumonia > Classify', 'fast breathing pneumonia in a child', 0.03),
];
const fallbackCalls: string[] = [];
const fallback: Reranker = { name: 'fallback', rerank: async (_q, c) => (fallbackCalls.push('called'), c.map((x) => x.fusedScore)) };
const order = (scores: number[]) => scores.map((s, i) => ({ s, i })).sort((a, b) => b.s - a.s).map((x) => candidates[x.i]?.titlePath);

describe.each(['tei', 'cohere'] as const)('the HTTP reranker against a %s-style /rerank endpoint', (dialect) => {
  const server = new FakeRerankServer(dialect);
  let url: string;
  beforeAll(async () => {
    url = `${(await server.start()).url}/rerank`;
  });
  afterAll(() => server.close());

  it("orders sections by the endpoint's scores, not by retrieval's", async () => {
    fallbackCalls.length = 0;
    const scores = await httpReranker({ url, model: 'bge-reranker', fallback }).rerank(query, candidates);
    expect(order(scores)[0]).toBe('Pneumonia > Amoxicillin dosing');
    expect(order(scores)[2]).toBe('Cough > Home care');
    expect(fallbackCalls).toEqual([]);
    const sent = server.requests.at(-1)?.body as { query: string; documents: string[]; model: string };
    expect(sent.query).toBe(query.text);
    expect(sent.model).toBe('bge-reranker');
    expect(sent.documents[0]).toContain('Cough > Home care');
  });

  it('sends only the best candidates and keeps the rest below them in retrieval order', async () => {
    const scores = await httpReranker({ url, fallback, maxDocuments: 2 }).rerank(query, candidates);
    const sent = server.requests.at(-1)?.body as { documents: string[] };
    expect(sent.documents).toHaveLength(2);
    expect(order(scores)[2]).toBe('Pneumonia > Classify');
  });

  it('falls back to the default reranker when the endpoint fails, and says why', async () => {
    fallbackCalls.length = 0;
    const errors: string[] = [];
    server.faults.add(1, { status: 503 });
    const scores = await httpReranker({ url, fallback, onError: (e) => errors.push(e.message) }).rerank(query, candidates);
    expect(scores).toEqual(candidates.map((c) => c.fusedScore));
    expect(fallbackCalls).toEqual(['called']);
    expect(errors[0]).toContain('503');
  });

  it('falls back instead of waiting when the endpoint hangs', async () => {
    fallbackCalls.length = 0;
    server.faults.add(1, 'hang');
    const scores = await httpReranker({ url, fallback, timeoutMs: 200 }).rerank(query, candidates);
    expect(scores).toEqual(candidates.map((c) => c.fusedScore));
    expect(fallbackCalls).toEqual(['called']);
  });
});
