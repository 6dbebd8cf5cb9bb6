/**
 * The one inbound shape every channel adapter produces, and the one outbound shape the consult
 * produces. Adapters translate; nothing clinical happens in them.
 */
export type ChannelName = 'telegram' | 'whatsapp' | 'terminal';

/** What a non-text message was, so the bot can say what it can take. */
export type MediaKind = 'voice' | 'audio' | 'photo' | 'video' | 'sticker' | 'document' | 'location' | 'contact' | 'poll' | 'other';

/**
 * The platform's reference to a voice note's or photo's file, kept until the message's turn has run:
 * the file is fetched in the turn, never before the message is stored and acknowledged.
 */
export interface Attachment {
  /** The channel's own handle for the file (Telegram file_id). */
  fileRef: string;
  /** Size in bytes as the platform stated it, when it did. */
  bytes?: number;
  /** A voice note's length in seconds as the platform stated it. */
  durationSeconds?: number;
  mimeType?: string;
}

export interface InboundMessage {
  channel: ChannelName;
  /** The platform's chat id, as a string. */
  chatId: string;
  /** The platform's message id, unique within the channel (Telegram: `${chatId}:${message_id}`). */
  messageId: string;
  /** The platform's user id of the sender (Telegram user id, WhatsApp wid). */
  senderId: string;
  /** Private chats only consult; groups are refused politely. */
  chatType: 'private' | 'group';
  text?: string;
  media?: MediaKind;
  /** The file of a voice note or photo, for channels that can fetch it later. */
  attachment?: Attachment;
  /** True for an edit of an earlier message (Telegram edited_message). */
  edited?: boolean;
  receivedAt: Date;
}

/**
 * A reply in a tiny neutral markup that every adapter can render: paragraphs separated by a blank line,
 * `**bold**`, lines starting with `- ` as bullets, and bare URLs. Adapters convert it to Telegram HTML,
 * WhatsApp's *bold*, or the terminal, and split it at the platform's limit.
 */
export interface OutboundMessage {
  chatId: string;
  text: string;
  /** urgent: a danger-sign referral; plan: an Assessment & Plan; reply: anything else. */
  kind: 'reply' | 'urgent' | 'plan';
  /** The same key is never sent twice (a retried delivery job is a no-op). */
  idempotencyKey: string;
}
