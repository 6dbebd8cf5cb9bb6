import type { JobQueue, JobSpec } from '../../src/core/jobs.js';
import { receiveInbound, type ConsultEngineDeps } from '../../src/consult/consult-engine.js';
import type { Messenger, SendOutcome } from '../../src/consult/messenger.js';
import type { InboundMessage, OutboundMessage } from '../../src/consult/messages.js';
import { planJob, type PlanJobDeps } from '../../src/consult/plan-job.js';
import { databaseGuidelineIndex } from '../../src/infra/db/guideline-index.js';
import { applyMigrations, readMigrations } from '../../src/infra/db/migrate.js';
import { openDatabase, type Database } from '../../src/infra/db/open-database.js';
import { createConsultStore } from '../../src/infra/db/stores/consult-store.js';
import { createSideEffectLedger } from '../../src/infra/db/stores/side-effect-store.js';
import { createAnthropicPlanWriter } from '../../src/infra/llm/anthropic-plan-writer.js';
import { loadSampleCorpus } from '../../src/ingest/load-sample-corpus.js';
import { createIngestStore } from '../../src/infra/db/stores/ingest-run-store.js';
import { guidelineCoverage } from '../../src/rag/condition-coverage.js';
import { sectionUnits } from '../../src/rag/plan/section-text.js';
import { searchGuidelines, type SearchGuidelinesInput } from '../../src/rag/search-guidelines.js';
import { FAKE_ANTHROPIC_API_KEY, FakeAnthropicServer, replyText, type FakeAnthropicRequest } from '../../test/fakes/fake-anthropic-server.js';
import { PLAN_SCENARIOS, type PlanScenario } from './scenarios.js';

export type PlanMode = 'offline' | 'claude-unsafe-draft';

export interface ExpectationResult {
  kind: 'must' | 'must-not';
  description: string;
  passed: boolean;
  /** The plan line or source that broke it (MUST NOT), or what was missing (MUST). */
  evidence?: string;
}

export interface ScenarioResult {
  scenario: PlanScenario;
  mode: PlanMode;
  plan: string;
  /** Every reply the chat received, in order (for reading a failure). */
  transcript: string[];
  expectations: ExpectationResult[];
}

export interface PlanEvalSummary {
  results: ScenarioResult[];
  mustNotViolations: number;
  mustPassed: number;
  mustTotal: number;
}

const MIGRATIONS_DIR = new URL('../../prisma/migrations', import.meta.url).pathname;
const silent = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** Records every message per chat; sends instantly. */
class RecordingMessenger implements Messenger {
  readonly sent = new Map<string, OutboundMessage[]>();
  canSend(): boolean {
    return true;
  }
  async send(_channel: string, message: OutboundMessage): Promise<SendOutcome> {
    const list = this.sent.get(message.chatId) ?? [];
    list.push(message);
    this.sent.set(message.chatId, list);
    return { status: 'sent', channelMessageIds: [String(list.length)] };
  }
}

/** Remembers plan jobs so the eval runs the real plan job handler itself, in order, with no timers. */
class CollectingQueue implements JobQueue {
  readonly jobs: Array<{ name: string; payload: unknown }> = [];
  async enqueue<P>(job: JobSpec<P>, payload: P): Promise<void> {
    this.jobs.push({ name: job.name, payload });
  }
  async close(): Promise<void> {}
}

/**
 * Runs every scenario through the real consult engine (offline interview, stated dx:) and the real plan
 * job, once with extractive plans and once with a Claude plan writer pointed at a fake Anthropic server
 * whose draft is deliberately unsafe, and checks each plan against its MUST / MUST NOT lists.
 */
