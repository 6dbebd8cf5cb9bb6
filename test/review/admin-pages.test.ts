import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gateSender, UNKNOWN_SENDER_REPLY, type GateReply } from '../../src/consult/sender-gate.js';
import { createStaffMember } from '../../src/infra/db/stores/people-store.js';
import { createIngestionStatus, createStaffAdmin } from '../../src/infra/db/stores/review-admin-store.js';
import { createReviewAudit, createReviewAuthStore } from '../../src/infra/db/stores/review-auth-store.js';
import { createReviewStore } from '../../src/infra/db/stores/review-store.js';
import { loadSampleCorpus } from '../../src/ingest/load-sample-corpus.js';
import { createIngestStore } from '../../src/infra/db/stores/ingest-run-store.js';
import { createQueueBoard } from '../../src/jobs/queue-board.js';
import { hashPassword } from '../../src/review/auth/secrets.js';
import { createReviewApp } from '../../src/review/http/app.js';
import { createWorkerAdmin } from '../../src/review/admin/worker-admin.js';
import { testAttemptLimits, testEnrollmentStore, testGateDeps } from '../support/enrollment.js';
import { TEST_REDIS_URL, describeWithRedis } from '../support/redis.js';
import { ReviewClient } from '../support/review-client.js';
import { openTestDatabase, type TestDatabase } from '../support/test-database.js';

const PASSWORD = 'admin pages password';

