import { createHash } from 'node:crypto';
import { PermanentJobError } from '../core/jobs.js';
import { coverageOf } from '../rag/condition-coverage.js';
import { composePlan, type ComposedPlan } from '../rag/plan/compose-plan.js';
import { sectionForAnotherForm } from '../rag/plan/plan-fit.js';
import { labelSections } from '../rag/plan/label-sections.js';
import type { LabelledSection, PlanWriter } from '../rag/plan-writer.js';
import type { RetrievedSection, SearchGuidelinesInput, SearchGuidelinesResult } from '../rag/search-guidelines.js';
import { deliverOutbox, type ConsultEngineDeps } from './consult-engine.js';
import type { ConsultStore, PlanStore } from './consult-store.js';
import { planAfterReferral, sectionAssumesNoDangerSigns } from './triage/plan-after-referral.js';
import { notCovered } from './turn/texts.js';

export interface PlanJobDeps extends Pick<ConsultEngineDeps, 'messenger' | 'ledger' | 'log'> {
  store: ConsultStore & PlanStore;
  search: (input: SearchGuidelinesInput) => Promise<SearchGuidelinesResult>;
  /** Absent: extractive plans (offline). */
  writer?: PlanWriter;
  /** Sections per diagnosis; default 4. */
  sectionsPerDiagnosis?: number;
}

function consultIdOf(payload: unknown): string {
  const id = (payload as { consultId?: unknown } | null)?.consultId;
  if (typeof id !== 'string' || id.length === 0) throw new PermanentJobError('plan job payload has no consultId');
  return id;
}

/**
 * Retrieves guideline sections for each diagnosis, composes the cited Assessment & Plan and stores it
 * with its outbound message in one transaction (once per consult), then delivers the outbox. A retry
 * after a crash finds the stored plan and only delivers.
 */
export async function runPlanJob(deps: PlanJobDeps, payload: unknown): Promise<void> {
  const consultId = consultIdOf(payload);
  const key = `plan:${consultId}`;
  const consult = await deps.store.consultById(consultId);
  if (!consult) throw new PermanentJobError(`consult ${consultId} does not exist`);
  if (!(await deps.store.planExists(key))) {
    if (consult.diagnoses.length === 0) throw new PermanentJobError(`consult ${consultId} has no diagnosis`);
    const retrieved: RetrievedSection[] = [];
    const uncovered: string[] = [];
    const closest: string[] = [];
    for (const diagnosis of consult.diagnoses.slice(0, 3)) {
      const k = deps.sectionsPerDiagnosis ?? 4;
      // After an urgent referral, what applies is the pre-referral and referral guidance for the condition.
      const result = await deps.search({
        condition: consult.urgentReferral ? `${diagnosis.condition} danger signs pre-referral treatment referral` : diagnosis.condition,
        demographics: consult.demographics,
        findings: consult.findings,
        k: consult.urgentReferral ? k * 2 : k,
      });
      // Sections about another condition never feed a plan: their doses would be for the wrong disease.
      const coverage = coverageOf(diagnosis.condition, result.sections);
      // After an urgent referral, sections written for patients without danger signs do not apply.
      // A section about a distinct form of the illness (dysentery for watery diarrhoea) does not apply either.
      if (coverage.covered) {
        retrieved.push(
          ...result.sections.filter(
            (section) => !(consult.urgentReferral && sectionAssumesNoDangerSigns(section)) && !sectionForAnotherForm(section.sectionPath, diagnosis.condition),
          ),
        );
      }
      else {
        uncovered.push(diagnosis.condition);
        closest.push(...coverage.closest);
      }
    }
    const sections = labelSections(retrieved);
    const composed =
      sections.length > 0
        ? await composePlan({
            ...(deps.writer ? { writer: deps.writer } : {}),
            input: { demographics: consult.demographics, findings: consult.findings, diagnoses: consult.diagnoses.filter((d) => !uncovered.includes(d.condition)), sections },
          })
        : null;
    const notice = uncovered.length > 0 ? notCovered(uncovered, [...new Set(closest)].slice(0, 4), false) : '';
    const body = composed
      ? { ...composed, text: notice ? `${notice}\n\n${composed.text}` : composed.text }
      : { text: notice, mode: 'extractive' as const, citedLabels: [] as string[], citedSections: [] as LabelledSection[], forbidden: [] as ComposedPlan['forbidden'], removed: [] as ComposedPlan['removed'], fallbackReason: undefined };
    const plan = consult.urgentReferral ? { ...body, text: planAfterReferral(body.text) } : body;
    await deps.store.commitPlan({
      consultId,
      idempotencyKey: key,
      kind: 'assessment_plan',
      mode: plan.mode,
      model: plan.mode === 'llm' ? (deps.writer?.model ?? null) : null,
      text: plan.text,
      citations: citationsOf(plan.citedSections),
    });
    deps.log.info({ consultId, mode: plan.mode, sections: sections.length, cited: plan.citedLabels.length, removed: plan.removed.length, fallback: plan.fallbackReason ?? null }, 'plan stored');
    const refused = plan.removed.filter((r) => r.reason === 'contraindicated_for_patient' || r.reason === 'section_for_other_population').map((r) => r.reason);
    // Ids and reasons only: never the line, which may carry patient details.
    const forbidden = [...new Set(plan.forbidden.map((f) => f.drug))];
    if (refused.length > 0 || forbidden.length > 0) deps.log.warn({ consultId, refused, forbidden }, 'plan: drugs or lines refused for this patient');
  }
  await deliverOutbox(deps, consult.chatRef);
}

