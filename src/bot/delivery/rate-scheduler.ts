/**
 * Paces outbound messages with token buckets: one per chat (Telegram asks for about one message per
 * second in a chat) and one shared by all chats (about thirty per second per bot). A chat waiting for
 * its own bucket never holds up another chat; only the shared bucket is contended.
 */
import { setTimeout as sleep } from 'node:timers/promises';

export interface BucketLimits {
  /** Tokens added per second. */
  perSecond: number;
  /** Tokens a full bucket holds: how many sends may go at once after a quiet spell. */
  burst: number;
}

export interface RateLimits {
  perChat: BucketLimits;
  global: BucketLimits;
}

/** Telegram's published guidance: ~1 message/s in one chat, ~30 messages/s overall. */
export const TELEGRAM_RATE_LIMITS: RateLimits = {
  perChat: { perSecond: 1, burst: 1 },
  global: { perSecond: 30, burst: 30 },
};

/** whatsapp-web.js drives a phone's session; sending slowly keeps the number clear of spam flags. */
export const WHATSAPP_RATE_LIMITS: RateLimits = {
  perChat: { perSecond: 1, burst: 1 },
  global: { perSecond: 10, burst: 10 },
};

class TokenBucket {
  private tokens: number;
  private updatedAt: number;
  /** No token is handed out before this time (a 429's retry_after). */
  private blockedUntil = 0;

  constructor(
    private readonly limits: BucketLimits,
    now: number,
  ) {
    this.tokens = limits.burst;
    this.updatedAt = now;
  }

  /** Milliseconds until a token is available (0: available now). */
  waitMs(now: number): number {
    this.refill(now);
    const blocked = Math.max(0, this.blockedUntil - now);
    const refill = this.tokens >= 1 ? 0 : Math.ceil(((1 - this.tokens) / this.limits.perSecond) * 1000);
    return Math.max(blocked, refill);
  }

  take(now: number): void {
    this.refill(now);
    this.tokens -= 1;
  }

  block(until: number): void {
    this.blockedUntil = Math.max(this.blockedUntil, until);
  }

  /** Full and not blocked: forgetting this bucket changes nothing. */
  isIdle(now: number): boolean {
    return this.waitMs(now) === 0 && this.tokens >= this.limits.burst;
  }

  private refill(now: number): void {
    this.tokens = Math.min(this.limits.burst, this.tokens + ((now - this.updatedAt) / 1000) * this.limits.perSecond);
    this.updatedAt = now;
  }
}

export interface RateSchedulerOptions {
  /** Default Date.now. */
  now?: () => number;
  /** Default node:timers/promises setTimeout. */
  sleep?: (ms: number) => Promise<unknown>;
}

/** How often a call in line looks again while another goes ahead of it. */
const AHEAD_POLL_MS = 20;

/** Hands out send slots per chat, in request order within a chat. */
export class RateScheduler {
  private readonly chats = new Map<string, TokenBucket>();
  private readonly global: TokenBucket;
  /** Calls going ahead of a chat's line (urgent referrals), per chat. */
  private readonly ahead = new Map<string, number>();
  /** The tail of each chat's queue of waiting acquire() calls. */
  private readonly queues = new Map<string, Promise<void>>();
  private readonly now: () => number;
  private readonly sleep: (ms: number) => Promise<unknown>;

  constructor(
    private readonly limits: RateLimits,
    options: RateSchedulerOptions = {},
  ) {
    this.now = options.now ?? Date.now;
    this.sleep = options.sleep ?? sleep;
    this.global = new TokenBucket(limits.global, this.now());
  }

  /**
   * Resolves when `chatKey` may send one message; calls for one chat resolve in call order, except one
   * `ahead` (an urgent referral), which takes the chat's next slot before every call still waiting.
   */
  acquire(chatKey: string, options: { ahead?: boolean } = {}): Promise<void> {
    if (options.ahead) return this.acquireAhead(chatKey);
    const previous = this.queues.get(chatKey) ?? Promise.resolve();
    const turn = previous.then(() => this.waitForSlot(chatKey));
    const tail = turn.catch(() => undefined);
    this.queues.set(chatKey, tail);
    void tail.then(() => {
      if (this.queues.get(chatKey) === tail) this.queues.delete(chatKey);
    });
    return turn;
  }

  /** Holds a chat back for `ms` (Telegram answered 429 with retry_after). */
  pause(chatKey: string, ms: number): void {
    this.bucketFor(chatKey).block(this.now() + ms);
  }

  private async acquireAhead(chatKey: string): Promise<void> {
    this.ahead.set(chatKey, (this.ahead.get(chatKey) ?? 0) + 1);
    try {
      await this.waitForSlot(chatKey, true);
    } finally {
      const left = (this.ahead.get(chatKey) ?? 1) - 1;
      if (left > 0) this.ahead.set(chatKey, left);
      else this.ahead.delete(chatKey);
    }
  }

  private async waitForSlot(chatKey: string, ahead = false): Promise<void> {
    for (;;) {
      // A call in line lets one that goes ahead take the slot first.
      if (!ahead && this.ahead.has(chatKey)) {
        await this.sleep(AHEAD_POLL_MS);
        continue;
      }
      const now = this.now();
      const chat = this.bucketFor(chatKey);
      // The chat's own wait comes first, so a paced chat never sits on a global token.
      const wait = chat.waitMs(now) || this.global.waitMs(now);
      if (wait === 0) {
        chat.take(now);
        this.global.take(now);
        this.forgetIdleChats(now);
        return;
      }
      await this.sleep(wait);
    }
  }

  private bucketFor(chatKey: string): TokenBucket {
    let bucket = this.chats.get(chatKey);
    if (!bucket) {
      bucket = new TokenBucket(this.limits.perChat, this.now());
      this.chats.set(chatKey, bucket);
    }
    return bucket;
  }

  /** Keeps the map from growing with every chat ever served. */
  private forgetIdleChats(now: number): void {
    if (this.chats.size < 1000) return;
    for (const [key, bucket] of this.chats) {
      if (bucket.isIdle(now)) this.chats.delete(key);
    }
  }
}
