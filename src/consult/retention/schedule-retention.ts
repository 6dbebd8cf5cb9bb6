import { applyRetention, type RetentionResult, type RetentionStore } from './apply-retention.js';

/**
 * Applies retention every `everyMs` (the first pass after one interval) until stopped; a pass still
 * running when the next is due is not doubled. Every long-running process may run one: a second pass
 * over the same database finds nothing to delete.
 */
export function scheduleRetention(options: {
  store: RetentionStore;
  days: number;
  everyMs: number;
  onPass: (deleted: RetentionResult) => void;
  onError: (error: unknown) => void;
}): { stop(): void } {
  let running: Promise<void> | undefined;
  const timer = setInterval(() => {
    running ??= applyRetention(options.store, { days: options.days })
      .then(options.onPass, options.onError)
      .finally(() => {
        running = undefined;
      });
  }, options.everyMs);
  // Retention never keeps a process alive on its own.
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
