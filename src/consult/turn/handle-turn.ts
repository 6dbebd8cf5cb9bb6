import { isAppError, userMessage } from '../../core/app-error.js';
import type { ConsultProtocolState, ConsultSnapshot, TurnOutcome } from '../consult-store.js';
import type { PendingInbound } from '../message-store.js';
import type { Demographics, Finding } from '../../patient/findings.js';
import { withLaterDemographics } from '../../patient/pregnancy.js';
import { parseChatCommand } from '../chat-command.js';
import type { LabelledSection } from '../../rag/plan-writer.js';
import { formatSources } from '../../rag/plan/format-sources.js';
import { toolsForStage, type InterviewAction, type InterviewModel } from '../interview-model.js';
import { extractFacts, type ExtractedFacts } from '../offline/extract-facts.js';
import { declinesAnswer, missingDemographic, OPTIONAL_QUESTIONS, QUESTIONS, readBareAnswer, readStatedDiagnosis } from '../offline/protocol.js';
import { suggestConditions } from '../offline/suggest-conditions.js';
import { describesAnotherPatient } from './another-patient.js';
import {
  ANOTHER_PATIENT,
  CANCELLED,
  HELP_TEXT,
  NEW_CONSULT,
  NOTHING_TO_CANCEL,
  NO_SOURCES_YET,
  notCovered,
  statedAbsent,
  notRecorded,
  PLAN_IN_PROGRESS,
  planRequested,
  suggestionsText,
} from './texts.js';

export interface TurnDeps {
  /** Absent: the offline protocol mode. */
  interview?: InterviewModel;
  /** The sections the consult's last answer cites, for /sources; absent: /sources finds none. */
  lastAnswerSources?: (consultId: string) => Promise<LabelledSection[]>;
  /** Whether the guidelines cover a stated condition; absent: every dx: goes to the plan job (which checks again). */
  coverage?: ConditionCoverage;
}

/** Port: does the guideline library cover this condition, and which covered conditions are nearest? */
export type ConditionCoverage = (
  condition: string,
  patient: Pick<ConsultSnapshot, 'demographics' | 'findings'>,
) => Promise<{ covered: boolean; closest: string[]; statedAbsent?: string }>;

type Reply = TurnOutcome['replies'][number];

/**
 * Decides what one inbound message does to the chat's consult. Triage has already run, and the text is
 * the cleaned, capped scan of the message (consult/inbound-text.ts); `facts` is the rule extraction of
 * that text when the caller (triage) already ran it. Nothing is written here: the caller commits the
 * outcome atomically.
 */
export async function handleTurn(deps: TurnDeps, consult: ConsultSnapshot | null, inbound: PendingInbound, facts?: ExtractedFacts): Promise<TurnOutcome> {
  const text = (inbound.text ?? '').trim();
  if (text === '') return { replies: [{ text: userMessage('empty_message'), kind: 'reply' }] };

  const command = parseChatCommand(text)?.command;
  if (command === 'help' || command === 'start') return { replies: [{ text: HELP_TEXT, kind: 'reply' }] };
  if (command === 'cancel') {
    return consult && consult.stage !== 'done'
      ? { cancelActive: true, replies: [{ text: CANCELLED, kind: 'reply' }] }
      : { replies: [{ text: NOTHING_TO_CANCEL, kind: 'reply' }] };
  }
  if (command === 'sources') {
    // The plan names its sources in a few words each ("S1: Malaria at community level 3.2"); here are their full titles and links.
    const cited = consult && deps.lastAnswerSources ? await deps.lastAnswerSources(consult.id) : [];
    const text = cited.length > 0 ? formatSources(cited, cited.map((s) => s.label)) : NO_SOURCES_YET;
    return { replies: [{ text, kind: 'reply' }] };
  }
  if (command === 'new') {
    return { cancelActive: consult !== null && consult.stage !== 'done', startNew: true, consult: { offline: !deps.interview }, replies: [{ text: `${NEW_CONSULT}\n\n${QUESTIONS.age}`, kind: 'reply' }] };
  }

  if (!consult || consult.stage === 'done') {
    const read = facts ?? extractFacts(text);
    // After the plan a message is a question about the same patient, unless it states another one.
    const another = consult !== null && describesAnotherPatient(consult.demographics, read);
    if (consult && !another) return { requestFollowUp: { question: text }, replies: [] };
    // A first message starts a consult and is read as its first answer.
    const fresh: ConsultSnapshot = {
      id: '',
      chatRef: inbound.chatRef,
      startedAt: new Date(),
      stage: 'demographics',
      offline: !deps.interview,
      demographics: {},
      findings: [],
      diagnoses: [],
      urgentReferral: false,
      state: {},
      transcript: [],
    };
    const outcome = await runStage(deps, fresh, text, read);
    const replies = another ? [{ text: ANOTHER_PATIENT, kind: 'reply' as const }, ...outcome.replies] : outcome.replies;
    return { ...outcome, replies, startNew: true, consult: { offline: fresh.offline, ...outcome.consult } };
  }
  if (consult.stage === 'plan' || consult.stage === 'differentials') {
    return { replies: [{ text: PLAN_IN_PROGRESS, kind: 'reply' }] };
  }
  return runStage(deps, consult, text, facts ?? extractFacts(text));
}

