/**
 * The side-effect ledger port: effects inside jobs (an outbound message) are claimed under a
 * caller-chosen key before they happen and completed after, so a retried or re-enqueued job never does
 * them twice. Results must be JSON-serialisable.
 */

/**
 * What claiming a key found: it is now ours; it is ours because its earlier owner went quiet for longer
 * than `reclaimAfterMs` (that owner may have done the effect before it died); it was completed before; or
 * someone else holds it.
 */
export type SideEffectClaim = 'claimed' | 'taken_over' | 'done' | 'in_progress';

export interface SideEffectLedger {
  /**
   * For effects that must not repeat (an outbound message): record the intent before the effect and
   * `complete` after it. Exactly one caller gets 'claimed'; a claim whose owner died stays 'in_progress'
   * (the effect may or may not have happened) until it is older than `reclaimAfterMs`, if given, when
   * exactly one caller gets 'taken_over'.
   */
  claim(key: string, kind: string, options?: { reclaimAfterMs?: number }): Promise<SideEffectClaim>;
  /** Records the result of a claimed effect; completing twice keeps the first result. */
  complete(key: string, result: unknown): Promise<void>;
  /** Drops an uncompleted claim when the effect surely did not happen, so a retry may claim again. */
  release(key: string): Promise<void>;
}
