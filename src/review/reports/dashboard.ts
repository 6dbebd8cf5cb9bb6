import type { StaffAccount } from '../auth/ports.js';
import type { ReviewStore } from '../consults/ports.js';
import { scopeOf } from '../consults/scope.js';

export interface Dashboard {
  weeks: Date[];
  /** Consults per week for each health worker, aligned with `weeks`. */
  series: Array<{ name: string; counts: number[] }>;
  consults: number;
  /** Shares 0..1, null when there is nothing to divide by. */
  urgentRate: number | null;
  reviewCoverage: number | null;
  agreementRate: number | null;
  medianMinutesToPlan: number | null;
  reviews: number;
  /** Consults and urgent referrals per week, aligned with `weeks`. */
  referrals: Array<{ consults: number; urgent: number }>;
  /** Consults per working diagnosis, most frequent first ("none stated" for a consult without one). */
  diagnoses: Array<{ condition: string; consults: number }>;
  /** Reviews per CHW by agreement, CHWs by name. */
  agreementByWorker: Array<{ name: string; agree: number; partly: number; disagree: number }>;
  followUps: { asked: number; answered: number };
  /** What is waiting on someone: follow-up questions without an answer, consults (urgent ones too) not reviewed. */
  open: { unansweredFollowUps: Array<{ consultId: string; askedAt: Date; text: string | null }>; unreviewed: number; urgentUnreviewed: number };
}

/** Weeks shown on the dashboard (default 12). */
export const DASHBOARD_WEEKS = 12;

/** Monday 00:00 UTC of the week holding `at`. */
export function weekStart(at: Date): Date {
  const d = new Date(Date.UTC(at.getUTCFullYear(), at.getUTCMonth(), at.getUTCDate()));
  d.setUTCDate(d.getUTCDate() - ((d.getUTCDay() + 6) % 7));
  return d;
}

/** The median of a list of numbers; null for an empty list. */
export function median(values: number[]): number | null {
  if (values.length === 0) return null;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? (sorted[mid] as number) : ((sorted[mid - 1] as number) + (sorted[mid] as number)) / 2;
}

/** The dashboard figures over the last `weeks` weeks, within what this staff member may see. */
export async function buildDashboard(store: ReviewStore, staff: StaffAccount, now = new Date(), weeks = DASHBOARD_WEEKS): Promise<Dashboard> {
  const first = weekStart(new Date(now.getTime() - (weeks - 1) * 7 * 86_400_000));
  const data = await store.dashboard(scopeOf(staff), first);
  const weekList = Array.from({ length: weeks }, (_, i) => new Date(first.getTime() + i * 7 * 86_400_000));
  const byName = new Map<string, number[]>();
  for (const row of data.weekly) {
    const i = Math.round((weekStart(row.weekStart).getTime() - first.getTime()) / (7 * 86_400_000));
    if (i < 0 || i >= weeks) continue;
    const counts = byName.get(row.healthWorkerName) ?? new Array<number>(weeks).fill(0);
    counts[i] = (counts[i] ?? 0) + row.consults;
    byName.set(row.healthWorkerName, counts);
  }
  const referrals = weekList.map(() => ({ consults: 0, urgent: 0 }));
  for (const row of data.weekly) {
    const week = referrals[Math.round((weekStart(row.weekStart).getTime() - first.getTime()) / (7 * 86_400_000))];
    if (!week) continue;
    week.consults += row.consults;
    week.urgent += row.urgent;
  }
  const byWorker = new Map<string, { name: string; agree: number; partly: number; disagree: number }>();
  for (const row of data.agreementByWorker) {
    if (row.agreement === null) continue;
    const w = byWorker.get(row.healthWorkerName) ?? { name: row.healthWorkerName, agree: 0, partly: 0, disagree: 0 };
    w[row.agreement] += row.reviews;
    byWorker.set(row.healthWorkerName, w);
  }
  const share = (n: number, d: number) => (d > 0 ? n / d : null);
  return {
    weeks: weekList,
    series: [...byName].map(([name, counts]) => ({ name, counts })).sort((a, b) => a.name.localeCompare(b.name)),
    consults: data.consults,
    urgentRate: share(data.urgent, data.consults),
    reviewCoverage: share(data.reviewed, data.consults),
    agreementRate: share(data.agreed, data.reviews),
    medianMinutesToPlan: median(data.minutesToPlan),
    reviews: data.reviews,
    referrals,
    diagnoses: data.diagnoses.map((d) => ({ condition: d.condition ?? 'none stated', consults: d.consults })),
    agreementByWorker: [...byWorker.values()].sort((a, b) => a.name.localeCompare(b.name)),
    followUps: data.followUps,
    open: { unansweredFollowUps: data.unansweredFollowUps, unreviewed: data.unreviewed, urgentUnreviewed: data.urgentUnreviewed },
  };
}
