import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { processChat, receiveInbound, type ConsultEngineDeps } from '../../../src/consult/consult-engine.js';
import type { Messenger } from '../../../src/consult/messenger.js';
import type { InboundMessage, OutboundMessage } from '../../../src/consult/messages.js';
import { planJob, type PlanJobDeps } from '../../../src/consult/plan-job.js';
import { databaseGuidelineIndex } from '../../../src/infra/db/guideline-index.js';
import { createConsultStore } from '../../../src/infra/db/stores/consult-store.js';
import { createSideEffectLedger } from '../../../src/infra/db/stores/side-effect-store.js';
import { loadSampleCorpus } from '../../../src/ingest/load-sample-corpus.js';
import { createIngestStore } from '../../../src/infra/db/stores/ingest-run-store.js';
import { createInProcessJobQueue } from '../../../src/jobs/in-process-job-queue.js';
import { guidelineCoverage } from '../../../src/rag/condition-coverage.js';
import { searchGuidelines } from '../../../src/rag/search-guidelines.js';
import { openTestDatabase, type TestDatabase } from '../../support/test-database.js';

class RecordingMessenger implements Messenger {
  readonly sent: Array<{ chatId: string; message: OutboundMessage }> = [];
  failNext = 0;
  canSend(): boolean {
    return true;
  }
  async send(_channel: string, message: OutboundMessage) {
    if (this.failNext > 0) {
      this.failNext -= 1;
      throw new Error('network down');
    }
    this.sent.push({ chatId: message.chatId, message });
    return { status: 'sent' as const, channelMessageIds: [String(this.sent.length)] };
  }
  to(chatId: string): string[] {
    return this.sent.filter((s) => s.chatId === chatId).map((s) => s.message.text);
  }
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let counter = 0;
function message(chatId: string, text: string, messageId = `m${++counter}`): InboundMessage {
  return { channel: 'telegram', chatId, messageId, senderId: chatId, chatType: 'private', text, receivedAt: new Date() };
}

describe('the consult engine over the database', () => {
  let db: TestDatabase;
  let deps: ConsultEngineDeps;
  let messenger: RecordingMessenger;
  const queue = createInProcessJobQueue();

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    await loadSampleCorpus(createIngestStore(db));
    messenger = new RecordingMessenger();
    const store = createConsultStore(db);
    deps = { store, messenger, jobs: queue, ledger: createSideEffectLedger(db), log: silent };
  });
  afterAll(async () => {
    await queue.close();
    await db?.close();
  });

  it('treats a redelivered message as a no-op', async () => {
    const first = await receiveInbound(deps, message('c1', 'hello', 'dup-1'), null);
    const again = await receiveInbound(deps, message('c1', 'hello', 'dup-1'), null);
    expect([first, again]).toEqual([true, false]);
    expect(messenger.to('c1')).toHaveLength(1);
  });

  it('handles two messages from one chat in arrival order, once each, even when they race', async () => {
    await Promise.all([receiveInbound(deps, message('c2', '30 year old'), null), receiveInbound(deps, message('c2', 'male'), null)]);
    const replies = messenger.to('c2');
    expect(replies).toHaveLength(2);
    expect(replies[0]).toMatch(/male or female/);
    expect(replies[1]).toMatch(/main findings/);
  });

  it('never mixes two chats', async () => {
    await Promise.all([receiveInbound(deps, message('c3', '4 years'), null), receiveInbound(deps, message('c4', '60 year old woman'), null)]);
    expect(messenger.to('c3')[0]).toMatch(/male or female/);
    expect(messenger.to('c4')[0]).toMatch(/main findings/);
  });

  it('resumes a message stored before a crash, and resends a reply whose send failed', async () => {
    await deps.store.recordInbound(message('c5', '25 year old man'), null);
    const chatRef = (await deps.store.findChat('telegram', 'c5')) as string;
    expect(messenger.to('c5')).toHaveLength(0);
    messenger.failNext = 1;
    await expect(processChat(deps, chatRef)).rejects.toThrow(/network down/);
    expect(messenger.to('c5')).toHaveLength(0);
    await processChat(deps, chatRef);
    await processChat(deps, chatRef);
    expect(messenger.to('c5')).toHaveLength(1);
    expect(messenger.to('c5')[0]).toMatch(/main findings/);
  });

