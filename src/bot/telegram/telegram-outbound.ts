/**
 * Delivers OutboundMessages through grammY's `bot.api`: render to Telegram HTML, split at 4096
 * visible characters, and send the parts in order at a pace Telegram accepts. A 429 is waited out and
 * the same part retried; a part whose markup Telegram refuses goes out again as plain text, so a reply
 * is never lost to a formatting bug; a 403 (bot blocked) ends delivery with a typed error.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { PerChatQueue } from '../delivery/per-chat-queue.js';
import type { Api } from 'grammy';
import type { OutboundMessage } from '../../consult/messages.js';
import type { ChannelOutbound, DeliveryReceipt, SendOptions } from '../delivery/channel-outbound.js';
import { deliveryError, type DeliveryErrorCode } from '../delivery/delivery-error.js';
import { RateScheduler, TELEGRAM_RATE_LIMITS } from '../delivery/rate-scheduler.js';
import { telegramHtmlToText } from '../format/markup-atoms.js';
import { renderTelegramHtml } from '../format/render-telegram-html.js';
import { describePart, splitMessage, TELEGRAM_MESSAGE_LIMIT } from '../format/split-message.js';

/** The two Bot API methods the sender uses; `bot.api` satisfies it. */
export type TelegramSendApi = Pick<Api, 'sendMessage' | 'sendChatAction'>;

export interface TelegramOutboundOptions {
  api: TelegramSendApi;
  /** Default: a scheduler with TELEGRAM_RATE_LIMITS (1 msg/s per chat, 30 msg/s overall). */
  scheduler?: RateScheduler;
  /** Visible characters per message. Default 4096. */
  limit?: number;
  /** Label for each part of a split reply; false for none. Default `(part 1 of 3)`. */
  partLabel?: ((index: number, total: number) => string) | false;
  /** Tries per part for 429s and network/5xx failures. Default 4. */
  maxAttempts?: number;
  /** A longer 429 retry_after is handed back as a transient DeliveryError instead. Default 30 s. */
  maxRetryAfterSeconds?: number;
  /** First backoff after a network error or 5xx, doubled each time. Default 500 ms. */
  backoffMs?: number;
  /** Default true: previews of guideline links cost data on a slow connection. */
  disableLinkPreviews?: boolean;
  /** Default node:timers/promises setTimeout. */
  sleep?: (ms: number) => Promise<unknown>;
}

/** Where a reply's delivery stands, for the error that reports a failure. */
interface Progress {
  chatId: string;
  firstPart: number;
  delivered: string[];
  /** An urgent referral: each part takes the chat's next slot ahead of waiting sends. */
  ahead: boolean;
}

type SendOutcome = { kind: 'sent'; messageId: number } | { kind: 'retry'; waitMs: number; pauseChat: boolean } | { kind: 'plain' };

/** Telegram sender for the consult's replies; one per bot token, shared by every chat. */
export class TelegramOutbound implements ChannelOutbound {
  private readonly api: TelegramSendApi;
  private readonly scheduler: RateScheduler;
  private readonly limit: number;
  private readonly partLabel: ((index: number, total: number) => string) | undefined;
  private readonly maxAttempts: number;
  private readonly maxRetryAfterSeconds: number;
  private readonly backoffMs: number;
  private readonly disableLinkPreviews: boolean;
  private readonly sleep: (ms: number) => Promise<unknown>;
  /** The parts of one reply never interleave with another's in the same chat. */
  private readonly chatQueue = new PerChatQueue();

  constructor(options: TelegramOutboundOptions) {
    this.api = options.api;
    this.scheduler = options.scheduler ?? new RateScheduler(TELEGRAM_RATE_LIMITS);
    this.limit = options.limit ?? TELEGRAM_MESSAGE_LIMIT;
    this.partLabel = options.partLabel === false ? undefined : (options.partLabel ?? describePart);
    this.maxAttempts = options.maxAttempts ?? 4;
    this.maxRetryAfterSeconds = options.maxRetryAfterSeconds ?? 30;
    this.backoffMs = options.backoffMs ?? 500;
    this.disableLinkPreviews = options.disableLinkPreviews ?? true;
    this.sleep = options.sleep ?? sleep;
  }

  /** Sends every part of `message` in order; resolves with the Telegram message ids (as strings). */
  send(message: OutboundMessage, options: SendOptions = {}): Promise<DeliveryReceipt> {
    const parts = splitMessage(renderTelegramHtml(message.text), {
      dialect: 'telegram-html',
      limit: this.limit,
      ...(this.partLabel ? { partLabel: this.partLabel } : {}),
    });
    // An urgent referral does not wait for the reply in flight to finish its parts: it takes the chat's next slot.
    if (message.kind === 'urgent') return this.sendParts(message.chatId, parts, options.resumeFromPart ?? 0, true);
    return this.chatQueue.run(message.chatId, () => this.sendParts(message.chatId, parts, options.resumeFromPart ?? 0));
  }

