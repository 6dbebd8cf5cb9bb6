/**
 * whatsapp-web.js message events to the channel-neutral InboundMessage. Status broadcasts, channels,
 * the bot's own messages and protocol noise (revokes, reactions, encryption notices) are dropped here.
 * Only typed text (or a photo's or video's caption) crosses over: a location's thumbnail or a vcard's
 * name and phone number, which whatsapp-web.js puts in `body`, never do.
 */
import { createHash } from 'node:crypto';
import type { InboundMessage, MediaKind } from '../../consult/messages.js';
import type { WhatsAppClientLike, WhatsAppMessageLike } from './whatsapp-client.js';

export interface WhatsAppInboundOptions {
  /** Default `() => new Date()`. */
  now?: () => Date;
}

/** Message types whose body is what the user typed or tapped. */
const TEXT_TYPES = new Set(['chat', 'buttons_response', 'list_response', 'template_button_reply']);
/** Media types whose body is a caption the user typed. */
const CAPTIONED = new Map<string, MediaKind>([
  ['image', 'photo'],
  ['video', 'video'],
]);
const MEDIA_TYPES = new Map<string, MediaKind>([
  ['ptt', 'voice'],
  ['audio', 'audio'],
  ['sticker', 'sticker'],
  ['document', 'document'],
  ['location', 'location'],
  ['vcard', 'contact'],
  ['multi_vcard', 'contact'],
  ['poll_creation', 'poll'],
]);
/** Not something a person sent: nothing to answer. */
const IGNORED_TYPES = new Set([
  'revoked',
  'reaction',
  'e2e_notification',
  'notification',
  'notification_template',
  'gp2',
  'group_notification',
  'broadcast_notification',
  'call_log',
  'protocol',
  'ciphertext',
  'debug',
]);

/** Maps a received message; undefined for the bot's own messages, statuses, channels and protocol events. */
export function inboundFromWhatsAppMessage(message: WhatsAppMessageLike, options: WhatsAppInboundOptions = {}): InboundMessage | undefined {
  return toInbound(message, message.id._serialized, textOf(message), false, options);
}

/**
 * Maps a `message_edit` event. The edit gets its own id (`<id>:e<edit time>`, or a hash of the new
 * text when the library does not report the time) so it is processed once, apart from the original.
 */
export function inboundFromWhatsAppEdit(
  message: WhatsAppMessageLike,
  newBody: unknown,
  options: WhatsAppInboundOptions = {},
): InboundMessage | undefined {
  if (typeof newBody !== 'string' || !(TEXT_TYPES.has(message.type) || CAPTIONED.has(message.type))) return undefined;
  const version = message.latestEditSenderTimestampMs ?? createHash('sha256').update(newBody).digest('hex').slice(0, 12);
  return toInbound(message, `${message.id._serialized}:e${version}`, newBody, true, options);
}

export interface WhatsAppSubscribeOptions extends WhatsAppInboundOptions {
  /** Drop group messages without a word (the rule for WhatsApp). Default true. */
  ignoreGroups?: boolean;
  /** Told about a handler that threw or rejected; default: ignored. */
  onError?: (error: unknown, message: InboundMessage) => void;
}

/** Feeds the client's message and edit events to `handle`; returns a function that unsubscribes. */
export function subscribeWhatsAppInbound(
  client: Pick<WhatsAppClientLike, 'on' | 'off'>,
  handle: (message: InboundMessage) => Promise<void> | void,
  options: WhatsAppSubscribeOptions = {},
): () => void {
  const deliver = (inbound: InboundMessage | undefined): void => {
    if (!inbound || (inbound.chatType === 'group' && (options.ignoreGroups ?? true))) return;
    // An event listener cannot await: failures are reported, never left as unhandled rejections.
    void Promise.resolve()
      .then(() => handle(inbound))
      .catch((error: unknown) => options.onError?.(error, inbound));
  };
  const onMessage = (message: WhatsAppMessageLike): void => deliver(inboundFromWhatsAppMessage(message, options));
  const onEdit = (message: WhatsAppMessageLike, newBody: unknown): void => deliver(inboundFromWhatsAppEdit(message, newBody, options));
  client.on('message', onMessage);
  client.on('message_edit', onEdit);
  return () => {
    client.off('message', onMessage);
    client.off('message_edit', onEdit);
  };
}

function toInbound(
  message: WhatsAppMessageLike,
  messageId: string,
  text: string | undefined,
  edited: boolean,
  options: WhatsAppInboundOptions,
): InboundMessage | undefined {
  if (message.fromMe || message.isStatus || isBroadcastOrChannel(message.from) || IGNORED_TYPES.has(message.type)) return undefined;
  const media = TEXT_TYPES.has(message.type) ? undefined : (CAPTIONED.get(message.type) ?? MEDIA_TYPES.get(message.type) ?? 'other');
  if (text === undefined && media === undefined) return undefined;
  const group = message.from.endsWith('@g.us');
  return {
    channel: 'whatsapp',
    chatId: message.from,
    messageId,
    senderId: group ? (message.author ?? message.from) : message.from,
    chatType: group ? 'group' : 'private',
    ...(text === undefined ? {} : { text }),
    ...(media === undefined ? {} : { media }),
    ...(edited ? { edited: true } : {}),
    receivedAt: (options.now ?? (() => new Date()))(),
  };
}

function textOf(message: WhatsAppMessageLike): string | undefined {
  const typed = TEXT_TYPES.has(message.type) || CAPTIONED.has(message.type);
  return typed && message.body.trim() !== '' ? message.body : undefined;
}

/** `status@broadcast`, broadcast lists and channels (`@newsletter`) are not conversations. */
function isBroadcastOrChannel(chatId: string): boolean {
  return chatId.endsWith('@broadcast') || chatId.endsWith('@newsletter');
}
