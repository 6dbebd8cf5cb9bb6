/**
 * A local OpenAI-compatible embeddings endpoint (`POST /v1/embeddings`, or `/embeddings` under a
 * baseURL that already ends in /v1). Vectors come from a deterministic hashing bag-of-words embedder,
 * so texts sharing words are closer by cosine, and tests can compute the expected vector themselves.
 * Speaks both encodings: `base64` (little-endian Float32, the openai SDK's default) and `float`.
 */
import { createHash } from 'node:crypto';
import type { ServerResponse } from 'node:http';
import { FakeHttpServer, FaultQueue, sendJson } from './fake-http.js';
import type { RecordedRequest } from './fake-http.js';

export const FAKE_OPENAI_API_KEY = 'test-openai-key';

/** Default model table: id -> native dimension. */
export const FAKE_EMBEDDING_MODELS: Readonly<Record<string, number>> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'nomic-embed-text': 768,
};

/** The API's per-request input limit. */
const MAX_INPUTS = 2048;
/** The API's per-input token limit (text-embedding-3-*). */
const MAX_INPUT_TOKENS = 8192;

// Without a stopword list, "the"/"of" dominate short texts and the similarity order becomes noise.
const STOPWORDS = new Set(
  'a an and are as at be by for from has have in is it its of on or that the this to was were with'.split(' '),
);

/** Lower-cased word tokens (Unicode letters and digits), stopwords removed. */
export function fakeTokens(text: string): string[] {
  return (text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []).filter((token) => !STOPWORDS.has(token));
}

/**
 * Deterministic embedding of `text` with `dim` dimensions: each token adds +-1 to a hashed bucket,
 * then the vector is L2-normalised and rounded to Float32 (what the base64 wire format carries).
 */
export function fakeEmbed(text: string, dim: number): number[] {
  if (!Number.isInteger(dim) || dim < 1) throw new Error(`dimension must be a positive integer, got ${dim}`);
  const vector = new Float64Array(dim);
  const tokens = fakeTokens(text);
  // A text of stopwords only still gets a stable, non-zero vector.
  for (const token of tokens.length > 0 ? tokens : [text]) {
    const digest = createHash('sha256').update(token).digest();
    const bucket = digest.readUInt32LE(0) % dim;
    vector[bucket] = (vector[bucket] ?? 0) + ((digest[4] ?? 0) & 1 ? -1 : 1);
  }
  let norm = Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
  if (norm === 0) {
    // Opposite signs cancelled out; fall back to one fixed unit vector rather than NaN.
    vector[0] = 1;
    norm = 1;
  }
  return Array.from(vector, (value) => Math.fround(value / norm));
}

/** Cosine similarity of two equal-length vectors. */
export function cosineSimilarity(a: readonly number[], b: readonly number[]): number {
  if (a.length !== b.length) throw new Error(`length mismatch: ${a.length} vs ${b.length}`);
  let dot = 0;
  let normA = 0;
  let normB = 0;
  for (let i = 0; i < a.length; i++) {
    const x = a[i] ?? 0;
    const y = b[i] ?? 0;
    dot += x * y;
    normA += x * x;
    normB += y * y;
  }
  return dot / (Math.sqrt(normA) * Math.sqrt(normB));
}

export type EmbeddingsFault =
  | { kind: 'rate_limit'; retryAfterSeconds?: number }
  | { kind: 'server_error' }
  | { kind: 'hang' };

export interface FakeOpenAiEmbeddingsOptions {
  /** Required as `authorization: Bearer`; `null` accepts any or no key (like Ollama). Default FAKE_OPENAI_API_KEY. */
  apiKey?: string | null;
  /** Model id -> native dimension. Default FAKE_EMBEDDING_MODELS. */
  models?: Record<string, number>;
}

/** The parsed body of one embeddings request. */
export interface FakeEmbeddingsRequest {
  model: string;
  input: string[];
  dimensions: number | undefined;
  encoding_format: 'float' | 'base64';
}

/** Local fake of the OpenAI embeddings API. */
export class FakeOpenAiEmbeddingsServer {
  private readonly http = new FakeHttpServer((request, res) => this.handle(request, res));
  private readonly faults = new FaultQueue<EmbeddingsFault>();
  private readonly apiKey: string | null;
  private readonly models: Record<string, number>;

  constructor(options: FakeOpenAiEmbeddingsOptions = {}) {
    this.apiKey = options.apiKey === undefined ? FAKE_OPENAI_API_KEY : options.apiKey;
    this.models = options.models ?? { ...FAKE_EMBEDDING_MODELS };
  }

  /** Starts on 127.0.0.1; pass `url + '/v1'` as the openai client's baseURL. */
  start(): Promise<{ url: string }> {
    return this.http.start();
  }

  close(): Promise<void> {
    return this.http.close();
  }

  /** Every HTTP request received, faulted or not. */
  get requests(): readonly RecordedRequest[] {
    return this.http.requests;
  }

  /** Embedding requests that were answered with vectors, in order. */
  readonly answered: FakeEmbeddingsRequest[] = [];

  get handlerErrors(): readonly Error[] {
    return this.http.handlerErrors;
  }

  /** The next `count` embeddings requests get this fault. */
  failNext(count: number, fault: EmbeddingsFault): void {
    this.faults.add(count, fault, (r) => isEmbeddingsPath(r.path));
  }

