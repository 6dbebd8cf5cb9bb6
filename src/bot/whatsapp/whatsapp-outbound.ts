/**
 * Delivers OutboundMessages through a whatsapp-web.js client: WhatsApp formatting, ~4000-character
 * parts, one message per second per chat. whatsapp-web.js reports failures as plain Errors (mostly a
 * detached browser page), so a failed part is retried a bounded number of times with backoff and then
 * reported as a transient DeliveryError that says how many parts arrived.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { PerChatQueue } from '../delivery/per-chat-queue.js';
import type { OutboundMessage } from '../../consult/messages.js';
import type { ChannelOutbound, DeliveryReceipt, SendOptions } from '../delivery/channel-outbound.js';
import { deliveryError } from '../delivery/delivery-error.js';
import { RateScheduler, WHATSAPP_RATE_LIMITS } from '../delivery/rate-scheduler.js';
import { renderWhatsApp } from '../format/render-whatsapp.js';
import { describePart, splitMessage, WHATSAPP_MESSAGE_LIMIT } from '../format/split-message.js';
import type { WhatsAppClientLike } from './whatsapp-client.js';

export interface WhatsAppOutboundOptions {
  client: Pick<WhatsAppClientLike, 'sendMessage' | 'getChatById'>;
  /** Default: a scheduler with WHATSAPP_RATE_LIMITS (1 msg/s per chat, 10 msg/s overall). */
  scheduler?: RateScheduler;
  /** Characters per message. Default 4000. */
  limit?: number;
  /** Label for each part of a split reply; false for none. Default `(part 1 of 3)`. */
  partLabel?: ((index: number, total: number) => string) | false;
  /** Tries per part. Default 3. */
  maxAttempts?: number;
  /** First backoff after a failure, doubled each time. Default 1000 ms. */
  backoffMs?: number;
  /** Default node:timers/promises setTimeout. */
  sleep?: (ms: number) => Promise<unknown>;
}

/** WhatsApp sender for the consult's replies; one per linked phone, shared by every chat. */
export class WhatsAppOutbound implements ChannelOutbound {
  private readonly client: Pick<WhatsAppClientLike, 'sendMessage' | 'getChatById'>;
  private readonly scheduler: RateScheduler;
  private readonly limit: number;
  private readonly partLabel: ((index: number, total: number) => string) | undefined;
  private readonly maxAttempts: number;
  private readonly backoffMs: number;
  private readonly sleep: (ms: number) => Promise<unknown>;
  /** The parts of one reply never interleave with another's in the same chat. */
  private readonly chatQueue = new PerChatQueue();

  constructor(options: WhatsAppOutboundOptions) {
    this.client = options.client;
    this.scheduler = options.scheduler ?? new RateScheduler(WHATSAPP_RATE_LIMITS);
    this.limit = options.limit ?? WHATSAPP_MESSAGE_LIMIT;
    this.partLabel = options.partLabel === false ? undefined : (options.partLabel ?? describePart);
    this.maxAttempts = options.maxAttempts ?? 3;
    this.backoffMs = options.backoffMs ?? 1000;
    this.sleep = options.sleep ?? sleep;
  }

  /** Sends every part of `message` in order; resolves with the WhatsApp message ids. */
  send(message: OutboundMessage, options: SendOptions = {}): Promise<DeliveryReceipt> {
    const parts = splitMessage(renderWhatsApp(message.text), {
      dialect: 'whatsapp',
      limit: this.limit,
      ...(this.partLabel ? { partLabel: this.partLabel } : {}),
    });
    return this.chatQueue.run(message.chatId, () => this.sendParts(message.chatId, parts, options.resumeFromPart ?? 0));
  }

  /** Shows "typing..." once (WhatsApp clears it after about 25 s or with the next message); false if it failed. Never throws. */
  async sendTyping(chatId: string): Promise<boolean> {
    try {
      await (await this.client.getChatById(chatId)).sendStateTyping();
      return true;
    } catch {
      return false;
    }
  }

  private async sendParts(chatId: string, parts: string[], firstPart: number): Promise<DeliveryReceipt> {
    const delivered: string[] = [];
    for (const part of parts.slice(firstPart)) {
      delivered.push(await this.sendPart(chatId, part, firstPart, delivered));
    }
    return { messageIds: delivered, parts: parts.length, plainTextFallbacks: 0 };
  }

  private async sendPart(chatId: string, text: string, firstPart: number, delivered: string[]): Promise<string> {
    for (let attempt = 1; ; attempt++) {
      await this.scheduler.acquire(chatId);
      try {
        const sent = await this.client.sendMessage(chatId, text, { linkPreview: false });
        return sent.id._serialized;
      } catch (error) {
        if (attempt >= this.maxAttempts) {
          throw deliveryError(
            'channel_unavailable',
            `whatsapp sendMessage failed after ${attempt} attempts`,
            { channel: 'whatsapp', deliveredMessageIds: [...delivered], deliveredParts: firstPart + delivered.length },
            error,
          );
        }
        await this.sleep(this.backoffMs * 2 ** (attempt - 1));
      }
    }
  }
}
