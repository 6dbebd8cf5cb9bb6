import { isAppError } from '../../core/app-error.js';
import type { Log } from '../../core/logging.js';
import type { PendingInbound } from '../message-store.js';
import type { MediaDeps } from './ports.js';
import { fileTooLarge, PHOTO_KEPT, PHOTO_NOT_READ } from './texts.js';

/**
 * Keeps a photo with its message (and so its consult) for the supervisor: fetched within the size cap,
 * re-encoded without metadata (an EXIF GPS location never reaches the database). The bot does not read
 * it: `reply` asks for the finding in words. Runs in the message's turn.
 */
export async function keepPhoto(deps: { media?: MediaDeps; log: Log }, inbound: PendingInbound): Promise<{ kept: boolean; reply: string }> {
  const media = deps.media;
  const attachment = inbound.attachment;
  if (!media || !attachment) return { kept: false, reply: PHOTO_NOT_READ };
  const max = media.limits.photoMaxBytes;
  if ((attachment.bytes ?? 0) > max) return { kept: false, reply: fileTooLarge('photo', max) };
  try {
    const raw = await media.fetchAttachment(inbound.channel, attachment.fileRef, max);
    const clean = await media.images.clean(raw);
    await media.store.keepMedia({ inboundId: inbound.id, kind: 'photo', mimeType: clean.mimeType, bytes: clean.bytes });
    return { kept: true, reply: PHOTO_KEPT };
  } catch (error) {
    if (isAppError(error, 'media_too_large')) return { kept: false, reply: fileTooLarge('photo', max) };
    // Not an image, or the platform would not hand the file over: the consult goes on in words.
    deps.log.warn({ chatRef: inbound.chatRef, inboundId: inbound.id, error: isAppError(error) ? error.code : error instanceof Error ? error.name : 'unknown' }, 'photo not kept');
    return { kept: false, reply: PHOTO_NOT_READ };
  }
}
