import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FAKE_TELEGRAM_TOKEN, FakeTelegramServer } from '../fakes/fake-telegram-server.js';
import { inviteWorker, TEST_SENDER_HASH_SECRET, testEnrollmentStore } from '../support/enrollment.js';
import { freePort, runAdmin, startEntry, type RunningProcess } from '../support/processes.js';
import { ReviewClient } from '../support/review-client.js';
import { replies, runChat } from '../support/run-chat.js';
import { startSharedDatabase } from '../support/shared-database.js';



/** The bot's outbox pump runs every 5 s: waiting this long after a delivery shows whether a second copy follows. */
const PUMP_ROUNDS_MS = 11_000;

describe('a consult made with npm run chat -- --as reaches the supervisor, and their feedback reaches the CHW on Telegram once', () => {
  const telegram = new FakeTelegramServer({ chatRateLimit: false });
  let shared: Awaited<ReturnType<typeof startSharedDatabase>>;
  let env: Record<string, string>;
  let dataDir: string;
  let reviewUrl: string;
  const processes: RunningProcess[] = [];
  const chatId = 9_400_001;

  beforeAll(async () => {
    shared = await startSharedDatabase();
    const { url } = await telegram.start();
    dataDir = await mkdtemp(join(tmpdir(), 'chat-as-'));
    const port = await freePort();
    reviewUrl = `http://127.0.0.1:${port}`;
    env = {
      DATABASE_URL: shared.url,
      SENDER_HASH_SECRET: TEST_SENDER_HASH_SECRET,
      DATABASE_POOL_SIZE: '4',
      TELEGRAM_BOT_TOKEN: FAKE_TELEGRAM_TOKEN,
      TELEGRAM_API_ROOT: url,
      DATA_DIR: dataDir,
      REVIEW_PORT: String(port),
      REVIEW_PUBLIC_URL: reviewUrl,
    };
  }, 120_000);

  afterAll(async () => {
    for (const p of processes) await p.stop(10_000);
    await telegram.close();
    await shared?.close();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('records the terminal consult for the CHW, and the review sent to them arrives in their Telegram chat exactly once', { timeout: 300_000 }, async () => {
    // The supervisor and the CHW, set up with the admin command; the CHW enrolls over Telegram.
    const added = await runAdmin(['add-supervisor', '--name', 'Nurse Ama', '--email', 'ama@example.org'], env);
    const link = /(http:\/\/\S+\/set-password\?token=(\S+))/.exec(added);
    expect(link).not.toBeNull();
    const enrolled = await runAdmin(['enroll', '--name', 'Esi Mensah', '--supervisor', 'ama@example.org'], env);
    const code = /invite code: (\S+)/.exec(enrolled)?.[1] ?? '';
    processes.push(startEntry('bot', env));
    await telegram.waitForPoll(30_000);
    telegram.pushTextMessage({ chatId, fromId: chatId, text: `/start ${code}` });
    const welcome = await telegram.waitForMessages(chatId, 1, 30_000);
    expect(welcome[0]?.text).toMatch(/Welcome/);

    // The id --as takes is the one `admin list` prints.
    const listed = (await runAdmin(['list'], env)).split('\n').find((line) => line.includes('Esi Mensah')) ?? '';
    expect(listed).toMatch(/\bactive\b/);
    expect(listed).toMatch(/\btelegram\b/);
    const workerId = listed.split(/\s+/)[0]!;

    // The consult, typed at the terminal as that CHW (the bot keeps running: the processes share the database).
    const chat = await runChat(['45 year old man', 'fever 3 days, RDT positive', 'dx: uncomplicated malaria'], env, 180_000, ['--as', workerId]);
    expect(chat.code, chat.stderr).toBe(0);
    expect(chat.stdout).toContain(`Consults are recorded for health worker ${workerId}`);
    expect(replies(chat.stdout).at(-1)).toMatch(/Sources/);
    // Nothing of the terminal consult went to the CHW's Telegram chat.
    expect(telegram.sentTo(chatId)).toHaveLength(1);

    processes.push(startEntry('review', env));
    for (let i = 0; i < 150; i++) {
      if (await fetch(`${reviewUrl}/login`).then((r) => r.ok, () => false)) break;
      await new Promise((r) => setTimeout(r, 200));
    }

    // The supervisor sets a password from the printed link and signs in over HTTP.
    const ama = ReviewClient.overHttp(reviewUrl);
    const token = link![2]!;
    expect((await ama.get(`/set-password?token=${token}`)).status).toBe(200);
    const password = 'correct horse battery staple';
    expect((await ama.post('/set-password', { csrf: ama.csrf(), token, password, confirm: password })).status).toBe(200);
    await ama.signIn('ama@example.org', password);

    // The terminal consult is in the queue as Esi's.
    await ama.get('/');
    expect(ama.lastHtml).toContain('1 consult<');
    expect(ama.lastHtml).toContain('Esi Mensah');
    const consultId = /href="\/consults\/([0-9a-f-]{36})"/.exec(ama.lastHtml)?.[1];
    expect(consultId).toBeDefined();
    expect((await ama.get(`/consults/${consultId}`)).status).toBe(200);
    expect(ama.lastHtml).toContain('CHW: Esi Mensah · terminal');
    expect(ama.lastHtml).toContain('fever 3 days, RDT positive');
    expect(ama.lastHtml).toContain('Send this feedback to the CHW in their chat (Telegram)');

    // The review with "send to the CHW", submitted twice (a double click): one review, one message.
    const feedback = 'Good consult. Next time also ask about <vomiting> & weigh him.';
    const form: Array<[string, string]> = [
      ['csrf', ama.csrf()],
      ['submission', ama.field('submission')],
      ['agreement', 'partly'],
      ['feedback', feedback],
      ['send', '1'],
    ];
    expect((await ama.post(`/consults/${consultId}/review`, form)).status).toBe(303);
    expect((await ama.post(`/consults/${consultId}/review`, form)).status).toBe(303);

    const arrived = await telegram.waitForMessages(chatId, 2, 30_000);
    expect(arrived[1]?.text).toContain('Feedback from your supervisor');
    expect(arrived[1]?.text).toContain(feedback);
    await new Promise((r) => setTimeout(r, PUMP_ROUNDS_MS));
    expect(telegram.sentTo(chatId).filter((m) => m.text.includes(feedback))).toHaveLength(1);
    expect(telegram.sentTo(chatId)).toHaveLength(2);

    await ama.get(`/consults/${consultId}`);
    expect(ama.lastHtml).toMatch(/Delivered to the CHW's chat at <time datetime="/);
    expect([...ama.lastHtml.matchAll(/<strong>Partly agree<\/strong> · Nurse Ama/g)]).toHaveLength(1);
  });

  it('refuses --as for an unknown id and for a suspended worker with a clear message and exit code 64, and records nothing', { timeout: 120_000 }, async () => {
    const help = await runChat([], env, 60_000, ['--help']);
    expect(help.code).toBe(0);
    expect(help.stdout).toMatch(/--as <worker-id>/);
    expect(help.stdout).toMatch(/admin -- list/);

    const unknown = randomUUID();
    const refused = await runChat(['45 year old man'], env, 60_000, ['--as', unknown]);
    expect(refused.code).toBe(64);
    expect(refused.stderr).toContain(`error: --as: no health worker ${unknown} (npm run admin -- list shows the ids)`);
    expect(refused.stdout).not.toContain('bot>');

    const { workerId } = await inviteWorker(shared.db, { displayName: 'Kofi Suspended', supervisorId: null });
    await testEnrollmentStore(shared.db).changeStatus(workerId, 'suspended', { type: 'system' });
    const suspended = await runChat(['45 year old man'], env, 60_000, ['--as', workerId]);
    expect(suspended.code).toBe(64);
    expect(suspended.stderr).toContain(`health worker ${workerId} is suspended: only an active health worker can consult`);

    const chats = await shared.db.sql.query(`SELECT 1 FROM chats WHERE channel = 'terminal' AND external_chat_id IN ($1, $2)`, [`local:${unknown}`, `local:${workerId}`]);
    expect(chats).toHaveLength(0);
  });
});
