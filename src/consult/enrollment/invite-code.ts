import { createHash, randomInt } from 'node:crypto';

const ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O or 1/I: codes are read aloud and typed on phones

/** A one-time invite code like 7KQD-M2XP (40 bits from the CSPRNG). */
export function newInviteCode(): string {
  const pick = () => Array.from({ length: 4 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return `${pick()}-${pick()}`;
}

/**
 * Invite codes are stored hashed: a database dump does not hand out enrolments. Unkeyed on purpose: a
 * code is random, short-lived and single-use, and the hash must survive a change of SENDER_HASH_SECRET.
 */
export function hashInviteCode(code: string): string {
  return createHash('sha256').update(code.trim().toUpperCase()).digest('hex');
}
