import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../../src/core/app-error.js';
import { createOpenAiTranscriber } from '../../../src/infra/transcription/openai-transcriber.js';
import { FAKE_TRANSCRIPTION_API_KEY, FakeOpenAiTranscriptionServer, fakeSpeech } from '../../fakes/fake-openai-transcription-server.js';

describe('the OpenAI-compatible transcriber against the fake /v1/audio/transcriptions', () => {
  const server = new FakeOpenAiTranscriptionServer({ models: ['whisper-1'] });
  let baseUrl = '';
  beforeAll(async () => {
    baseUrl = `${(await server.start()).url}/v1`;
  });
  afterAll(() => server.close());

  const audio = { audio: fakeSpeech('fever two days, no cough'), mimeType: 'audio/ogg', fileName: 'voice.ogg' };

  it('uploads the audio as multipart with the model and returns the text', async () => {
    const transcriber = createOpenAiTranscriber({ baseUrl, apiKey: FAKE_TRANSCRIPTION_API_KEY, model: 'whisper-1' });
    expect(await transcriber.transcribe(audio)).toBe('fever two days, no cough');
    expect(server.answered.at(-1)).toMatchObject({ model: 'whisper-1', fileName: 'voice.ogg', fileType: 'audio/ogg' });
    expect(String(server.requests.at(-1)?.headers['content-type'])).toMatch(/^multipart\/form-data; boundary=/);
  });

  it('retries a 5xx and then succeeds', async () => {
    server.failNext(1, { kind: 'server_error' });
    const transcriber = createOpenAiTranscriber({ baseUrl, apiKey: FAKE_TRANSCRIPTION_API_KEY, model: 'whisper-1', maxRetries: 2 });
    expect(await transcriber.transcribe(audio)).toBe('fever two days, no cough');
  });

  it('fails with transcription_failed: transient for a lasting 5xx, permanent for a wrong key', async () => {
    server.failNext(3, { kind: 'server_error' });
    const flaky = createOpenAiTranscriber({ baseUrl, apiKey: FAKE_TRANSCRIPTION_API_KEY, model: 'whisper-1', maxRetries: 2 });
    const lasting = await flaky.transcribe(audio).catch((error: unknown) => error);
    expect(isAppError(lasting, 'transcription_failed') && lasting.transient).toBe(true);
    const wrongKey = createOpenAiTranscriber({ baseUrl, apiKey: 'wrong', model: 'whisper-1' });
    const refused = await wrongKey.transcribe(audio).catch((error: unknown) => error);
    expect(isAppError(refused, 'transcription_failed') && !refused.transient).toBe(true);
  });
});
