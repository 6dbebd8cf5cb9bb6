import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RateScheduler } from '../../../src/bot/delivery/rate-scheduler.js';
import { createWhatsAppMessenger, startWhatsAppChannel, type WhatsAppChannel } from '../../../src/bot/whatsapp/whatsapp-channel.js';
import { WhatsAppOutbound } from '../../../src/bot/whatsapp/whatsapp-outbound.js';
import { ENROLLED_WELCOME, UNKNOWN_SENDER_REPLY } from '../../../src/consult/sender-gate.js';
import { newInviteCode } from '../../../src/consult/enrollment/invite-code.js';
import { buildConsultRuntime, engineLog, type ConsultRuntime } from '../../../src/entry/consult-runtime.js';
import { loadConfig } from '../../../src/infra/config/config.js';
import { createStaffMember } from '../../../src/infra/db/stores/people-store.js';
import { inviteWorker, testAttemptLimits, testEnrollmentStore, testSenderHasher, TEST_SENDER_HASH_SECRET } from '../../support/enrollment.js';
import { createLogger } from '../../../src/infra/log/logger.js';
import { loadSampleCorpus } from '../../../src/ingest/load-sample-corpus.js';
import { createIngestStore } from '../../../src/infra/db/stores/ingest-run-store.js';
import { openTestDatabase, type TestDatabase } from '../../support/test-database.js';
import { FakeWhatsAppClient } from './fake-whatsapp-client.js';

const CHW = '233200000001@c.us';
const STRANGER = '233244555666@c.us';
const GROUP = '120363041234567890@g.us';
const FAST = { perChat: { perSecond: 50, burst: 50 }, global: { perSecond: 100, burst: 100 } };

