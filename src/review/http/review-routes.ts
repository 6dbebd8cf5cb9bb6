import type { Hono } from 'hono';
import { html } from 'hono/html';
import type { ReviewAudit } from '../auth/ports.js';
import { newSecret } from '../auth/secrets.js';
import { listQueue } from '../consults/list-queue.js';
import { openConsult } from '../consults/open-consult.js';
import { openConsultPhoto, type ConsultPhotos } from '../consults/consult-photos.js';
import type { ReviewStore } from '../consults/ports.js';
import { submitReview } from '../consults/submit-review.js';
import { buildDashboard } from '../reports/dashboard.js';
import { defaultExportRange, RECENT_EXPORT_DAYS } from '../reports/export-range.js';
import { exportReviewsCsv } from '../reports/reviews-csv.js';
import { formLists, formOf, notFound, type ReviewEnv } from './context.js';
import { page } from './layout.js';
import { consultView } from './views/consult-view.js';
import { dashboardView } from './views/dashboard-view.js';
import { day } from './views/format.js';
import { readQueueQuery, queueView } from './views/queue-view.js';

/** The queue, consult, review, dashboard and export routes (thin: the use cases decide). */
export function registerReviewRoutes(app: Hono<ReviewEnv>, deps: { reviews: ReviewStore; audit: ReviewAudit; now: () => Date; photos?: ConsultPhotos }): void {
  const signedIn = (c: { get(key: 'session'): ReviewEnv['Variables']['session'] }) => {
    const { staff, csrfToken } = c.get('session');
    return { email: staff.email, csrfToken, role: staff.role };
  };

  app.get('/', async (c) => {
    const { query, filter, page: wanted } = readQueueQuery((name) => c.req.query(name));
    const result = await listQueue(deps.reviews, c.get('session').staff, filter, wanted);
    return c.html(page('Review queue', queueView(result, query), signedIn(c)));
  });

  app.get('/consults/:id', async (c) => {
    const opened = await openConsult({ store: deps.reviews, audit: deps.audit }, c.get('session').staff, c.req.param('id'));
    if (!opened.found) return notFound(c);
    const saved = c.req.query('saved') === '1';
    const photos = new Set(deps.photos ? await deps.photos.photoMessageIds(opened.consult.id) : []);
    return c.html(page('Consult', consultView({ ...opened, csrf: c.get('session').csrfToken, submissionKey: newSecret(), saved, photos }), signedIn(c)));
  });

  app.get('/consults/:id/photos/:messageId', async (c) => {
    if (!deps.photos) return notFound(c);
    const photo = await openConsultPhoto({ store: deps.reviews, photos: deps.photos, audit: deps.audit }, c.get('session').staff, c.req.param('id'), c.req.param('messageId'));
    if (!photo) return notFound(c);
    // Patient images: never cached by a shared cache or kept by the browser after the session.
    return c.body(new Uint8Array(photo.bytes), 200, { 'content-type': photo.mimeType, 'cache-control': 'private, no-store', 'x-content-type-options': 'nosniff' });
  });

  app.post('/consults/:id/review', async (c) => {
    const consultId = c.req.param('id');
    const form = await formOf(c);
    const lists = await formLists(c);
    const lineFlags = Object.entries(lists)
      .filter(([name]) => /^flag-\d{1,4}$/.test(name))
      .map(([name, flags]) => ({ line: Number(name.slice(5)), flags }));
    const staff = c.get('session').staff;
    const result = await submitReview(
      { store: deps.reviews, audit: deps.audit },
      staff,
      { consultId, agreement: form.agreement ?? '', lineFlags, feedback: form.feedback ?? '', sendToHealthWorker: form.send === '1', submissionKey: form.submission ?? '' },
      deps.now(),
    );
    if (!result.ok && result.reason === 'not_found') return notFound(c);
    if (!result.ok) {
      const opened = await openConsult({ store: deps.reviews, audit: deps.audit }, staff, consultId);
      if (!opened.found) return notFound(c);
      c.status(400);
      return c.html(page('Consult', consultView({ ...opened, csrf: c.get('session').csrfToken, submissionKey: newSecret(), problems: result.problems }), signedIn(c)));
    }
    // Post/redirect/get: a reload shows the saved review instead of posting again.
    return c.redirect(`/consults/${consultId}?saved=1#reviews-heading`, 303);
  });

  app.get('/dashboard', async (c) => {
    const dashboard = await buildDashboard(deps.reviews, c.get('session').staff, deps.now());
    return c.html(page('Dashboard', dashboardView(dashboard), signedIn(c)));
  });

  app.get('/export', async (c) => {
    const range = await defaultExportRange(deps.reviews, c.get('session').staff, deps.now());
    const why =
      range.basis === 'recent'
        ? `the last ${RECENT_EXPORT_DAYS} days, which hold ${range.reviews} review${range.reviews === 1 ? '' : 's'}`
        : range.basis === 'since_first_review'
          ? `since the first review (none in the last ${RECENT_EXPORT_DAYS} days): ${range.reviews} review${range.reviews === 1 ? '' : 's'}`
          : `the last ${RECENT_EXPORT_DAYS} days; there are no reviews yet, so the file will only have its header`;
    return c.html(
      page(
        'Export reviews',
        html`<h1>Export reviews</h1>
<p>A CSV file of the reviews made in a date range, for the programme's report. The dates start at ${why}.</p>
<form method="get" action="/export/reviews.csv">
<label for="from">From</label><input id="from" name="from" type="date" value="${day(range.from)}" required>
<label for="to">To (inclusive)</label><input id="to" name="to" type="date" value="${day(range.to)}" required>
<button type="submit">Download CSV</button>
</form>`,
        signedIn(c),
      ),
    );
  });

  app.get('/export/reviews.csv', async (c) => {
    const from = new Date(`${c.req.query('from') ?? ''}T00:00:00Z`);
    const to = new Date(`${c.req.query('to') ?? ''}T00:00:00Z`);
    if (Number.isNaN(from.getTime()) || Number.isNaN(to.getTime()) || to < from) {
      c.status(400);
      return c.html(page('Export reviews', html`<h1>Export reviews</h1><p class="error" role="alert">Choose a start and an end date (the end on or after the start). <a href="/export">Back</a></p>`, signedIn(c)));
    }
    const staff = c.get('session').staff;
    const csv = await exportReviewsCsv(deps.reviews, staff, { from, before: new Date(to.getTime() + 86_400_000) });
    await deps.audit.record({ actorId: staff.id, action: 'review.exported', data: { from: from.toISOString().slice(0, 10), to: to.toISOString().slice(0, 10) } });
    c.header('Content-Type', 'text/csv; charset=utf-8');
    c.header('Content-Disposition', `attachment; filename="reviews-${from.toISOString().slice(0, 10)}-to-${to.toISOString().slice(0, 10)}.csv"`);
    return c.body(csv);
  });
}
