import { randomUUID } from 'node:crypto';
import type { Agreement, ConsultRecord, LineFlag, QueueFilter, ReviewScope, ReviewStore } from '../../../review/consults/ports.js';
import type { Database } from '../open-database.js';
import type { SqlSession } from '../sql-session.js';

const date = (v: Date | string) => (v instanceof Date ? v : new Date(v));
const maybeDate = (v: Date | string | null) => (v === null ? null : date(v));

/**
 * The consults a review queue lists: those with a plan (completed) and any with an urgent referral,
 * within the scope ($1: a supervisor id, or null for everyone) and date range ($2, $3).
 */
const SCOPED = `
  FROM consults c LEFT JOIN health_workers hw ON hw.id = c.health_worker_id
 WHERE (c.status = 'completed' OR c.urgent_referral)
   AND ($1::uuid IS NULL OR hw.supervisor_id = $1::uuid)
   AND ($2::timestamptz IS NULL OR c.created_at >= $2::timestamptz)
   AND ($3::timestamptz IS NULL OR c.created_at < $3::timestamptz)`;

const FILTERED = `${SCOPED}
   AND ($4::boolean IS NOT TRUE OR NOT EXISTS (SELECT 1 FROM supervisor_reviews r WHERE r.consult_id = c.id))
   AND ($5::boolean IS NOT TRUE OR c.urgent_referral)
   AND ($6::text IS NULL OR EXISTS (SELECT 1 FROM diagnoses d WHERE d.consult_id = c.id AND d.rank = 1 AND d.condition = $6::text))
   AND ($7::uuid IS NULL OR c.health_worker_id = $7::uuid)`;

function scopeParam(scope: ReviewScope): string | null {
  return scope.kind === 'all' ? null : scope.supervisorId;
}

function filterParams(scope: ReviewScope, f: QueueFilter): unknown[] {
  return [scopeParam(scope), f.from ?? null, f.before ?? null, f.unreviewed ?? null, f.urgent ?? null, f.diagnosis ?? null, f.healthWorkerId ?? null];
}

