import type { CitedSection } from '../rag/guideline-section.js';
import type { ProposedDiagnosis } from './interview-model.js';
import type { Demographics, Finding } from '../patient/findings.js';
import type { ChannelName, InboundMessage, OutboundMessage } from './messages.js';

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
}

export interface ConsultSnapshot {
  id: string;
  chatRef: string;
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

/** An inbound message as stored in the chat's inbox, waiting for its turn. */
export interface PendingInbound {
  /** Database id of the stored message. */
  id: string;
  chatRef: string;
  externalChatId: string;
  channel: ChannelName;
  text: string | null;
  media: string | null;
  edited: boolean;
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

/** An outbound message waiting in the outbox. */
export interface PendingOutbound {
  id: string;
  chatRef: string;
  externalChatId: string;
  channel: ChannelName;
  text: string;
  kind: OutboundMessage['kind'];
  idempotencyKey: string;
  /** Parts of a split reply already delivered before a failure: the next attempt resumes after them. */
  deliveredParts: number;
  /** Not before this time (the platform asked for a pause); null = now. */
  retryAfter: Date | null;
}

/** The port for consult persistence; the database adapter implements it in one place. */
export interface ConsultStore {
  /**
   * Stores an inbound message in its chat's inbox once. Returns null for a redelivery (same channel and
   * message id): it changes nothing and sends nothing.
   */
  recordInbound(message: InboundMessage, healthWorkerId: string | null): Promise<{ chatRef: string } | null>;
  /** Runs `work` holding the chat's lease lock; returns false at once if another turn holds it. */
  withChatLock(chatRef: string, work: () => Promise<void>): Promise<boolean>;
  nextPendingInbound(chatRef: string): Promise<PendingInbound | null>;
  /** The chat's unhandled inbound messages in arrival order (at most `limit`), for triage ahead of their turns. */
  pendingInbound(chatRef: string, limit: number): Promise<PendingInbound[]>;
  hasPendingInbound(chatRef: string): Promise<boolean>;
  /** The chat's active consult, or null. */
  activeConsult(chatRef: string): Promise<ConsultSnapshot | null>;
  consultById(consultId: string): Promise<ConsultSnapshot | null>;
  /** Commits a turn: consult changes, findings, diagnoses, outbox replies, and the inbound message handled. */
  commitTurn(input: { chatRef: string; inbound: PendingInbound; consultId: string | null; outcome: TurnOutcome }): Promise<{ consultId: string | null }>;
  /** Stores an urgent referral in the outbox at once (before the rest of the turn), once per inbound message. */
  commitUrgentReferral(input: { chatRef: string; inbound: PendingInbound; consultId: string | null; text: string; signs: string[] }): Promise<void>;
  unsentOutbound(chatRef: string): Promise<PendingOutbound[]>;
  markSent(outboundId: string, channelMessageIds: string[]): Promise<void>;
  /** A failed attempt that may succeed later: how many parts arrived, and when to try again. */
  recordDeliveryAttempt(outboundId: string, attempt: { deliveredParts: number; retryAfterMs: number | null }): Promise<void>;
  /** The platform refused the message for good: it is never retried; an audit event says why (no text). */
  markUndeliverable(outboundId: string, outcome: { reason: string; deliveredParts: number }): Promise<void>;
  /** The chat's reference for a channel's chat id, or null if it never wrote. */
  findChat(channel: ChannelName, externalChatId: string): Promise<string | null>;
  /** Chats with unhandled inbound or unsent outbound messages (resumed at start-up). */
  chatsWithPendingWork(): Promise<string[]>;
  /** Consults whose plan was requested but not yet stored, with how long they have waited. */
  consultsAwaitingPlan(): Promise<Array<{ consultId: string; waitingMs: number }>>;
}

/** The port for storing plans; part of the same database adapter. */
export interface PlanStore {
  planExists(idempotencyKey: string): Promise<boolean>;
  /**
   * Stores a plan, its citations and its outbound message in one transaction, once per key. For an
   * Assessment & Plan it also completes the consult (stage done).
   */
  commitPlan(input: {
    consultId: string;
    idempotencyKey: string;
    kind: 'assessment_plan' | 'follow_up';
    mode: 'llm' | 'extractive';
    model: string | null;
    text: string;
    citations: Array<{ label: string } & CitedSection>;
  }): Promise<void>;
  /** Sections cited by the consult's earlier plans (for follow-up questions). */
  citedSections(consultId: string): Promise<CitedSection[]>;
  inboundText(messageId: string): Promise<string | null>;
}
