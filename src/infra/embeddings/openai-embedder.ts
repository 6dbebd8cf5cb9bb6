import OpenAI from 'openai';
import type { Embedder } from '../../rag/embedder.js';

export interface OpenAiEmbedderOptions {
  baseUrl: string | undefined;
  apiKey: string;
  model: string;
  dimensions: number;
  /** Retries on 429 and 5xx; the SDK waits as Retry-After says, else backs off exponentially. */
  maxRetries?: number;
  timeoutMs?: number;
  fetch?: typeof fetch;
}

/** An Embedder over any OpenAI-compatible /embeddings endpoint (OpenAI, Ollama, text-embeddings servers). */
export function createOpenAiEmbedder(options: OpenAiEmbedderOptions): Embedder {
  const client = new OpenAI({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    maxRetries: options.maxRetries ?? 5,
    timeout: options.timeoutMs ?? 60_000,
    ...(options.fetch ? { fetch: options.fetch } : {}),
  });
  return {
    model: options.model,
    dimensions: options.dimensions,
    async embed(texts, embedOptions = {}) {
      if (texts.length === 0) return [];
      const response = await client.embeddings.create(
        { model: options.model, input: texts, dimensions: options.dimensions },
        embedOptions.signal ? { signal: embedOptions.signal } : {},
      );
      const vectors = [...response.data].sort((a, b) => a.index - b.index).map((d) => d.embedding);
      if (vectors.length !== texts.length) throw new Error(`embedding endpoint returned ${vectors.length} vectors for ${texts.length} texts`);
      for (const v of vectors) {
        if (v.length !== options.dimensions) {
          throw new Error(`embedding endpoint returned ${v.length} dimensions; ${options.model} is configured for ${options.dimensions}`);
        }
      }
      return vectors;
    },
  };
}
