import { isAppError, userMessage } from '../../core/app-error.js';
import type { Log } from '../../core/logging.js';
import { scannableText } from '../inbound-text.js';
import type { PendingInbound } from '../message-store.js';
import type { MediaDeps } from './ports.js';
import { fileTooLarge, VOICE_TYPE_INSTEAD, voiceTooLong } from './texts.js';

export type VoiceNoteResult = { kind: 'transcript'; text: string } | { kind: 'refused'; reply: string };

/**
 * Turns a stored voice note into text: refused without a transcription endpoint, over the duration or
 * size cap (as the platform stated them, and the size again while fetching), or when nothing could be
 * made out. The audio is kept only when `limits.keepAudio` is set. Runs in the message's turn, after
 * the message was stored and acknowledged.
 */
export async function transcribeVoiceNote(deps: { media?: MediaDeps; log: Log }, inbound: PendingInbound): Promise<VoiceNoteResult> {
  const media = deps.media;
  const attachment = inbound.attachment;
  if (!media?.transcriber || !attachment) return { kind: 'refused', reply: VOICE_TYPE_INSTEAD };
  const { limits } = media;
  if ((attachment.durationSeconds ?? 0) > limits.voiceMaxSeconds) return { kind: 'refused', reply: voiceTooLong(limits.voiceMaxSeconds) };
  if ((attachment.bytes ?? 0) > limits.voiceMaxBytes) return { kind: 'refused', reply: fileTooLarge('voice note', limits.voiceMaxBytes) };
  let audio: Uint8Array;
  let transcript: string;
  try {
    audio = await media.fetchAttachment(inbound.channel, attachment.fileRef, limits.voiceMaxBytes);
    const mimeType = attachment.mimeType ?? 'audio/ogg';
    transcript = await media.transcriber.transcribe({ audio, mimeType, fileName: `voice.${extensionFor(mimeType)}` });
  } catch (error) {
    if (isAppError(error, 'media_too_large')) return { kind: 'refused', reply: fileTooLarge('voice note', limits.voiceMaxBytes) };
    // The SDK has already retried a 429 or 5xx with backoff; the health worker can type meanwhile.
    deps.log.warn({ chatRef: inbound.chatRef, inboundId: inbound.id, error: isAppError(error) ? error.code : error instanceof Error ? error.name : 'unknown' }, 'voice note not transcribed');
    return { kind: 'refused', reply: userMessage('transcription_failed') };
  }
  const text = scannableText(transcript).text;
  if (!text) return { kind: 'refused', reply: userMessage('transcription_failed') };
  if (limits.keepAudio) await media.store.keepMedia({ inboundId: inbound.id, kind: 'voice', mimeType: attachment.mimeType ?? 'audio/ogg', bytes: audio });
  return { kind: 'transcript', text };
}

function extensionFor(mimeType: string): string {
  if (mimeType.includes('mpeg')) return 'mp3';
  if (mimeType.includes('mp4') || mimeType.includes('m4a')) return 'm4a';
  if (mimeType.includes('wav')) return 'wav';
  // Telegram voice notes are Opus in Ogg; the OpenAI endpoint reads the type from the name.
  return 'ogg';
}
