import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newInviteCode } from '../../../src/consult/enrollment/invite-code.js';
import { PHOTO_KEPT, VOICE_TYPE_INSTEAD } from '../../../src/consult/media/texts.js';
import { createConsultPhotos } from '../../../src/infra/db/stores/media-store.js';
import { createStaffMember } from '../../../src/infra/db/stores/people-store.js';
import { createReviewAudit, createReviewAuthStore } from '../../../src/infra/db/stores/review-auth-store.js';
import { createReviewStore } from '../../../src/infra/db/stores/review-store.js';
import { hashPassword } from '../../../src/review/auth/secrets.js';
import { createReviewApp } from '../../../src/review/http/app.js';
import { ReviewClient } from '../../support/review-client.js';
import { inviteWorker, testAttemptLimits, TEST_SENDER_HASH_SECRET } from '../../support/enrollment.js';
import { FAKE_TELEGRAM_TOKEN, FakeTelegramServer } from '../../fakes/fake-telegram-server.js';
import { FAKE_TRANSCRIPTION_API_KEY, FakeOpenAiTranscriptionServer, fakeSpeech } from '../../fakes/fake-openai-transcription-server.js';
import { jpegWithGpsExif } from '../../support/jpeg-exif.js';
import { startEntry, type RunningProcess } from '../../support/processes.js';
import { startSharedDatabase } from '../../support/shared-database.js';

const REVIEW_PASSWORD = 'a long enough password';

