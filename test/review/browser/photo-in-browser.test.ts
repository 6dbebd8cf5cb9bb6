import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newInviteCode } from '../../../src/consult/enrollment/invite-code.js';
import { PHOTO_KEPT } from '../../../src/consult/media/texts.js';
import { createStaffMember } from '../../../src/infra/db/stores/people-store.js';
import { createReviewAuthStore } from '../../../src/infra/db/stores/review-auth-store.js';
import { hashPassword } from '../../../src/review/auth/secrets.js';
import { FAKE_TELEGRAM_TOKEN, FakeTelegramServer } from '../../fakes/fake-telegram-server.js';
import { inviteWorker, TEST_SENDER_HASH_SECRET } from '../../support/enrollment.js';
import { freePort, startEntry, type RunningProcess } from '../../support/processes.js';
import { startSharedDatabase } from '../../support/shared-database.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const ARTIFACTS = join(ROOT, 'test-artifacts');
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && !process.env.CI) console.warn(`notice: ${CHROMIUM} not found (apt-get install chromium): the photo browser test is skipped`);

const PASSWORD = 'correct horse battery staple';

describe.skipIf(!haveChromium && !process.env.CI)('a photo the CHW sent on Telegram, on the consult page at phone width', () => {
  const telegram = new FakeTelegramServer({ chatRateLimit: false });
  let shared: Awaited<ReturnType<typeof startSharedDatabase>>;
  let dataDir: string;
  let browser: Browser;
  const processes: RunningProcess[] = [];

  beforeAll(async () => {
    shared = await startSharedDatabase();
    dataDir = await mkdtemp(join(tmpdir(), 'photo-browser-'));
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    for (const p of processes) await p.stop(10_000);
    await telegram.close();
    await shared?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('shows the stored photo, loaded under the page policy, within 360 px', { timeout: 120_000 }, async () => {
    const supervisorId = await createStaffMember(shared.db, { role: 'supervisor', name: 'Nurse Ama', email: 'ama@example.org' });
    await createReviewAuthStore(shared.db).setPassword(supervisorId, await hashPassword(PASSWORD));
    const code = newInviteCode();
    await inviteWorker(shared.db, { displayName: 'Esi', supervisorId, code });
    const { url } = await telegram.start();
    const port = await freePort();
    const reviewUrl = `http://127.0.0.1:${port}`;
    const env = { DATABASE_URL: shared.url, SENDER_HASH_SECRET: TEST_SENDER_HASH_SECRET, DATABASE_POOL_SIZE: '4', TELEGRAM_BOT_TOKEN: FAKE_TELEGRAM_TOKEN, TELEGRAM_API_ROOT: url, DATA_DIR: dataDir, REVIEW_PORT: String(port), REVIEW_PUBLIC_URL: reviewUrl };
    processes.push(startEntry('bot', env));
    await telegram.waitForPoll(30_000);

    const chatId = 9_400_001;
    telegram.pushTextMessage({ chatId, fromId: chatId, text: `/start ${code}` });
    await telegram.waitForMessages(chatId, 1, 30_000);
    telegram.pushTextMessage({ chatId, fromId: chatId, text: '3 year old girl, 12 kg, rash 2 days' });
    await telegram.waitForMessages(chatId, 2, 30_000);
    // A wide photo: wider than the phone, so the page must scale it down.
    const photo = await sharp({ create: { width: 1280, height: 960, channels: 3, background: { r: 180, g: 60, b: 60 } } }).jpeg().toBuffer();
    telegram.pushPhoto({ chatId, fromId: chatId, bytes: photo });
    const sent = await telegram.waitForMessages(chatId, 3, 30_000);
    expect(sent[2]?.text).toBe(PHOTO_KEPT);
    const consultId = (await shared.db.sql.query<{ id: string }>(`SELECT id FROM consults ORDER BY created_at DESC LIMIT 1`))[0]?.id;

    processes.push(startEntry('review', env));
    for (let i = 0; i < 100; i++) {
      if (await fetch(`${reviewUrl}/login`).then((r) => r.ok).catch(() => false)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1 });
    await page.goto(`${reviewUrl}/login`);
    await page.getByLabel('Email').fill('ama@example.org');
    await page.getByLabel('Password').fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Review queue');
    await page.goto(`${reviewUrl}/consults/${consultId}`);
    const img = page.getByRole('img', { name: /Photo sent by the CHW/ });
    // Loaded, so the page's content security policy lets the photo through.
    await expect.poll(() => page.evaluate<number>(`(() => { const el = document.querySelector('.transcript img'); return el && el.complete ? el.naturalWidth : 0; })()`)).toBe(1280);
    const box = await img.boundingBox();
    expect(box?.width).toBeLessThanOrEqual(360);
    expect(Math.round((box?.height ?? 0) / (box?.width ?? 1) * 100)).toBe(75);
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'review-consult-photo-360px.png'), fullPage: true });
  });
});
