/**
 * The one inbound shape every channel adapter produces, and the one outbound shape the consult
 * produces. Adapters translate; nothing clinical happens in them.
 */
export type ChannelName = 'telegram' | 'whatsapp' | 'terminal';

/** What a non-text message was, so the bot can say what it can take. */
export type MediaKind = 'voice' | 'audio' | 'photo' | 'video' | 'sticker' | 'document' | 'location' | 'contact' | 'poll' | 'other';

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
