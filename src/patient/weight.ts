/** Weight and the weight band of a dose table. */
import type { Demographics } from './findings.js';

export interface Band {
  low: number;
  /** Exclusive upper bound. */
  high: number;
}

export function inBand(value: number, band: Band): boolean {
  return value >= band.low && value < band.high;
}

/** The first band of a table that holds this patient's weight: undefined when the weight is not known or no band holds it. */
export function weightBandOf<T extends { band: Band }>(d: Demographics, bands: readonly T[]): T | undefined {
  if (d.weightKg === undefined) return undefined;
  const kg = d.weightKg;
  return bands.find((b) => inBand(kg, b.band));
}

/** Plausible body weight in kg (0.3-250). */
export function plausibleWeightKg(kg: number): boolean {
  return kg >= 0.3 && kg <= 250;
}
