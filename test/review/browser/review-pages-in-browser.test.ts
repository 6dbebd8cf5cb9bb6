import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir } from 'node:fs/promises';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serve, type ServerType } from '@hono/node-server';
import { chromium, type Browser, type Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStaffMember } from '../../../src/infra/db/stores/people-store.js';
import { createIngestionStatus, createStaffAdmin } from '../../../src/infra/db/stores/review-admin-store.js';
import { createReviewAudit, createReviewAuthStore } from '../../../src/infra/db/stores/review-auth-store.js';
import { createReviewStore } from '../../../src/infra/db/stores/review-store.js';
import { createQueueBoard } from '../../../src/jobs/queue-board.js';
import { createWorkerAdmin } from '../../../src/review/admin/worker-admin.js';
import { hashPassword } from '../../../src/review/auth/secrets.js';
import { createReviewApp } from '../../../src/review/http/app.js';
import { testAttemptLimits, testEnrollmentStore } from '../../support/enrollment.js';
import { TEST_REDIS_URL } from '../../support/redis.js';
import { seedChat, seedConsult } from '../../support/review-seed.js';
import { openTestDatabase, type TestDatabase } from '../../support/test-database.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Screenshots land here (gitignored: /test-artifacts/) for a person to look at. */
const ARTIFACTS = join(ROOT, 'test-artifacts');
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && !process.env.CI) console.warn(`notice: ${CHROMIUM} not found (apt-get install chromium): the review pages browser test is skipped`);

const PASSWORD = 'browser pages password';
/** A phone screen at 390 px wide (an iPhone 12-14) is 844 px tall. */
const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 900 };

/** A plan as the plan job writes it after an urgent referral: lead, notes, headings, steps, Sources. */
const PLAN = [
  '**URGENT: this consult found a sign of serious illness. Refer urgently: take the patient to a health facility now.** The guidance below is only for before and during the journey, not instead of it.',
  '',
  'Decision support only: your clinical judgement and the local protocol come first.',
  'Sources are SAMPLE content, not clinical guidance.',
  '',
  '**Assessment: severe malaria (working diagnosis)**',
  '- A single sign is enough to classify the illness as severe malaria (or another very severe febrile disease) and to refer urgently. [S3]',
  '',
  '**When to refer**',
  '- In this sample guideline rectal artesunate is given by CHWs to children aged 2 months up to 6 years who have suspected severe malaria: a danger sign such as convulsions, not able to drink or breastfeed, vomiting everything, or being very sleepy, with a positive RDT or no time to test. [S1]',
  '- The dose is about 10 mg per kg, given once, using the suppositories in the community kit as shown in Table 5.1. [S1]',
  '- Do not give anything by mouth to a child who is unconscious or convulsing. [S2]',
  '- Give paracetamol for high fever if the child can swallow. [S2]',
  '',
  '**Follow-up**',
  '- If the family still cannot go, give the pre-referral dose, inform your supervisor by phone immediately, and stay with or revisit the patient within a few hours, repeating the offer of referral. [S2]',
  '',
  '**Sources**',
  '- S1: Malaria at community level (sample guideline) > Severe malaria > Pre-referral treatment > Rectal artesunate dosing - (sample content, no Bookshelf page)',
  '- S2: Malaria at community level (sample guideline) > Severe malaria > Referral - (sample content, no Bookshelf page)',
  '- S3: Malaria at community level (sample guideline) > Severe malaria > Danger signs of severe malaria - (sample content, no Bookshelf page)',
].join('\n');
const STEPS = PLAN.split('\n').filter((l) => l.startsWith('- ') && !/^- S\d+:/.test(l)).length;
const URGENT = 'URGENT: danger sign seen\n- Convulsions (fits)\n\nRefer NOW to the nearest health facility. Do not wait to finish this consult.';