  it('stores one plan and sends it once, however often the plan job runs', async () => {
    for (const text of ['5 year old boy', '18 kg', 'fever 2 days, RDT positive', 'dx: uncomplicated malaria']) {
      await receiveInbound(deps, message('c6', text), null);
    }
    const chatRef = (await deps.store.findChat('telegram', 'c6')) as string;
    const consult = await deps.store.activeConsult(chatRef);
    expect(consult?.stage).toBe('plan');
    const planDeps = { ...deps, store: createConsultStore(db), search: (input: Parameters<typeof searchGuidelines>[1]) => searchGuidelines({ index: databaseGuidelineIndex(db) }, input) };
    await runPlanJob(planDeps, consult?.id);
    await runPlanJob(planDeps, consult?.id);
    const plans = messenger.to('c6').filter((t) => t.includes('Sources'));
    expect(plans).toHaveLength(1);
    expect(await db.prisma.plan.count({ where: { consultId: consult?.id ?? '' } })).toBe(1);
    const citations = await db.prisma.citation.findMany({ where: { plan: { consultId: consult?.id ?? '' } } });
    expect(citations.length).toBeGreaterThan(0);
    for (const c of citations) expect(plans[0]).toContain(`[${c.label}]`);
    expect((await deps.store.activeConsult(chatRef))?.stage).toBe('done');
  });

  it('refuses a message that is too long with a clear answer, and keeps going', async () => {
    await receiveInbound(deps, message('c7', 'x'.repeat(20_000)), null);
    expect(messenger.to('c7')[0]).toMatch(/too long/);
    await receiveInbound(deps, message('c7', '40 year old woman'), null);
    expect(messenger.to('c7')[1]).toMatch(/pregnant/);
  });
  it('raises the urgent referral for a danger word split by an invisible character or written in full-width letters', async () => {
    const spellings = ['con\u200Bvulsions', 'con\u200Cvulsions', 'con\u200Dvulsions', 'convul\u2060sions', 'convul\u00ADsions', '\uFEFFconvulsions', 'ｃｏｎｖｕｌｓｉｏｎｓ'];
    for (const [i, word] of spellings.entries()) {
      await receiveInbound(deps, message(`zw${i}`, `2 year old boy, had ${word} this morning`), null);
      const first = messenger.sent.find((s) => s.chatId === `zw${i}`);
      expect(first?.message.kind, JSON.stringify(word)).toBe('urgent');
      expect(first?.message.text).toMatch(/convulsion/i);
    }
  });

  it('stores, triages and answers a message with a NUL byte, and keeps the rest of the text for the record', async () => {
    await receiveInbound(deps, message('nul1', '2 year old girl\u0000 had convulsions'), null);
    const sent = messenger.sent.filter((s) => s.chatId === 'nul1');
    expect(sent[0]?.message.kind).toBe('urgent');
    expect(sent.length).toBeGreaterThanOrEqual(2);
    const chatRef = (await deps.store.findChat('telegram', 'nul1')) as string;
    const stored = await db.prisma.message.findMany({ where: { chatId: chatRef, direction: 'inbound' } });
    expect(stored.map((m) => m.text)).toEqual(['2 year old girl had convulsions']);
    expect(stored[0]?.processedAt).not.toBeNull();
    await receiveInbound(deps, message('nul1', 'she is \u0000'), null);
    expect(messenger.to('nul1').length).toBeGreaterThan(sent.length);
  });

