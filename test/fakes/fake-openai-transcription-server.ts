/**
 * A local OpenAI-compatible speech-to-text endpoint: `POST /v1/audio/transcriptions` (or
 * `/audio/transcriptions` under a baseURL that ends in /v1), multipart/form-data with `file` and
 * `model`, answering `{ "text": ... }` as the API does for `response_format=json`. What the audio
 * "says" is in the file itself: bytes that start with FAKE_SPEECH_PREFIX carry their transcript after
 * it (`fakeSpeech(text)` makes them), anything else is heard as silence (an empty text). The shared
 * HTTP plumbing reads bodies as UTF-8, so the fake audio is UTF-8 too.
 */
import type { ServerResponse } from 'node:http';
import { FakeHttpServer, FaultQueue, sendJson, type RecordedRequest } from './fake-http.js';

export const FAKE_TRANSCRIPTION_API_KEY = 'test-transcription-key';
export const FAKE_SPEECH_PREFIX = 'OggS\u0000FAKE-SPEECH:';

/** Audio bytes the fake hears as `text`. */
export function fakeSpeech(text: string): Buffer {
  return Buffer.from(`${FAKE_SPEECH_PREFIX}${text}`, 'utf8');
}

export type TranscriptionFault = { kind: 'server_error' } | { kind: 'rate_limit'; retryAfterSeconds?: number };

/** One transcription request as answered: the form fields and the uploaded file. */
export interface FakeTranscriptionRequest {
  model: string;
  fileName: string;
  fileType: string;
  fileBytes: number;
  text: string;
}

export class FakeOpenAiTranscriptionServer {
  private readonly http = new FakeHttpServer((request, res) => this.handle(request, res));
  private readonly faults = new FaultQueue<TranscriptionFault>();
  readonly answered: FakeTranscriptionRequest[] = [];

  constructor(private readonly options: { apiKey?: string | null; models?: string[] } = {}) {}

  /** Starts on 127.0.0.1; pass `url + '/v1'` as the openai client's baseURL. */
  start(): Promise<{ url: string }> {
    return this.http.start();
  }

  close(): Promise<void> {
    return this.http.close();
  }

  get requests(): readonly RecordedRequest[] {
    return this.http.requests;
  }

  get handlerErrors(): readonly Error[] {
    return this.http.handlerErrors;
  }

  failNext(count: number, fault: TranscriptionFault): void {
    this.faults.add(count, fault, (r) => isTranscriptionPath(r.path));
  }

  private async handle(request: RecordedRequest, res: ServerResponse): Promise<void> {
    if (request.method !== 'POST' || !isTranscriptionPath(request.path)) return sendError(res, 404, `Invalid URL (${request.method} ${request.path})`);
    const key = this.options.apiKey === undefined ? FAKE_TRANSCRIPTION_API_KEY : this.options.apiKey;
    if (key !== null && request.headers.authorization !== `Bearer ${key}`) return sendError(res, 401, 'Incorrect API key provided.');
    const fault = this.faults.take(request);
    if (fault?.kind === 'server_error') return sendError(res, 500, 'The server had an error while processing your request.');
    if (fault?.kind === 'rate_limit') return sendJson(res, 429, { error: { message: 'Rate limit reached', type: 'requests' } }, { 'retry-after': String(fault.retryAfterSeconds ?? 0) });
    const contentType = String(request.headers['content-type'] ?? '');
    if (!contentType.startsWith('multipart/form-data')) return sendError(res, 400, "Expected multipart/form-data with a 'file' field");
    // The platform's own multipart parser (undici) reads the form, as a real server's framework would.
    const form = await new Response(Buffer.from(request.rawBody, 'utf8'), { headers: { 'content-type': contentType } }).formData();
    const file = form.get('file');
    const model = form.get('model');
    if (!(file instanceof Blob)) return sendError(res, 400, "Missing required parameter: 'file'.");
    if (typeof model !== 'string' || model === '') return sendError(res, 400, "Missing required parameter: 'model'.");
    if (this.options.models && !this.options.models.includes(model)) return sendError(res, 404, `The model '${model}' does not exist`);
    const fileName = file instanceof File ? file.name : '';
    if (!/\.(flac|m4a|mp3|mp4|mpeg|mpga|oga|ogg|wav|webm)$/i.test(fileName)) return sendError(res, 400, `Invalid file format. Supported formats: flac, m4a, mp3, mp4, mpeg, mpga, oga, ogg, wav, webm`);
    const audio = Buffer.from(await file.arrayBuffer()).toString('utf8');
    const text = audio.startsWith(FAKE_SPEECH_PREFIX) ? audio.slice(FAKE_SPEECH_PREFIX.length) : '';
    this.answered.push({ model, fileName, fileType: file.type, fileBytes: file.size, text });
    sendJson(res, 200, { text });
  }
}

function isTranscriptionPath(path: string): boolean {
  return path === '/v1/audio/transcriptions' || path === '/audio/transcriptions';
}

function sendError(res: ServerResponse, status: number, message: string): void {
  sendJson(res, status, { error: { message, type: 'invalid_request_error', param: null, code: null } });
}
