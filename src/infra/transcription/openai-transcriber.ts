import OpenAI, { toFile } from 'openai';
import { AppError } from '../../core/app-error.js';
import type { Transcriber } from '../../consult/media/ports.js';

export interface OpenAiTranscriberOptions {
  baseUrl: string | undefined;
  apiKey: string;
  /** e.g. whisper-1, or the model a self-hosted server (faster-whisper, whisper.cpp) names. */
  model: string;
  /** Retries on 429 and 5xx; the SDK waits as Retry-After says, else backs off exponentially. Default 2. */
  maxRetries?: number;
  /** Per request, default 60 s. */
  timeoutMs?: number;
}

/** A Transcriber over any OpenAI-compatible `/audio/transcriptions` endpoint (multipart upload). */
export function createOpenAiTranscriber(options: OpenAiTranscriberOptions): Transcriber {
  const client = new OpenAI({
    apiKey: options.apiKey,
    ...(options.baseUrl ? { baseURL: options.baseUrl } : {}),
    maxRetries: options.maxRetries ?? 2,
    timeout: options.timeoutMs ?? 60_000,
  });
  return {
    async transcribe({ audio, mimeType, fileName }) {
      try {
        const file = await toFile(audio, fileName, { type: mimeType });
        const response = await client.audio.transcriptions.create({ model: options.model, file, response_format: 'json' });
        return response.text;
      } catch (error) {
        const status = error instanceof OpenAI.APIError ? error.status : undefined;
        const transient = status === undefined || status === 429 || status >= 500;
        throw new AppError('transcription_failed', `transcription endpoint failed${status ? ` (HTTP ${status})` : ''}`, { transient, cause: error });
      }
    },
  };
}
