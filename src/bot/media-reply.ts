/**
 * The short replies a health worker gets when the bot cannot use what they sent: what it can take
 * instead (typed text), in plain words. Written in the neutral reply markup so every channel renders
 * them. Nothing here is clinical; a caption sent with a photo is read by the consult like typed text.
 */
import type { MediaKind } from '../consult/messages.js';

const TYPE_INSTEAD = 'Please type it as a text message instead, in a few words.';

const MEDIA_REPLIES: Record<MediaKind, string> = {
  voice: `I cannot listen to voice notes yet. ${TYPE_INSTEAD}`,
  audio: `I cannot listen to audio files. ${TYPE_INSTEAD}`,
  photo: 'I cannot look at photos. Please type what you see, for example the test result or the reading.',
  video: 'I cannot watch videos. Please type what you see.',
  sticker: 'I can only read text. Please type your question.',
  document: 'I cannot open files or documents. Please type the part you need help with.',
  location: 'I do not use locations. Please type your question as text.',
  contact: 'I cannot use shared contacts. Please do not send patient contact details; type your question instead.',
  poll: 'I cannot answer polls. Please type your question.',
  other: 'I can only read text messages. Please type your question.',
};

export interface MediaReplyOptions {
  /** The media came with a caption, which the consult reads as text. */
  hadCaption?: boolean;
}

/** The reply for a message the bot cannot read, by media kind. */
export function mediaReply(kind: MediaKind, options: MediaReplyOptions = {}): string {
  // Every reply starts with "I ...", so it reads on after the comma.
  if (options.hadCaption) return `I read your caption, but ${MEDIA_REPLIES[kind]}`;
  return MEDIA_REPLIES[kind];
}

/** The polite refusal for a group chat; consults carry patient details and belong in a private chat. */
export function groupChatRefusal(options: { botUsername?: string } = {}): string {
  const where = options.botUsername ? `Please message me directly: @${options.botUsername.replace(/^@/, '')}` : 'Please message me directly';
  return `Hello! I only work in private chats, because consults contain patient details. ${where}.`;
}
