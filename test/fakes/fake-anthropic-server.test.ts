import Anthropic from '@anthropic-ai/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FAKE_ANTHROPIC_API_KEY, FakeAnthropicServer, replyText, replyToolUse } from './fake-anthropic-server.js';

const MODEL = 'claude-sonnet-4-6';

const recordFindingsTool: Anthropic.Messages.Tool = {
  name: 'record_findings',
  description: 'Record clinical findings reported by the health worker.',
  input_schema: {
    type: 'object',
    properties: {
      findings: { type: 'array', items: { type: 'object' } },
    },
    required: ['findings'],
  },
  cache_control: { type: 'ephemeral' },
};

const systemPrompt: Anthropic.Messages.TextBlockParam[] = [
  { type: 'text', text: 'You help community health workers follow WHO guidelines. '.repeat(20), cache_control: { type: 'ephemeral' } },
];

describe('FakeAnthropicServer with the real @anthropic-ai/sdk', () => {
  let fake: FakeAnthropicServer;
  let client: Anthropic;

  beforeEach(async () => {
    fake = new FakeAnthropicServer();
    const { url } = await fake.start();
    client = new Anthropic({ apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: url, maxRetries: 2 });
  });

  afterEach(async () => {
    await fake.close();
  });

  it('answers messages.create with a real Message and records the request', async () => {
    fake.setResponder((request) => {
      const last = request.messages.at(-1);
      return replyText(`You said: ${typeof last?.content === 'string' ? last.content : '?'}`);
    });

    const message = await client.messages.create({
      model: MODEL,
      max_tokens: 256,
      system: 'Be brief.',
      messages: [{ role: 'user', content: 'child with fever for 3 days' }],
    });

    expect(message.type).toBe('message');
    expect(message.role).toBe('assistant');
    expect(message.model).toBe(MODEL);
    expect(message.stop_reason).toBe('end_turn');
    expect(message.id).toMatch(/^msg_01/);
    expect(message.content).toEqual([{ type: 'text', text: 'You said: child with fever for 3 days', citations: null }]);
    expect(message.usage.input_tokens).toBeGreaterThan(0);
    expect(message.usage.output_tokens).toBeGreaterThan(0);

    const [recorded] = fake.requests;
    expect(recorded?.headers['anthropic-version']).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    // This SDK sends the key as a bearer token to a custom baseURL; the fake accepts either header.
    expect(recorded?.headers.authorization ?? recorded?.headers['x-api-key']).toContain(FAKE_ANTHROPIC_API_KEY);
    const [asked] = fake.messageRequests();
    expect(asked).toMatchObject({ model: MODEL, system: 'Be brief.', max_tokens: 256, stream: false });
  });

  it('rejects a wrong API key with the API authentication error', async () => {
    const intruder = new Anthropic({ apiKey: 'wrong-key', baseURL: client.baseURL, maxRetries: 0 });
    await expect(
      intruder.messages.create({ model: MODEL, max_tokens: 10, messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
  });

  it('answers an unknown model with 404 when the fake is given a model list', async () => {
    await fake.close();
    fake = new FakeAnthropicServer({ knownModels: [MODEL], responder: () => replyText('fine') });
    const { url } = await fake.start();
    const strict = new Anthropic({ apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: url, maxRetries: 0 });
    await expect(
      strict.messages.create({ model: 'claude-typo-9', max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toBeInstanceOf(Anthropic.NotFoundError);
    const ok = await strict.messages.create({ model: MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] });
    expect(ok.content).toEqual([{ type: 'text', text: 'fine', citations: null }]);
  });

  it('streams a tool_use round trip and reports prompt-cache writes then reads', async () => {
    const findingsInput = { findings: [{ category: 'symptom', value: 'fever', duration_days: 3 }, { category: 'vital_sign', value: 'RR 52/min' }] };
    fake.enqueueReplies(
      replyToolUse({ name: 'record_findings', input: findingsInput }, 'Let me record that.'),
      replyText('Recorded. Does the child have chest indrawing?'),
    );

    const messages: Anthropic.Messages.MessageParam[] = [{ role: 'user', content: 'fever 3 days, breathing 52 per minute' }];
    const params = { model: MODEL, max_tokens: 1024, system: systemPrompt, tools: [recordFindingsTool] };

    const jsonPieces: string[] = [];
    const first = client.messages.stream({ ...params, messages });
    first.on('inputJson', (partial) => jsonPieces.push(partial));
    const toolTurn = await first.finalMessage();

    expect(toolTurn.stop_reason).toBe('tool_use');
    expect(toolTurn.content[0]).toMatchObject({ type: 'text', text: 'Let me record that.' });
    const toolUse = toolTurn.content[1];
    if (toolUse?.type !== 'tool_use') throw new Error(`expected a tool_use block, got ${toolUse?.type}`);
    expect(toolUse.name).toBe('record_findings');
    expect(toolUse.input).toEqual(findingsInput);
    expect(jsonPieces.filter((p) => p !== '').length).toBeGreaterThan(2); // the JSON arrived in several deltas
    expect(toolTurn.usage.cache_creation_input_tokens).toBeGreaterThan(0);
    expect(toolTurn.usage.cache_read_input_tokens).toBe(0);

    messages.push({ role: 'assistant', content: toolTurn.content });
    messages.push({ role: 'user', content: [{ type: 'tool_result', tool_use_id: toolUse.id, content: 'ok: 2 findings stored' }] });
    const textParts: string[] = [];
    const second = client.messages.stream({ ...params, messages });
    second.on('text', (delta) => textParts.push(delta));
    const answer = await second.finalMessage();

    expect(answer.stop_reason).toBe('end_turn');
    expect(answer.content).toEqual([{ type: 'text', text: 'Recorded. Does the child have chest indrawing?', citations: null }]);
    expect(textParts.join('')).toBe('Recorded. Does the child have chest indrawing?');
    expect(textParts.length).toBeGreaterThan(1);
    expect(answer.usage.cache_read_input_tokens).toBe(toolTurn.usage.cache_creation_input_tokens);
    expect(answer.usage.cache_creation_input_tokens).toBe(0);

    const [firstAsked, secondAsked] = fake.messageRequests();
    expect(firstAsked?.stream).toBe(true);
    expect(firstAsked?.tools?.[0]).toMatchObject({ name: 'record_findings', cache_control: { type: 'ephemeral' } });
    expect(firstAsked?.system).toEqual(systemPrompt);
    expect(secondAsked?.messages.at(-1)?.content).toEqual([
      { type: 'tool_result', tool_use_id: toolUse.id, content: 'ok: 2 findings stored' },
    ]);
  });

  it('rejects a tool_use that is not answered by a tool_result, as the API does', async () => {
    fake.setResponder(() => replyText('unreachable'));
    const error: unknown = await client.messages
      .create({
        model: MODEL,
        max_tokens: 64,
        tools: [recordFindingsTool],
        messages: [
          { role: 'user', content: 'fever' },
          { role: 'assistant', content: [{ type: 'tool_use', id: 'toolu_1', name: 'record_findings', input: {} }] },
          { role: 'user', content: 'and cough' },
        ],
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.BadRequestError);
    expect(String((error as Error).message)).toContain('`tool_use` ids were found without `tool_result` blocks');
    expect(fake.answered).toHaveLength(0);
  });

  it('lets the SDK retry a 429 after the retry-after delay, then succeeds', async () => {
    fake.failNext(1, { kind: 'rate_limit', retryAfterSeconds: 0.9 });
    fake.setResponder(() => replyText('after the rate limit'));

    const startedAt = Date.now();
    const message = await client.messages.create({ model: MODEL, max_tokens: 32, messages: [{ role: 'user', content: 'hi' }] });
    const elapsedMs = Date.now() - startedAt;

    expect(message.content).toEqual([{ type: 'text', text: 'after the rate limit', citations: null }]);
    expect(fake.requests).toHaveLength(2);
    expect(fake.requests[1]?.headers['x-stainless-retry-count']).toBe('1');
    // The SDK's own first backoff is at most 500 ms; waiting longer proves it obeyed retry-after.
    expect(elapsedMs).toBeGreaterThanOrEqual(850);
  });

  it('surfaces 529 overloaded and 500 when retries are exhausted', async () => {
    const noRetry = new Anthropic({ apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: client.baseURL, maxRetries: 0 });
    const ask = () => noRetry.messages.create({ model: MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] });

    fake.failNext(1, { kind: 'overloaded' });
    fake.failNext(1, { kind: 'server_error' });
    const overloaded = await ask().catch((e: unknown) => e);
    const serverError = await ask().catch((e: unknown) => e);

    expect(overloaded).toBeInstanceOf(Anthropic.APIError);
    expect((overloaded as InstanceType<typeof Anthropic.APIError>).status).toBe(529);
    expect(String((overloaded as Error).message)).toContain('overloaded_error');
    expect(serverError).toBeInstanceOf(Anthropic.InternalServerError);
    expect((serverError as InstanceType<typeof Anthropic.APIError>).status).toBe(500);
  });

  it('fails a stream that is overloaded after it started', async () => {
    fake.failNext(1, { kind: 'overloaded_midstream' });
    const stream = client.messages.stream({ model: MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] });
    await expect(stream.finalMessage()).rejects.toThrow(/Overloaded/);
  });

  it('hangs until the client times out', async () => {
    fake.failNext(1, { kind: 'hang' });
    const impatient = new Anthropic({ apiKey: FAKE_ANTHROPIC_API_KEY, baseURL: client.baseURL, maxRetries: 0, timeout: 200 });
    const startedAt = Date.now();
    const error: unknown = await impatient.messages
      .create({ model: MODEL, max_tokens: 8, messages: [{ role: 'user', content: 'hi' }] })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(Anthropic.APIConnectionTimeoutError);
    expect(Date.now() - startedAt).toBeGreaterThanOrEqual(190);
  });

  it('fails loudly when the script calls a tool the request did not offer', async () => {
    fake.setResponder(() => replyToolUse({ name: 'prescribe', input: {} }));
    await expect(
      client.messages.create({ model: MODEL, max_tokens: 8, tools: [recordFindingsTool], messages: [{ role: 'user', content: 'hi' }] }),
    ).rejects.toThrow(/prescribe/);
    expect(fake.handlerErrors[0]?.message).toContain("scripted tool 'prescribe'");
    expect(fake.requests).toHaveLength(1); // x-should-retry: false stops the SDK retrying a script bug
  });
});