  it('checks only the first 4,000 characters of a very long message for danger signs, and says so', async () => {
    await receiveInbound(deps, message('long1', `2 year old boy with convulsions ${'and fever '.repeat(5000)}`), null);
    const sent = messenger.sent.filter((s) => s.chatId === 'long1');
    expect(sent[0]?.message.kind).toBe('urgent');
    expect(sent[1]?.message.text).toMatch(/first 4,000 characters/);
    await receiveInbound(deps, message('long2', `${'fever '.repeat(1000)} unconscious`), null);
    expect(messenger.sent.filter((s) => s.chatId === 'long2').map((s) => s.message.kind)).toEqual(['reply']);
    expect(messenger.to('long2')[0]).toMatch(/first 4,000 characters/);
    const chatRef = (await deps.store.findChat('telegram', 'long1')) as string;
    const stored = await db.prisma.message.findMany({ where: { chatId: chatRef, direction: 'inbound' } });
    expect(stored[0]?.text?.length).toBe(16_000);
  });
  it('asks again for a negative weight or an implausible temperature instead of storing it', async () => {
    await receiveInbound(deps, message('neg1', '5 year old boy'), null);
    await receiveInbound(deps, message('neg1', 'weight -14 kg'), null);
    expect(messenger.to('neg1')[1]).toMatch(/did not record .*-14.*negative/i);
    expect(messenger.to('neg1')[1]).toMatch(/weight in kg/);
    await receiveInbound(deps, message('neg1', '14 kg'), null);
    await receiveInbound(deps, message('neg1', 'fever, temp 45 C'), null);
    expect(messenger.to('neg1')[3]).toMatch(/did not record .*45/i);
    const chatRef = (await deps.store.findChat('telegram', 'neg1')) as string;
    const consult = await deps.store.activeConsult(chatRef);
    expect(consult?.demographics.weightKg).toBe(14);
    expect(consult?.findings.map((f) => f.value).join(' ')).not.toMatch(/45/);
  });
  it('gives no plan and no dose for a dx: the guidelines do not cover, and says which conditions they do cover', async () => {
    const search = (input: Parameters<typeof searchGuidelines>[1]) => searchGuidelines({ index: databaseGuidelineIndex(db) }, input);
    const planDeps = { ...deps, store: createConsultStore(db), search };
    // Without the turn's check (an LLM differential, say), the plan job itself refuses.
    for (const [chat, dx] of [['nodx1', 'asdfgh'], ['nodx2', 'broken leg']] as const) {
      for (const text of ['3 year old boy', '14 kg', 'fever 2 days, RDT positive', `dx: ${dx}`]) await receiveInbound(deps, message(chat, text), null);
      const chatRef = (await deps.store.findChat('telegram', chat)) as string;
      const consult = await deps.store.activeConsult(chatRef);
      await runPlanJob(planDeps, consult?.id);
      const answer = messenger.to(chat).at(-1) ?? '';
      expect(answer).toMatch(/not covered/i);
      expect(answer).toMatch(/Malaria/);
      expect(answer).not.toMatch(/\b\d+(?:\.\d+)?\s*(?:mg|ml|tablets?)\b/i);
      expect(answer).not.toMatch(/\[S\d+\]/);
    }
    // With it, the consult stays open and a covered condition can be chosen by number.
    const withCoverage = { ...deps, coverage: guidelineCoverage(search) };
    for (const text of ['3 year old boy', '14 kg', 'fever 2 days, RDT positive', 'dx: asdfgh']) await receiveInbound(withCoverage, message('nodx3', text), null);
    const reply = messenger.to('nodx3').at(-1) ?? '';
    expect(reply).toMatch(/not covered/i);
    expect(reply).toMatch(/1\. .*Malaria/);
    const chatRef = (await deps.store.findChat('telegram', 'nodx3')) as string;
    expect((await deps.store.activeConsult(chatRef))?.stage).toBe('interview');
    await receiveInbound(withCoverage, message('nodx3', 'dx: uncomplicated malaria'), null);
    expect((await deps.store.activeConsult(chatRef))?.stage).toBe('plan');
  });
  it('plans each condition of a dx: that joins several the guidelines cover, and reads one it cannot split whole', async () => {
    const search = (input: Parameters<typeof searchGuidelines>[1]) => searchGuidelines({ index: databaseGuidelineIndex(db) }, input);
    const withCoverage = { ...deps, coverage: guidelineCoverage(search) };
    for (const text of ['3 year old boy', '14 kg', 'fever 3 days, RDT positive, cough RR 45', 'dx: malaria and pneumonia']) await receiveInbound(withCoverage, message('two1', text), null);
    expect(messenger.to('two1').at(-1)).toMatch(/Working diagnosis: malaria; pneumonia\./);
    const twoRef = (await deps.store.findChat('telegram', 'two1')) as string;
    expect((await deps.store.activeConsult(twoRef))?.diagnoses.map((d) => d.condition)).toEqual(['malaria', 'pneumonia']);
    // A part the guidelines do not cover keeps the diagnosis whole.
    for (const text of ['3 year old boy', '14 kg', 'fever 3 days, RDT positive', 'dx: malaria and asdfgh']) await receiveInbound(withCoverage, message('two2', text), null);
    expect(messenger.to('two2').at(-1)).not.toMatch(/Working diagnosis: malaria; asdfgh/);
    // Nor does a part that names who the patient is: "HIV and pregnancy" is HIV in pregnancy.
    for (const text of ['28 year old woman, 20 weeks pregnant', 'HIV positive today', 'dx: HIV and pregnancy']) await receiveInbound(withCoverage, message('two3', text), null);
    expect(messenger.to('two3').at(-1)).toMatch(/Working diagnosis: HIV and pregnancy\./);
    // Nor "cough and cold", IMCI's one class of a cough with no pneumonia.
    for (const text of ['2 year old boy', '12 kg', 'cough, RR 30, no fever', 'dx: cough and cold']) await receiveInbound(withCoverage, message('two4', text), null);
    expect(messenger.to('two4').at(-1)).toMatch(/Working diagnosis: cough and cold\./);
  });

