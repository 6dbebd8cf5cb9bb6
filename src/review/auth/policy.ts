import type { BackoffPolicy } from '../../core/attempt-limits.js';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * Sign-in limits of the review app, in one place. None is global, and none lets an attacker's failures
 * lock out another account: the per-address limit only takes away the second try of an account that has
 * already failed from that address, so a right password for an untouched account always passes.
 */
export const AUTH_POLICY = {
  /** A session ends after this long without a request... */
  idleMs: 30 * MINUTE,
  /** ...and in any case this long after sign-in. */
  absoluteMs: 12 * HOUR,
  /**
   * One account from one address: the 5th wrong password blocks the pair for 15 min, each further one
   * doubles that up to 1 h; forgotten a day after the last. A sign-in clears it.
   */
  perAccountAndAddress: { failuresToBlock: 5, firstBlockMs: 15 * MINUTE, maxBlockMs: HOUR, forgetMs: DAY },
  /**
   * One account from every address it is not known at (a guesser using many): the 10th failure blocks
   * it there for 15 min, doubling up to 1 h. Its owner at a known address is never blocked by it, and
   * elsewhere at most 1 h after the last wrong password.
   */
  perAccount: { failuresToBlock: 10, firstBlockMs: 15 * MINUTE, maxBlockMs: HOUR, forgetMs: DAY },
  /**
   * One address over every account not known there (a clinic's proxy, or one guesser trying many
   * accounts): from the 20th failure, 15 min doubling up to 1 h, no account that has failed from this
   * address gets another try from it. Accounts without a failure there are tried as usual.
   */
  perAddress: { failuresToBlock: 20, firstBlockMs: 15 * MINUTE, maxBlockMs: HOUR, forgetMs: DAY },
  /** An account that signed in from an address is known there this long: only the pair limit applies to it. */
  knownAddressMs: 30 * DAY,
  /** A set-password link is valid this long, once. */
  setupLinkMs: 24 * HOUR,
  minPasswordLength: 12,
} as const satisfies Record<'perAccountAndAddress' | 'perAccount' | 'perAddress', BackoffPolicy> & Record<string, unknown>;
