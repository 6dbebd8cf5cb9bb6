import { setTimeout as sleep } from 'node:timers/promises';

export interface TokenBucketOptions {
  /** Tokens added per second (= sustained requests per second). */
  ratePerSecond: number;
  /**
   * Bucket size. Default 1: requests are spaced 1/rate apart, so no one-second window ever holds more
   * than `ratePerSecond` requests (a larger bucket allows bursts above the rate).
   */
  burst?: number;
  /** Clock in milliseconds; injectable for tests. Default `performance.now`. */
  now?: () => number;
}

/** Token bucket shared by every request of a run: `take()` resolves when a request may be sent. */
export class TokenBucket {
  readonly #intervalMs: number;
  readonly #burst: number;
  readonly #now: () => number;
  #tokens: number;
  #updatedAt: number;

  constructor(options: TokenBucketOptions) {
    if (!(options.ratePerSecond > 0)) throw new RangeError(`ratePerSecond must be > 0, got ${options.ratePerSecond}`);
    this.#intervalMs = 1000 / options.ratePerSecond;
    this.#burst = Math.max(1, options.burst ?? 1);
    this.#now = options.now ?? (() => performance.now());
    this.#tokens = this.#burst;
    this.#updatedAt = this.#now();
  }

  /** Waits for a token (rejects with the signal's reason if aborted while waiting). */
  async take(signal?: AbortSignal): Promise<void> {
    signal?.throwIfAborted();
    const now = this.#now();
    this.#tokens = Math.min(this.#burst, this.#tokens + (now - this.#updatedAt) / this.#intervalMs);
    this.#updatedAt = now;
    // Reserve the token now (the balance may go negative) so concurrent callers queue in order.
    this.#tokens -= 1;
    if (this.#tokens >= 0) return;
    const readyAt = now + -this.#tokens * this.#intervalMs;
    try {
      // Timers may fire a little early relative to performance.now(); never send before the slot.
      for (let waitMs = readyAt - now; waitMs > 0; waitMs = readyAt - this.#now()) {
        await sleep(Math.ceil(waitMs), undefined, signal ? { signal } : {});
      }
    } catch (error) {
      this.#tokens += 1; // an aborted waiter gives its reservation back
      throw signal?.reason ?? error;
    }
  }
}
