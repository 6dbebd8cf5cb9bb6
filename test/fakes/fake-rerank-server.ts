/**
 * A local `/rerank` endpoint speaking the text-embeddings-inference protocol (request `{ query, texts }`,
 * answer `[{ index, score }]` best first) or the Cohere/Infinity one (request `{ query, documents }`,
 * answer `{ results: [{ index, relevance_score }] }`). The score is the share of the query's words a
 * document contains, so tests can predict the order. Faults: an HTTP status, or a held (hanging) answer.
 */
import { FakeHttpServer, FaultQueue, sendJson } from './fake-http.js';

export type RerankDialect = 'tei' | 'cohere';
type Fault = { status: number } | 'hang';

export class FakeRerankServer {
  readonly faults = new FaultQueue<Fault>();
  private readonly http: FakeHttpServer;

  constructor(private readonly dialect: RerankDialect = 'tei') {
    this.http = new FakeHttpServer((request, res) => {
      if (request.method !== 'POST' || request.path !== '/rerank') return sendJson(res, 404, { error: 'not found' });
      const fault = this.faults.take(request);
      if (fault === 'hang') return this.http.hold(res);
      if (fault) return sendJson(res, fault.status, { error: 'injected fault' });
      const body = request.body as { query?: unknown; texts?: unknown; documents?: unknown };
      const documents = this.dialect === 'tei' ? body.texts : body.documents;
      if (typeof body.query !== 'string' || !Array.isArray(documents) || documents.some((d) => typeof d !== 'string')) {
        return sendJson(res, 422, { error: 'query and a list of documents are required' });
      }
      const scored = (documents as string[]).map((d, index) => ({ index, score: overlap(body.query as string, d) })).sort((a, b) => b.score - a.score || a.index - b.index);
      if (this.dialect === 'tei') return sendJson(res, 200, scored);
      return sendJson(res, 200, { results: scored.map((s) => ({ index: s.index, relevance_score: s.score })) });
    });
  }

  get requests() {
    return this.http.requests;
  }

  start(): Promise<{ url: string }> {
    return this.http.start();
  }

  close(): Promise<void> {
    return this.http.close();
  }
}

function words(text: string): string[] {
  return text.toLowerCase().match(/[a-z0-9]+/g) ?? [];
}

function overlap(query: string, document: string): number {
  const q = [...new Set(words(query))];
  const d = new Set(words(document));
  return q.length === 0 ? 0 : q.filter((w) => d.has(w)).length / q.length;
}
