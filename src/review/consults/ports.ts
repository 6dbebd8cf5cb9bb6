/** What the review use cases need from storage; the database adapter is infra/db/stores/review-store.ts. */

/** Whose consults a query may touch: one supervisor's CHWs, or everyone's (an admin). */
export type ReviewScope = { kind: 'all' } | { kind: 'supervisor'; supervisorId: string };

export interface QueueFilter {
  /** Only consults nobody has reviewed yet. */
  unreviewed?: boolean;
  /** Only consults with an urgent referral. */
  urgent?: boolean;
  /** Working diagnosis (rank 1), exact condition name. */
  diagnosis?: string;
  healthWorkerId?: string;
  /** Consults started at or after this instant. */
  from?: Date;
  /** Consults started before this instant. */
  before?: Date;
}

export interface QueueRow {
  consultId: string;
  startedAt: Date;
  healthWorkerName: string | null;
  workingDiagnosis: string | null;
  urgentReferral: boolean;
  hasPlan: boolean;
  reviews: number;
  lastAgreement: Agreement | null;
}

/** Counts shown beside each filter, over the scope and date range (other filters not applied). */
export interface QueueCounts {
  /** Consults matching every filter (the list's length). */
  matching: number;
  all: number;
  unreviewed: number;
  urgent: number;
  diagnoses: Array<{ condition: string; count: number }>;
  healthWorkers: Array<{ id: string; name: string; count: number }>;
}

export type Agreement = 'agree' | 'partly' | 'disagree';
export const AGREEMENTS: readonly Agreement[] = ['agree', 'partly', 'disagree'];
export type LineFlag = 'unsafe' | 'wrong_patient' | 'missing_step' | 'not_in_guideline';
export const LINE_FLAGS: readonly LineFlag[] = ['unsafe', 'wrong_patient', 'missing_step', 'not_in_guideline'];

export interface ConsultRecord {
  id: string;
  chatRef: string;
  channel: string;
  healthWorker: { id: string; name: string; supervisorId: string | null } | null;
  status: string;
  startedAt: Date;
  completedAt: Date | null;
  demographics: Record<string, unknown>;
  urgentReferral: boolean;
  /** Danger-sign codes triage raised in this consult, in the order raised. */
  dangerSigns: string[];
  /**
   * Every message of the consult in order, the urgent referral sent on arrival included; `planId` is
   * set on the message that carried a plan or a follow-up answer (the same text as that plan).
   */
  transcript: Array<{ id: string; direction: 'inbound' | 'outbound'; kind: string; replyKind: string | null; text: string | null; at: Date; planId: string | null }>;
  findings: Array<{ category: string; value: string; negated: boolean; sourceMessageId: string | null }>;
  diagnoses: Array<{ condition: string; rank: number; confidence: number | null; source: string; rationale: string | null }>;
  plans: Array<{
    id: string;
    kind: string;
    mode: string;
    text: string;
    createdAt: Date;
    citations: Array<{ label: string; accession: string; bookTitle: string | null; sectionPath: string; quotedText: string }>;
  }>;
}

export interface ReviewRecord {
  id: string;
  supervisorId: string;
  supervisorName: string;
  agreement: Agreement | null;
  lineFlags: Array<{ line: number; flags: LineFlag[] }>;
  feedback: string | null;
  createdAt: Date;
  /** The feedback went to the CHW's outbox; deliveredAt is when the channel accepted it. */
  sentToHealthWorker: boolean;
  deliveredAt: Date | null;
}

/** A chat of a health worker's and when it was last used: their latest message in it, or when it was opened. */
export interface HealthWorkerChat {
  chatRef: string;
  channel: string;
  lastUsedAt: Date;
}

export interface NewReview {
  consultId: string;
  supervisorId: string;
  agreement: Agreement;
  lineFlags: Array<{ line: number; flags: LineFlag[] }>;
  feedback: string | null;
  submissionKey: string;
  /** When the supervisor submitted it, by the review app's clock (the audit record's time too). */
  reviewedAt: Date;
  /** When set, this text goes into this chat's outbox in the same transaction, once. */
  feedbackMessage: { chatRef: string; text: string } | null;
}

export interface DashboardData {
  /** Consults per ISO week (Monday, UTC) per health worker. */
  weekly: Array<{ weekStart: Date; healthWorkerName: string; consults: number; urgent: number }>;
  consults: number;
  urgent: number;
  reviewed: number;
  agreed: number;
  reviews: number;
  /** Minutes from the first inbound message to the Assessment & Plan, one per planned consult. */
  minutesToPlan: number[];
  /** Consults per working diagnosis (rank 1; null: none stated), most frequent first. */
  diagnoses: Array<{ condition: string | null; consults: number }>;
  /** Reviews per health worker and agreement. */
  agreementByWorker: Array<{ healthWorkerName: string; agreement: Agreement | null; reviews: number }>;
  /** Messages a CHW sent after the Assessment & Plan (follow-up questions), and how many have their answer. */
  followUps: { asked: number; answered: number };
  /** Follow-up questions still without an answer, oldest first (at most 10). */
  unansweredFollowUps: Array<{ consultId: string; askedAt: Date; text: string | null }>;
  unreviewed: number;
  urgentUnreviewed: number;
}

export interface ReviewExportRow {
  reviewedAt: Date;
  consultId: string;
  consultStartedAt: Date;
  healthWorkerName: string | null;
  supervisorName: string;
  workingDiagnosis: string | null;
  urgentReferral: boolean;
  agreement: Agreement | null;
  flaggedLines: number;
  feedback: string | null;
  deliveredAt: Date | null;
}

export interface ReviewStore {
  /** One page of the filtered queue, newest first. */
  queue(scope: ReviewScope, filter: QueueFilter, page: { offset: number; limit: number }): Promise<QueueRow[]>;
  /** The per-filter counts over the scope and date range, and how many match the whole filter. */
  queueCounts(scope: ReviewScope, filter: QueueFilter): Promise<QueueCounts>;
  /** The supervisor of the consult's health worker (null when none), or undefined when the consult does not exist. */
  consultSupervisor(consultId: string): Promise<string | null | undefined>;
  consultRecord(consultId: string): Promise<ConsultRecord | null>;
  /** Every chat the health worker has on any channel (feedback-chat.ts picks the one feedback goes to). */
  healthWorkerChats(healthWorkerId: string): Promise<HealthWorkerChat[]>;
  reviewsOf(consultId: string): Promise<ReviewRecord[]>;
  /** Stores the review (and its outbound feedback) once per submission key; created=false for a resubmission. */
  saveReview(review: NewReview): Promise<{ reviewId: string; created: boolean }>;
  dashboard(scope: ReviewScope, since: Date): Promise<DashboardData>;
  exportReviews(scope: ReviewScope, range: { from: Date; before: Date }): Promise<ReviewExportRow[]>;
  /** The oldest review in scope (null: none), how many there are, and how many were made at or after `since`. */
  reviewSpan(scope: ReviewScope, since: Date): Promise<{ oldest: Date | null; all: number; since: number }>;
}
