import type { Context, Hono } from 'hono';
import { html } from 'hono/html';
import { addStaffFromReview, enrollFromReview, revokeStaffFromReview, revokeWorkerFromReview } from '../admin/manage-people.js';
import type { IngestionStatus, StaffAdmin, WorkerAdmin } from '../admin/ports.js';
import type { ReviewAudit, ReviewAuthStore } from '../auth/ports.js';
import { formOf, notFound, type ReviewEnv } from './context.js';
import { page } from './layout.js';
import { confirmView, ingestionView, peopleView } from './views/admin-view.js';

export interface AdminDeps {
  workers: WorkerAdmin;
  staff: StaffAdmin;
  ingestion: IngestionStatus;
  auth: ReviewAuthStore;
  audit: ReviewAudit;
  /** Where supervisors open the app (for set-password links). */
  publicUrl: string;
  /** Bull Board is mounted at /admin/queues (REDIS_URL set). */
  queuesMounted: boolean;
  now: () => Date;
}

/** Admin pages: people (CHWs and staff), ingestion status, the queue board link. Admins only (404 for others). */
export function registerAdminRoutes(app: Hono<ReviewEnv>, deps: AdminDeps): void {
  const chrome = (c: Context<ReviewEnv>) => {
    const { staff, csrfToken } = c.get('session');
    return { email: staff.email, csrfToken, role: staff.role };
  };
  // Someone who is not an admin learns nothing about the admin pages, not even that they exist.
  app.use('/admin/*', async (c, next) => (c.get('session').staff.role === 'admin' ? next() : notFound(c)));
  app.use('/admin', async (c, next) => (c.get('session').staff.role === 'admin' ? next() : notFound(c)));

  const people = async (c: Context<ReviewEnv>, notice?: ReturnType<typeof html>, status: 200 | 400 | 404 = 200) => {
    const [workers, staff] = await Promise.all([deps.workers.listWorkers(), deps.staff.listStaff()]);
    c.status(status);
    return c.html(page('People', peopleView({ workers, staff, csrf: c.get('session').csrfToken, selfId: c.get('session').staff.id, ...(notice ? { notice } : {}) }), chrome(c)));
  };
  const problem = (message: string) => html`<p class="error" role="alert">${message}</p>`;

  app.get('/admin', (c) =>
    c.html(
      page(
        'Admin',
        html`<h1>Admin</h1><ul><li><a href="/admin/people">CHWs and supervisors</a></li><li><a href="/admin/ingestion">Guideline ingestion status</a></li>
<li>${deps.queuesMounted ? html`<a href="/admin/queues">Job queues (Bull Board)</a>` : 'Job queues: Bull Board appears here when REDIS_URL is set.'}</li></ul>`,
        chrome(c),
      ),
    ),
  );

  app.get('/admin/people', (c) => people(c));

  app.post('/admin/workers', async (c) => {
    const form = await formOf(c);
    const result = await enrollFromReview({ workers: deps.workers, audit: deps.audit }, c.get('session').staff, {
      displayName: form.name ?? '',
      supervisorEmail: form.supervisor ?? '',
      days: Number(form.days ?? '7'),
    });
    if (!result.ok) return people(c, problem(result.message), 400);
    const { inviteCode, expiresAt } = result.value;
    return people(
      c,
      html`<div class="notice" role="status"><p>CHW enrolled. Give them this one-time invite code (shown only now), valid until ${expiresAt.toISOString().slice(0, 10)}:</p>
<p class="code">${inviteCode}</p><p>Telegram: send <code>/start ${inviteCode}</code> to the bot. WhatsApp: send the code as the first message.</p></div>`,
    );
  });

  // Revoking is for good, so it takes two steps: the button opens a page that says what will happen,
  // and only that page's form (CSRF token and confirm=yes) revokes. Both work without JavaScript.
  const confirmWorker = async (c: Context<ReviewEnv>) => {
    const worker = (await deps.workers.listWorkers()).find((w) => w.id === c.req.param('id') && w.status !== 'revoked');
    if (!worker) return notFound(c);
    return c.html(
      page(
        'Revoke access',
        confirmView({
          title: `Revoke access of ${worker.displayName}?`,
          consequences: ['Their next message gets the reply for unknown senders.', 'Their chat binding and any unused invite code are cleared.', 'This cannot be undone: to give them access again, enroll them again.'],
          action: `/admin/workers/${worker.id}/revoke`,
          button: 'Yes, revoke access',
          csrf: c.get('session').csrfToken,
        }),
        chrome(c),
      ),
    );
  };
  app.get('/admin/workers/:id/revoke', confirmWorker);
  app.post('/admin/workers/:id/revoke', async (c) => {
    if ((await formOf(c)).confirm !== 'yes') return confirmWorker(c);
    const result = await revokeWorkerFromReview({ workers: deps.workers, audit: deps.audit }, c.get('session').staff, c.req.param('id'));
    if (!result.ok) return people(c, problem(result.message), 404);
    return people(c, html`<p class="notice" role="status">Access revoked. Their next message gets the reply for unknown senders.</p>`);
  });

  app.post('/admin/staff', async (c) => {
    const form = await formOf(c);
    const result = await addStaffFromReview({ staff: deps.staff, auth: deps.auth, audit: deps.audit }, c.get('session').staff, { name: form.name ?? '', email: form.email ?? '', role: form.role ?? '' }, deps.now());
    if (!result.ok) return people(c, problem(result.message), 400);
    const link = `${deps.publicUrl}/set-password?token=${result.value.token}`;
    return people(
      c,
      html`<div class="notice" role="status"><p>Account added. Send them this one-time link to set their password (valid until ${result.value.expiresAt.toISOString().slice(0, 16).replace('T', ' ')} UTC, shown only now):</p><p class="code">${link}</p></div>`,
    );
  });

  const confirmStaff = async (c: Context<ReviewEnv>) => {
    const member = (await deps.staff.listStaff()).find((m) => m.id === c.req.param('id') && m.canSignIn && m.id !== c.get('session').staff.id);
    if (!member) return notFound(c);
    return c.html(
      page(
        'Revoke sign-in',
        confirmView({
          title: `Revoke the sign-in of ${member.name}?`,
          consequences: [`${member.email} is signed out everywhere and their password is removed.`, 'To let them in again, add them again for a new set-password link.'],
          action: `/admin/staff/${member.id}/revoke`,
          button: 'Yes, revoke sign-in',
          csrf: c.get('session').csrfToken,
        }),
        chrome(c),
      ),
    );
  };
  app.get('/admin/staff/:id/revoke', confirmStaff);
  app.post('/admin/staff/:id/revoke', async (c) => {
    if ((await formOf(c)).confirm !== 'yes') return confirmStaff(c);
    const result = await revokeStaffFromReview({ staff: deps.staff, audit: deps.audit }, c.get('session').staff, c.req.param('id'));
    if (!result.ok) return people(c, problem(result.message), result.reason === 'not_found' ? 404 : 400);
    return people(c, html`<p class="notice" role="status">Sign-in revoked: their sessions ended and their password was removed.</p>`);
  });

  app.get('/admin/ingestion', async (c) => c.html(page('Ingestion status', ingestionView(await deps.ingestion.read()), chrome(c))));
}
