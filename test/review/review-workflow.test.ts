import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConsultStore } from '../../src/infra/db/stores/consult-store.js';
import { createStaffMember } from '../../src/infra/db/stores/people-store.js';
import { createReviewAudit, createReviewAuthStore } from '../../src/infra/db/stores/review-auth-store.js';
import { createReviewStore } from '../../src/infra/db/stores/review-store.js';
import { hashPassword } from '../../src/review/auth/secrets.js';
import { createReviewApp } from '../../src/review/http/app.js';
import { testAttemptLimits } from '../support/enrollment.js';
import { ReviewClient } from '../support/review-client.js';
import { seedChat, seedConsult } from '../support/review-seed.js';
import { openTestDatabase, type TestDatabase } from '../support/test-database.js';

const PASSWORD = 'a long enough password';
const PLAN = [
  '**Assessment:** uncomplicated malaria in an adult.',
  '- Give artemether-lumefantrine twice daily for 3 days [S1].',
  '- Advise to return if vomiting or confusion [S1, S2].',
].join('\n');

describe('review queue, consult page and review', () => {
  let db: TestDatabase;
  let app: ReturnType<typeof createReviewApp>;
  const now = new Date('2026-11-23T12:00:00Z');
  const ids = {} as Record<'ama' | 'kofi' | 'admin' | 'esi' | 'yaw' | 'kwesi' | 'full' | 'urgent' | 'other', string>;

  async function staff(role: 'supervisor' | 'admin', email: string): Promise<string> {
    const id = await createStaffMember(db, { role, name: email.split('@')[0]!, email });
    await createReviewAuthStore(db).setPassword(id, await hashPassword(PASSWORD));
    return id;
  }
  async function worker(name: string, supervisorId: string): Promise<string> {
    const row = await db.prisma.healthWorker.create({ data: { displayName: name, supervisorId, status: 'active' }, select: { id: true } });
    return row.id;
  }
  async function as(email: string): Promise<ReviewClient> {
    const c = new ReviewClient(app);
    await c.signIn(email, PASSWORD);
    return c;
  }

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    app = createReviewApp({ auth: createReviewAuthStore(db), audit: createReviewAudit(db), limits: testAttemptLimits(db), reviews: createReviewStore(db), secureCookies: false, addressOf: () => '10.1.0.1', now: () => now });
    ids.ama = await staff('supervisor', 'ama@example.org');
    ids.kofi = await staff('supervisor', 'kofi@example.org');
    ids.admin = await staff('admin', 'admin@example.org');
    ids.esi = await worker('Esi Mensah', ids.ama);
    ids.yaw = await worker('Yaw Boateng', ids.ama);
    ids.kwesi = await worker('Kwesi Other', ids.kofi);
    const esiChat = await seedChat(db, ids.esi, '5001');
    const yawChat = await seedChat(db, ids.yaw, '5002');
    const kwesiChat = await seedChat(db, ids.kwesi, '5003');
    ids.full = await seedConsult(db, esiChat, {
      healthWorkerId: ids.esi,
      startedAt: new Date('2026-11-20T09:00:00Z'),
      demographics: { ageYears: 45, sex: 'male', weightKg: 70 },
      messages: ['45 year old man <script>alert("x")</script>', 'fever 3 days, RDT positive', 'dx: uncomplicated malaria'],
      findings: [
        { value: 'fever', fromMessage: 1 },
        { value: 'RDT positive', category: 'test_result', fromMessage: 1 },
      ],
      workingDiagnosis: 'uncomplicated malaria',
      differentials: ['typhoid fever'],
      plan: {
        text: PLAN,
        citations: [
          { label: 'S1', accession: 'NBK588130', sectionPath: 'Malaria > Treatment of uncomplicated malaria', quotedText: 'Treat adults with uncomplicated malaria with an ACT for 3 days.' },
          { label: 'S2', accession: 'SAMPLE-IMAI', sectionPath: 'Danger signs > Return advice', quotedText: 'Return at once if vomiting everything.' },
        ],
      },
    });
    ids.urgent = await seedConsult(db, yawChat, {
      healthWorkerId: ids.yaw,
      startedAt: new Date('2026-11-21T09:00:00Z'),
      urgent: true,
      messages: ['2 year old, convulsions this morning'],
      workingDiagnosis: 'severe malaria',
      plan: { text: 'Refer now [S1].', citations: [{ label: 'S1', accession: 'SAMPLE-IMCI', sectionPath: 'Referral', quotedText: 'Refer urgently.' }] },
    });
    // Thirty older consults for paging, alternating CHWs; one of Kofi's.
    for (let i = 0; i < 30; i++) {
      await seedConsult(db, i % 2 ? esiChat : yawChat, {
        healthWorkerId: i % 2 ? ids.esi : ids.yaw,
        startedAt: new Date(Date.UTC(2026, 9, 1 + i, 8)),
        workingDiagnosis: i % 3 ? 'pneumonia' : 'diarrhoea',
        plan: { text: 'Give amoxicillin [S1].', citations: [{ label: 'S1', accession: 'SAMPLE-IMCI', sectionPath: 'Cough', quotedText: 'Amoxicillin.' }] },
      });
    }
    ids.other = await seedConsult(db, kwesiChat, {
      healthWorkerId: ids.kwesi,
      startedAt: new Date('2026-11-22T09:00:00Z'),
      workingDiagnosis: 'pneumonia',
      plan: { text: 'Give amoxicillin [S1].', citations: [{ label: 'S1', accession: 'SAMPLE-IMCI', sectionPath: 'Cough', quotedText: 'Amoxicillin.' }] },
    });
  }, 60_000);
  afterAll(async () => {
    await db?.close();
  });

  it("lists only the supervisor's own CHWs' consults, newest first, 25 a page; an admin sees everyone's", async () => {
    const ama = await as('ama@example.org');
    await ama.get('/');
    expect(ama.lastHtml).toContain('32 consults');
    expect(ama.lastHtml).not.toContain('Kwesi Other');
    const links = [...ama.lastHtml.matchAll(/href="\/consults\/([0-9a-f-]{36})"/g)].map((m) => m[1]);
    expect(links).toHaveLength(25);
    expect(links[0]).toBe(ids.urgent);
    expect(links[1]).toBe(ids.full);
    expect(ama.lastHtml).toContain('Page 1 of 2');
    await ama.get('/?page=2');
    expect([...ama.lastHtml.matchAll(/href="\/consults\//g)]).toHaveLength(7);

    const admin = await as('admin@example.org');
    await admin.get('/');
    expect(admin.lastHtml).toContain('33 consults');
    expect(admin.lastHtml).toContain('Kwesi Other');
  });

  it('filters by not reviewed, urgent referral, diagnosis, CHW and date range, with counts beside each filter', async () => {
    const ama = await as('ama@example.org');
    await ama.get('/');
    expect(ama.lastHtml).toMatch(/Urgent referral \(1\)/);
    expect(ama.lastHtml).toMatch(/Not yet reviewed \(32\)/);
    expect(ama.lastHtml).toMatch(/<option value="pneumonia">pneumonia \(20\)<\/option>/);
    expect(ama.lastHtml).toMatch(/Esi Mensah \(16\)/);

    await ama.get('/?urgent=1');
    expect(ama.lastHtml).toContain('1 consult<');
    expect(ama.lastHtml).toContain(`/consults/${ids.urgent}`);

    await ama.get('/?dx=diarrhoea');
    expect(ama.lastHtml).toContain('10 consults');

    await ama.get(`/?chw=${ids.esi}&dx=pneumonia`);
    expect(ama.lastHtml).toContain('10 consults');

    await ama.get('/?from=2026-11-01&to=2026-11-20');
    expect(ama.lastHtml).toContain('1 consult<');
    expect(ama.lastHtml).toContain(`/consults/${ids.full}`);

    // A filter value from another supervisor's CHW shows nothing of theirs.
    await ama.get(`/?chw=${ids.kwesi}`);
    expect(ama.lastHtml).toContain('0 consults');
  });

  it("answers another supervisor's consult with 404, like a missing one, and audits the attempt", async () => {
    const ama = await as('ama@example.org');
    const res = await ama.get(`/consults/${ids.other}`);
    expect(res.status).toBe(404);
    expect(ama.lastHtml).not.toContain('pneumonia');
    expect((await ama.get('/consults/00000000-0000-4000-8000-000000000000')).status).toBe(404);
    const denied = await db.prisma.auditEvent.findMany({ where: { action: 'review.consult_denied', subjectId: ids.other } });
    expect(denied).toHaveLength(1);
    expect(denied[0]?.actorId).toBe(ids.ama);
    // Nor can a review be posted to it.
    await ama.get('/');
    const post = await ama.post(`/consults/${ids.other}/review`, { csrf: ama.csrf(), agreement: 'agree', feedback: 'x', submission: 'k'.repeat(43) });
    expect(post.status).toBe(404);
    expect(await db.prisma.supervisorReview.count({ where: { consultId: ids.other } })).toBe(0);
    const admin = await as('admin@example.org');
    expect((await admin.get(`/consults/${ids.other}`)).status).toBe(200);
  });

  it('shows the consult: demographics, the transcript in order with times, findings with their message, diagnoses, and each citation expandable to its quoted text', async () => {
    const ama = await as('ama@example.org');
    const res = await ama.get(`/consults/${ids.full}`);
    expect(res.status).toBe(200);
    const page = ama.lastHtml;
    expect(page).toMatch(/<title>Consult · CHW consult review<\/title>/);
    expect(page).toContain('45 years');
    expect(page).toContain('70 kg');
    const order = ['45 year old man', 'fever 3 days, RDT positive', 'dx: uncomplicated malaria'].map((t) => page.indexOf(t));
    expect(order.every((i, k) => i > 0 && (k === 0 || i > order[k - 1]!))).toBe(true);
    expect(page).toContain('<time datetime="2026-11-20T09:01:00.000Z">09:01</time>');
    expect(page).toMatch(/<strong>fever<\/strong>.*the message at 09:01<\/a>: <q>fever 3 days, RDT positive<\/q>/);
    expect(page).toMatch(/<dt>Diagnosis<\/dt><dd><strong>uncomplicated malaria<\/strong>/);
    expect(page).toMatch(/also considered: typhoid fever/);
    expect(page).toMatch(/<details class="citation"[^>]*>\s*<summary>\[S1\]/);
    expect(page).toContain('Treat adults with uncomplicated malaria with an ACT for 3 days.');
    expect(page).toContain('href="https://www.ncbi.nlm.nih.gov/books/NBK588130/"');
    expect(page).not.toContain('books/SAMPLE-IMAI');
    expect(await db.prisma.auditEvent.count({ where: { action: 'review.consult_viewed', subjectId: ids.full, actorId: ids.ama } })).toBeGreaterThan(0);

    await ama.get(`/consults/${ids.urgent}`);
    expect(ama.lastHtml).toMatch(/Urgent referral<\/h2>\s*<p>Danger signs: convulsions/);
  });

  it('renders script in a CHW message as text', async () => {
    const ama = await as('ama@example.org');
    await ama.get(`/consults/${ids.full}`);
    expect(ama.lastHtml).not.toContain('<script>alert');
    expect(ama.lastHtml).toContain('&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;');
  });

  it('saves a review with per-line flags, puts the feedback in the CHW chat outbox once, and shows when it was delivered', async () => {
    const ama = await as('ama@example.org');
    await ama.get(`/consults/${ids.full}`);
    const submission = ama.field('submission');
    const feedback = 'Good. Check for <img src=x onerror=alert(1)> danger signs first.';
    const fields: Array<[string, string]> = [
      ['csrf', ama.csrf()],
      ['submission', submission],
      ['agreement', 'partly'],
      ['flag-1', 'missing_step'],
      ['flag-1', 'wrong_patient'],
      ['feedback', feedback],
      ['send', '1'],
    ];
    const res = await ama.post(`/consults/${ids.full}/review`, fields);
    expect(res.status).toBe(303);
    // The same form again (a double click, a reload of the POST) stores and sends nothing more.
    expect((await ama.post(`/consults/${ids.full}/review`, fields)).status).toBe(303);
    const reviews = await db.prisma.supervisorReview.findMany({ where: { consultId: ids.full } });
    expect(reviews).toHaveLength(1);
    expect(reviews[0]?.agreement).toBe('partly');
    expect(reviews[0]?.lineFlags).toEqual([{ line: 1, flags: ['missing_step', 'wrong_patient'] }]);
    const outbox = await db.sql.query<{ id: string; text: string; sent_at: Date | null }>(`SELECT id, text, sent_at FROM messages WHERE idempotency_key LIKE 'review-feedback:%'`);
    expect(outbox).toHaveLength(1);
    expect(outbox[0]?.text).toContain(feedback);
    expect(await db.prisma.auditEvent.count({ where: { action: 'review.submitted', subjectId: ids.full } })).toBe(1);

    await ama.get(`/consults/${ids.full}?saved=1`);
    expect(ama.lastHtml).toContain('Review saved.');
    expect(ama.lastHtml).toContain('Partly agree');
    expect(ama.lastHtml).toMatch(/<a href="#line-[0-9a-f]{8}-1">Give artemether-lumefantrine twice daily for 3 days\.<\/a>: Missing step, Wrong for this patient/);
    expect(ama.lastHtml).not.toContain('<img src=x');
    expect(ama.lastHtml).toContain('&lt;img src=x onerror=alert(1)&gt;');
    expect(ama.lastHtml).toContain('waiting for delivery');

    // The bot's outbox delivery marks it sent; the page then says when.
    const pending = await createConsultStore(db).unsentOutbound((await db.prisma.consult.findUniqueOrThrow({ where: { id: ids.full } })).chatId);
    expect(pending.map((p) => p.id)).toEqual([outbox[0]?.id]);
    await createConsultStore(db).markSent(outbox[0]!.id, ['77']);
    await ama.get(`/consults/${ids.full}`);
    expect(ama.lastHtml).toMatch(/Delivered to the CHW's chat at <time datetime="/);
  });

  it('refuses a review without a verdict or with a flag for a line the plan does not have, and one without the CSRF token', async () => {
    const ama = await as('ama@example.org');
    await ama.get(`/consults/${ids.urgent}`);
    const base = { csrf: ama.csrf(), submission: ama.field('submission') };
    expect((await ama.post(`/consults/${ids.urgent}/review`, { ...base, feedback: 'ok' })).status).toBe(400);
    expect(ama.lastHtml).toContain('Choose whether you agree with the plan.');
    expect((await ama.post(`/consults/${ids.urgent}/review`, { ...base, agreement: 'agree', 'flag-9': 'unsafe' })).status).toBe(400);
    // A heading, a note or a source line is not a step of the plan: it cannot be flagged.
    await ama.get(`/consults/${ids.full}`);
    expect((await ama.post(`/consults/${ids.full}/review`, { csrf: ama.csrf(), submission: ama.field('submission'), agreement: 'agree', 'flag-0': 'unsafe' })).status).toBe(400);
    expect(ama.lastHtml).toContain('A plan-line flag does not match the plan.');
    expect((await ama.post(`/consults/${ids.urgent}/review`, { submission: base.submission, agreement: 'agree' })).status).toBe(403);
    expect(await db.prisma.supervisorReview.count({ where: { consultId: ids.urgent } })).toBe(0);
  });

  it('offers no "send to the CHW" for a terminal consult, and refuses a forged one', async () => {
    const terminal = await seedConsult(db, await seedChat(db, null, 'terminal-1', 'terminal'), {
      healthWorkerId: null,
      startedAt: new Date('2026-11-22T10:00:00Z'),
      workingDiagnosis: 'pneumonia',
      plan: { text: 'Give amoxicillin [S1].', citations: [{ label: 'S1', accession: 'SAMPLE-IMCI', sectionPath: 'Cough', quotedText: 'Amoxicillin.' }] },
    });
    const admin = await as('admin@example.org');
    await admin.get(`/consults/${terminal}`);
    expect(admin.lastHtml).not.toContain('name="send"');
    const res = await admin.post(`/consults/${terminal}/review`, { csrf: admin.csrf(), submission: admin.field('submission'), agreement: 'agree', feedback: 'Fine.', send: '1' });
    expect(res.status).toBe(400);
    expect(admin.lastHtml).toContain('This consult has no CHW chat to send feedback to.');
  });

  it('exports reviews as CSV with formula-looking text defused', async () => {
    const ama = await as('ama@example.org');
    await ama.get(`/consults/${ids.urgent}`);
    await ama.post(`/consults/${ids.urgent}/review`, { csrf: ama.csrf(), submission: ama.field('submission'), agreement: 'disagree', feedback: '=HYPERLINK("http://evil","x")' });
    const res = await ama.get('/export/reviews.csv?from=2026-11-01&to=2026-11-30');
    expect(res.headers.get('content-type')).toMatch(/text\/csv/);
    const lines = ama.lastHtml.trim().split('\r\n');
    expect(lines[0]).toBe('reviewed_at,consult_id,consult_started_at,chw,supervisor,working_diagnosis,urgent_referral,agreement,flagged_lines,feedback,feedback_delivered_at');
    expect(lines).toHaveLength(3);
    expect(ama.lastHtml).toContain(`"'=HYPERLINK(""http://evil"",""x"")"`);
    expect(ama.lastHtml).not.toMatch(/,=HYPERLINK/);
    const kofi = await as('kofi@example.org');
    await kofi.get('/export/reviews.csv?from=2026-11-01&to=2026-11-30');
    expect(kofi.lastHtml.trim().split('\r\n')).toHaveLength(1);
  });

  it('draws the dashboard as SVG with coverage, agreement, urgent rate and time to plan', async () => {
    const ama = await as('ama@example.org');
    const res = await ama.get('/dashboard');
    expect(res.status).toBe(200);
    expect(ama.lastHtml).toContain('<svg class="chart"');
    // Ama's 32 consults all fall in the 12 weeks shown: 2 reviewed (one partly, one disagree), 1 urgent;
    // the two with messages got their plan 10 minutes after the first one.
    expect(ama.lastHtml).toMatch(/Review coverage<\/h2>\s*<span class="big">6%<\/span>/);
    expect(ama.lastHtml).toMatch(/Agreement<\/h2>\s*<span class="big">0%<\/span>/);
    expect(ama.lastHtml).toMatch(/Urgent referrals<\/h2>\s*<span class="big">3%<\/span>/);
    expect(ama.lastHtml).toMatch(/Time to plan<\/h2><span class="big">10 min<\/span>/);
    expect(ama.lastHtml).toContain('Esi Mensah');
    expect(ama.lastHtml).not.toContain('Kwesi Other');
  });
});