async function startBot(extraEnv: Record<string, string>, workers: number) {
  const telegram = new FakeTelegramServer({ chatRateLimit: false });
  const shared = await startSharedDatabase();
  const supervisorEmail = `voice-${Date.now()}@example.org`;
  const supervisorId = await createStaffMember(shared.db, { role: 'supervisor', name: 'Supervisor', email: supervisorEmail });
  await createReviewAuthStore(shared.db).setPassword(supervisorId, await hashPassword(REVIEW_PASSWORD));
  const codes: string[] = [];
  for (let i = 0; i < workers; i++) {
    const code = newInviteCode();
    codes.push(code);
    await inviteWorker(shared.db, { displayName: `CHW ${i}`, supervisorId, code });
  }
  const { url } = await telegram.start();
  const dataDir = await mkdtemp(join(tmpdir(), 'bot-voice-'));
  const env = { DATABASE_URL: shared.url, SENDER_HASH_SECRET: TEST_SENDER_HASH_SECRET, DATABASE_POOL_SIZE: '4', TELEGRAM_BOT_TOKEN: FAKE_TELEGRAM_TOKEN, TELEGRAM_API_ROOT: url, DATA_DIR: dataDir, ...extraEnv };
  const bot: RunningProcess = startEntry('bot', env);
  await telegram.waitForPoll(30_000);
  let next = 0;
  /** Enrolls a fresh chat and waits for the welcome. */
  const enrolled = async (chatId: number): Promise<number> => {
    telegram.pushTextMessage({ chatId, fromId: chatId, text: `/start ${codes[next++]}` });
    await telegram.waitForMessages(chatId, 1, 30_000);
    return chatId;
  };
  return {
    telegram,
    shared,
    supervisorEmail,
    enrolled,
    async close() {
      await bot.stop(10_000);
      await telegram.close();
      await shared.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}

type Bot = Awaited<ReturnType<typeof startBot>>;

async function consultOf(bot: Bot, chatId: number) {
  const rows = await bot.shared.db.sql.query<{ id: string; urgent_referral: boolean; findings: number }>(
    `SELECT c.id, c.urgent_referral, (SELECT count(*)::int FROM findings f WHERE f.consult_id = c.id) AS findings
       FROM consults c JOIN chats ch ON ch.id = c.chat_id WHERE ch.external_chat_id = $1 ORDER BY c.created_at DESC LIMIT 1`,
    [String(chatId)],
  );
  return rows[0];
}

describe('voice notes and photos over the fake Bot API, with a transcription endpoint', () => {
  const transcription = new FakeOpenAiTranscriptionServer({ models: ['whisper-1'] });
  let bot: Bot;

  beforeAll(async () => {
    const { url } = await transcription.start();
    bot = await startBot({ TRANSCRIPTION_BASE_URL: `${url}/v1`, TRANSCRIPTION_API_KEY: FAKE_TRANSCRIPTION_API_KEY, TRANSCRIPTION_MODEL: 'whisper-1', VOICE_MAX_SECONDS: '60', VOICE_MAX_MB: '1' }, 7);
  }, 120_000);

  afterAll(async () => {
    await bot?.close();
    await transcription.close();
  }, 60_000);

  it('echoes a voice note and makes findings of it only once the CHW answers YES; the audio is not kept', { timeout: 60_000 }, async () => {
    const chatId = await bot.enrolled(9_300_001);
    bot.telegram.pushVoice({ chatId, fromId: chatId, bytes: fakeSpeech('3 year old boy, 14 kg, fever 2 days, RDT positive'), durationSeconds: 9 });
    const echo = await bot.telegram.waitForMessages(chatId, 2, 30_000);
    expect(echo[1]?.text).toBe('I heard: "3 year old boy, 14 kg, fever 2 days, RDT positive"\n\nReply YES to use it, or type the correction.');
    expect(transcription.answered.at(-1)).toMatchObject({ model: 'whisper-1', fileName: 'voice.ogg', fileType: 'audio/ogg' });
    const before = await consultOf(bot, chatId);
    expect(before?.findings).toBe(0);
    expect(await bot.shared.db.sql.query(`SELECT 1 FROM message_media`)).toHaveLength(0);
    // The file reference went with the turn.
    expect(await bot.shared.db.sql.query(`SELECT 1 FROM messages WHERE attachment IS NOT NULL`)).toHaveLength(0);

    bot.telegram.pushTextMessage({ chatId, fromId: chatId, text: 'YES' });
    await bot.telegram.waitForMessages(chatId, 3, 30_000);
    const after = await consultOf(bot, chatId);
    expect(after?.id).toBe(before?.id);
    expect(after?.findings).toBeGreaterThan(0);
    const values = await bot.shared.db.sql.query<{ value: string }>(`SELECT value FROM findings WHERE consult_id = $1`, [after?.id]);
    expect(values.map((v) => v.value).join(' ')).toMatch(/fever/i);
  });

  it('uses a typed correction instead of the transcript', { timeout: 60_000 }, async () => {
    const chatId = await bot.enrolled(9_300_002);
    bot.telegram.pushVoice({ chatId, fromId: chatId, bytes: fakeSpeech('5 year old girl, fever 3 days, cough') });
    await bot.telegram.waitForMessages(chatId, 2, 30_000);
    bot.telegram.pushTextMessage({ chatId, fromId: chatId, text: '5 year old girl, diarrhoea 3 days' });
    await bot.telegram.waitForMessages(chatId, 3, 30_000);
    const consult = await consultOf(bot, chatId);
    const values = await bot.shared.db.sql.query<{ value: string }>(`SELECT value FROM findings WHERE consult_id = $1`, [consult?.id]);
    const all = values.map((v) => v.value).join(' ');
    expect(all).toMatch(/diarrh/i);
    expect(all).not.toMatch(/cough/i);
  });

  it('raises the urgent referral for a danger sign in a voice note before the CHW confirms it', { timeout: 60_000 }, async () => {
    const chatId = await bot.enrolled(9_300_003);
    bot.telegram.pushVoice({ chatId, fromId: chatId, bytes: fakeSpeech('2 year old girl, fever since yesterday, she had convulsions this morning') });
    const sent = await bot.telegram.waitForMessages(chatId, 3, 30_000);
    expect(sent[1]?.text).toMatch(/convulsion/i);
    expect(sent[1]?.text).toMatch(/refer/i);
    expect(sent[2]?.text).toMatch(/^I heard: /);
    const consult = await consultOf(bot, chatId);
    expect(consult?.urgent_referral).toBe(true);
    expect(consult?.findings).toBe(0);
  });

  it('refers a danger sign in a voice note waiting behind a backlog before the earlier turns are answered', { timeout: 90_000 }, async () => {
    const chatId = await bot.enrolled(9_300_007);
    // Replies are paced (about one a second per chat), so six typed messages build a backlog.
    const typed = ['2 year old boy', '12 kg', 'fever 2 days', 'no cough', 'eating well', 'RDT not done'];
    for (const text of typed) bot.telegram.pushTextMessage({ chatId, fromId: chatId, text });
    bot.telegram.pushVoice({ chatId, fromId: chatId, bytes: fakeSpeech('now he is having convulsions') });
    const sent = await bot.telegram.waitForMessages(chatId, 1 + typed.length + 2, 60_000);
    const urgent = sent.findIndex((m) => /convulsion/i.test(m.text) && /refer/i.test(m.text));
    expect(urgent).toBeGreaterThan(0);
    // Ahead of the replies to the later typed messages.
    expect(urgent).toBeLessThan(typed.length);
    expect(sent.at(-1)?.text).toMatch(/^I heard: "now he is having convulsions"/);
  });

  it('refuses a voice note over the duration cap without fetching or transcribing it', { timeout: 60_000 }, async () => {
    const chatId = await bot.enrolled(9_300_004);
    const asked = transcription.answered.length;
    const fetched = bot.telegram.requests.filter((r) => r.path.endsWith('/getFile')).length;
    bot.telegram.pushVoice({ chatId, fromId: chatId, bytes: fakeSpeech('a long story'), durationSeconds: 300 });
    const sent = await bot.telegram.waitForMessages(chatId, 2, 30_000);
    expect(sent[1]?.text).toMatch(/longer than I can take \(1 minute at most\)/);
    expect(transcription.answered.length).toBe(asked);
    expect(bot.telegram.requests.filter((r) => r.path.endsWith('/getFile')).length).toBe(fetched);
  });

  it('refuses a voice note over the size cap without fetching it', { timeout: 60_000 }, async () => {
    const chatId = await bot.enrolled(9_300_006);
    const fetched = bot.telegram.requests.filter((r) => r.path.endsWith('/getFile')).length;
    bot.telegram.pushVoice({ chatId, fromId: chatId, bytes: fakeSpeech('x'.repeat(1_200_000)), durationSeconds: 30 });
    const sent = await bot.telegram.waitForMessages(chatId, 2, 30_000);
    expect(sent[1]?.text).toMatch(/too large for me \(1 MB at most\)/);
    expect(bot.telegram.requests.filter((r) => r.path.endsWith('/getFile')).length).toBe(fetched);
  });

  it('keeps a photo with the consult with its GPS EXIF stripped, and asks for the finding in words', { timeout: 60_000 }, async () => {
    const chatId = await bot.enrolled(9_300_005);
    bot.telegram.pushTextMessage({ chatId, fromId: chatId, text: '4 year old boy, 15 kg, fever 2 days' });
    await bot.telegram.waitForMessages(chatId, 2, 30_000);
    const photo = await jpegWithGpsExif();
    expect((await sharp(photo).metadata()).exif).toBeDefined();
    bot.telegram.pushPhoto({ chatId, fromId: chatId, bytes: photo });
    const sent = await bot.telegram.waitForMessages(chatId, 3, 30_000);
    expect(sent[2]?.text).toBe(PHOTO_KEPT);
    const consult = await consultOf(bot, chatId);
    const rows = await bot.shared.db.sql.query<{ bytes: Uint8Array; mime_type: string }>(
      `SELECT mm.bytes, mm.mime_type FROM message_media mm JOIN messages m ON m.id = mm.message_id WHERE m.consult_id = $1 AND mm.kind = 'photo'`,
      [consult?.id],
    );
    expect(rows).toHaveLength(1);
    const stored = Buffer.from(rows[0]?.bytes ?? []);
    expect(rows[0]?.mime_type).toBe('image/jpeg');
    const meta = await sharp(stored).metadata();
    expect(meta.format).toBe('jpeg');
    expect(meta.width).toBe(64);
    expect(meta.exif).toBeUndefined();
    expect(stored.includes(Buffer.from('Exif\u0000\u0000', 'latin1'))).toBe(false);

    // The supervisor sees it on the consult page; another supervisor gets a 404 for it.
    const db = bot.shared.db;
    const review = createReviewApp({ auth: createReviewAuthStore(db), audit: createReviewAudit(db), limits: testAttemptLimits(db), reviews: createReviewStore(db), photos: createConsultPhotos(db), secureCookies: false, addressOf: () => '10.1.0.9' });
    const supervisor = new ReviewClient(review);
    await supervisor.signIn(bot.supervisorEmail, REVIEW_PASSWORD);
    expect((await supervisor.get(`/consults/${consult?.id}`)).status).toBe(200);
    const src = new RegExp(`<img src="(/consults/${consult?.id}/photos/[0-9a-f-]{36})" alt="Photo sent by the CHW`).exec(supervisor.lastHtml)?.[1];
    expect(src).toBeDefined();
    const shown = await review.request(src ?? '', { headers: { cookie: [...supervisor.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } });
    expect(shown.status).toBe(200);
    expect(shown.headers.get('content-type')).toBe('image/jpeg');
    expect(Buffer.from(await shown.arrayBuffer()).equals(stored)).toBe(true);
    const otherId = await createStaffMember(db, { role: 'supervisor', name: 'Other', email: `other-${Date.now()}@example.org` });
    await createReviewAuthStore(db).setPassword(otherId, await hashPassword(REVIEW_PASSWORD));
    const other = new ReviewClient(review);
    const otherEmail = (await db.sql.query<{ email: string }>(`SELECT email FROM staff_members WHERE id = $1`, [otherId]))[0]?.email ?? '';
    await other.signIn(otherEmail, REVIEW_PASSWORD);
    expect((await other.get(src ?? '')).status).toBe(404);
  });
});

describe('voice notes without a transcription endpoint', () => {
  let bot: Bot;
  beforeAll(async () => {
    bot = await startBot({}, 1);
  }, 120_000);
  afterAll(async () => {
    await bot?.close();
  }, 60_000);

  it('says to type instead', { timeout: 60_000 }, async () => {
    const chatId = await bot.enrolled(9_300_101);
    bot.telegram.pushVoice({ chatId, fromId: chatId, bytes: fakeSpeech('3 year old boy') });
    const sent = await bot.telegram.waitForMessages(chatId, 2, 30_000);
    expect(sent[1]?.text).toBe(VOICE_TYPE_INSTEAD);
  });
});
