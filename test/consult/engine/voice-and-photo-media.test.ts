import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveInbound, type ConsultEngineDeps } from '../../../src/consult/consult-engine.js';
import { DEFAULT_MEDIA_LIMITS, type MediaDeps } from '../../../src/consult/media/ports.js';
import { PHOTO_NOT_READ, transcriptEcho } from '../../../src/consult/media/texts.js';
import type { Messenger } from '../../../src/consult/messenger.js';
import type { InboundMessage, OutboundMessage } from '../../../src/consult/messages.js';
import { createConsultStore } from '../../../src/infra/db/stores/consult-store.js';
import { createMediaStore } from '../../../src/infra/db/stores/media-store.js';
import { createSideEffectLedger } from '../../../src/infra/db/stores/side-effect-store.js';
import { createSharpImageCleaner } from '../../../src/infra/images/sharp-image-cleaner.js';
import { createOpenAiTranscriber } from '../../../src/infra/transcription/openai-transcriber.js';
import { createInProcessJobQueue } from '../../../src/jobs/in-process-job-queue.js';
import { FAKE_TRANSCRIPTION_API_KEY, FakeOpenAiTranscriptionServer, fakeSpeech } from '../../fakes/fake-openai-transcription-server.js';
import { openTestDatabase, type TestDatabase } from '../../support/test-database.js';

class RecordingMessenger implements Messenger {
  readonly sent: OutboundMessage[] = [];
  canSend(): boolean {
    return true;
  }
  async send(_channel: string, message: OutboundMessage) {
    this.sent.push(message);
    return { status: 'sent' as const, channelMessageIds: [String(this.sent.length)] };
  }
  to(chatId: string): string[] {
    return this.sent.filter((m) => m.chatId === chatId).map((m) => m.text);
  }
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let counter = 0;

/**
 * The engine with media over a real database, the sharp cleaner and the OpenAI transcriber against the
 * fake endpoint; the channel's file store is a map of file ids to bytes (the Telegram adapter's own
 * fetch is exercised end to end in test/bot/e2e/telegram-voice-and-photos.test.ts).
 */
describe('voice notes and photos in the consult engine', () => {
  const transcription = new FakeOpenAiTranscriptionServer();
  const files = new Map<string, Uint8Array>();
  let db: TestDatabase;
  let messenger: RecordingMessenger;
  let baseUrl = '';
  const queue = createInProcessJobQueue();

  const engine = (limits: Partial<MediaDeps['limits']>): ConsultEngineDeps => {
    const media: MediaDeps = {
      fetchAttachment: async (_channel, fileRef) => files.get(fileRef) ?? new Uint8Array(),
      transcriber: createOpenAiTranscriber({ baseUrl, apiKey: FAKE_TRANSCRIPTION_API_KEY, model: 'whisper-1', maxRetries: 0 }),
      images: createSharpImageCleaner(),
      store: createMediaStore(db),
      limits: { ...DEFAULT_MEDIA_LIMITS, ...limits },
    };
    return { store: createConsultStore(db), messenger, jobs: queue, ledger: createSideEffectLedger(db), log: silent, media };
  };
  const voice = (chatId: string, bytes: Uint8Array, kind: 'voice' | 'photo' = 'voice'): InboundMessage => {
    const fileRef = `file-${++counter}`;
    files.set(fileRef, bytes);
    return { channel: 'telegram', chatId, messageId: `m${counter}`, senderId: chatId, chatType: 'private', media: kind, attachment: { fileRef, bytes: bytes.byteLength, durationSeconds: 5 }, receivedAt: new Date() };
  };

  beforeAll(async () => {
    baseUrl = `${(await transcription.start()).url}/v1`;
    db = await openTestDatabase('pglite');
    messenger = new RecordingMessenger();
  });
  afterAll(async () => {
    await queue.close();
    await db?.close();
    await transcription.close();
  });

  it('keeps the audio only when configured, and never the file reference', async () => {
    await receiveInbound(engine({ keepAudio: false }), voice('v1', fakeSpeech('fever 2 days')), null);
    await receiveInbound(engine({ keepAudio: true }), voice('v2', fakeSpeech('cough 3 days')), null);
    expect(messenger.to('v1')).toEqual([transcriptEcho('fever 2 days')]);
    const kept = await db.sql.query<{ chat: string; kind: string; bytes: Uint8Array }>(
      `SELECT c.external_chat_id AS chat, mm.kind, mm.bytes FROM message_media mm JOIN messages m ON m.id = mm.message_id JOIN chats c ON c.id = m.chat_id`,
    );
    expect(kept.map((k) => [k.chat, k.kind])).toEqual([['v2', 'voice']]);
    expect(Buffer.from(kept[0]?.bytes ?? []).equals(fakeSpeech('cough 3 days'))).toBe(true);
    expect(await db.sql.query(`SELECT 1 FROM messages WHERE attachment IS NOT NULL`)).toHaveLength(0);
  });

  it('answers a voice note the endpoint could not make out, and a failing endpoint, with "please type"', async () => {
    await receiveInbound(engine({}), voice('v3', Buffer.from('OggS silence')), null);
    transcription.failNext(1, { kind: 'server_error' });
    await receiveInbound(engine({}), voice('v4', fakeSpeech('fever')), null);
    expect(messenger.to('v3')[0]).toMatch(/could not make out that voice note/);
    expect(messenger.to('v4')[0]).toMatch(/could not make out that voice note/);
  });

  it('keeps no photo that is not an image, and says it does not read photos', async () => {
    await receiveInbound(engine({}), voice('p1', Buffer.from('not a jpeg'), 'photo'), null);
    expect(messenger.to('p1')).toEqual([PHOTO_NOT_READ]);
    expect(await db.sql.query(`SELECT 1 FROM message_media WHERE kind = 'photo'`)).toHaveLength(0);
  });
});
