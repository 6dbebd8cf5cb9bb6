import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../../src/core/app-error.js';
import { createAnthropicPlanWriter, DATA_CLOSE, DATA_OPEN } from '../../../src/infra/llm/anthropic-plan-writer.js';
import type { PlanWriterInput } from '../../../src/rag/plan-writer.js';
import { FAKE_ANTHROPIC_API_KEY, FakeAnthropicServer, replyText } from '../../fakes/fake-anthropic-server.js';

const input: PlanWriterInput = {
  demographics: { ageYears: 30, sex: 'female', pregnant: true, trimester: 2, gestationWeeks: 20 },
  findings: [{ category: 'test_result', value: 'RDT positive' }],
  diagnoses: [{ condition: 'malaria in pregnancy', confidence: null }],
  sections: [
    {
      label: 'S1',
      section: {
        id: 'c1',
        accession: 'NBK000001',
        bookTitle: 'Book',
        sectionPath: 'Pregnancy > Second trimester',
        titlePath: 'Book > Pregnancy > Second trimester',
        text: 'Book > Pregnancy > Second trimester\n\nTreat with artemether-lumefantrine, 4 tablets twice a day for three days.',
        contentHash: 'c1',
      },
    },
  ],
  question: 'Can she take it with her iron tablets?',
};

describe('createAnthropicPlanWriter', () => {
  const fake = new FakeAnthropicServer();
  let baseUrl: string;
  beforeAll(async () => {
    baseUrl = (await fake.start()).url;
  });
  afterAll(() => fake.close());

  const writer = (options: { maxRetries?: number; timeoutMs?: number; apiKey?: string } = {}) =>
    createAnthropicPlanWriter({
      apiKey: options.apiKey ?? FAKE_ANTHROPIC_API_KEY,
      baseUrl,
      model: 'claude-plan-test',
      timeoutMs: options.timeoutMs ?? 5_000,
      maxRetries: options.maxRetries ?? 0,
      maxTokens: 600,
    });

  it('returns the text of the reply and sends the question inside the data block, without the title line twice', async () => {
    fake.enqueueReplies(replyText('- Yes, with food [S1]'));
    await expect(writer().writePlan(input)).resolves.toBe('- Yes, with food [S1]');

    const request = fake.answered.at(-1)?.request;
    expect(request?.max_tokens).toBe(600);
    const content = String(request?.messages[0]?.content);
    expect(content.startsWith(`${DATA_OPEN}\n`)).toBe(true);
    const data = JSON.parse(content.slice(DATA_OPEN.length, -DATA_CLOSE.length)) as Record<string, unknown>;
    expect(data.question).toBe('Can she take it with her iron tablets?');
    expect(data.diagnoses).toEqual([{ condition: 'malaria in pregnancy' }]);
    expect(data.sections).toEqual([
      { label: 'S1', title: 'Book > Pregnancy > Second trimester', text: 'Treat with artemether-lumefantrine, 4 tablets twice a day for three days.' },
    ]);
  });

  it('retries a 429 and succeeds', async () => {
    fake.failNext(1, { kind: 'rate_limit', retryAfterSeconds: 0 });
    fake.enqueueReplies(replyText('- Treat [S1]'));
    const before = fake.messageRequests().length;
    await expect(writer({ maxRetries: 2 }).writePlan(input)).resolves.toBe('- Treat [S1]');
    expect(fake.messageRequests().length - before).toBe(2);
  });

  it('throws a transient llm_unavailable after the last 5xx', async () => {
    fake.failNext(2, { kind: 'server_error' });
    const error: unknown = await writer({ maxRetries: 1 }).writePlan(input).catch((e: unknown) => e);
    expect(isAppError(error, 'llm_unavailable')).toBe(true);
    expect(isAppError(error) && error.transient).toBe(true);
    expect(String((error as Error).message)).not.toContain('iron');
  });

  it('throws a transient llm_unavailable when the API does not answer in time', async () => {
    fake.failNext(1, { kind: 'hang' });
    const started = Date.now();
    const error: unknown = await writer({ timeoutMs: 300 }).writePlan(input).catch((e: unknown) => e);
    expect(Date.now() - started).toBeLessThan(3_000);
    expect(isAppError(error, 'llm_unavailable') && error.transient).toBe(true);
  });

  it('throws a permanent llm_unavailable for a rejected key, which no retry fixes', async () => {
    const before = fake.messageRequests().length;
    const error: unknown = await writer({ apiKey: 'wrong-key', maxRetries: 3 }).writePlan(input).catch((e: unknown) => e);
    expect(isAppError(error, 'llm_unavailable')).toBe(true);
    expect(isAppError(error) && error.transient).toBe(false);
    expect(fake.messageRequests().length - before).toBe(1);
  });

  it('passes a caller abort through instead of calling it an outage', async () => {
    fake.failNext(1, { kind: 'hang' });
    const controller = new AbortController();
    const pending = writer().writePlan(input, { signal: controller.signal });
    setTimeout(() => controller.abort(), 50);
    const error: unknown = await pending.catch((e: unknown) => e);
    expect(isAppError(error)).toBe(false);
    expect((error as Error).name).toMatch(/Abort/);
  });
});
