import { createHash } from 'node:crypto';

/** A deterministic generator of floats in [0, 1) (mulberry32): the same seed gives the same corpus. */
export type Random = () => number;

/** mulberry32 over a 32-bit seed. */
export function seededRandom(seed: number): Random {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A 32-bit seed derived from a string (sha256), so a text always maps to the same draws. */
export function seedFromText(text: string): number {
  return createHash('sha256').update(text).digest().readUInt32LE(0);
}

/** A standard normal draw (Box-Muller). */
export function gaussian(random: Random): number {
  const u = 1 - random();
  const v = random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * v);
}

/** An integer in [0, n). */
export function randomInt(random: Random, n: number): number {
  return Math.floor(random() * n);
}