async function runStage(deps: TurnDeps, consult: ConsultSnapshot, text: string, facts: ExtractedFacts): Promise<TurnOutcome> {
  const stated = readStatedDiagnosis(text, consult.state.suggestions);
  // A stated diagnosis goes ahead once nothing but an optional answer (sex, weight) is missing: the
  // plan then says what it could not use, rather than the bot asking again and again.
  const missing = missingDemographic(consult.demographics, OPTIONAL_QUESTIONS);
  if (stated && (consult.stage === 'interview' || (consult.stage === 'demographics' && missing === null))) {
    const several = await conditionsJoined(deps, consult, stated);
    if (several) return diagnosisStated(consult, ...several);
    const coverage = deps.coverage ? await deps.coverage(stated, consult) : { covered: true, closest: [] };
    if (coverage.covered) return diagnosisStated(consult, stated);
    // Not in the library: say so, offer the nearest covered conditions by number, and keep the consult open.
    // A diagnosis of what the patient does not have ("no anaemia"): say so, and ask for what she has.
    const text = coverage.statedAbsent ? statedAbsent(stated, coverage.statedAbsent, coverage.closest, true) : notCovered([stated], coverage.closest, true);
    return { consult: { state: { ...consult.state, asked: 'findings', suggestions: coverage.closest } }, replies: [{ text, kind: 'reply' }] };
  }
  if (deps.interview && !consult.offline) {
    try {
      return await llmTurn(deps.interview, consult, text, facts);
    } catch (error) {
      if (!isAppError(error, 'llm_unavailable')) throw error;
      const offline = offlineTurn({ ...consult, offline: true }, text, facts);
      return {
        ...offline,
        consult: { ...offline.consult, offline: true, state: { ...(offline.consult?.state ?? consult.state), offlineAnnounced: true } },
        replies: [{ text: userMessage('llm_unavailable'), kind: 'reply' }, ...offline.replies],
      };
    }
  }
  return offlineTurn(consult, text, facts);
}

function diagnosisStated(consult: ConsultSnapshot, ...conditions: string[]): TurnOutcome {
  return {
    consult: { stage: 'plan', state: { ...(consult.state.offlineAnnounced ? { offlineAnnounced: true } : {}) } },
    diagnoses: conditions.map((condition) => ({ condition, confidence: 1, source: 'health_worker' as const })),
    requestPlan: true,
    replies: [{ text: planRequested(conditions), kind: 'reply' }],
  };
}

/** "and", "plus", "+" or "&" between two conditions in one stated diagnosis; not the "+" of "HIV+ pregnant woman". */
const JOINS_CONDITIONS = /\s+(?:and|plus|\+|&)\s+|(?<=[a-z])[+&](?=[a-z])/i;
/** IMCI's one class "cough or cold": "cough and cold" is one diagnosis, not two of the same class. */
const COUGH_OR_COLD = /^(?:cough\w*|colds?|catarrh)$/i;
/** A part that names who the patient is, not a condition: "HIV and pregnancy" is HIV in pregnancy. */
const POPULATION_ONLY = /^(?:(?:in |during )?(?:pregnan\w*|postpartum|post-partum|breastfeeding|lactating|antenatal|anc)|(?:an? )?(?:child|baby|infant|newborn|adult|elderly|old age|woman|man))$/i;
/** The plan job plans for at most this many diagnoses. */
const MOST_CONDITIONS = 3;

/**
 * The conditions of a diagnosis that joins several, each covered on its own: "malaria and pneumonia" is
 * two illnesses, each with its own plan (the child with a positive RDT and fast breathing needs the ACT
 * and the amoxicillin), where one search for both words planned only the pneumonia. Null when it joins
 * none, or a part is not covered by itself ("diarrhoea and vomiting" stays one diagnosis if "vomiting" is
 * not): the diagnosis is then read whole, as before.
 */
async function conditionsJoined(deps: TurnDeps, consult: ConsultSnapshot, stated: string): Promise<string[] | null> {
  if (!deps.coverage) return null;
  const parts = [...new Set(stated.split(JOINS_CONDITIONS).map((p) => p.trim()).filter((p) => p !== ''))];
  if (parts.length < 2 || parts.length > MOST_CONDITIONS || parts.some((p) => p.length < 2 || POPULATION_ONLY.test(p)) || parts.every((p) => COUGH_OR_COLD.test(p))) return null;
  const coverage = deps.coverage;
  const each = await Promise.all(parts.map((part) => coverage(part, consult)));
  return each.every((c) => c.covered && c.statedAbsent === undefined) ? parts : null;
}