  private handle(request: RecordedRequest, res: ServerResponse): void {
    if (request.method !== 'POST' || !isEmbeddingsPath(request.path)) {
      sendError(res, 404, `Invalid URL (${request.method} ${request.path})`, 'invalid_request_error', null, null);
      return;
    }
    if (this.apiKey !== null && request.headers.authorization !== `Bearer ${this.apiKey}`) {
      sendError(res, 401, 'Incorrect API key provided.', 'invalid_request_error', null, 'invalid_api_key');
      return;
    }
    const fault = this.faults.take(request);
    if (fault) {
      this.serveFault(fault, res);
      return;
    }
    const parsed = this.parse(request.body);
    if (typeof parsed === 'string') {
      sendError(res, 400, parsed, 'invalid_request_error', 'input', null);
      return;
    }
    const nativeDimension = this.models[parsed.model];
    if (nativeDimension === undefined) {
      sendError(
        res,
        404,
        `The model \`${parsed.model}\` does not exist or you do not have access to it.`,
        'invalid_request_error',
        null,
        'model_not_found',
      );
      return;
    }
    const dimension = parsed.dimensions ?? nativeDimension;
    if (dimension < 1 || dimension > nativeDimension) {
      sendError(res, 400, `Invalid value for 'dimensions' = ${dimension}. Must be between 1 and ${nativeDimension}.`, 'invalid_request_error', 'dimensions', null);
      return;
    }
    const tooLong = parsed.input.findIndex((text) => approximateTokens(text) > MAX_INPUT_TOKENS);
    if (tooLong >= 0) {
      sendError(
        res,
        400,
        `This model's maximum context length is ${MAX_INPUT_TOKENS} tokens, however you requested ${approximateTokens(parsed.input[tooLong] ?? '')} tokens in input ${tooLong}. Please reduce your prompt.`,
        'invalid_request_error',
        null,
        null,
      );
      return;
    }

    this.answered.push(parsed);
    const promptTokens = parsed.input.reduce((sum, text) => sum + approximateTokens(text), 0);
    sendJson(res, 200, {
      object: 'list',
      data: parsed.input.map((text, index) => {
        const vector = fakeEmbed(text, dimension);
        return { object: 'embedding', index, embedding: parsed.encoding_format === 'base64' ? toBase64Float32(vector) : vector };
      }),
      model: parsed.model,
      usage: { prompt_tokens: promptTokens, total_tokens: promptTokens },
    });
  }

  /** The request, or the API's 400 message. */
  private parse(body: unknown): FakeEmbeddingsRequest | string {
    if (typeof body !== 'object' || body === null) return "We could not parse the JSON body of your request.";
    const fields = body as Record<string, unknown>;
    if (typeof fields.model !== 'string') return "you must provide a model parameter";
    const raw = fields.input;
    const input = typeof raw === 'string' ? [raw] : raw;
    if (!Array.isArray(input) || input.length === 0 || !input.every((item): item is string => typeof item === 'string')) {
      // Token-array input is valid upstream but nothing here sends it; refusing it keeps the fake honest.
      return "'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.";
    }
    if (input.some((text) => text === '')) return "'$.input' is invalid. Please check the API reference: https://platform.openai.com/docs/api-reference.";
    if (input.length > MAX_INPUTS) return `'$.input' is too long. Maximum ${MAX_INPUTS} inputs per request.`;
    const format = fields.encoding_format ?? 'float';
    if (format !== 'float' && format !== 'base64') return `Invalid value for 'encoding_format': ${String(format)}.`;
    const dimensions = fields.dimensions;
    if (dimensions !== undefined && (typeof dimensions !== 'number' || !Number.isInteger(dimensions))) {
      return "Invalid type for 'dimensions': expected an integer.";
    }
    return { model: fields.model, input, dimensions, encoding_format: format };
  }

  private serveFault(fault: EmbeddingsFault, res: ServerResponse): void {
    switch (fault.kind) {
      case 'rate_limit':
        sendError(
          res,
          429,
          'Rate limit reached for requests. Please try again later.',
          'requests',
          null,
          'rate_limit_exceeded',
          { 'retry-after': String(fault.retryAfterSeconds ?? 1), 'x-ratelimit-remaining-requests': '0' },
        );
        return;
      case 'server_error':
        sendError(res, 500, 'The server had an error while processing your request. Sorry about that!', 'server_error', null, null);
        return;
      case 'hang':
        this.http.hold(res);
        return;
    }
  }
}

function isEmbeddingsPath(path: string): boolean {
  return path === '/v1/embeddings' || path === '/embeddings';
}

/** Rough tokens for usage and limits: words plus punctuation runs, never below chars/6. */
function approximateTokens(text: string): number {
  const pieces = text.match(/[\p{L}\p{N}]+|[^\s\p{L}\p{N}]/gu)?.length ?? 0;
  return Math.max(pieces, Math.ceil(text.length / 6));
}

/** Little-endian Float32 bytes, base64-encoded, as the API returns for encoding_format 'base64'. */
export function toBase64Float32(vector: readonly number[]): string {
  const bytes = Buffer.alloc(vector.length * 4);
  vector.forEach((value, i) => bytes.writeFloatLE(value, i * 4));
  return bytes.toString('base64');
}

function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  type: string,
  param: string | null,
  code: string | null,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { error: { message, type, param, code } }, headers);
}
