/**
 * When to bring a lost WhatsApp Web session back: exponential backoff (1 s, 2 s, 4 s ... capped at
 * 5 min), reset once the session is ready again. Pure scheduling: the caller supplies the reconnect
 * action and, in tests, the timers, so the policy runs without a browser or a real clock.
 */

/** The two timer functions the policy uses; node's globals by default, a fake clock in tests. */
export interface ReconnectTimers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface ReconnectPolicyOptions {
  /** Brings the session back (destroy, then initialize); a rejection counts as a failed attempt. */
  reconnect: () => Promise<void>;
  /** First delay after a loss. Default 1 000 ms. */
  initialDelayMs?: number;
  /** The delay doubles up to this. Default 300 000 ms (5 min). */
  maxDelayMs?: number;
  /** Default: node's setTimeout/clearTimeout (unref'd, so a pending retry never holds the process open). */
  timers?: ReconnectTimers;
  /** Told before each attempt runs (ids and numbers only). */
  onAttempt?: (info: { attempt: number; delayMs: number }) => void;
  /** Told when an attempt rejects; another one is scheduled. */
  onAttemptFailed?: (error: unknown, info: { attempt: number }) => void;
}

export interface ReconnectPolicy {
  /** The session went away (disconnected, auth failure): schedule an attempt unless one is pending or running. */
  lost(): void;
  /** The session is ready: the next loss starts again from the initial delay. */
  ready(): void;
  /** Cancels a pending attempt and ignores every later call; a running attempt's outcome is dropped. */
  stop(): void;
  /** The delay the next scheduled attempt will wait, in ms. */
  readonly nextDelayMs: number;
  /** 'idle', 'scheduled' (waiting for its timer), 'running', or 'stopped'. */
  readonly state: 'idle' | 'scheduled' | 'running' | 'stopped';
}

const NODE_TIMERS: ReconnectTimers = {
  setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
  clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
};

/** Creates the backoff policy; nothing happens until lost() is called. */
export function createReconnectPolicy(options: ReconnectPolicyOptions): ReconnectPolicy {
  const initialDelayMs = options.initialDelayMs ?? 1_000;
  const maxDelayMs = options.maxDelayMs ?? 300_000;
  const timers = options.timers ?? NODE_TIMERS;
  let delayMs = initialDelayMs;
  let state: ReconnectPolicy['state'] = 'idle';
  let timer: unknown;
  let attempt = 0;
  // A loss reported while an attempt runs belongs to that attempt's session: try again after it.
  let lostWhileRunning = false;

  const schedule = (): void => {
    const wait = delayMs;
    delayMs = Math.min(delayMs * 2, maxDelayMs);
    state = 'scheduled';
    timer = timers.setTimeout(() => {
      timer = undefined;
      void run(wait);
    }, wait);
  };

  const run = async (waited: number): Promise<void> => {
    if (state !== 'scheduled') return;
    state = 'running';
    lostWhileRunning = false;
    attempt += 1;
    const current = attempt;
    options.onAttempt?.({ attempt: current, delayMs: waited });
    let failed = false;
    try {
      await options.reconnect();
    } catch (error) {
      failed = true;
      options.onAttemptFailed?.(error, { attempt: current });
    }
    // stop() may have been called while the attempt ran.
    if ((state as ReconnectPolicy['state']) !== 'running') return;
    state = 'idle';
    if (failed || lostWhileRunning) schedule();
  };

  return {
    lost() {
      if (state === 'idle') schedule();
      else if (state === 'running') lostWhileRunning = true;
    },
    ready() {
      if (state === 'stopped') return;
      delayMs = initialDelayMs;
      attempt = 0;
    },
    stop() {
      if (timer !== undefined) timers.clearTimeout(timer);
      timer = undefined;
      state = 'stopped';
    },
    get nextDelayMs() {
      return delayMs;
    },
    get state() {
      return state;
    },
  };
}