describe('admin pages', () => {
  let db: TestDatabase;
  let app: ReturnType<typeof createReviewApp>;
  let boardApp: ReturnType<typeof createReviewApp>;
  let board: Awaited<ReturnType<typeof createQueueBoard>> | undefined;

  async function staff(role: 'supervisor' | 'admin', email: string): Promise<string> {
    const id = await createStaffMember(db, { role, name: `Staff ${email.split('@')[0]}`, email });
    await createReviewAuthStore(db).setPassword(id, await hashPassword(PASSWORD));
    return id;
  }
  const build = (queueBoard?: Awaited<ReturnType<typeof createQueueBoard>>['app']) =>
    createReviewApp({
      auth: createReviewAuthStore(db),
      audit: createReviewAudit(db),
      limits: testAttemptLimits(db),
      reviews: createReviewStore(db),
      admin: { workers: createWorkerAdmin(testEnrollmentStore(db)), staff: createStaffAdmin(db), ingestion: createIngestionStatus(db), publicUrl: 'https://review.example.org' },
      ...(queueBoard ? { queueBoard } : {}),
      secureCookies: false,
      addressOf: () => '10.2.0.1',
    });
  async function as(email: string, on = app): Promise<ReviewClient> {
    const c = new ReviewClient(on);
    await c.signIn(email, PASSWORD);
    return c;
  }

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    await loadSampleCorpus(createIngestStore(db));
    await staff('admin', 'root@example.org');
    await staff('supervisor', 'ama@example.org');
    app = build();
  }, 60_000);
  afterAll(async () => {
    await board?.close();
    await db?.close();
  });

  it('are for admins only: a supervisor gets 404 and no Admin link', async () => {
    const ama = await as('ama@example.org');
    expect((await ama.get('/admin/people')).status).toBe(404);
    expect((await ama.get('/admin')).status).toBe(404);
    await ama.get('/');
    expect(ama.lastHtml).not.toContain('href="/admin"');
    await ama.get('/');
    expect((await ama.post('/admin/workers', { csrf: ama.csrf(), name: 'X', supervisor: 'ama@example.org', days: '7' })).status).toBe(404);
    expect(await db.prisma.healthWorker.count({ where: { displayName: 'X' } })).toBe(0);
  });

  it('enrolls a CHW with a one-time code, and a revoked CHW’s next message gets the unknown-sender reply', async () => {
    const admin = await as('root@example.org');
    await admin.get('/admin/people');
    const res = await admin.post('/admin/workers', { csrf: admin.csrf(), name: 'Abena', supervisor: 'ama@example.org', days: '7' });
    expect(res.status).toBe(200);
    const code = /<p class="code">([A-Z0-9-]+)<\/p>/.exec(admin.lastHtml)?.[1] ?? '';
    expect(code).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);

    const sent: GateReply[] = [];
    const reply = async (answer: GateReply) => {
      sent.push(answer);
    };
    const say = (text: string) =>
      gateSender(testGateDeps(db, reply), { channel: 'telegram', chatId: '8100', messageId: `8100:${randomUUID()}`, senderId: '8100', chatType: 'private', text, receivedAt: new Date() });
    await say(`/start ${code}`);
    expect((await say('2 year old, cough')).kind).toBe('consult');

    const worker = await db.prisma.healthWorker.findFirstOrThrow({ where: { displayName: 'Abena' } });
    await admin.get('/admin/people');
    expect(admin.lastHtml).toContain('Abena</strong> · active · telegram');
    // The button only asks: a confirm page, then its form (CSRF token and confirm=yes) revokes.
    expect(admin.lastHtml).toContain(`href="/admin/workers/${worker.id}/revoke"`);
    expect((await admin.get(`/admin/workers/${worker.id}/revoke`)).status).toBe(200);
    expect(admin.lastHtml).toContain('<h1>Revoke access of Abena?</h1>');
    expect((await admin.post(`/admin/workers/${worker.id}/revoke`, { csrf: admin.csrf() })).status).toBe(200);
    expect(admin.lastHtml).toContain('<h1>Revoke access of Abena?</h1>');
    expect((await db.prisma.healthWorker.findUniqueOrThrow({ where: { id: worker.id } })).status).toBe('active');
    expect((await admin.post(`/admin/workers/${worker.id}/revoke`, { confirm: 'yes' })).status).toBe(403);
    await admin.get(`/admin/workers/${worker.id}/revoke`);
    expect((await admin.post(`/admin/workers/${worker.id}/revoke`, { csrf: admin.csrf(), confirm: 'yes' })).status).toBe(200);
    expect(admin.lastHtml).toContain('Access revoked.');
    expect(admin.lastHtml).toContain('Abena</strong> · revoked');

    const before = sent.filter((r) => r.chatId === '8100').length;
    expect((await say('3 year old, fever')).kind).toBe('answered');
    const replies = sent.filter((r) => r.chatId === '8100');
    expect(replies).toHaveLength(before + 1);
    expect(replies.at(-1)?.text).toBe(UNKNOWN_SENDER_REPLY);
    // The old code does not bring them back.
    await say(`/start ${code}`);
    expect((await say('3 year old, fever')).kind).toBe('answered');
    expect(await db.prisma.auditEvent.count({ where: { action: 'review.worker_revoked', subjectId: worker.id } })).toBe(1);
  });

  it('adds a supervisor with a set-password link, and revoking one ends their session', async () => {
    const admin = await as('root@example.org');
    await admin.get('/admin/people');
    await admin.post('/admin/staff', { csrf: admin.csrf(), name: 'Kojo', email: 'kojo@example.org', role: 'supervisor' });
    expect(admin.lastHtml).toMatch(/https:\/\/review\.example\.org\/set-password\?token=[A-Za-z0-9_-]{43}/);
    await admin.post('/admin/staff', { csrf: admin.csrf(), name: 'Kojo again', email: 'KOJO@example.org', role: 'supervisor' });
    expect(admin.lastHtml).toContain('Someone already has this email.');

    const ama = await as('ama@example.org');
    expect((await ama.get('/')).status).toBe(200);
    const amaId = (await db.prisma.staffMember.findUniqueOrThrow({ where: { email: 'ama@example.org' } })).id;
    await admin.get('/admin/people');
    expect((await admin.get(`/admin/staff/${amaId}/revoke`)).status).toBe(200);
    expect(admin.lastHtml).toContain('Revoke the sign-in of');
    expect((await admin.post(`/admin/staff/${amaId}/revoke`, { csrf: admin.csrf(), confirm: 'yes' })).status).toBe(200);
    const after = await ama.get('/');
    expect(after.status).toBe(303);
    expect(after.headers.get('location')).toBe('/login');
    await ama.get('/login');
    expect((await ama.post('/login', { csrf: ama.csrf(), email: 'ama@example.org', password: PASSWORD })).status).toBe(401);
  });

  it('shows the ingestion status: sources, chunks and vectors per model', async () => {
    const admin = await as('root@example.org');
    expect((await admin.get('/admin/ingestion')).status).toBe(200);
    const sources = await db.prisma.guidelineSource.count();
    const chunks = await db.prisma.guidelineChunk.count();
    expect(sources).toBeGreaterThan(0);
    expect(admin.lastHtml).toContain(`${sources} sources, ${chunks} chunks, 0 with vectors.`);
    expect(admin.lastHtml).toContain('vectors: none');
  });

  describeWithRedis('with REDIS_URL', () => {
    it('serves Bull Board to admins at /admin/queues, with its scripts allowed there only', async () => {
      board = await createQueueBoard({ redisUrl: TEST_REDIS_URL, prefix: `review-test-${randomUUID().slice(0, 8)}`, basePath: '/admin/queues' });
      boardApp = build(board.app);
      const admin = await as('root@example.org', boardApp);
      const res = await admin.get('/admin/queues');
      expect(res.status).toBe(200);
      expect(admin.lastHtml).toContain('__UI_CONFIG__');
      expect(res.headers.get('content-security-policy')).toContain("script-src 'self'");
      // Its <base href> is what its relative script URLs resolve against; the Google Fonts link is dropped.
      expect(res.headers.get('content-security-policy')).toContain("base-uri 'self'");
      expect(admin.lastHtml).toContain('<base href="/admin/queues/"');
      expect(admin.lastHtml).not.toContain('fonts.googleapis.com');
      const script = /<script defer src="(static\/js\/main[^"]+)"/.exec(admin.lastHtml)?.[1];
      expect((await admin.get(`/admin/queues/${script}`)).status).toBe(200);
      const api = await admin.get('/admin/queues/api/queues');
      expect(api.status).toBe(200);
      expect(admin.lastHtml).toContain('"jobs"');
      const page = await admin.get('/admin');
      expect(page.headers.get('content-security-policy')).not.toContain('script-src');
      expect(page.headers.get('content-security-policy')).toContain("base-uri 'none'");
      expect(admin.lastHtml).toContain('href="/admin/queues"');
      await staff('supervisor', 'efua@example.org');
      const efua = await as('efua@example.org', boardApp);
      expect((await efua.get('/admin/queues')).status).toBe(404);
      expect((await efua.get('/admin/queues/api/queues')).status).toBe(404);
    });
  });
});