async function waitFor(condition: () => boolean | Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/**
 * The WhatsApp process as `npm run whatsapp` wires it (startWhatsAppChannel, createWhatsAppMessenger,
 * buildConsultRuntime with the in-process job runner, the database identity store), over a fake
 * whatsapp-web.js client and an in-memory PGlite database with the sample corpus.
 */
describe('WhatsApp: inbound -> sender gate -> consult engine -> outbound', () => {
  let db: TestDatabase;
  let runtime: ConsultRuntime;
  let channel: WhatsAppChannel;
  const client = new FakeWhatsAppClient(CHW);
  let connected = true;
  let inviteCode = '';
  let workerId = '';

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    await loadSampleCorpus(createIngestStore(db));
    const supervisorId = await createStaffMember(db, { role: 'supervisor', name: 'Supervisor', email: 'sup@example.org' });
    inviteCode = newInviteCode();
    workerId = (await inviteWorker(db, { displayName: 'CHW Ama', supervisorId, code: inviteCode })).workerId;

    // Offline protocol mode, full-text retrieval, jobs in this process: the embedded default.
    const config = loadConfig({ NODE_ENV: 'test', DATA_DIR: '/nonexistent-not-used', SENDER_HASH_SECRET: TEST_SENDER_HASH_SECRET });
    const logger = createLogger({ level: 'silent' });
    const messenger = createWhatsAppMessenger(new WhatsAppOutbound({ client, scheduler: new RateScheduler(FAST) }), () => connected);
    runtime = await buildConsultRuntime({ config, db, logger, messenger, runJobs: 'auto' });
    channel = startWhatsAppChannel({ client, engine: runtime.engine, identities: testEnrollmentStore(db), limits: testAttemptLimits(db), databaseReachable: runtime.databaseReachable, log: engineLog(logger) });
    await runtime.runner?.start();
  });

  afterAll(async () => {
    await channel?.stop();
    await runtime?.close();
    await db?.close();
  });

  it('answers an unknown sender once with the fixed reply and stores nothing readable about them', async () => {
    const message = client.receive({ from: STRANGER, body: 'my patient Kofi has fever' });
    await channel.idle();
    client.emit('message', message); // the same event again
    await channel.idle();

    expect(client.to(STRANGER)).toEqual([UNKNOWN_SENDER_REPLY]);
    expect(await db.prisma.chat.count({ where: { externalChatId: STRANGER } })).toBe(0);
    expect(await db.prisma.message.count({ where: { text: { contains: 'Kofi' } } })).toBe(0);
    const audit = await db.prisma.auditEvent.findMany({ where: { action: 'inbound.unknown_sender' } });
    expect(audit).toHaveLength(1);
    expect(audit[0]?.subjectId).toBe(testSenderHasher('whatsapp', STRANGER));
    // Neither the number nor the message id (which contains the number) is anywhere in the audit log
    // or the exactly-once table.
    expect(JSON.stringify(audit, (_key, value: unknown) => (typeof value === 'bigint' ? String(value) : value))).not.toContain('233244555666');
    const processed = await db.sql.query<{ message_id: string; chat_id: string }>('SELECT message_id, chat_id FROM processed_inbound');
    expect(JSON.stringify(processed)).not.toContain('233244555666');
  });

  it('enrols the sender whose first WhatsApp message is an invite code', async () => {
    const code = client.receive({ body: ` ${inviteCode.toLowerCase()} ` });
    await channel.idle();
    client.emit('message', code); // repeated after a reconnect: no second welcome
    await channel.idle();
    expect(client.to(CHW)).toEqual([ENROLLED_WELCOME]);
    const worker = await db.prisma.healthWorker.findUniqueOrThrow({ where: { id: workerId } });
    expect(worker).toMatchObject({ whatsappId: CHW, status: 'active' });
  });

  it('runs a full offline consult to exactly one plan, in WhatsApp formatting with its sources', async () => {
    const steps: Array<[string, RegExp]> = [
      ['5 year old boy', /weigh/i],
      ['18 kg', /main findings/i],
      ['fever 2 days, RDT positive', /fever/i],
      ['dx: uncomplicated malaria', /Working diagnosis: uncomplicated malaria/],
    ];
    for (const [text, expected] of steps) {
      const before = client.to(CHW).length;
      client.receive({ body: text });
      await waitFor(() => client.to(CHW).length > before, `the reply to "${text}"`);
      expect(client.to(CHW).at(before)).toMatch(expected);
    }
    await waitFor(() => client.to(CHW).some((text) => text.includes('Sources')), 'the plan');

    const plans = client.to(CHW).filter((text) => text.includes('Sources'));
    expect(plans).toHaveLength(1);
    const plan = plans[0] ?? '';
    expect(plan).toMatch(/^\*Sources\*$/m);
    expect(plan).toMatch(/^\*Assessment: .*uncomplicated malaria.*\*$/im);
    expect(plan).not.toContain('**');
    expect(plan).toMatch(/\[S1\]/);
    // The plan is the last thing sent, and it belongs to this health worker's consult.
    expect(client.to(CHW).at(-1)).toBe(plan);
    const chat = await db.prisma.chat.findUniqueOrThrow({ where: { channel_externalChatId: { channel: 'whatsapp', externalChatId: CHW } } });
    expect(chat.healthWorkerId).toBe(workerId);
    expect(await db.prisma.plan.count({ where: { consult: { chatId: chat.id } } })).toBe(1);
  });

  it('changes nothing and sends nothing when a message event repeats', async () => {
    const before = client.sent.length;
    const message = client.receive({ body: 'what dose for 12 kg?' });
    await waitFor(() => client.sent.length > before, 'the answer to the follow-up question');
    await new Promise((resolve) => setTimeout(resolve, 300));
    const sent = client.sent.length;
    const rows = await db.prisma.message.count();

    // whatsapp-web.js can emit a message again after a reconnect.
    client.emit('message', message);
    await channel.idle();
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(client.sent.length).toBe(sent);
    expect(await db.prisma.message.count()).toBe(rows);
    expect(await db.prisma.message.count({ where: { text: 'what dose for 12 kg?' } })).toBe(1);
  });

  it('answers a voice note by asking for text', async () => {
    const before = client.to(CHW).length;
    client.receive({ type: 'ptt', body: '' });
    await channel.idle();
    expect(client.to(CHW).slice(before)).toEqual(['I cannot listen to voice notes yet. Please type what you want to tell me.']);
  });

  it('ignores group messages and status broadcasts without a word', async () => {
    const sent = client.sent.length;
    const chats = await db.prisma.chat.count();
    const audit = await db.prisma.auditEvent.count();
    client.receive({ from: GROUP, author: CHW, body: '5 year old boy with fever' });
    client.receive({ from: 'status@broadcast', isStatus: true, author: CHW, body: 'Happy Sunday' });
    await channel.idle();
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(client.sent.length).toBe(sent);
    expect(await db.prisma.chat.count()).toBe(chats);
    expect(await db.prisma.auditEvent.count()).toBe(audit);
  });

  it('holds replies while WhatsApp Web is disconnected and sends them once after it is back', async () => {
    connected = false;
    const before = client.to(CHW).length;
    client.receive({ body: '/new' });
    await channel.idle();
    await runtime.resume();
    expect(client.to(CHW)).toHaveLength(before);

    connected = true;
    await runtime.resume();
    await runtime.resume();
    expect(client.to(CHW).slice(before)).toHaveLength(1);
    expect(client.to(CHW).at(-1)).toMatch(/New consult started/);
  });
});
