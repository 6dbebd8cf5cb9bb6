import type { StaffAccount } from '../auth/ports.js';
import type { QueueCounts, QueueFilter, QueueRow, ReviewStore } from './ports.js';
import { scopeOf } from './scope.js';

/** Consults per queue page. */
export const QUEUE_PAGE_SIZE = 25;

export interface QueuePage {
  rows: QueueRow[];
  total: number;
  page: number;
  pages: number;
  counts: QueueCounts;
}

/** One page (1-based) of the review queue, newest first, within what this staff member may see. */
export async function listQueue(store: ReviewStore, staff: StaffAccount, filter: QueueFilter, page: number): Promise<QueuePage> {
  const scope = scopeOf(staff);
  const wanted = Number.isInteger(page) && page > 0 ? page : 1;
  const [rows, counts] = await Promise.all([store.queue(scope, filter, { offset: (wanted - 1) * QUEUE_PAGE_SIZE, limit: QUEUE_PAGE_SIZE }), store.queueCounts(scope, filter)]);
  const total = counts.matching;
  return { rows, total, page: wanted, pages: Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE)), counts };
}
