import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_TELEGRAM_TOKEN, FakeTelegramServer } from '../../fakes/fake-telegram-server.js';
import { TEST_SENDER_HASH_SECRET } from '../../support/enrollment.js';
import { freePort, runAdmin, startEntry, type RunningProcess } from '../../support/processes.js';
import { startSharedDatabase } from '../../support/shared-database.js';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));
/** Debian's chromium package (.ci/run installs it); no browser download. */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
/** Screenshots land here (gitignored) for a person to look at. */
export const ARTIFACTS = join(ROOT, 'test-artifacts');
const haveChromium = existsSync(CHROMIUM);
if (!haveChromium && !process.env.CI) console.warn(`notice: ${CHROMIUM} not found (apt-get install chromium): the review browser test is skipped`);



describe.skipIf(!haveChromium && !process.env.CI)('a supervisor reviews a consult in a real browser and the CHW gets the feedback on Telegram', () => {
  const telegram = new FakeTelegramServer({ chatRateLimit: false });
  let shared: Awaited<ReturnType<typeof startSharedDatabase>>;
  let env: Record<string, string>;
  let dataDir: string;
  let browser: Browser;
  let reviewUrl: string;
  const processes: RunningProcess[] = [];
  const chatId = 9_300_001;

  beforeAll(async () => {
    shared = await startSharedDatabase();
    const { url } = await telegram.start();
    dataDir = await mkdtemp(join(tmpdir(), 'review-browser-'));
    const port = await freePort();
    reviewUrl = `http://127.0.0.1:${port}`;
    env = { DATABASE_URL: shared.url, SENDER_HASH_SECRET: TEST_SENDER_HASH_SECRET, DATABASE_POOL_SIZE: '4', TELEGRAM_BOT_TOKEN: FAKE_TELEGRAM_TOKEN, TELEGRAM_API_ROOT: url, DATA_DIR: dataDir, REVIEW_PORT: String(port), REVIEW_PUBLIC_URL: reviewUrl };
    browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  }, 120_000);

  afterAll(async () => {
    await browser?.close();
    for (const p of processes) await p.stop(10_000);
    await telegram.close();
    await shared?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('signs in, filters the queue, opens the consult, expands a citation, reviews it, and the feedback arrives once', async () => {
    // The supervisor and the CHW, set up with the admin command.
    const added = await runAdmin(['add-supervisor', '--name', 'Nurse Ama', '--email', 'ama@example.org'], env);
    const link = /(http:\/\/\S+\/set-password\?token=\S+)/.exec(added)?.[1];
    expect(link).toBeDefined();
    const enrolled = await runAdmin(['enroll', '--name', 'Esi', '--supervisor', 'ama@example.org'], env);
    const code = /invite code: (\S+)/.exec(enrolled)?.[1] ?? '';

    // A consult through the consult engine, from the CHW's Telegram chat.
    processes.push(startEntry('bot', env));
    await telegram.waitForPoll(30_000);
    telegram.pushTextMessage({ chatId, fromId: chatId, text: `/start ${code}` });
    await telegram.waitForMessages(chatId, 1, 30_000);
    const said = ['45 year old man <b>bold</b>', 'fever 3 days, RDT positive', 'dx: uncomplicated malaria'];
    for (const [i, text] of said.entries()) {
      telegram.pushTextMessage({ chatId, fromId: chatId, text });
      await telegram.waitForMessages(chatId, 2 + i, 30_000);
    }
    const before = await telegram.waitForMessages(chatId, 5, 60_000);
    expect(before.at(-1)?.text).toMatch(/Sources/);

    processes.push(startEntry('review', env));
    const page = await browser.newPage({ viewport: { width: 360, height: 740 }, deviceScaleFactor: 1 });
    for (let i = 0; i < 100; i++) {
      const up = await fetch(`${reviewUrl}/login`).then((r) => r.ok).catch(() => false);
      if (up) break;
      await new Promise((r) => setTimeout(r, 200));
    }

    await page.goto(link!);
    await page.getByLabel(/New password/).fill('correct horse battery staple');
    await page.getByLabel('The same password again').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByRole('link', { name: 'sign in' }).click();
    await page.getByLabel('Email').fill('ama@example.org');
    await page.getByLabel('Password').fill('correct horse battery staple');
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Review queue');
    expect(await page.title()).toBe('Review queue · CHW consult review');

    await page.getByLabel(/Not yet reviewed \(1\)/).check();
    await page.getByLabel('Working diagnosis').selectOption({ label: 'uncomplicated malaria (1)' });
    await page.getByRole('button', { name: 'Filter' }).click();
    expect(page.url()).toContain('unreviewed=1');
    await expect.poll(() => page.getByRole('heading', { level: 2, name: /consult/ }).textContent()).toBe('1 consult');
    await page.getByRole('link', { name: /uncomplicated malaria/ }).click();
    await expect.poll(() => page.getByRole('heading', { level: 1 }).textContent()).toMatch(/^Consult of/);
    expect(await page.title()).toBe('Consult · CHW consult review');
    // The CHW's markup is shown as they typed it, not interpreted.
    expect(await page.locator('.transcript li.inbound .text').first().textContent()).toBe('45 year old man <b>bold</b>');

    const citation = page.locator('section.plan details.citation').first();
    const quote = citation.locator('blockquote');
    expect(await quote.isVisible()).toBe(false);
    await citation.locator('summary').click();
    expect(await quote.isVisible()).toBe(true);
    expect((await quote.textContent())?.length).toBeGreaterThan(20);

    // No page wider than the phone.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(360);
    await mkdir(ARTIFACTS, { recursive: true });
    await page.screenshot({ path: join(ARTIFACTS, 'review-consult-360px.png'), fullPage: true });

    const feedback = 'Well done. Next time also ask about <vomiting> & check the weight.';
    await page.getByLabel('Partly agree').check();
    await page.getByLabel('Feedback', { exact: true }).fill(feedback);
    await page.getByLabel('Send this feedback to the CHW in their chat').check();
    await page.getByRole('button', { name: 'Save review' }).click();
    await expect.poll(() => page.getByRole('status').textContent()).toBe('Review saved.');

    const after = await telegram.waitForMessages(chatId, before.length + 1, 30_000);
    const delivered = after.at(-1)!;
    expect(delivered.text).toContain('Feedback from your supervisor');
    expect(delivered.text).toContain(feedback);
    // Once: the bot's outbox pump runs every 5 s; two more rounds send nothing more.
    await new Promise((r) => setTimeout(r, 11_000));
    expect(telegram.sentTo(chatId).filter((m) => m.text.includes(feedback))).toHaveLength(1);

    await page.reload();
    await expect.poll(() => page.locator('.delivery').textContent(), { timeout: 10_000 }).toMatch(/^Delivered to the CHW's chat at /);
    expect(await page.locator('blockquote.feedback').textContent()).toBe(feedback);

    // Every page a supervisor uses fits a 360 px phone, has one h1, and labels every control.
    for (const path of ['/', '/dashboard', '/export', page.url()]) {
      await page.goto(path.startsWith('http') ? path : `${reviewUrl}${path}`);
      expect(await page.evaluate<number>('document.documentElement.scrollWidth'), path).toBeLessThanOrEqual(360);
      expect(await page.locator('h1').count(), path).toBe(1);
      const unlabelled = await page.evaluate<string[]>(
        `[...document.querySelectorAll('input:not([type=hidden]), select, textarea')].filter((el) => el.labels.length === 0 && !el.getAttribute('aria-label')).map((el) => el.name)`,
      );
      expect(unlabelled, path).toEqual([]);
    }
    await page.goto(`${reviewUrl}/dashboard`);
    await page.screenshot({ path: join(ARTIFACTS, 'review-dashboard-360px.png'), fullPage: true });
  }, 240_000);
});
