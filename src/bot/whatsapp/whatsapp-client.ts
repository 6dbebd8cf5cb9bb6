/**
 * The slice of whatsapp-web.js this project uses, as structural types, so the adapter compiles and is
 * tested without the library (and its browser) installed. A whatsapp-web.js `Client` satisfies
 * WhatsAppClientLike as is; its `Message` satisfies WhatsAppMessageLike.
 */

/** Fields of a whatsapp-web.js Message that the adapter reads. */
export interface WhatsAppMessageLike {
  id: { _serialized: string };
  /** The chat: `<number>@c.us` (or `@lid`) for a person, `<id>@g.us` for a group, `status@broadcast`. */
  from: string;
  fromMe: boolean;
  /** 'chat', 'ptt', 'audio', 'image', 'video', 'sticker', 'document', 'location', 'vcard', ... */
  type: string;
  /** Text, or a media message's caption (a location or vcard may carry other data here). */
  body: string;
  isStatus?: boolean;
  /** In a group: the participant who sent it. */
  author?: string | undefined;
  /** Unix seconds. */
  timestamp: number;
  /** Set on messages that have been edited (newer whatsapp-web.js). */
  latestEditSenderTimestampMs?: number | undefined;
}

/** A whatsapp-web.js Chat, for the typing state. */
export interface WhatsAppChatLike {
  sendStateTyping(): Promise<unknown>;
  clearState(): Promise<unknown>;
}

/** The whatsapp-web.js Client methods and events the adapters use. */
export interface WhatsAppClientLike {
  sendMessage(chatId: string, content: string, options?: { linkPreview?: boolean }): Promise<{ id: { _serialized: string } }>;
  getChatById(chatId: string): Promise<WhatsAppChatLike>;
  on(event: 'message', listener: (message: WhatsAppMessageLike) => void): unknown;
  on(event: 'message_edit', listener: (message: WhatsAppMessageLike, newBody: unknown, previousBody: unknown) => void): unknown;
  off(event: 'message', listener: (message: WhatsAppMessageLike) => void): unknown;
  off(event: 'message_edit', listener: (message: WhatsAppMessageLike, newBody: unknown, previousBody: unknown) => void): unknown;
}