/** Answers a question asked after the plan, from the consult's cited sections plus a fresh retrieval. */
export async function runFollowUpJob(deps: PlanJobDeps, payload: unknown): Promise<void> {
  const consultId = consultIdOf(payload);
  const inboundId = (payload as { inboundId?: unknown }).inboundId;
  if (typeof inboundId !== 'string') throw new PermanentJobError('follow-up job payload has no inboundId');
  const key = `follow-up:${inboundId}`;
  const consult = await deps.store.consultById(consultId);
  if (!consult) throw new PermanentJobError(`consult ${consultId} does not exist`);
  if (!(await deps.store.planExists(key))) {
    const question = await deps.store.inboundText(inboundId);
    if (!question) throw new PermanentJobError(`follow-up question ${inboundId} not found`);
    const earlier = await deps.store.citedSections(consultId);
    const condition = consult.diagnoses[0]?.condition ?? '';
    const fresh = await deps.search({ condition: `${condition} ${question}`.trim(), demographics: consult.demographics, findings: consult.findings, k: 4 });
    const asRetrieved: RetrievedSection[] = earlier.map((s) => ({
      chunkId: s.chunkId ?? `cited:${s.contentHash}`,
      accession: s.accession,
      bookTitle: s.bookTitle,
      partFile: '',
      sectionId: null,
      sectionPath: s.sectionPath,
      titlePath: s.titlePath,
      text: s.text,
      tokenCount: Math.ceil(s.text.length / 4),
      fusedScore: 0,
      foundBy: ['consult'],
    }));
    const retrieved = [...fresh.sections, ...asRetrieved];
    const sections = labelSections(retrieved);
    const answer = await composePlan({
      ...(deps.writer ? { writer: deps.writer } : {}),
      // A follow-up answer may rightly be one or two lines.
      minKeptLines: 1,
      input: { demographics: consult.demographics, findings: consult.findings, diagnoses: consult.diagnoses, sections, question },
    });
    await deps.store.commitPlan({
      consultId,
      idempotencyKey: key,
      kind: 'follow_up',
      mode: answer.mode,
      model: answer.mode === 'llm' ? (deps.writer?.model ?? null) : null,
      text: consult.urgentReferral ? planAfterReferral(answer.text) : answer.text,
      citations: citationsOf(answer.citedSections),
    });
  }
  await deliverOutbox(deps, consult.chatRef);
}

function citationsOf(cited: readonly LabelledSection[]) {
  return cited.map((s) => ({
      label: s.label,
      chunkId: s.chunkId.startsWith('cited:') ? null : s.chunkId,
      accession: s.accession,
      bookTitle: s.bookTitle,
      sectionPath: s.sectionPath,
      titlePath: s.titlePath,
      text: s.text,
      contentHash: createHash('sha256').update(s.text).digest('hex'),
    }));
}