/** What the review web app reads and writes (the port of src/review/consults/ports.ts). */
export function createReviewStore(db: Database): ReviewStore {
  const sql = db.sql;
  return {
    async queue(scope, filter, page) {
      const params = filterParams(scope, filter);
      const rows = await sql.query<{
        id: string;
        created_at: Date | string;
        urgent_referral: boolean;
        display_name: string | null;
        condition: string | null;
        has_plan: boolean;
        reviews: number;
        last_agreement: Agreement | null;
      }>(
        `SELECT c.id, c.created_at, c.urgent_referral, hw.display_name,
                (SELECT d.condition FROM diagnoses d WHERE d.consult_id = c.id AND d.rank = 1) AS condition,
                EXISTS (SELECT 1 FROM plans p WHERE p.consult_id = c.id AND p.kind = 'assessment_plan') AS has_plan,
                (SELECT count(*)::int FROM supervisor_reviews r WHERE r.consult_id = c.id) AS reviews,
                (SELECT r.agreement FROM supervisor_reviews r WHERE r.consult_id = c.id ORDER BY r.created_at DESC LIMIT 1) AS last_agreement
         ${FILTERED}
         ORDER BY c.created_at DESC, c.id DESC LIMIT $8 OFFSET $9`,
        [...params, page.limit, page.offset],
      );
      return rows.map((r) => ({
        consultId: r.id,
        startedAt: date(r.created_at),
        healthWorkerName: r.display_name,
        workingDiagnosis: r.condition,
        urgentReferral: r.urgent_referral,
        hasPlan: r.has_plan,
        reviews: Number(r.reviews),
        lastAgreement: r.last_agreement,
      }));
    },

    async queueCounts(scope, filter) {
      // One pass over the scope grouped by (diagnosis, CHW): every count beside the filters and the
      // filtered total are sums of these few groups, instead of a scan per count (10,000 consults on PGlite).
      const groups = await sql.query<{ condition: string | null; hw_id: string | null; hw_name: string | null; n: number; unreviewed: number; urgent: number; matching: number }>(
        `WITH scoped AS (
           SELECT c.urgent_referral AS urgent, hw.id AS hw_id, hw.display_name AS hw_name, d.condition,
                  c.id IN (SELECT consult_id FROM supervisor_reviews) AS reviewed
           ${SCOPED.replace(
             'LEFT JOIN health_workers hw ON hw.id = c.health_worker_id',
             `LEFT JOIN health_workers hw ON hw.id = c.health_worker_id
              LEFT JOIN diagnoses d ON d.consult_id = c.id AND d.rank = 1`,
           )}
         )
         SELECT condition, hw_id, hw_name, count(*)::int AS n,
                (count(*) FILTER (WHERE NOT reviewed))::int AS unreviewed, (count(*) FILTER (WHERE urgent))::int AS urgent,
                (count(*) FILTER (WHERE ($4::boolean IS NOT TRUE OR NOT reviewed) AND ($5::boolean IS NOT TRUE OR urgent)
                                    AND ($6::text IS NULL OR condition = $6::text) AND ($7::uuid IS NULL OR hw_id = $7::uuid)))::int AS matching
           FROM scoped GROUP BY condition, hw_id, hw_name`,
        filterParams(scope, filter),
      );
      const diagnoses = new Map<string, number>();
      const workers = new Map<string, { id: string; name: string; count: number }>();
      const totals = { matching: 0, all: 0, unreviewed: 0, urgent: 0 };
      for (const g of groups) {
        totals.matching += g.matching;
        totals.all += g.n;
        totals.unreviewed += g.unreviewed;
        totals.urgent += g.urgent;
        if (g.condition !== null) diagnoses.set(g.condition, (diagnoses.get(g.condition) ?? 0) + g.n);
        if (g.hw_id !== null) {
          const w = workers.get(g.hw_id) ?? { id: g.hw_id, name: g.hw_name ?? '', count: 0 };
          w.count += g.n;
          workers.set(g.hw_id, w);
        }
      }
      return {
        ...totals,
        diagnoses: [...diagnoses].map(([condition, count]) => ({ condition, count })).sort((a, b) => a.condition.localeCompare(b.condition)),
        healthWorkers: [...workers.values()].sort((a, b) => a.name.localeCompare(b.name)),
      };
    },

    async consultSupervisor(consultId) {
      const rows = await sql.query<{ supervisor_id: string | null }>(
        `SELECT hw.supervisor_id FROM consults c LEFT JOIN health_workers hw ON hw.id = c.health_worker_id WHERE c.id = $1::uuid`,
        [consultId],
      );
      return rows.length === 0 ? undefined : (rows[0]?.supervisor_id ?? null);
    },

    async consultRecord(consultId) {
      const head = await sql.query<{
        id: string;
        chat_id: string;
        channel: string;
        status: string;
        created_at: Date | string;
        completed_at: Date | string | null;
        demographics: Record<string, unknown> | null;
        urgent_referral: boolean;
        hw_id: string | null;
        display_name: string | null;
        supervisor_id: string | null;
      }>(
        `SELECT c.id, c.chat_id, ch.channel::text AS channel, c.status::text AS status, c.created_at, c.completed_at, c.demographics, c.urgent_referral,
                hw.id AS hw_id, hw.display_name, hw.supervisor_id
           FROM consults c JOIN chats ch ON ch.id = c.chat_id LEFT JOIN health_workers hw ON hw.id = c.health_worker_id
          WHERE c.id = $1::uuid`,
        [consultId],
      );
      const c = head[0];
      if (!c) return null;
      // The consult's own messages, and the urgent referral triage sent on arrival: that one is written
      // before its message is handled, so when the message opened the consult it carries no consult id,
      // only the key urgent:<inbound id> (consult-store.ts, commitUrgentReferral).
      const messages = await sql.query<{ id: string; direction: 'inbound' | 'outbound'; kind: string; reply_kind: string | null; text: string | null; created_at: Date | string; plan_id: string | null }>(
        `SELECT m.id, m.direction::text AS direction, m.kind, m.reply_kind, m.text, m.created_at,
                (SELECT p.id FROM plans p WHERE p.consult_id = $1::uuid AND p.idempotency_key = m.idempotency_key) AS plan_id
           FROM messages m
          WHERE m.consult_id = $1::uuid
             OR (m.consult_id IS NULL AND m.direction = 'outbound' AND m.reply_kind = 'urgent'
                 AND m.idempotency_key IN (SELECT 'urgent:' || i.id::text FROM messages i WHERE i.consult_id = $1::uuid AND i.direction = 'inbound'))
          ORDER BY m.seq`,
        [consultId],
      );
      const findings = await sql.query<{ category: string; value: string; negated: boolean; source_message_id: string | null }>(
        `SELECT category::text AS category, value, negated, source_message_id FROM findings WHERE consult_id = $1::uuid ORDER BY created_at, id`,
        [consultId],
      );
      const diagnoses = await sql.query<{ condition: string; rank: number; confidence: number | null; source: string; rationale: string | null }>(
        `SELECT condition, rank, confidence, source::text AS source, rationale FROM diagnoses WHERE consult_id = $1::uuid ORDER BY rank`,
        [consultId],
      );
      const plans = await sql.query<{ id: string; kind: string; mode: string; text: string; created_at: Date | string }>(
        `SELECT id, kind, mode::text AS mode, text, created_at FROM plans WHERE consult_id = $1::uuid ORDER BY created_at, id`,
        [consultId],
      );
      const citations = await sql.query<{ plan_id: string; label: string; accession: string; title: string | null; section_path: string; quoted_text: string }>(
        `SELECT ci.plan_id, ci.label, ci.accession, s.title, ci.section_path, ci.quoted_text
           FROM citations ci JOIN plans p ON p.id = ci.plan_id LEFT JOIN guideline_sources s ON s.accession = ci.accession
          WHERE p.consult_id = $1::uuid ORDER BY ci.plan_id, length(ci.label), ci.label`,
        [consultId],
      );
      const signs = await sql.query<{ signs: string | null }>(
        `SELECT data->>'signs' AS signs FROM audit_events WHERE action = 'triage.urgent_referral' AND subject_id = $2 AND data->>'consultId' = $1 ORDER BY id`,
        [consultId, c.chat_id],
      );
      const record: ConsultRecord = {
        id: c.id,
        chatRef: c.chat_id,
        channel: c.channel,
        healthWorker: c.hw_id ? { id: c.hw_id, name: c.display_name ?? '', supervisorId: c.supervisor_id } : null,
        status: c.status,
        startedAt: date(c.created_at),
        completedAt: maybeDate(c.completed_at),
        demographics: c.demographics ?? {},
        urgentReferral: c.urgent_referral,
        dangerSigns: [...new Set(signs.flatMap((s) => (s.signs ?? '').split(',').filter(Boolean)))],
        transcript: messages.map((m) => ({ id: m.id, direction: m.direction, kind: m.kind, replyKind: m.reply_kind, text: m.text, at: date(m.created_at), planId: m.plan_id })),
        findings: findings.map((f) => ({ category: f.category, value: f.value, negated: f.negated, sourceMessageId: f.source_message_id })),
        diagnoses: diagnoses.map((d) => ({ condition: d.condition, rank: d.rank, confidence: d.confidence === null ? null : Number(d.confidence), source: d.source, rationale: d.rationale })),
        plans: plans.map((p) => ({
          id: p.id,
          kind: p.kind,
          mode: p.mode,
          text: p.text,
          createdAt: date(p.created_at),
          citations: citations
            .filter((ci) => ci.plan_id === p.id)
            .map((ci) => ({ label: ci.label, accession: ci.accession, bookTitle: ci.title, sectionPath: ci.section_path, quotedText: ci.quoted_text })),
        })),
      };
      return record;
    },

    async healthWorkerChats(healthWorkerId) {
      const rows = await sql.query<{ id: string; channel: string; last_used_at: Date | string }>(
        `SELECT ch.id, ch.channel::text AS channel,
                greatest(ch.created_at, (SELECT max(m.created_at) FROM messages m WHERE m.chat_id = ch.id AND m.direction = 'inbound')) AS last_used_at
           FROM chats ch WHERE ch.health_worker_id = $1::uuid
          ORDER BY last_used_at DESC, ch.id`,
        [healthWorkerId],
      );
      return rows.map((r) => ({ chatRef: r.id, channel: r.channel, lastUsedAt: date(r.last_used_at) }));
    },

    async reviewsOf(consultId) {
      const rows = await sql.query<{
        id: string;
        supervisor_id: string;
        name: string;
        agreement: Agreement | null;
        line_flags: Array<{ line: number; flags: LineFlag[] }> | string;
        feedback: string | null;
        created_at: Date | string;
        feedback_message_id: string | null;
        sent_at: Date | string | null;
      }>(
        `SELECT r.id, r.supervisor_id, s.name, r.agreement, r.line_flags, r.feedback, r.created_at, r.feedback_message_id, m.sent_at
           FROM supervisor_reviews r JOIN staff_members s ON s.id = r.supervisor_id LEFT JOIN messages m ON m.id = r.feedback_message_id
          WHERE r.consult_id = $1::uuid ORDER BY r.created_at, r.id`,
        [consultId],
      );
      return rows.map((r) => ({
        id: r.id,
        supervisorId: r.supervisor_id,
        supervisorName: r.name,
        agreement: r.agreement,
        lineFlags: typeof r.line_flags === 'string' ? (JSON.parse(r.line_flags) as Array<{ line: number; flags: LineFlag[] }>) : r.line_flags,
        feedback: r.feedback,
        createdAt: date(r.created_at),
        sentToHealthWorker: r.feedback_message_id !== null,
        deliveredAt: maybeDate(r.sent_at),
      }));
    },

    async saveReview(review) {
      return sql.transaction(async (tx) => {
        const existing = await tx.query<{ id: string }>(`SELECT id FROM supervisor_reviews WHERE submission_key = $1`, [review.submissionKey]);
        if (existing[0]) return { reviewId: existing[0].id, created: false };
        const reviewId = randomUUID();
        const messageId = review.feedbackMessage === null ? null : await insertFeedbackOutbound(tx, review.feedbackMessage.chatRef, reviewId, review.feedbackMessage.text);
        const inserted = await tx.query<{ id: string }>(
          `INSERT INTO supervisor_reviews (id, consult_id, supervisor_id, verdict, agreement, line_flags, feedback, feedback_message_id, submission_key, created_at)
           VALUES ($1, $2::uuid, $3::uuid, $4::"ReviewVerdict", $5, $6::jsonb, $7, $8::uuid, $9, $10::timestamptz)
           ON CONFLICT (submission_key) DO NOTHING RETURNING id`,
          [reviewId, review.consultId, review.supervisorId, review.agreement === 'agree' ? 'approved' : 'flagged', review.agreement, JSON.stringify(review.lineFlags), review.feedback, messageId, review.submissionKey, review.reviewedAt.toISOString()],
        );
        if (!inserted[0]) throw new Error('review submission raced with itself');
        return { reviewId, created: true };
      });
    },

    async dashboard(scope, since) {
      const params = [scopeParam(scope), since, null];
      const weekly = await sql.query<{ week: Date | string; name: string | null; n: number; urgent: number }>(
        `SELECT date_trunc('week', c.created_at AT TIME ZONE 'UTC') AS week, hw.display_name AS name, count(*)::int AS n,
                (count(*) FILTER (WHERE c.urgent_referral))::int AS urgent
         ${SCOPED} GROUP BY 1, 2 ORDER BY 1, 2`,
        params,
      );
      const totals = await sql.query<{ consults: number; urgent: number; reviewed: number; urgent_reviewed: number }>(
        `SELECT count(*)::int AS consults, (count(*) FILTER (WHERE c.urgent_referral))::int AS urgent,
                (count(*) FILTER (WHERE EXISTS (SELECT 1 FROM supervisor_reviews r WHERE r.consult_id = c.id)))::int AS reviewed,
                (count(*) FILTER (WHERE c.urgent_referral AND EXISTS (SELECT 1 FROM supervisor_reviews r WHERE r.consult_id = c.id)))::int AS urgent_reviewed
         ${SCOPED}`,
        params,
      );
      const diagnoses = await sql.query<{ condition: string | null; n: number }>(
        `SELECT d.condition, count(*)::int AS n
         ${SCOPED.replace('LEFT JOIN health_workers hw ON hw.id = c.health_worker_id', 'LEFT JOIN health_workers hw ON hw.id = c.health_worker_id LEFT JOIN diagnoses d ON d.consult_id = c.id AND d.rank = 1')}
         GROUP BY 1 ORDER BY 2 DESC, 1`,
        params,
      );
      const agreement = await sql.query<{ name: string | null; agreement: Agreement | null; n: number }>(
        `SELECT hw.display_name AS name, r.agreement, count(*)::int AS n
           FROM supervisor_reviews r JOIN consults c ON c.id = r.consult_id LEFT JOIN health_workers hw ON hw.id = c.health_worker_id
          WHERE r.consult_id IN (SELECT c.id ${SCOPED}) GROUP BY 1, 2 ORDER BY 1, 2`,
        params,
      );
      // A follow-up question is a CHW message of the consult after its Assessment & Plan (commands
      // aside); its answer is the follow-up plan keyed follow-up:<message id> (consult/plan-job.ts).
      const followUps = await sql.query<{ consult_id: string; created_at: Date | string; text: string | null; answered: boolean }>(
        `SELECT m.consult_id, m.created_at, m.text,
                EXISTS (SELECT 1 FROM plans f WHERE f.consult_id = m.consult_id AND f.idempotency_key = 'follow-up:' || m.id::text) AS answered
           FROM messages m JOIN plans p ON p.consult_id = m.consult_id AND p.kind = 'assessment_plan'
          WHERE m.direction = 'inbound' AND m.created_at > p.created_at AND coalesce(m.text, '') NOT LIKE '/%'
            AND m.consult_id IN (SELECT c.id ${SCOPED})
          ORDER BY m.created_at`,
        params,
      );
      const reviews = await sql.query<{ reviews: number; agreed: number }>(
        `SELECT count(*)::int AS reviews, (count(*) FILTER (WHERE r.agreement = 'agree'))::int AS agreed
           FROM supervisor_reviews r WHERE r.consult_id IN (SELECT c.id ${SCOPED})`,
        params,
      );
      const toPlan = await sql.query<{ minutes: number }>(
        `SELECT extract(epoch FROM (p.created_at - first.at)) / 60.0 AS minutes
         ${SCOPED.replace('LEFT JOIN health_workers', `JOIN LATERAL (SELECT min(created_at) AS created_at FROM plans WHERE consult_id = c.id AND kind = 'assessment_plan') p ON p.created_at IS NOT NULL
           JOIN LATERAL (SELECT min(created_at) AS at FROM messages WHERE consult_id = c.id AND direction = 'inbound') first ON first.at IS NOT NULL
           LEFT JOIN health_workers`)}`,
        params,
      );
      const t = totals[0] ?? { consults: 0, urgent: 0, reviewed: 0, urgent_reviewed: 0 };
      const r = reviews[0] ?? { reviews: 0, agreed: 0 };
      return {
        weekly: weekly.map((w) => ({ weekStart: new Date(`${new Date(w.week).toISOString().slice(0, 10)}T00:00:00Z`), healthWorkerName: w.name ?? '(no CHW)', consults: w.n, urgent: w.urgent })),
        consults: t.consults,
        urgent: t.urgent,
        reviewed: t.reviewed,
        reviews: r.reviews,
        agreed: r.agreed,
        minutesToPlan: toPlan.map((m) => Number(m.minutes)),
        diagnoses: diagnoses.map((d) => ({ condition: d.condition, consults: d.n })),
        agreementByWorker: agreement.map((a) => ({ healthWorkerName: a.name ?? '(no CHW)', agreement: a.agreement, reviews: a.n })),
        followUps: { asked: followUps.length, answered: followUps.filter((f) => f.answered).length },
        unansweredFollowUps: followUps
          .filter((f) => !f.answered)
          .slice(0, 10)
          .map((f) => ({ consultId: f.consult_id, askedAt: date(f.created_at), text: f.text })),
        unreviewed: t.consults - t.reviewed,
        urgentUnreviewed: t.urgent - t.urgent_reviewed,
      };
    },

    async reviewSpan(scope, since) {
      const rows = await sql.query<{ oldest: Date | string | null; total: number; since: number }>(
        `SELECT min(r.created_at) AS oldest, count(*)::int AS total, (count(*) FILTER (WHERE r.created_at >= $2))::int AS since
           FROM supervisor_reviews r JOIN consults c ON c.id = r.consult_id LEFT JOIN health_workers hw ON hw.id = c.health_worker_id
          WHERE ($1::uuid IS NULL OR hw.supervisor_id = $1::uuid)`,
        [scopeParam(scope), since],
      );
      const r = rows[0];
      return { oldest: r?.oldest ? date(r.oldest) : null, all: Number(r?.total ?? 0), since: Number(r?.since ?? 0) };
    },

    async exportReviews(scope, range) {
      const rows = await sql.query<{
        created_at: Date | string;
        consult_id: string;
        consult_created_at: Date | string;
        display_name: string | null;
        supervisor_name: string;
        condition: string | null;
        urgent_referral: boolean;
        agreement: Agreement | null;
        flagged: number;
        feedback: string | null;
        sent_at: Date | string | null;
      }>(
        `SELECT r.created_at, c.id AS consult_id, c.created_at AS consult_created_at, hw.display_name, s.name AS supervisor_name,
                (SELECT d.condition FROM diagnoses d WHERE d.consult_id = c.id AND d.rank = 1) AS condition,
                c.urgent_referral, r.agreement, jsonb_array_length(r.line_flags)::int AS flagged, r.feedback, m.sent_at
           FROM supervisor_reviews r
           JOIN consults c ON c.id = r.consult_id
           LEFT JOIN health_workers hw ON hw.id = c.health_worker_id
           JOIN staff_members s ON s.id = r.supervisor_id
           LEFT JOIN messages m ON m.id = r.feedback_message_id
          WHERE ($1::uuid IS NULL OR hw.supervisor_id = $1::uuid) AND r.created_at >= $2 AND r.created_at < $3
          ORDER BY r.created_at, r.id`,
        [scopeParam(scope), range.from, range.before],
      );
      return rows.map((r) => ({
        reviewedAt: date(r.created_at),
        consultId: r.consult_id,
        consultStartedAt: date(r.consult_created_at),
        healthWorkerName: r.display_name,
        supervisorName: r.supervisor_name,
        workingDiagnosis: r.condition,
        urgentReferral: r.urgent_referral,
        agreement: r.agreement,
        flaggedLines: r.flagged,
        feedback: r.feedback,
        deliveredAt: maybeDate(r.sent_at),
      }));
    },
  };
}

/**
 * The feedback as an outbound message in the chat chosen for it, keyed by the review so it is sent
 * once. It belongs to no consult: the consult's transcript (which a follow-up question's model reads)
 * stays the interview itself, and the chat may not be the consult's.
 */
async function insertFeedbackOutbound(tx: SqlSession, chatRef: string, reviewId: string, text: string): Promise<string> {
  const id = randomUUID();
  await tx.query(
    `INSERT INTO messages (id, chat_id, consult_id, direction, kind, text, reply_kind, idempotency_key)
     VALUES ($1, $2::uuid, NULL, 'outbound', 'text', $3, 'reply', $4)`,
    [id, chatRef, text, `review-feedback:${reviewId}`],
  );
  return id;
}
