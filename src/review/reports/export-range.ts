import type { StaffAccount } from '../auth/ports.js';
import type { ReviewStore } from '../consults/ports.js';
import { scopeOf } from '../consults/scope.js';

/** Days the export form offers by default when they hold reviews (30). */
export const RECENT_EXPORT_DAYS = 30;

export interface ExportRange {
  /** First and last day (inclusive), at 00:00 UTC. */
  from: Date;
  to: Date;
  /** Why this range: the recent days hold reviews; else every review since the first; or there are none yet. */
  basis: 'recent' | 'since_first_review' | 'no_reviews';
  /** Reviews in the range (what the file will hold). */
  reviews: number;
}

const DAY_MS = 86_400_000;
const dayOf = (at: Date) => new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));

/**
 * The range the export form starts with, one that has data: the last 30 days when they hold a review
 * this staff member may see, otherwise from the day of the oldest such review to today.
 */
export async function defaultExportRange(store: ReviewStore, staff: StaffAccount, now = new Date()): Promise<ExportRange> {
  const to = dayOf(now);
  const recentFrom = new Date(to.getTime() - (RECENT_EXPORT_DAYS - 1) * DAY_MS);
  const span = await store.reviewSpan(scopeOf(staff), recentFrom);
  if (span.since > 0) return { from: recentFrom, to, basis: 'recent', reviews: span.since };
  if (span.oldest === null) return { from: recentFrom, to, basis: 'no_reviews', reviews: 0 };
  return { from: dayOf(span.oldest), to, basis: 'since_first_review', reviews: span.all };
}
