/** Sign-in limits of the review app, in one place. */
export const AUTH_POLICY = {
  /** A session ends after this long without a request... */
  idleMs: 30 * 60_000,
  /** ...and in any case this long after sign-in. */
  absoluteMs: 12 * 3_600_000,
  /** Failed sign-ins counted over this window. */
  failureWindowMs: 15 * 60_000,
  /** An account is locked after this many failures in the window. */
  maxFailuresPerAccount: 5,
  /** An address is throttled after this many failures in the window (several accounts behind one NAT). */
  maxFailuresPerAddress: 20,
  /** A set-password link is valid this long, once. */
  setupLinkMs: 24 * 3_600_000,
  minPasswordLength: 12,
} as const;
