import { userMessage } from '../core/app-error.js';
import { parseChatCommand, startCode } from './chat-command.js';
import type { IdentityStore } from './enrollment/ports.js';
import type { ChannelName, InboundMessage } from './messages.js';

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

const INVITE_CODE = /^[A-Z0-9]{4}(?:-[A-Z0-9]{4}){1,3}$/i;

/** `/start CODE` on Telegram; on WhatsApp the code alone as a message. */
function inviteCodeIn(message: InboundMessage): string | null {
  const text = (message.text ?? '').trim();
  const start = startCode(parseChatCommand(text));
  if (start) return start;
  return message.channel === 'whatsapp' && INVITE_CODE.test(text) ? text : null;
}

/** One answer of the gate, for the outbox (stored once by its key, then sent; a failed send is retried). */
export interface GateReply {
  channel: Exclude<ChannelName, 'terminal'>;
  chatId: string;
  text: string;
  /** The platform's id of the message answered; the outbox keys the answer by its keyed hash, never by the id. */
  messageId: string;
  /** The health worker the chat now belongs to (a welcome); null for a sender who is not enrolled. */
  healthWorkerId: string | null;
}

export type GateResult =
  | { kind: 'consult'; healthWorkerId: string | null }
  /** Answered here (welcome, refusal, bad code); nothing to hand to the consult. */
  | { kind: 'answered' };

/**
 * Decides whether a message may reach the consult. Group chats are refused; an enrolled sender passes;
 * an invite code binds a new sender (enrollment/); anyone else, a suspended or revoked worker included,
 * gets one fixed reply and leaves only keyed hashes of its ids in the audit log. Replies go through
 * `deps.reply` (the outbox, which forgets an unknown sender's chat once its reply is delivered).
 */
export async function gateSender(deps: { identities: IdentityStore; reply: (reply: GateReply) => Promise<void> }, message: InboundMessage): Promise<GateResult> {
  if (message.channel === 'terminal') return { kind: 'consult', healthWorkerId: null };
  const channel = message.channel;
  const reply = async (text: string, healthWorkerId: string | null = null) => {
    await deps.reply({ channel, chatId: message.chatId, text, messageId: message.messageId, healthWorkerId });
  };
  const firstTime = () => deps.identities.recordUnknownSender(message.channel, message.messageId, message.senderId);
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
    if (await firstTime()) await reply(ENROLLED_WELCOME, worker);
    return { kind: 'answered' };
  }
  if (code) {
    if (!(await firstTime())) return { kind: 'answered' };
    // While a sender (or everyone) is over the limit no code is tried at all, the right one included:
    // otherwise the limit would only slow a guesser down.
    const attempts = await deps.identities.failedInviteAttempts(message.channel, message.senderId, INVITE_ATTEMPT_LIMITS.windowMs);
    if (attempts.bySender >= INVITE_ATTEMPT_LIMITS.perSender || attempts.overall >= INVITE_ATTEMPT_LIMITS.overall) {
      await reply(INVITE_LIMITED);
      return { kind: 'answered' };
    }
    const redeemed = await deps.identities.redeemInvite(code, message.channel, message.senderId);
    await reply(redeemed ? ENROLLED_WELCOME : BAD_INVITE, redeemed);
    return { kind: 'answered' };
  }
  if (await firstTime()) await reply(UNKNOWN_SENDER_REPLY);
  return { kind: 'answered' };
}
