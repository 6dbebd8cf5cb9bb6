/**
 * A Telegram update to the channel-neutral InboundMessage. Only what the consult needs crosses over:
 * ids, chat type, text (or a photo's caption), what kind of media it was and, for a voice note or a
 * photo, its file_id with the size and duration Telegram states (fetched later, in the turn).
 * Coordinates, contact cards and names stay behind.
 */
import type { Message, Update } from 'grammy/types';
import type { Attachment, InboundMessage, MediaKind } from '../../consult/messages.js';

export interface TelegramInboundOptions {
  /** Default `() => new Date()`. */
  now?: () => Date;
}

/**
 * Maps a message update (new or edited, private or group) to an InboundMessage; undefined for updates
 * that are not messages (callback queries, member changes) and for service messages (pins, joins).
 *
 * An edit gets its own id, `${chat}:${message_id}:e${edit_date}`: the original was already recorded
 * under `${chat}:${message_id}`, so reusing that id would make the exactly-once table drop the edit as
 * a duplicate, while a redelivered edit (same edit_date) is still recognised and dropped.
 */
export function inboundFromTelegramUpdate(update: Update, options: TelegramInboundOptions = {}): InboundMessage | undefined {
  const edited = update.edited_message ?? update.edited_channel_post;
  const message = edited ?? update.message ?? update.channel_post;
  if (!message) return undefined;
  const text = message.text ?? message.caption;
  const media = mediaKindOf(message);
  if (text === undefined && media === undefined) return undefined;

  const attachment = attachmentOf(message);
  const chatId = String(message.chat.id);
  const baseId = `${chatId}:${message.message_id}`;
  return {
    channel: 'telegram',
    chatId,
    messageId: edited ? `${baseId}:e${edited.edit_date ?? 0}` : baseId,
    // Channel posts and anonymous group admins have no user; the posting chat stands in.
    senderId: String(message.from?.id ?? message.sender_chat?.id ?? message.chat.id),
    chatType: message.chat.type === 'private' ? 'private' : 'group',
    ...(text === undefined ? {} : { text }),
    ...(media === undefined ? {} : { media }),
    ...(attachment === undefined ? {} : { attachment }),
    ...(edited ? { edited: true } : {}),
    receivedAt: (options.now ?? (() => new Date()))(),
  };
}

/** What kind of media a message carries; undefined for plain text and for service messages. */
export function mediaKindOf(message: Message): MediaKind | undefined {
  // Order matters: an animation also carries `document`, and a venue also carries `location`.
  if (message.voice) return 'voice';
  if (message.audio) return 'audio';
  if (message.video_note || message.video || message.animation) return 'video';
  if (message.photo || message.live_photo) return 'photo';
  if (message.sticker) return 'sticker';
  if (message.document) return 'document';
  if (message.venue || message.location) return 'location';
  if (message.contact) return 'contact';
  if (message.poll) return 'poll';
  if (message.dice || message.game || message.story || message.paid_media || message.checklist || message.invoice) return 'other';
  return undefined;
}

/** The file of a voice note, an audio message or a photo (its largest size); undefined for other kinds. */
export function attachmentOf(message: Message): Attachment | undefined {
  const audio = message.voice ?? message.audio;
  if (audio) {
    return {
      fileRef: audio.file_id,
      durationSeconds: audio.duration,
      ...(audio.file_size === undefined ? {} : { bytes: audio.file_size }),
      ...(audio.mime_type === undefined ? {} : { mimeType: audio.mime_type }),
    };
  }
  // Telegram lists a photo's sizes smallest first; the supervisor gets the largest.
  const largest = message.photo?.at(-1);
  if (largest) return { fileRef: largest.file_id, ...(largest.file_size === undefined ? {} : { bytes: largest.file_size }), mimeType: 'image/jpeg' };
  return undefined;
}
