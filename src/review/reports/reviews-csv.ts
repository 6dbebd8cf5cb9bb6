import type { StaffAccount } from '../auth/ports.js';
import type { ReviewExportRow, ReviewStore } from '../consults/ports.js';
import { scopeOf } from '../consults/scope.js';

const HEADER = ['reviewed_at', 'consult_id', 'consult_started_at', 'chw', 'supervisor', 'working_diagnosis', 'urgent_referral', 'agreement', 'flagged_lines', 'feedback', 'feedback_delivered_at'];

/**
 * One CSV field. A value a spreadsheet would run as a formula (starting with = + - @, a tab or a
 * carriage return) is prefixed with an apostrophe (OWASP's advice), then the field is quoted.
 */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  let text = String(value);
  if (typeof value === 'string' && /^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\n\r]/.test(text) || text !== String(value) ? `"${text.replace(/"/g, '""')}"` : text;
}

function row(r: ReviewExportRow): string {
  return [
    r.reviewedAt.toISOString(),
    r.consultId,
    r.consultStartedAt.toISOString(),
    r.healthWorkerName,
    r.supervisorName,
    r.workingDiagnosis,
    r.urgentReferral,
    r.agreement,
    r.flaggedLines,
    r.feedback,
    r.deliveredAt?.toISOString() ?? null,
  ]
    .map(csvField)
    .join(',');
}

/** The reviews made in [from, before) on consults this staff member may see, as CSV (RFC 4180, CRLF). */
export async function exportReviewsCsv(store: ReviewStore, staff: StaffAccount, range: { from: Date; before: Date }): Promise<string> {
  const rows = await store.exportReviews(scopeOf(staff), range);
  return [HEADER.join(','), ...rows.map(row)].join('\r\n') + '\r\n';
}