/** The offline protocol: a fixed question sequence and rule extraction. */
function offlineTurn(consult: ConsultSnapshot, text: string, facts: ExtractedFacts): TurnOutcome {
  const outcome = offlineAnswer(consult, text, facts);
  if (!facts.rejected) return outcome;
  // A value that cannot be right is said back first, so the health worker sends it again.
  return { ...outcome, replies: outcome.replies.map((r, i) => (i === 0 ? { ...r, text: `${notRecorded(facts.rejected ?? [])}\n\n${r.text}` } : r)) };
}

function offlineAnswer(consult: ConsultSnapshot, text: string, facts: ExtractedFacts): TurnOutcome {
  const demographics: Demographics = withLaterDemographics({ ...consult.demographics, ...readBareAnswer(consult.state.asked, text) }, facts.demographics);
  const known = new Set(consult.findings.map((f) => f.value.toLowerCase()));
  const newFindings = facts.findings.filter((f) => !known.has(f.value.toLowerCase()));
  const allFindings = [...consult.findings, ...newFindings];
  const asked = consult.state.asked;
  const declined = [...(consult.state.declined ?? [])];
  if ((asked === 'sex' || asked === 'weight') && declinesAnswer(text) && !declined.includes(asked)) declined.push(asked);
  const base: ConsultProtocolState = declined.length > 0 ? { ...consult.state, declined } : consult.state;
  const missing = missingDemographic(demographics, declined);
  if (missing) {
    return reply({ demographics, stage: 'demographics', state: { ...base, asked: missing } }, newFindings, QUESTIONS[missing]);
  }
  if (consult.stage === 'demographics') {
    return reply({ demographics, stage: 'interview', state: { ...base, asked: 'findings' } }, newFindings, QUESTIONS.findings);
  }
  const suggestions = suggestConditions(allFindings, demographics).slice(0, 5);
  const state: ConsultProtocolState = { ...base, asked: 'findings', suggestions };
  return reply({ demographics, state }, newFindings, suggestionsText(newFindings.map((f) => f.value), suggestions));
}

function reply(consult: NonNullable<TurnOutcome['consult']>, findings: Finding[], text: string): TurnOutcome {
  return { consult, findings, replies: [{ text, kind: 'reply' }] };
}

/** The LLM-driven interview: validated tool calls become consult changes. */
async function llmTurn(model: InterviewModel, consult: ConsultSnapshot, text: string, facts: ExtractedFacts): Promise<TurnOutcome> {
  const stage = consult.stage === 'demographics' ? 'demographics' : 'interview';
  const result = await model.runTurn({
    stage,
    demographics: consult.demographics,
    findings: consult.findings,
    transcript: consult.transcript,
    message: text,
    tools: toolsForStage(stage),
  });
  // What the rules refuse (a negative number, 45 °C) the model may pass on as written: never store it.
  const rejected = facts.rejected ?? [];
  const refused = new Set(rejected.flatMap((r) => [...r.matchAll(/\d+(?:\.\d+)?/g)].map((m) => Number(m[0]))));
  const mentionsRefused = (value: string) => [...value.matchAll(/\d+(?:\.\d+)?/g)].some((m) => refused.has(Number(m[0])));
  let demographics = consult.demographics;
  const findings: Finding[] = [];
  let differentials: Extract<InterviewAction, { kind: 'differentials' }> | undefined;
  for (const action of result.actions) {
    if (action.kind === 'demographics') {
      const { weightKg, ...rest } = action.demographics;
      demographics = withLaterDemographics(demographics, { ...rest, ...(weightKg !== undefined && !refused.has(weightKg) ? { weightKg } : {}) });
    } else if (action.kind === 'findings') findings.push(...action.findings.filter((f) => !mentionsRefused(f.value)));
    else differentials = action;
  }
  const outcome = llmOutcome(result, consult, stage, demographics, findings, differentials);
  if (rejected.length === 0) return outcome;
  return { ...outcome, replies: outcome.replies.map((r, i) => (i === 0 ? { ...r, text: `${notRecorded(rejected)}\n\n${r.text}` } : r)) };
}

function llmOutcome(
  result: Awaited<ReturnType<InterviewModel['runTurn']>>,
  consult: ConsultSnapshot,
  stage: 'demographics' | 'interview',
  demographics: Demographics,
  findings: Finding[],
  differentials: Extract<InterviewAction, { kind: 'differentials' }> | undefined,
): TurnOutcome {
  const replies: Reply[] = [];
  if (differentials && differentials.diagnoses.length > 0) {
    const ranked = differentials.diagnoses.slice(0, 5);
    replies.push({ text: result.reply ?? planRequested(ranked.map((d) => d.condition)), kind: 'reply' });
    return {
      consult: { demographics, stage: 'plan' },
      findings,
      diagnoses: ranked.map((d) => ({ ...d, source: 'llm' as const })),
      requestPlan: true,
      replies,
    };
  }
  const nextStage = stage === 'demographics' && missingDemographic(demographics) === null ? 'interview' : consult.stage;
  const fallback = missingDemographic(demographics);
  replies.push({ text: result.reply ?? (fallback ? QUESTIONS[fallback] : QUESTIONS.findings), kind: 'reply' });
  return { consult: { demographics, stage: nextStage }, findings, replies };
}
