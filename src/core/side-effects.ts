/**
 * The side-effect ledger port: effects inside jobs (an LLM answer, an outbound message) are recorded under
 * a caller-chosen key, so a retried or re-enqueued job reuses what was done instead of doing it again.
 * Results must be JSON-serialisable; a replay returns the JSON form (a Date comes back as a string).
 */

/** What claiming a key found: it is now ours, it was completed before, or someone else holds it. */
export type SideEffectClaim = 'claimed' | 'done' | 'in_progress';

export interface SideEffectRecord<T> {
  result: T;
  /** True when the result came from the ledger and the effect was not called. */
  replayed: boolean;
}

export interface SideEffectLedger {
  /**
   * Calls `effect` unless `key` was recorded, then records its result. At-least-once: the effect runs
   * again if the process dies between the call and the record, or if two callers race on one key (only
   * one result is recorded and both return it). Use it for effects that are safe to repeat (an LLM call).
   */
  runOnce<T>(key: string, kind: string, effect: () => Promise<T>): Promise<SideEffectRecord<T>>;
  /**
   * For effects that must not repeat (an outbound message): record the intent before the effect and
   * `complete` after it. Exactly one caller gets 'claimed'; a claim whose owner died stays 'in_progress'
   * (the effect may or may not have happened) until it is older than `reclaimAfterMs`, if given.
   */
  claim(key: string, kind: string, options?: { reclaimAfterMs?: number }): Promise<SideEffectClaim>;
  /** Records the result of a claimed effect; completing twice keeps the first result. */
  complete(key: string, result: unknown): Promise<void>;
  /** Drops an uncompleted claim when the effect surely did not happen, so a retry may claim again. */
  release(key: string): Promise<void>;
}
