import type { ChannelName } from '../messages.js';

/**
 * Fetches a voice note's or photo's bytes from the channel it came from, by the reference the adapter
 * stored. Rejects with `media_too_large` past `maxBytes` (counted while reading, whatever the platform
 * stated) and with a transient error when the platform is away.
 */
export type FetchAttachment = (channel: ChannelName, fileRef: string, maxBytes: number) => Promise<Uint8Array>;

/** Speech to text for a voice note. Rejects with `transcription_failed` (transient for a 429 or 5xx). */
export interface Transcriber {
  transcribe(input: { audio: Uint8Array; mimeType: string; fileName: string }): Promise<string>;
}

/**
 * Re-encodes a photo with no metadata (EXIF, GPS location, XMP, comments), turned upright. Rejects with
 * `media_unreadable` for bytes that are no image it can read.
 */
export interface ImageCleaner {
  clean(image: Uint8Array): Promise<{ bytes: Uint8Array; mimeType: string }>;
}

/** What is kept of a message's media, with the message (and so with its consult). */
export interface MediaStore {
  /** Stores the media of one inbound message once; a second call for the same message changes nothing. */
  keepMedia(input: { inboundId: string; kind: 'photo' | 'voice'; mimeType: string; bytes: Uint8Array }): Promise<void>;
}

export interface MediaLimits {
  /** Longest voice note transcribed, in seconds (default 120). */
  voiceMaxSeconds: number;
  /** Largest voice note fetched, in bytes (default 2 MiB). */
  voiceMaxBytes: number;
  /** Largest photo fetched, in bytes (default 5 MiB). */
  photoMaxBytes: number;
  /** Keep a voice note's audio after transcription (default false: only the transcript stays). */
  keepAudio: boolean;
}

/** What the engine needs for media; absent, every voice note and photo gets the fixed refusal. */
export interface MediaDeps {
  fetchAttachment: FetchAttachment;
  /** Absent: no transcription endpoint, so a voice note is answered with "please type". */
  transcriber?: Transcriber;
  images: ImageCleaner;
  store: MediaStore;
  limits: MediaLimits;
}

export const DEFAULT_MEDIA_LIMITS: MediaLimits = { voiceMaxSeconds: 120, voiceMaxBytes: 2 * 1024 * 1024, photoMaxBytes: 5 * 1024 * 1024, keepAudio: false };
