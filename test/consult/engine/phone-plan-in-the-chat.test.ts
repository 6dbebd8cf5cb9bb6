import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveInbound, type ConsultEngineDeps } from '../../../src/consult/consult-engine.js';
import type { Messenger } from '../../../src/consult/messenger.js';
import type { InboundMessage, OutboundMessage } from '../../../src/consult/messages.js';
import { followUpJob, planJob, type PlanJobDeps } from '../../../src/consult/plan-job.js';
import { NO_SOURCES_YET } from '../../../src/consult/turn/texts.js';
import { databaseGuidelineIndex } from '../../../src/infra/db/guideline-index.js';
import { createConsultStore } from '../../../src/infra/db/stores/consult-store.js';
import { createIngestStore } from '../../../src/infra/db/stores/ingest-run-store.js';
import { createSideEffectLedger } from '../../../src/infra/db/stores/side-effect-store.js';
import type { JobQueue, JobSpec } from '../../../src/core/jobs.js';
import { loadSampleCorpus } from '../../../src/ingest/load-sample-corpus.js';
import { searchGuidelines } from '../../../src/rag/search-guidelines.js';
import { openTestDatabase, type TestDatabase } from '../../support/test-database.js';

class RecordingMessenger implements Messenger {
  readonly sent: OutboundMessage[] = [];
  canSend(): boolean {
    return true;
  }
  async send(_channel: string, message: OutboundMessage) {
    this.sent.push(message);
    return { status: 'sent' as const, channelMessageIds: [String(this.sent.length)] };
  }
  to(chatId: string): OutboundMessage[] {
    return this.sent.filter((m) => m.chatId === chatId);
  }
}

/** Keeps the jobs a turn enqueues, so a test runs the real handlers when it wants to. */
class CollectingQueue implements JobQueue {
  readonly jobs: Array<{ name: string; payload: unknown }> = [];
  async enqueue<P>(job: JobSpec<P>, payload: P): Promise<void> {
    this.jobs.push({ name: job.name, payload });
  }
  async close(): Promise<void> {}
}

const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };
let counter = 0;
function message(chatId: string, text: string): InboundMessage {
  return { channel: 'telegram', chatId, messageId: `p${++counter}`, senderId: chatId, chatType: 'private', text, receivedAt: new Date() };
}

describe('the plan in the chat: what to do first, compact sources, /sources, a short follow-up answer', () => {
  let db: TestDatabase;
  let deps: ConsultEngineDeps;
  let planDeps: PlanJobDeps;
  const messenger = new RecordingMessenger();
  const queue = new CollectingQueue();

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    await loadSampleCorpus(createIngestStore(db));
    const store = createConsultStore(db);
    const index = databaseGuidelineIndex(db);
    deps = { store, messenger, jobs: queue, ledger: createSideEffectLedger(db), log: silent };
    planDeps = { ...deps, store, search: (input) => searchGuidelines({ index }, input), sectionsWithHeading: index.sectionsWithHeading, sectionsMentioning: index.sectionsMentioning };
  });
  afterAll(async () => {
    await db?.close();
  });

  /** Sends the messages, running each plan and follow-up job a turn asks for. */
  async function say(chatId: string, ...texts: string[]): Promise<void> {
    for (const text of texts) {
      await receiveInbound(deps, message(chatId, text), null);
      for (let job = queue.jobs.shift(); job; job = queue.jobs.shift()) {
        const context = { jobId: job.name, attempt: 1, signal: new AbortController().signal };
        if (job.name === planJob.name) await planJob.handle(planDeps, planJob.payload.parse(job.payload), context);
        if (job.name === followUpJob.name) await followUpJob.handle(planDeps, followUpJob.payload.parse(job.payload), context);
      }
    }
  }

  it('a 14 kg child with malaria: the plan says what to do first, gives the paracetamol dose in mg and names its sources in one short line each', async () => {
    await say('kid', '3 year old boy, 14 kg, fever 2 days, RDT positive', 'dx: uncomplicated malaria');
    const plan = messenger.to('kid').find((m) => m.kind === 'plan')?.text ?? '';
    expect(plan.split('\n')[0]).toMatch(/^\*\*(?:Treat at home|Treat and refer|Refer now)\*\*/);
    expect(plan).toMatch(/paracetamol, about 15 mg per kg \(210 mg for 14 kg\)/);
    const sources = plan.split('**Sources**\n')[1] ?? '';
    expect(sources).toMatch(/^- S1: Malaria at community level \d+(?:\.\d+)*$/m);
    expect(sources).not.toContain(' > ');
  });

  it('/sources re-sends the last plan\'s sources with their full titles and paths', async () => {
    await say('kid', '/sources');
    const reply = messenger.to('kid').at(-1);
    expect(reply?.kind).toBe('reply');
    expect(reply?.text).toMatch(/^\*\*Sources\*\*\n- S1: Malaria at community level: diagnosis, treatment and prevention \(sample guideline\) > .+ - \(sample content, no Bookshelf page\)$/m);
    const plan = messenger.to('kid').find((m) => m.kind === 'plan')?.text ?? '';
    const labels = (text: string) => [...text.matchAll(/^- (S\d+): /gm)].map((m) => m[1]);
    expect(labels(reply?.text ?? '')).toEqual(labels(plan.split('**Sources**')[1] ?? ''));
  });

  it('/sources before any plan says there is none yet', async () => {
    await say('fresh', '/sources');
    expect(messenger.to('fresh').at(-1)?.text).toBe(NO_SOURCES_YET);
  });

  it('a follow-up question after the plan gets a short answer, not the whole plan again', async () => {
    await say('kid', 'what if he vomits the dose?');
    const plan = messenger.to('kid').find((m) => m.kind === 'plan')?.text ?? '';
    const answer = messenger.to('kid').at(-1)?.text ?? '';
    expect(answer).toMatch(/vomit/i);
    const body = (text: string) => (text.split('**Sources**')[0] ?? '').split('\n').filter((l) => l.startsWith('- '));
    expect(body(answer).length).toBeLessThanOrEqual(3);
    expect(body(answer).length).toBeLessThan(body(plan).length);
    expect(answer).not.toMatch(/^\*\*(?:Treat at home|Treat and refer|Refer now)\*\*/);
    expect(answer).not.toMatch(/\*\*Assessment/);
  });

  it('a follow-up question about another weight is answered with that weight\'s row', async () => {
    await say('kid', 'what dose for 16 kg?');
    const answer = messenger.to('kid').at(-1)?.text ?? '';
    expect(answer).toMatch(/Body weight \(kg\): 15 to <25;[^\n]*Tablets per dose: 2/);
    expect((answer.split('**Sources**')[0] ?? '').split('\n').filter((l) => l.startsWith('- ')).length).toBeLessThanOrEqual(3);
  });
});
