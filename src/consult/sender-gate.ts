import { userMessage } from '../core/app-error.js';
import type { AttemptLimits, BackoffPolicy } from '../core/attempt-limits.js';
import type { Log } from '../core/logging.js';
import { parseChatCommand, startCode } from './chat-command.js';
import type { IdentityStore } from './enrollment/ports.js';
import type { ChannelName, InboundMessage } from './messages.js';

const HOUR = 60 * 60_000;
const DAY = 24 * HOUR;

/**
 * Limits on wrong invite codes. An invite code is a short secret; without a limit it can be guessed. No
 * limit is global: wrong codes from some chats never stop a right code from another.
 */
export const INVITE_LIMITS = {
  /** One chat: the 5th wrong code blocks it for 1 h, each further one doubles that up to 24 h; forgotten after 7 days. */
  perChat: { failuresToBlock: 5, firstBlockMs: HOUR, maxBlockMs: DAY, forgetMs: 7 * DAY },
  /**
   * Codes starting with one group (`codePrefix`), from every chat: the code being guessed at by someone
   * who knows half of it. Random guesses spread over 32^4 prefixes and never reach this; only the one
   * invite whose code starts so is held up, at most 24 h after the last wrong guess.
   */
  perPrefix: { failuresToBlock: 10, firstBlockMs: HOUR, maxBlockMs: DAY, forgetMs: 7 * DAY },
  /** Wrong codes from everyone within an hour that are logged as a guessing alarm, at each multiple; it blocks nobody. */
  alarm: { failures: 200, windowMs: HOUR },
} as const satisfies { perChat: BackoffPolicy; perPrefix: BackoffPolicy; alarm: { failures: number; windowMs: number } };

/** Limit scopes (each id is stored as a keyed hash). */
const CHAT_SCOPE = 'invite-chat';
const PREFIX_SCOPE = 'invite-prefix';

/** The first group of a code as typed (letters and digits, upper case): what a partial guess shares. */
export function codePrefix(code: string): string {
  return code.toUpperCase().replace(/[^A-Z0-9]/g, '').slice(0, 4);
}

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

export interface GateDeps {
  identities: IdentityStore;
  /** Wrong invite codes per chat and per code prefix (database-backed, shared by every process). */
  limits: AttemptLimits;
  reply: (reply: GateReply) => Promise<void>;
  /** Where the guessing alarm goes. */
  log: Log;
  /** Default `() => new Date()`. */
  now?: () => Date;
}

/**
 * Decides whether a message may reach the consult. Group chats are refused; an enrolled sender passes;
 * an invite code binds a new sender (enrollment/); anyone else, a suspended or revoked worker included,
 * gets one fixed reply and leaves only keyed hashes of its ids in the audit log. Replies go through
 * `deps.reply` (the outbox, which forgets an unknown sender's chat once its reply is delivered).
 */
export async function gateSender(deps: GateDeps, message: InboundMessage): Promise<GateResult> {
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
    const redeemed = await tryInviteCode(deps, channel, message.senderId, code);
    await reply(redeemed === 'limited' ? INVITE_LIMITED : redeemed ? ENROLLED_WELCOME : BAD_INVITE, redeemed === 'limited' ? null : redeemed);
    return { kind: 'answered' };
  }
  if (await firstTime()) await reply(UNKNOWN_SENDER_REPLY);
  return { kind: 'answered' };
}

/**
 * Redeems `code` unless this chat or the code's prefix is blocked; a wrong code counts against both.
 * While blocked no code is tried at all, the right one included: otherwise the limit would only slow a
 * guesser down. Returns the enrolled worker, null for a wrong code, or 'limited'. The gate calls it for
 * `/start CODE`; `npm run chat -- --invite CODE` calls it for the terminal (which binds no identity).
 */
export async function tryInviteCode(deps: Omit<GateDeps, 'reply'>, channel: ChannelName, senderId: string, code: string): Promise<string | null | 'limited'> {
  const at = (deps.now ?? (() => new Date()))();
  const chat = `${channel}:${senderId}`;
  const prefix = codePrefix(code);
  const [byChat, byPrefix] = await Promise.all([deps.limits.readAttempts(CHAT_SCOPE, chat, at), deps.limits.readAttempts(PREFIX_SCOPE, prefix, at)]);
  if (byChat.blockedUntil || byPrefix.blockedUntil) return 'limited';
  const redeemed = await deps.identities.redeemInvite(code, channel, senderId);
  if (redeemed) return redeemed;
  await deps.limits.recordFailedAttempt(CHAT_SCOPE, chat, INVITE_LIMITS.perChat, at);
  await deps.limits.recordFailedAttempt(PREFIX_SCOPE, prefix, INVITE_LIMITS.perPrefix, at);
  // Many chats each under their own limit are still a guessing campaign: say so, block nobody.
  const overall = await deps.identities.countBadInviteCodes(new Date(at.getTime() - INVITE_LIMITS.alarm.windowMs));
  if (overall > 0 && overall % INVITE_LIMITS.alarm.failures === 0) {
    deps.log.warn({ wrongCodes: overall, windowMs: INVITE_LIMITS.alarm.windowMs }, 'invite codes are being guessed from many chats');
  }
  return null;
}