  it('gives no plan and no dose for a dx: of what the patient does not have, and asks for what she has', async () => {
    const search = (input: Parameters<typeof searchGuidelines>[1]) => searchGuidelines({ index: databaseGuidelineIndex(db) }, input);
    const planDeps = { ...deps, store: createConsultStore(db), search };
    // The plan job without the turn's check: "no anaemia" names anaemia, whose iron table is not hers.
    for (const text of ['2 year old girl', '12 kg', 'no pallor, Hb 11.8', 'dx: no anaemia']) await receiveInbound(deps, message('absent1', text), null);
    const chatRef = (await deps.store.findChat('telegram', 'absent1')) as string;
    await runPlanJob(planDeps, (await deps.store.activeConsult(chatRef))?.id);
    const answer = messenger.to('absent1').at(-1) ?? '';
    expect(answer).toMatch(/does not have anaemia/);
    expect(answer).not.toMatch(/iron|\b\d+(?:\.\d+)?\s*(?:mg|ml|tablets?)\b/i);
    // The turn's check keeps the consult open for the diagnosis she has.
    const withCoverage = { ...deps, coverage: guidelineCoverage(search) };
    for (const text of ['2 year old girl', '12 kg', 'no pallor, Hb 11.8', 'dx: no anaemia']) await receiveInbound(withCoverage, message('absent2', text), null);
    expect(messenger.to('absent2').at(-1)).toMatch(/does not have anaemia.*\n\nSend what the patient has/s);
    expect((await deps.store.activeConsult((await deps.store.findChat('telegram', 'absent2')) as string))?.stage).toBe('interview');
  });

