import type { LabelledSection } from '../rag/plan-writer.js';
import type { ProposedDiagnosis } from './interview-model.js';
import type { Demographics, Finding } from '../patient/findings.js';
import type { MessageStore, PendingInbound } from './message-store.js';
import type { OutboundMessage } from './messages.js';

export type ConsultStage = 'demographics' | 'interview' | 'differentials' | 'plan' | 'done';

/** Protocol bookkeeping kept with the consult (offline question sequence, suggestions shown). */
export interface ConsultProtocolState {
  /** The offline question last asked, so a bare "no" or "12" is read as its answer. */
  asked?: 'age' | 'sex' | 'pregnancy' | 'weight' | 'findings';
  /** Conditions last suggested, so the health worker can answer with a number. */
  suggestions?: string[];
  /** The offline switch was announced to the health worker. */
  offlineAnnounced?: boolean;
  /** Optional questions the health worker cannot answer (no scale): not asked again. */
  declined?: Array<'sex' | 'weight'>;
  /** A voice note's transcript echoed back and waiting for the health worker's YES or correction. */
  pendingTranscript?: string;
}

export interface ConsultSnapshot {
  id: string;
  chatRef: string;
  /** When the consult began: a plan that arrives after the chat moved on says whom it is for with it. */
  startedAt: Date;
  stage: ConsultStage;
  offline: boolean;
  demographics: Demographics;
  findings: Finding[];
  diagnoses: Array<{ condition: string; confidence: number | null; rank: number }>;
  urgentReferral: boolean;
  state: ConsultProtocolState;
  /** Earlier turns, oldest first (for the interview model). */
  transcript: Array<{ role: 'health_worker' | 'assistant'; text: string }>;
}


/** Everything one turn changes, committed atomically with the inbound message marked handled. */
export interface TurnOutcome {
  /** Abandon the active consult (status cancelled) before anything else. */
  cancelActive?: boolean;
  /** Start a new consult (after cancelling the active one, for /new). */
  startNew?: boolean;
  consult?: {
    stage?: ConsultStage;
    offline?: boolean;
    demographics?: Demographics;
    state?: ConsultProtocolState;
    urgentReferral?: boolean;
  };
  findings?: Finding[];
  /** Replaces the consult's diagnoses. */
  diagnoses?: Array<ProposedDiagnosis & { source: 'llm' | 'health_worker' | 'rules' }>;
  replies: Array<{ text: string; kind: OutboundMessage['kind'] }>;
  /** Enqueue the plan job for the consult after commit. */
  requestPlan?: boolean;
  /** Enqueue a follow-up answer job for this question after commit. */
  requestFollowUp?: { question: string };
}

/** The port for consults: their snapshots, the atomic commit of a turn, and referrals; the engine takes it together with the inbox/outbox. */
export interface ConsultRecords {
  /** The chat's active consult, or null. */
  activeConsult(chatRef: string): Promise<ConsultSnapshot | null>;
  consultById(consultId: string): Promise<ConsultSnapshot | null>;
  /** Commits a turn: consult changes, findings, diagnoses, outbox replies, and the inbound message handled. */
  commitTurn(input: { chatRef: string; inbound: PendingInbound; consultId: string | null; outcome: TurnOutcome }): Promise<{ consultId: string | null }>;
  /** Stores an urgent referral in the outbox at once (before the rest of the turn), once per inbound message. */
  commitUrgentReferral(input: { chatRef: string; inbound: PendingInbound; consultId: string | null; text: string; signs: string[] }): Promise<void>;
  /** Consults whose plan was requested but not yet stored, with how long they have waited. */
  consultsAwaitingPlan(): Promise<Array<{ consultId: string; waitingMs: number }>>;
  /**
   * The sections the consult's last answer sent (its plan, or a later follow-up answer) cites, under the
   * labels it printed, in label order, with their full titles as its citations keep them; empty when none.
   */
  lastAnswerSources(consultId: string): Promise<LabelledSection[]>;
}

/** What the consult engine persists: a chat's messages and its consults. */
export type ConsultStore = MessageStore & ConsultRecords;