describe.skipIf(!haveChromium && !process.env.CI)('the review pages in Chromium at 390 and 1280 px', () => {
  let db: TestDatabase;
  let browser: Browser;
  let server: ServerType;
  let base: string;
  let board: Awaited<ReturnType<typeof createQueueBoard>> | undefined;
  let urgentConsult: string;
  const workers: string[] = [];

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    const ama = await createStaffMember(db, { role: 'supervisor', name: 'Nurse Ama', email: 'ama@example.org' });
    const root = await createStaffMember(db, { role: 'admin', name: 'Admin', email: 'root@example.org' });
    for (const id of [ama, root]) await createReviewAuthStore(db).setPassword(id, await hashPassword(PASSWORD));
    for (const name of ['Esi Mensah', 'Yaw Boateng', 'Abena Owusu']) {
      workers.push((await db.prisma.healthWorker.create({ data: { displayName: name, supervisorId: ama, status: 'active' }, select: { id: true } })).id);
    }
    const chats = await Promise.all(workers.map((w, i) => seedChat(db, w, `77${i}`)));
    const day = 86_400_000;
    const now = Date.now();
    urgentConsult = await seedConsult(db, chats[0]!, {
      healthWorkerId: workers[0]!,
      startedAt: new Date(now - 2 * day),
      demographics: { ageMonths: 24, sex: 'male', weightKg: 12 },
      urgent: true,
      urgentOnArrival: URGENT,
      messages: ['2 year old boy, 12 kg, fever 2 days, had convulsions this morning, RDT positive', 'no vomiting', 'dx: severe malaria'],
      findings: [
        { value: 'fever', fromMessage: 0 },
        { value: 'convulsions', fromMessage: 0 },
        { value: 'no vomiting', negated: true, fromMessage: 1 },
      ],
      workingDiagnosis: 'severe malaria',
      plan: {
        text: PLAN,
        citations: [
          { label: 'S1', accession: 'SAMPLE-MAL', sectionPath: 'Severe malaria > Pre-referral treatment', quotedText: 'Rectal artesunate is given once before referral.' },
          { label: 'S2', accession: 'SAMPLE-MAL', sectionPath: 'Severe malaria > Referral', quotedText: 'Refer urgently; give nothing by mouth to a convulsing child.' },
          { label: 'S3', accession: 'SAMPLE-MAL', sectionPath: 'Severe malaria > Danger signs', quotedText: 'A single danger sign is enough to refer.' },
        ],
      },
      followUps: [
        { question: 'what dose of artesunate before referral?', answer: '**Pre-referral dose**\n- About 10 mg per kg, given once. [S1]' },
        { question: 'can the mother give paracetamol on the way?', answer: null },
      ],
    });
    // Some history for the charts: consults of three CHWs over the weeks, some reviewed.
    const diagnoses = ['pneumonia', 'diarrhoea', 'uncomplicated malaria'];
    for (let i = 0; i < 18; i++) {
      const id = await seedConsult(db, chats[i % 3]!, {
        healthWorkerId: workers[i % 3]!,
        startedAt: new Date(now - (3 + i * 4) * day),
        urgent: i % 5 === 0,
        messages: ['3 year old, cough'],
        workingDiagnosis: diagnoses[i % 3]!,
        plan: { text: '**Assessment: pneumonia**\n- Give amoxicillin twice daily for 5 days [S1].', citations: [{ label: 'S1', accession: 'SAMPLE-IMCI', sectionPath: 'Cough', quotedText: 'Amoxicillin.' }] },
      });
      if (i % 2 === 0) {
        await db.sql.query(
          `INSERT INTO supervisor_reviews (id, consult_id, supervisor_id, verdict, agreement, line_flags, submission_key, created_at) VALUES ($1, $2, $3, 'approved', $4, '[]'::jsonb, $5, $6)`,
          [randomUUID(), id, ama, ['agree', 'partly', 'disagree'][i % 3], randomUUID(), new Date(now - (2 + i * 4) * day)],
        );
      }
    }
    board = await createQueueBoard({ redisUrl: TEST_REDIS_URL, prefix: `review-browser-${randomUUID().slice(0, 8)}`, basePath: '/admin/queues' }).catch(() => undefined);
    const app = createReviewApp({
      auth: createReviewAuthStore(db),
      audit: createReviewAudit(db),
      limits: testAttemptLimits(db),
      reviews: createReviewStore(db),
      admin: { workers: createWorkerAdmin(testEnrollmentStore(db)), staff: createStaffAdmin(db), ingestion: createIngestionStatus(db), publicUrl: 'http://127.0.0.1' },
      ...(board ? { queueBoard: board.app } : {}),
      secureCookies: false,
      addressOf: () => '10.3.0.1',
    });
    await new Promise<void>((resolve) => {
      server = serve({ fetch: app.fetch, hostname: '127.0.0.1', port: 0 }, () => resolve());
    });
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
    await mkdir(ARTIFACTS, { recursive: true });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    await board?.close();
    await db?.close();
  }, 60_000);

  async function signedIn(email: string, viewport: { width: number; height: number }): Promise<{ page: Page; violations: string[] }> {
    const context = await browser.newContext({ viewport, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const violations: string[] = [];
    page.on('console', (m) => {
      if (/Content Security Policy|Refused to/i.test(m.text())) violations.push(m.text());
    });
    await page.goto(`${base}/login`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Review queue');
    return { page, violations };
  }

  for (const viewport of [PHONE, DESKTOP]) {
    const w = viewport.width;

    it(`${w} px: the consult shows the rendered plan, the urgent referral in the transcript, flags for plan steps only, in a few screens`, async () => {
      const { page, violations } = await signedIn('ama@example.org', viewport);
      await page.goto(`${base}/consults/${urgentConsult}`);

      const plan = page.locator('section.plan');
      const planText = (await plan.textContent()) ?? '';
      expect(planText).not.toContain('**');
      expect(planText).toContain('When to refer');
      expect(await plan.locator('h3', { hasText: 'When to refer' }).count()).toBe(1);
      expect(await plan.locator('strong', { hasText: 'URGENT: this consult found a sign' }).count()).toBe(1);
      expect(await plan.locator('details.sources summary').textContent()).toBe('Sources (3)');

      // The transcript is folded; opened, it has the urgent referral in its place, after the first message.
      const transcript = page.locator('details#transcript');
      await transcript.locator('summary').click();
      const items = transcript.locator('ol.transcript > li');
      expect(await items.nth(1).getAttribute('class')).toContain('urgent');
      expect(await items.nth(1).textContent()).toContain('Refer NOW to the nearest health facility');
      expect(await transcript.locator('li.inbound', { hasText: 'what dose of artesunate before referral?' }).count()).toBe(1);
      expect(await transcript.locator('a[href^="#plan-"]').count()).toBe(2);
      await transcript.locator('summary').click();

      // The negation is worded once.
      const findings = (await page.locator('details#findings').innerHTML()) ?? '';
      expect(findings).toContain('<strong>no vomiting</strong>');
      expect(findings).not.toContain('no no');

      // Flag options: the plan's steps, none a heading, note or source line, none cut inside a word.
      const legends = await page.locator('details.flags fieldset.flag-line legend').allTextContents();
      expect(legends).toHaveLength(STEPS);
      const steps = PLAN.split('\n').filter((l) => l.startsWith('- ') && !/^- S\d+:/.test(l)).map((l) => l.slice(2).replace(/\s*\[S\d+\]/g, '').replace(/\s+\./g, '.'));
      for (const [i, legend] of legends.entries()) {
        expect(legend).not.toMatch(/Sources|Decision support|SAMPLE content|^S\d+:|URGENT/);
        const full = steps[i]!;
        if (legend.endsWith('…')) {
          const head = legend.slice(0, -1);
          expect(full.startsWith(head)).toBe(true);
          expect(full[head.length] ?? ' ').toMatch(/[\s,;:.–-]/);
        } else expect(legend).toBe(full);
      }

      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(w);
      if (w === PHONE.width) expect(await page.evaluate<number>('document.documentElement.scrollHeight')).toBeLessThanOrEqual(4 * PHONE.height);
      await page.screenshot({ path: join(ARTIFACTS, `review-consult-${w}px.png`), fullPage: true });
      expect(violations).toEqual([]);
      await page.context().close();
    }, 60_000);

    it(`${w} px: the dashboard draws referrals per week, diagnosis mix, agreement per CHW, follow-ups and open questions`, async () => {
      const { page, violations } = await signedIn('ama@example.org', viewport);
      await page.goto(`${base}/dashboard`);
      for (const id of ['referrals', 'diagnoses', 'agreement', 'followups']) {
        const figure = page.locator(`figure#${id}`);
        expect(await figure.locator('svg.chart').count(), id).toBe(1);
        expect(await figure.locator('svg.chart rect').count(), id).toBeGreaterThan(0);
      }
      expect(await page.locator('figure#referrals rect[fill="#8a1010"]').count()).toBeGreaterThan(0);
      expect(await page.locator('figure#diagnoses svg.chart').textContent()).toContain('severe malaria');
      expect(await page.locator('figure#agreement svg.chart').textContent()).toContain('Yaw Boateng');
      const open = (await page.locator('#open').textContent()) ?? '';
      expect(open).toContain('can the mother give paracetamol on the way?');
      // The seeded consult and two of the older urgent ones (of four; two were reviewed).
      expect(open).toMatch(/3 urgent referrals not yet reviewed/);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(w);
      await page.screenshot({ path: join(ARTIFACTS, `review-dashboard-${w}px.png`), fullPage: true });
      expect(violations).toEqual([]);

      // The export starts at a range that has data and says which.
      await page.goto(`${base}/export`);
      expect(await page.locator('main p').first().textContent()).toMatch(/the last 30 days, which hold \d+ reviews?/);
      await page.context().close();
    }, 60_000);

    it(`${w} px: revoking a CHW asks for confirmation first`, async () => {
      const { page, violations } = await signedIn('root@example.org', viewport);
      const worker = workers[w === PHONE.width ? 1 : 2]!;
      const name = w === PHONE.width ? 'Yaw Boateng' : 'Abena Owusu';
      await page.goto(`${base}/admin/people`);
      await page.getByRole('link', { name: `Revoke access of ${name}` }).click();
      expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(`Revoke access of ${name}?`);
      expect((await db.prisma.healthWorker.findUniqueOrThrow({ where: { id: worker } })).status).toBe('active');
      await page.screenshot({ path: join(ARTIFACTS, `review-revoke-confirm-${w}px.png`), fullPage: true });
      await page.getByRole('button', { name: 'Yes, revoke access' }).click();
      await expect.poll(() => page.getByRole('status').textContent()).toMatch(/^Access revoked/);
      expect((await db.prisma.healthWorker.findUniqueOrThrow({ where: { id: worker } })).status).toBe('revoked');
      expect(violations).toEqual([]);
      await page.context().close();
    }, 60_000);

    it(`${w} px: Bull Board loads under the app's CSP`, async (ctx) => {
      if (!board) {
        if (process.env.CI) throw new Error(`Redis is not reachable at ${TEST_REDIS_URL}`);
        ctx.skip();
      }
      const { page, violations } = await signedIn('root@example.org', viewport);
      const failed: string[] = [];
      page.on('response', (r) => {
        if (r.status() >= 400) failed.push(`${r.status()} ${r.url()}`);
      });
      page.on('pageerror', (e) => failed.push(e.message));
      await page.goto(`${base}/admin/queues`);
      // Its React app replaces the "Loading" placeholder with the queue list.
      await page.getByText('jobs', { exact: true }).first().waitFor({ timeout: 20_000 });
      expect(await page.locator('#root').textContent()).not.toMatch(/^\s*Loading\s*$/);
      // ...and its overview, read from its API, replaces the main panel's "Loading...".
      await page.getByText('Loading...').waitFor({ state: 'detached', timeout: 20_000 });
      await page.screenshot({ path: join(ARTIFACTS, `review-bull-board-${w}px.png`), fullPage: true });
      expect(failed).toEqual([]);
      expect(violations).toEqual([]);
      await page.context().close();
    }, 60_000);
  }
});