  /** One "typing..." indicator; resolves false if the chat can no longer be reached. Never throws. */
  async sendTyping(chatId: string): Promise<boolean> {
    try {
      await this.api.sendChatAction(toTelegramChatId(chatId), 'typing');
      return true;
    } catch (error) {
      return telegramErrorCode(error) !== 403;
    }
  }

  private async sendParts(chatId: string, parts: string[], firstPart: number, ahead = false): Promise<DeliveryReceipt> {
    const progress: Progress = { chatId, firstPart, delivered: [], ahead };
    let plainTextFallbacks = 0;
    for (const part of parts.slice(firstPart)) {
      const sent = await this.sendPart(part, progress);
      progress.delivered.push(String(sent.messageId));
      if (sent.plain) plainTextFallbacks += 1;
    }
    return { messageIds: progress.delivered, parts: parts.length, plainTextFallbacks };
  }

  private async sendPart(html: string, progress: Progress): Promise<{ messageId: number; plain: boolean }> {
    const { chatId } = progress;
    let plain = false;
    for (let attempt = 1; ; attempt++) {
      await this.scheduler.acquire(chatId, { ahead: progress.ahead });
      const outcome = await this.trySend(chatId, plain ? telegramHtmlToText(html) : html, !plain, attempt, progress);
      if (outcome.kind === 'sent') return { messageId: outcome.messageId, plain };
      if (outcome.kind === 'plain') {
        plain = true;
        continue;
      }
      if (outcome.pauseChat) this.scheduler.pause(chatId, outcome.waitMs);
      else await this.sleep(outcome.waitMs);
    }
  }

  private async trySend(chatId: string, text: string, html: boolean, attempt: number, progress: Progress): Promise<SendOutcome> {
    try {
      const sent = await this.api.sendMessage(toTelegramChatId(chatId), text, {
        ...(html ? { parse_mode: 'HTML' as const } : {}),
        ...(this.disableLinkPreviews ? { link_preview_options: { is_disabled: true } } : {}),
      });
      return { kind: 'sent', messageId: sent.message_id };
    } catch (error) {
      return this.classify(error, html, attempt, progress);
    }
  }

  /** Decides what a failed sendMessage means: retry, fall back to plain text, or give up (throws). */
  private classify(error: unknown, html: boolean, attempt: number, progress: Progress): SendOutcome {
    const code = telegramErrorCode(error);
    const description = telegramErrorDescription(error);
    const fail = (errorCode: DeliveryErrorCode, retryAfterSeconds?: number): never => {
      throw deliveryError(
        errorCode,
        `telegram sendMessage failed (${code ?? 'network'}): ${description}`,
        {
          channel: 'telegram',
          deliveredMessageIds: [...progress.delivered],
          deliveredParts: progress.firstPart + progress.delivered.length,
          ...(retryAfterSeconds === undefined ? {} : { retryAfterSeconds }),
        },
        error,
      );
    };
    if (code === 429) {
      const retryAfter = telegramRetryAfter(error) ?? 1;
      if (retryAfter > this.maxRetryAfterSeconds || attempt >= this.maxAttempts) return fail('rate_limited', retryAfter);
      return { kind: 'retry', waitMs: retryAfter * 1000, pauseChat: true };
    }
    if (code === 400 && html && /can't parse entities/i.test(description)) return { kind: 'plain' };
    if (code === 403) return fail('recipient_blocked');
    if (code !== undefined && code >= 400 && code < 500) return fail('delivery_rejected');
    // 5xx or no answer at all: the part most likely did not arrive; a duplicate beats a lost reply.
    if (attempt >= this.maxAttempts) return fail('channel_unavailable');
    return { kind: 'retry', waitMs: this.backoffMs * 2 ** (attempt - 1), pauseChat: false };
  }
}

/** Telegram chat ids are numbers; the consult carries them as strings. */
export function toTelegramChatId(chatId: string): number | string {
  return /^-?\d+$/.test(chatId) ? Number(chatId) : chatId;
}

/** The Bot API error_code of a GrammyError (duck-typed), undefined for network errors. */
function telegramErrorCode(error: unknown): number | undefined {
  const code = (error as { error_code?: unknown } | null)?.error_code;
  return typeof code === 'number' ? code : undefined;
}

function telegramErrorDescription(error: unknown): string {
  const description = (error as { description?: unknown } | null)?.description;
  if (typeof description === 'string') return description;
  return error instanceof Error ? error.message : String(error);
}

function telegramRetryAfter(error: unknown): number | undefined {
  const retryAfter = (error as { parameters?: { retry_after?: unknown } } | null)?.parameters?.retry_after;
  return typeof retryAfter === 'number' && retryAfter >= 0 ? retryAfter : undefined;
}