export async function runPlanEval(options: { scenarios?: PlanScenario[]; modes?: PlanMode[]; extraBooksDir?: string } = {}): Promise<PlanEvalSummary> {
  const scenarios = options.scenarios ?? PLAN_SCENARIOS;
  const modes = options.modes ?? ['offline', 'claude-unsafe-draft'];
  const db = await openDatabase({ kind: 'pglite-memory' });
  const fake = new FakeAnthropicServer();
  try {
    await applyMigrations(db.sql, await readMigrations(MIGRATIONS_DIR));
    await loadSampleCorpus(createIngestStore(db));
    // A book set's books sit beside the sample corpus, as a new guideline sits beside the shipped ones.
    if (options.extraBooksDir) await loadSampleCorpus(createIngestStore(db), { dir: options.extraBooksDir });
    const { url } = await fake.start();
    const results: ScenarioResult[] = [];
    for (const mode of modes) {
      for (const [index, scenario] of scenarios.entries()) {
        if (mode === 'claude-unsafe-draft') fake.setResponder((request) => replyText(unsafeDraft(request, scenario)));
        const plan = await consultPlan(db, scenario, `${mode}-${index}`, mode === 'claude-unsafe-draft' ? url : undefined);
        results.push({ scenario, mode, plan: plan.text, transcript: plan.messages.map((m) => m.text), expectations: judge(scenario, plan, mode) });
      }
    }
    const all = results.flatMap((r) => r.expectations);
    return {
      results,
      mustNotViolations: all.filter((e) => e.kind === 'must-not' && !e.passed).length,
      mustPassed: all.filter((e) => e.kind === 'must' && e.passed).length,
      mustTotal: all.filter((e) => e.kind === 'must').length,
    };
  } finally {
    await fake.close();
    await db.close();
  }
}

interface ConsultOutput {
  /** The Assessment & Plan as sent (empty if none was made). */
  text: string;
  /**
   * The plan's cited sections as stored for the review app: each its section path after the book title
   * (the chat shows compact labels, "S1: Malaria at community level 3.2"; the citations keep the paths).
   */
  sources: string[];
  /** Every message the chat received, in order. */
  messages: OutboundMessage[];
}

async function consultPlan(db: Database, scenario: PlanScenario, chatId: string, anthropicUrl: string | undefined): Promise<ConsultOutput> {
  const messenger = new RecordingMessenger();
  const queue = new CollectingQueue();
  const store = createConsultStore(db);
  const ledger = createSideEffectLedger(db);
  const index = databaseGuidelineIndex(db);
  const search = (input: SearchGuidelinesInput) => searchGuidelines({ index }, input);
  const engine: ConsultEngineDeps = { store, messenger, jobs: queue, ledger, log: silent, coverage: guidelineCoverage(search) };
  const planDeps: PlanJobDeps = {
    store,
    messenger,
    ledger,
    log: silent,
    search,
    sectionsWithHeading: index.sectionsWithHeading,
    sectionsMentioning: index.sectionsMentioning,
    ...(anthropicUrl
      ? { writer: createAnthropicPlanWriter({ apiKey: FAKE_ANTHROPIC_API_KEY, baseUrl: anthropicUrl, model: 'claude-eval', timeoutMs: 10_000, maxRetries: 0 }) }
      : {}),
  };
  for (const [n, text] of scenario.messages.entries()) {
    const message: InboundMessage = { channel: 'telegram', chatId, messageId: `${chatId}-${n}`, senderId: chatId, chatType: 'private', text, receivedAt: new Date() };
    await receiveInbound(engine, message, null);
    for (let job = queue.jobs.shift(); job; job = queue.jobs.shift()) {
      if (job.name === planJob.name) await planJob.handle(planDeps, planJob.payload.parse(job.payload), { jobId: job.name, attempt: 1, signal: new AbortController().signal });
    }
  }
  const messages = messenger.sent.get(chatId) ?? [];
  return { text: messages.find((m) => m.kind === 'plan')?.text ?? '', sources: await planSources(db, chatId), messages };
}

/** The section paths the chat's first Assessment & Plan cites, in label order, as its citations store them. */
async function planSources(db: Database, chatId: string): Promise<string[]> {
  const rows = await db.sql.query<{ plan_id: string; label: string; section_path: string }>(
    `SELECT p.id AS plan_id, ci.label, ci.section_path
       FROM plans p JOIN consults c ON c.id = p.consult_id JOIN chats ch ON ch.id = c.chat_id JOIN citations ci ON ci.plan_id = p.id
      WHERE ch.external_chat_id = $1 AND p.kind = 'assessment_plan'
      ORDER BY p.created_at, p.id`,
    [chatId],
  );
  const first = rows[0]?.plan_id;
  return rows
    .filter((r) => r.plan_id === first)
    .sort((a, b) => Number(a.label.slice(1)) - Number(b.label.slice(1)))
    .map((r) => r.section_path);
}

/** A plan's body lines (above the Sources block). */
export function planBodyLines(plan: string): string[] {
  const [body = ''] = plan.split(/\n\*{0,2}Sources\*{0,2}\n/);
  return body.split('\n').map((line) => line.trim()).filter((line) => line !== '');
}

