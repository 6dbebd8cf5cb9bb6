import { createHash } from 'node:crypto';
import { userMessage } from '../core/app-error.js';
import { parseChatCommand, startCode } from './chat-command.js';
import type { Messenger } from './messenger.js';
import type { ChannelName, InboundMessage } from './messages.js';

/** The port for who may consult. */
export interface IdentityStore {
  /** The active health worker behind this channel identity, or null. */
  findWorker(channel: ChannelName, senderId: string): Promise<string | null>;
  /** Binds the identity to the worker holding this unused, unexpired code; null when the code is no good. */
  redeemInvite(code: string, channel: Exclude<ChannelName, 'terminal'>, senderId: string): Promise<string | null>;
  /** Records (once per message id) that an unknown sender wrote, by hashed ids only; false for a redelivery. */
  recordUnknownSender(channel: ChannelName, messageIdHash: string, senderHash: string): Promise<boolean>;
  /** Wrong invite codes sent in the last `windowMs`: by this (hashed) sender, and by anyone. */
  failedInviteAttempts(senderHash: string, windowMs: number): Promise<{ bySender: number; overall: number }>;
}

/**
 * How many wrong invite codes are tolerated an hour, from one sender and from everyone together. An
 * invite code is a short secret; without a limit it can be guessed (60 guesses found one in tests).
 */
export const INVITE_ATTEMPT_LIMITS = { perSender: 5, overall: 200, windowMs: 60 * 60_000 } as const;

export const UNKNOWN_SENDER_REPLY = userMessage('not_enrolled');
export const GROUP_REFUSAL = userMessage('group_chat');
export const ENROLLED_WELCOME = 'Welcome! You are enrolled. Describe your patient (age, sex, main problem) to start a consult, or send /help.';
export const BAD_INVITE = userMessage('invite_invalid');
export const INVITE_LIMITED = userMessage('invite_limited');

/** Hashes a channel id for the audit log: unknown senders leave no readable trace. */
export function hashChannelId(channel: ChannelName, id: string): string {
  return createHash('sha256').update(`${channel}:${id}`).digest('hex').slice(0, 32);
}

const INVITE_CODE = /^[A-Z0-9]{4}(?:-[A-Z0-9]{4}){1,3}$/i;

/** `/start CODE` on Telegram; on WhatsApp the code alone as a message. */
function inviteCodeIn(message: InboundMessage): string | null {
  const text = (message.text ?? '').trim();
  const start = startCode(parseChatCommand(text));
  if (start) return start;
  return message.channel === 'whatsapp' && INVITE_CODE.test(text) ? text : null;
}

export type GateResult =
  | { kind: 'consult'; healthWorkerId: string | null }
  /** Answered here (welcome, refusal, bad code); nothing to hand to the consult. */
  | { kind: 'answered' };

/**
 * Decides whether a message may reach the consult. Group chats are refused; an enrolled sender passes;
 * an invite code binds a new sender; anyone else gets one fixed reply and leaves only hashed ids in
 * the audit log. Replies sent here are not stored: an unknown sender has no chat in the database.
 */
export async function gateSender(deps: { identities: IdentityStore; messenger: Messenger }, message: InboundMessage): Promise<GateResult> {
  if (message.channel === 'terminal') return { kind: 'consult', healthWorkerId: null };
  const reply = async (text: string) => {
    await deps.messenger.send(message.channel, { chatId: message.chatId, text, kind: 'reply', idempotencyKey: `gate:${message.channel}:${message.messageId}` });
  };
  const firstTime = () => deps.identities.recordUnknownSender(message.channel, hashChannelId(message.channel, message.messageId), hashChannelId(message.channel, message.senderId));
  if (message.chatType !== 'private') {
    if (await firstTime()) await reply(GROUP_REFUSAL);
    return { kind: 'answered' };
  }
  const worker = await deps.identities.findWorker(message.channel, message.senderId);
  const code = inviteCodeIn(message);
  if (worker) {
    if (!code) return { kind: 'consult', healthWorkerId: worker };
    // "/start CODE" again from an enrolled worker (or the redelivery of the one that enrolled them) is a
    // greeting at most once per message.
    if (await firstTime()) await reply(ENROLLED_WELCOME);
    return { kind: 'answered' };
  }
  if (code) {
    if (!(await firstTime())) return { kind: 'answered' };
    // While a sender (or everyone) is over the limit no code is tried at all, the right one included:
    // otherwise the limit would only slow a guesser down.
    const attempts = await deps.identities.failedInviteAttempts(hashChannelId(message.channel, message.senderId), INVITE_ATTEMPT_LIMITS.windowMs);
    if (attempts.bySender >= INVITE_ATTEMPT_LIMITS.perSender || attempts.overall >= INVITE_ATTEMPT_LIMITS.overall) {
      await reply(INVITE_LIMITED);
      return { kind: 'answered' };
    }
    const redeemed = await deps.identities.redeemInvite(code, message.channel, message.senderId);
    await reply(redeemed ? ENROLLED_WELCOME : BAD_INVITE);
    return { kind: 'answered' };
  }
  if (await firstTime()) await reply(UNKNOWN_SENDER_REPLY);
  return { kind: 'answered' };
}
