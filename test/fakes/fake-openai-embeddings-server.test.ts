import OpenAI from 'openai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  FAKE_OPENAI_API_KEY,
  FakeOpenAiEmbeddingsServer,
  cosineSimilarity,
  fakeEmbed,
} from './fake-openai-embeddings-server.js';

const MODEL = 'text-embedding-3-small';

describe('fakeEmbed', () => {
  it('is deterministic, unit length, and ranks texts sharing words as more similar', () => {
    const query = fakeEmbed('child with cough and fast breathing, suspected pneumonia', 256);
    const related = fakeEmbed('Pneumonia: a child with cough and fast breathing needs amoxicillin', 256);
    const unrelated = fakeEmbed('malaria rapid diagnostic test positive, give artemether-lumefantrine', 256);

    expect(fakeEmbed('child with cough and fast breathing, suspected pneumonia', 256)).toEqual(query);
    expect(Math.hypot(...query)).toBeCloseTo(1, 5);
    expect(cosineSimilarity(query, related)).toBeGreaterThan(0.5);
    expect(cosineSimilarity(query, related)).toBeGreaterThan(cosineSimilarity(query, unrelated) + 0.3);
  });
});

describe('FakeOpenAiEmbeddingsServer with the real openai client', () => {
  let fake: FakeOpenAiEmbeddingsServer;
  let url: string;
  let client: OpenAI;

  beforeEach(async () => {
    fake = new FakeOpenAiEmbeddingsServer();
    ({ url } = await fake.start());
    client = new OpenAI({ apiKey: FAKE_OPENAI_API_KEY, baseURL: `${url}/v1`, maxRetries: 2 });
  });

  afterEach(async () => {
    await fake.close();
  });

  it('returns a batch as base64 Float32 by default, which the SDK decodes to the exact vectors', async () => {
    const texts = ['fever for three days', 'chest indrawing in an infant', 'ORS and zinc for diarrhoea'];
    const response = await client.embeddings.create({ model: MODEL, input: texts, dimensions: 256 });

    expect(response.model).toBe(MODEL);
    expect(response.data.map((d) => d.index)).toEqual([0, 1, 2]);
    expect(response.data.map((d) => d.embedding)).toEqual(texts.map((t) => fakeEmbed(t, 256)));
    expect(response.usage.prompt_tokens).toBeGreaterThanOrEqual(12);
    expect(response.usage.total_tokens).toBe(response.usage.prompt_tokens);

    expect(fake.requests[0]?.path).toBe('/v1/embeddings');
    expect(fake.requests[0]?.headers.authorization).toBe(`Bearer ${FAKE_OPENAI_API_KEY}`);
    expect(fake.answered).toEqual([{ model: MODEL, input: texts, dimensions: 256, encoding_format: 'base64' }]);
  });

  it('returns plain floats when asked, identical to the base64 vectors', async () => {
    const response = await client.embeddings.create({ model: MODEL, input: 'severe dehydration', encoding_format: 'float' });
    expect(response.data[0]?.embedding).toEqual(fakeEmbed('severe dehydration', 1536));
    expect(fake.answered[0]?.encoding_format).toBe('float');
  });

  it('honours the requested dimension and refuses one above the model native size', async () => {
    const small = await client.embeddings.create({ model: MODEL, input: 'danger signs', dimensions: 64 });
    expect(small.data[0]?.embedding).toHaveLength(64);
    const large = await client.embeddings.create({ model: 'text-embedding-3-large', input: 'danger signs' });
    expect(large.data[0]?.embedding).toHaveLength(3072);

    await expect(client.embeddings.create({ model: MODEL, input: 'x', dimensions: 4096 })).rejects.toBeInstanceOf(
      OpenAI.BadRequestError,
    );
  });

  it('serves /embeddings under a baseURL that has no /v1 (self-hosted servers)', async () => {
    const selfHosted = new OpenAI({ apiKey: FAKE_OPENAI_API_KEY, baseURL: url });
    const response = await selfHosted.embeddings.create({ model: 'nomic-embed-text', input: ['convulsions'] });
    expect(response.data[0]?.embedding).toEqual(fakeEmbed('convulsions', 768));
    expect(fake.requests[0]?.path).toBe('/embeddings');
  });

  it('lets the SDK retry a 429 after its retry-after delay, and records both attempts', async () => {
    fake.failNext(1, { kind: 'rate_limit', retryAfterSeconds: 0.9 });
    const startedAt = Date.now();
    const response = await client.embeddings.create({ model: MODEL, input: 'unable to drink', dimensions: 32 });
    const elapsedMs = Date.now() - startedAt;

    expect(response.data[0]?.embedding).toEqual(fakeEmbed('unable to drink', 32));
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]?.headers['x-stainless-retry-count']).toBe('1');
    // The SDK's own first backoff is at most 500 ms; waiting longer proves it obeyed retry-after.
    expect(elapsedMs).toBeGreaterThanOrEqual(850);
  });

  it('surfaces a 429 with its retry-after header once retries are exhausted', async () => {
    const noRetry = new OpenAI({ apiKey: FAKE_OPENAI_API_KEY, baseURL: `${url}/v1`, maxRetries: 0 });
    fake.failNext(1, { kind: 'rate_limit', retryAfterSeconds: 7 });
    const error: unknown = await noRetry.embeddings.create({ model: MODEL, input: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.RateLimitError);
    const rateLimit = error as InstanceType<typeof OpenAI.RateLimitError>;
    expect(rateLimit.headers.get('retry-after')).toBe('7');
    expect(rateLimit.code).toBe('rate_limit_exceeded');
  });

  it('answers 500 and an unknown model in OpenAI error shapes', async () => {
    const noRetry = new OpenAI({ apiKey: FAKE_OPENAI_API_KEY, baseURL: `${url}/v1`, maxRetries: 0 });
    fake.failNext(1, { kind: 'server_error' });
    await expect(noRetry.embeddings.create({ model: MODEL, input: 'x' })).rejects.toBeInstanceOf(OpenAI.InternalServerError);

    const error: unknown = await noRetry.embeddings.create({ model: 'no-such-model', input: 'x' }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(OpenAI.NotFoundError);
    const notFound = error as InstanceType<typeof OpenAI.NotFoundError>;
    expect(notFound.status).toBe(404);
    expect(notFound.code).toBe('model_not_found');
    expect(notFound.message).toContain('`no-such-model` does not exist');
  });

  it('rejects a wrong key and an empty input like the API', async () => {
    const intruder = new OpenAI({ apiKey: 'sk-wrong', baseURL: `${url}/v1`, maxRetries: 0 });
    await expect(intruder.embeddings.create({ model: MODEL, input: 'x' })).rejects.toBeInstanceOf(OpenAI.AuthenticationError);
    await expect(client.embeddings.create({ model: MODEL, input: [''] })).rejects.toBeInstanceOf(OpenAI.BadRequestError);
  });

  it('gives a guideline passage a higher similarity to its own topic than to another', async () => {
    const response = await client.embeddings.create({
      model: MODEL,
      dimensions: 512,
      input: [
        'What antibiotic for a child with fast breathing and cough?',
        'Give oral amoxicillin to a child with cough and fast breathing (pneumonia).',
        'Measles vaccination schedule for infants at 9 months.',
      ],
    });
    const [query, pneumonia, measles] = response.data.map((d) => d.embedding);
    if (!query || !pneumonia || !measles) throw new Error('expected three embeddings');
    expect(cosineSimilarity(query, pneumonia)).toBeGreaterThan(cosineSimilarity(query, measles));
  });
});
