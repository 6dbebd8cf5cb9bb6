/**
 * Repeats a typing indicator until stopped. Platforms show it for a few seconds only (Telegram 5 s,
 * WhatsApp about 25 s), so it is re-sent on an interval; a hard cap stops a loop whose caller forgot.
 */

export interface TypingLoopOptions {
  /** Milliseconds between indicators. */
  intervalMs: number;
  /** Stop by itself after this long. Default 120 000 ms. */
  maxMs?: number;
  /** Called once when the loop stops (for clearing a sticky indicator). */
  onStop?: () => Promise<void>;
}

/**
 * Calls `sendOnce` now and every `intervalMs` until the returned function is called. `sendOnce`
 * resolves false to end the loop (e.g. the user blocked the bot); its rejections are ignored.
 */
export function startTypingLoop(sendOnce: () => Promise<boolean>, options: TypingLoopOptions): () => void {
  let stopped = false;
  let inFlight = false;
  const tick = (): void => {
    if (stopped || inFlight) return;
    inFlight = true;
    void sendOnce()
      .then((keepGoing) => {
        if (!keepGoing) stop();
      })
      .catch(() => undefined)
      .finally(() => {
        inFlight = false;
      });
  };
  const interval = setInterval(tick, options.intervalMs);
  const cap = setTimeout(() => stop(), options.maxMs ?? 120_000);
  // An indicator must never keep a shutting-down process alive.
  interval.unref();
  cap.unref();
  const stop = (): void => {
    if (stopped) return;
    stopped = true;
    clearInterval(interval);
    clearTimeout(cap);
    void options.onStop?.().catch(() => undefined);
  };
  tick();
  return stop;
}
