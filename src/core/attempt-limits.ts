/**
 * Failure limits with backoff, one record per key (a chat, a code prefix, an account, an address): there
 * is no global counter that an attacker's failures could fill for everyone. A key's failures block it
 * once they reach `failuresToBlock`; each failure after that doubles the block up to `maxBlockMs`.
 * Attempts refused while blocked are not failures (nothing was tried), so an owner retrying does not
 * lengthen their own block.
 */
export interface BackoffPolicy {
  /** The failure that starts the first block (5: four are free, the fifth blocks). */
  failuresToBlock: number;
  /** The first block, in ms. */
  firstBlockMs: number;
  /** The longest block, in ms: a key is never locked for longer after its last failure. */
  maxBlockMs: number;
  /** A key's failures are forgotten this long (ms) after its last failure; at least `maxBlockMs`. */
  forgetMs: number;
}

/** What is known of one key now. */
export interface AttemptRecord {
  /** Failures not yet forgotten. */
  failures: number;
  /** Attempts are refused until then; null when not blocked. */
  blockedUntil: Date | null;
  /** The last success recorded for the key, while it is remembered; else null. */
  succeededAt: Date | null;
}

export const NO_ATTEMPTS: AttemptRecord = { failures: 0, blockedUntil: null, succeededAt: null };

/**
 * The store of attempt records, shared by every process through the database. Ids (a chat, an e-mail,
 * an address, a code prefix) are stored only as keyed hashes; `scope` names what the id is.
 */
export interface AttemptLimits {
  /** The record of `id` in `scope` at `at`; `NO_ATTEMPTS` when there is none or it is forgotten. */
  readAttempts(scope: string, id: string, at: Date): Promise<AttemptRecord>;
  /** Counts one failure of `id` in `scope` at `at` and blocks it as `policy` says; the record after it. */
  recordFailedAttempt(scope: string, id: string, policy: BackoffPolicy, at: Date): Promise<AttemptRecord>;
  /** Forgets `id`'s failures in `scope` and remembers a success at `at` for `rememberMs`. */
  recordSucceededAttempt(scope: string, id: string, at: Date, rememberMs: number): Promise<void>;
}

/** The block (ms) after a key's `failures`-th failure: none before `failuresToBlock`, then doubling to the cap. */
export function blockAfter(failures: number, policy: BackoffPolicy): number {
  if (failures < policy.failuresToBlock) return 0;
  return Math.min(policy.maxBlockMs, policy.firstBlockMs * 2 ** (failures - policy.failuresToBlock));
}

/**
 * `blockAfter` for the 1st, 2nd, ... failure up to the first capped one, which holds for every failure
 * after it: the form a store can index atomically while it counts.
 */
export function backoffSchedule(policy: BackoffPolicy): number[] {
  if (policy.firstBlockMs <= 0 || policy.maxBlockMs < policy.firstBlockMs) throw new Error('a backoff policy needs a first block and a longest block no shorter');
  if (policy.forgetMs < policy.maxBlockMs) throw new Error('a backoff policy must remember failures at least as long as its longest block');
  const schedule: number[] = [];
  for (let failures = 1; schedule.at(-1) !== policy.maxBlockMs; failures++) schedule.push(blockAfter(failures, policy));
  return schedule;
}

/** Whether `record` was made by a success within the last `rememberMs` before `at`. */
export function succeededWithin(record: AttemptRecord, rememberMs: number, at: Date): boolean {
  return record.succeededAt !== null && at.getTime() - record.succeededAt.getTime() < rememberMs;
}