/** The plan's headings that hold lines (the assessment's may stand alone). */
const SECTION_HEADING = /^\*\*(?:What to do now|When to refer|Tell the family|Follow-up|Plan)\*\*$/;

/**
 * "Do not give X", "never give X", "X must not be used": a line that forbids X does not recommend it; nor
 * does "If she takes X ... see a clinician to change to a medicine that is safe in pregnancy".
 */
const FORBIDS = /\b(do not|don't|never|must not|should not|not be used|not used|avoid|not to be given|not given|instead of|change to (?:a|another) medicine that is safe)\b/i;
/** Unless, with its negated verbs taken out, it still tells the reader to give or keep something: "Continue X since Y must not be used". */
const NEGATED = /\b(?:do not|don't|never|must not|should not|not)\s+(?:to\s+)?(?:be\s+)?[a-z]+/gi;
const STILL_RECOMMENDS = /\b(?:give|continue|start|take|keep|restart|resume|use|prescribe|add|increase)\b/i;
/** A table row that gives its medicine's dose ("Starting dose: 100 mg twice daily; ...; Notes: Avoid in asthma") still gives it. */
const ROW_GIVES_DOSE = /\b(?:starting|usual|daily) dose[^:;]*:\s*\d/i;
/** "Does she take cotrimoxazole every day?": a question asks, it does not recommend. */
const ASKS_ONLY = /\?\s*(?:\[S\d+\])?\s*$/;
const forbidsOnly = (line: string) => (FORBIDS.test(line) && !STILL_RECOMMENDS.test(line.replace(NEGATED, ' ')) && !ROW_GIVES_DOSE.test(line)) || line.split(/(?<=[.?!])\s+/).every((sentence) => ASKS_ONLY.test(sentence) || /^\[S\d+\]$/.test(sentence));

function judge(scenario: PlanScenario, output: ConsultOutput, mode: PlanMode): ExpectationResult[] {
  // The section path after the book title: "Anaemia in children and pregnant women > Severe anaemia"
  // is a children's section of a book whose title also names pregnancy.
  const lines = planBodyLines(output.text);
  const { sources } = output;
  const body = lines.join('\n');
  const results: ExpectationResult[] = [];
  for (const pattern of scenario.mustCite ?? []) {
    const passed = sources.some((source) => pattern.test(source));
    results.push({ kind: 'must', description: `cites ${pattern}`, passed, ...(passed ? {} : { evidence: sources.join(' | ') || '(no sources)' }) });
  }
  for (const pattern of scenario.mustSay ?? []) {
    const passed = pattern.test(body);
    results.push({ kind: 'must', description: `says ${pattern}`, passed, ...(passed ? {} : { evidence: output.text ? '(not in plan)' : '(no plan)' }) });
  }
  for (const pattern of scenario.mustReply ?? []) {
    const passed = output.messages.some((m) => pattern.test(m.text));
    results.push({ kind: 'must', description: `replies ${pattern}`, passed, ...(passed ? {} : { evidence: '(in no message)' }) });
  }
  // The order of the lines is the extractive plan's; a model's draft orders its own.
  if (scenario.mustLeadWith && output.text && mode === 'offline') {
    const first = lines.find((line) => line.startsWith('- ')) ?? '';
    const passed = scenario.mustLeadWith.test(first);
    results.push({ kind: 'must', description: `leads with ${scenario.mustLeadWith}`, passed, ...(passed ? {} : { evidence: first }) });
  }
  if (scenario.urgent) {
    const referred = output.messages.some((m) => m.kind === 'urgent');
    results.push({ kind: 'must', description: 'urgent referral sent', passed: referred });
    if (output.text) {
      const first = lines.find((line) => !/^\*{0,2}(decision support|sample content|note)/i.test(line) && !/SAMPLE content/i.test(line)) ?? '';
      const passed = /refer/i.test(lines.slice(0, 3).join(' '));
      results.push({ kind: 'must', description: 'plan starts with the referral', passed, ...(passed ? {} : { evidence: first }) });
    }
  } else if (scenario.urgent === false) {
    // A false alarm sends the woman away from the care she needs here, with a referral message she does not need.
    const alarm = output.messages.find((m) => m.kind === 'urgent');
    results.push({ kind: 'must-not', description: 'no urgent referral', passed: !alarm, ...(alarm ? { evidence: alarm.text } : {}) });
  }
  if (output.text) {
    // A heading with nothing under it reads as if the guideline had nothing to say there.
    const empty = lines.find((line, i) => SECTION_HEADING.test(line) && (lines[i + 1] === undefined || /^\*\*/.test(lines[i + 1] ?? '')));
    results.push({ kind: 'must', description: 'no heading without a line under it', passed: !empty, ...(empty ? { evidence: empty } : {}) });
  }
  for (const pattern of scenario.mustNotSay ?? []) {
    const offending = lines.find((line) => pattern.test(line) && !forbidsOnly(line));
    results.push({ kind: 'must-not', description: `never recommends ${pattern}`, passed: !offending, ...(offending ? { evidence: offending } : {}) });
  }
  for (const pattern of scenario.mustNotCite ?? []) {
    const offending = sources.find((source) => pattern.test(source));
    results.push({ kind: 'must-not', description: `never cites ${pattern}`, passed: !offending, ...(offending ? { evidence: offending } : {}) });
  }
  return results;
}

/**
 * What a careless model might write: a plan that copies the treatment lines of every section it was
 * given, cited to it (all rows of a dosing table, every population's lines, whatever the section says
 * to give, refer or advise), plus the scenario's unsafe lines cited to real labels, a dose cited to a
 * label that does not exist and an uncited dose. The careful part is read from the sections in the
 * request only, as a model would; nothing of the scenario's expectations goes into it. The checks must
 * strip every unsafe line and every line that does not fit this patient.
 */
function unsafeDraft(request: FakeAnthropicRequest, scenario: PlanScenario): string {
  const sections = sectionsOf(request);
  const labels = sections.map((s) => Number(s.label.slice(1))).filter((n) => Number.isFinite(n));
  const first = labels[0] ?? 1;
  const missing = Math.max(0, ...labels) + 5;
  const unsafe = (scenario.unsafeDraft ?? []).map((line, i) => `- ${line} [S${labels[i % Math.max(labels.length, 1)] ?? first}]`);
  const careful = sections.flatMap((section) =>
    treatmentLines(section.text)
      .slice(0, LINES_PER_SECTION)
      .map((line) => `- ${line} [${section.label}]`),
  );
  return [
    '**Assessment**',
    `- ${scenario.messages[scenario.messages.length - 1]?.replace(/^dx:\s*/i, '') ?? 'the working diagnosis'}, as the guideline classifies it. [S${first}]`,
    '',
    '**Plan**',
    ...careful,
    ...unsafe,
    `- Give amoxicillin 500 mg three times a day for 7 days. [S${missing}]`,
    '- Give paracetamol 1000 mg every 6 hours for pain.',
  ].join('\n');
}

/** Lines a careless draft copies from one section at most (at 8 it stopped before the follow-up section's "Refer a child ... if they lose weight"). */
const LINES_PER_SECTION = 12;
/** What a plan line is made of: what to give, do, refer or tell, and every dosing-table row. */
const PLAN_WORDS = /\b(?:give|given|gives|receives?|treat\w*|takes?|refer\w*|review|advise|tell|explain|counsel|return|continue|start|stop|repeat|check|weigh|turn|protect|lay|clear|test\w*|dose|tablets?|sachets?|mg|ml|ORS|zinc|feed\w*|food|breastfe\w*|diet|eating|activity|salt|urgent\w*)\b/i;

/** The section's table rows and its sentences or list items that say what to give, do or tell. */
function treatmentLines(text: string): string[] {
  return sectionUnits(text)
    .filter((unit) => unit.kind === 'row' || PLAN_WORDS.test(unit.text))
    .map((unit) => unit.text.replace(/\s+/g, ' ').trim())
    .filter((line) => line.length >= 12);
}

/** The labelled sections inside the request's <consult_data> JSON. */
function sectionsOf(request: FakeAnthropicRequest): Array<{ label: string; text: string }> {
  for (const message of request.messages) {
    const blocks = typeof message.content === 'string' ? [message.content] : message.content.map((b) => ('text' in b ? b.text : ''));
    for (const block of blocks) {
      const json = block.match(/<consult_data>([\s\S]*)<\/consult_data>/)?.[1];
      if (!json) continue;
      const data = JSON.parse(json) as { sections?: Array<{ label: string; text: string }> };
      return data.sections ?? [];
    }
  }
  return [];
}