  it('starts a later plan with the urgent referral and leaves out home treatment that assumes no danger signs', async () => {
    const search = (input: Parameters<typeof searchGuidelines>[1]) => searchGuidelines({ index: databaseGuidelineIndex(db) }, input);
    const planDeps = { ...deps, store: createConsultStore(db), search };
    for (const text of ['2 year old boy, had convulsions this morning', '12 kg', 'fever 2 days, RDT positive', 'dx: uncomplicated malaria']) {
      await receiveInbound(deps, message('ref1', text), null);
    }
    expect(messenger.sent.find((s) => s.chatId === 'ref1')?.message.kind).toBe('urgent');
    const chatRef = (await deps.store.findChat('telegram', 'ref1')) as string;
    const consult = await deps.store.activeConsult(chatRef);
    expect(consult?.urgentReferral).toBe(true);
    await runPlanJob(planDeps, consult?.id);
    const plan = messenger.to('ref1').at(-1) ?? '';
    expect(plan).toMatch(/Sources/);
    const firstLine = plan.split('\n').find((l) => l.trim() !== '') ?? '';
    expect(firstLine).toMatch(/URGENT.*refer/i);
    expect(plan).not.toMatch(/no danger signs|without danger signs|(?:treat|treated|treating|treatment) (?:\w+ )*at home|home treatment/i);
    expect(plan).not.toMatch(/twice a day for three days/);
  });
  it('says whom a plan is for when it arrives after /new started another patient, and only then', async () => {
    const search = (input: Parameters<typeof searchGuidelines>[1]) => searchGuidelines({ index: databaseGuidelineIndex(db) }, input);
    const planDeps = { ...deps, store: createConsultStore(db), search };
    const consultFor = async (chat: string) => {
      for (const text of ['3 year old boy', '14 kg', 'fever 2 days, RDT positive', 'dx: malaria']) await receiveInbound(deps, message(chat, text), null);
      return (await deps.store.activeConsult((await deps.store.findChat('telegram', chat)) as string))?.id;
    };
    const movedOn = await consultFor('who1');
    await receiveInbound(deps, message('who1', '/new'), null);
    await receiveInbound(deps, message('who1', '30 year old woman, cough'), null);
    await runPlanJob(planDeps, movedOn);
    const late = messenger.to('who1').at(-1) ?? '';
    expect(late).toMatch(/^For the earlier patient: 3-year-old boy, seen \d{1,2} [A-Z][a-z]{2} \d\d:\d\d UTC \(malaria\)\n/);
    expect(late).toMatch(/artemether|malaria/i);
    const current = await consultFor('who2');
    await runPlanJob(planDeps, current);
    expect(messenger.to('who2').at(-1) ?? '').not.toMatch(/earlier patient/);
  });

  it('sends the urgent referral before the replies to messages queued ahead of it', async () => {
    // Ten messages wait in the inbox (a burst, or a restart); the last one carries a danger sign.
    for (let i = 1; i <= 10; i++) await deps.store.recordInbound(message('queue1', i === 10 ? 'now he is having convulsions' : `note ${i}: 4 year old boy`), null);
    const chatRef = (await deps.store.findChat('telegram', 'queue1')) as string;
    await processChat(deps, chatRef);
    const kinds = messenger.sent.filter((s) => s.chatId === 'queue1').map((s) => s.message.kind);
    expect(kinds).toHaveLength(11);
    expect(kinds[0]).toBe('urgent');
  });

  it('sends the referral for a danger sign that arrives while earlier replies are being sent, before the rest of them', async () => {
    // The messenger is slow: while it sends the first reply, three more messages arrive, the last urgent.
    const slow = new RecordingMessenger();
    const arriving = ['male', '16 kg', 'he is not able to drink anything'];
    const slowDeps: ConsultEngineDeps = {
      ...deps,
      messenger: {
        canSend: () => true,
        send: async (channel, m) => {
          for (const next of arriving.splice(0)) await receiveInbound(slowDeps, message('queue2', next), null);
          return slow.send(channel, m);
        },
      },
    };
    await receiveInbound(slowDeps, message('queue2', '4 year old'), null);
    const chatRef = (await deps.store.findChat('telegram', 'queue2')) as string;
    await processChat(slowDeps, chatRef);
    const kinds = slow.sent.map((s) => s.message.kind);
    const urgentAt = kinds.indexOf('urgent');
    // The first reply was already on its way; the referral is triaged as it arrives, so it goes no later than
    // next, before the replies to 'male' and '16 kg', and once although its own turn triaged it again.
    expect(urgentAt).toBeGreaterThanOrEqual(0);
    expect(urgentAt).toBeLessThanOrEqual(1);
    expect(kinds.filter((kind) => kind === 'urgent')).toHaveLength(1);
    expect(kinds).toHaveLength(5);
  });
});

/** Runs the plan job's handler as a runner would, after its payload check. */
function runPlanJob(deps: PlanJobDeps, consultId: string | undefined): Promise<void> {
  return planJob.handle(deps, planJob.payload.parse({ consultId }), { jobId: `test:${consultId}`, attempt: 1, signal: new AbortController().signal });
}
