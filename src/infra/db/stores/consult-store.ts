import { randomUUID } from 'node:crypto';
import type { ConsultRecords, ConsultSnapshot, ConsultStore, TurnOutcome } from '../../../consult/consult-store.js';
import type { PendingInbound } from '../../../consult/message-store.js';
import type { PlanStore } from '../../../consult/plan-store.js';
import type { Demographics, Finding } from '../../../patient/findings.js';
import type { Database } from '../open-database.js';
import type { SqlSession } from '../sql-session.js';
import { insertAuditEvent } from './audit-store.js';
import { createMessageStore, insertOutbound } from './message-store.js';
import { createPlanStore } from './plan-store.js';

export interface ConsultStoreOptions {
  /**
   * How long a chat's lock outlives a holder that died without releasing it; default 15 s. A live
   * holder renews it every third of that, so a long turn (slow LLM, retries) keeps its chat.
   */
  lockLeaseSeconds?: number;
  /** Turns of the transcript handed to the interview model; default 20. */
  transcriptTurns?: number;
}

/** The ConsultRecords port over the database: every write of a turn in one transaction. */
export function createConsultRecords(db: Database, options: { transcriptTurns?: number } = {}): ConsultRecords {
  const transcriptTurns = options.transcriptTurns ?? 20;

  // One statement (one round trip, one pooled connection): the consult with its findings, diagnoses and
  // the recent transcript aggregated as JSON. Every turn reads it.
  const snapshot = async (sql: SqlSession, where: string, param: string): Promise<ConsultSnapshot | null> => {
    const rows = await sql.query<{
      id: string;
      chat_id: string;
      created_at: Date;
      stage: ConsultSnapshot['stage'];
      offline: boolean;
      demographics: Demographics | null;
      state: ConsultSnapshot['state'] | null;
      urgent_referral: boolean;
      findings: Array<{ category: Finding['category']; value: string; negated: boolean }>;
      diagnoses: Array<{ condition: string; confidence: number | string | null; rank: number }>;
      transcript: Array<{ direction: string; text: string }>;
    }>(
      `SELECT id, chat_id, created_at, stage::text AS stage, offline, demographics, state, urgent_referral,
              coalesce((SELECT json_agg(json_build_object('category', f.category::text, 'value', f.value, 'negated', f.negated) ORDER BY f.created_at, f.id)
                          FROM findings f WHERE f.consult_id = consults.id), '[]'::json) AS findings,
              coalesce((SELECT json_agg(json_build_object('condition', d.condition, 'confidence', d.confidence, 'rank', d.rank) ORDER BY d.rank)
                          FROM diagnoses d WHERE d.consult_id = consults.id), '[]'::json) AS diagnoses,
              coalesce((SELECT json_agg(json_build_object('direction', t.direction::text, 'text', t.text) ORDER BY t.seq)
                          FROM (SELECT m.direction, m.text, m.seq FROM messages m
                                 WHERE m.consult_id = consults.id AND m.text IS NOT NULL AND (m.direction = 'outbound' OR m.processed_at IS NOT NULL)
                                 ORDER BY m.seq DESC LIMIT $2) t), '[]'::json) AS transcript
         FROM consults WHERE ${where} LIMIT 1`,
      [param, transcriptTurns],
    );
    const row = rows[0];
    if (!row) return null;
    return {
      id: row.id,
      chatRef: row.chat_id,
      startedAt: new Date(row.created_at),
      stage: row.stage,
      offline: row.offline,
      demographics: row.demographics ?? {},
      findings: row.findings.map((f) => ({ category: f.category, value: f.value, ...(f.negated ? { negated: true } : {}) })),
      diagnoses: row.diagnoses.map((d) => ({ condition: d.condition, confidence: d.confidence === null ? null : Number(d.confidence), rank: d.rank })),
      urgentReferral: row.urgent_referral,
      state: row.state ?? {},
      transcript: row.transcript.map((t) => ({ role: t.direction === 'inbound' ? 'health_worker' : 'assistant', text: t.text })),
    };
  };

  return {
    activeConsult: (chatRef) => snapshot(db.sql, `chat_id = $1 AND status <> 'cancelled' ORDER BY created_at DESC`, chatRef),

    async lastAnswerSources(consultId) {
      const rows = await db.sql.query<{ label: string; chunk_id: string | null; accession: string; title: string | null; section_path: string; quoted_text: string; content_hash: string }>(
        `WITH last AS (SELECT id FROM plans WHERE consult_id = $1 ORDER BY created_at DESC, id DESC LIMIT 1)
         SELECT ci.label, ci.chunk_id, ci.accession, s.title, ci.section_path, ci.quoted_text, ci.content_hash
           FROM citations ci JOIN last ON last.id = ci.plan_id LEFT JOIN guideline_sources s ON s.accession = ci.accession`,
        [consultId],
      );
      return rows
        .map((r) => ({
          label: r.label,
          section: {
            id: r.chunk_id,
            accession: r.accession,
            bookTitle: r.title ?? r.accession,
            sectionPath: r.section_path,
            titlePath: `${r.title ?? r.accession} > ${r.section_path}`,
            text: r.quoted_text,
            contentHash: r.content_hash,
          },
        }))
        .sort((a, b) => Number(a.label.slice(1)) - Number(b.label.slice(1)));
    },
    consultById: (consultId) => snapshot(db.sql, 'id = $1::uuid', consultId),

    async commitTurn({ chatRef, inbound, consultId, outcome }: { chatRef: string; inbound: PendingInbound; consultId: string | null; outcome: TurnOutcome }) {
      // Most turns (the interview) only update the consult, add findings and replies: one statement.
      if (!outcome.cancelActive && !outcome.startNew && !outcome.diagnoses) {
        await commitInterviewTurn(db.sql, { chatRef, inbound, consultId, outcome });
        return { consultId };
      }
      return db.sql.transaction(async (tx) => {
        let current = consultId;
        if (outcome.cancelActive && current) {
          await tx.query(`UPDATE consults SET status = 'cancelled', updated_at = now(), version = version + 1 WHERE id = $1`, [current]);
          current = null;
        }
        if (outcome.startNew) {
          current = randomUUID();
          await tx.query(
            `INSERT INTO consults (id, chat_id, health_worker_id, stage, offline, updated_at)
             SELECT $1, c.id, c.health_worker_id, 'demographics', $3, now() FROM chats c WHERE c.id = $2`,
            [current, chatRef, outcome.consult?.offline ?? true],
          );
        }
        if (current && outcome.consult) {
          const c = outcome.consult;
          await tx.query(
            `UPDATE consults SET
                stage = coalesce($2::"ConsultStage", stage),
                offline = coalesce($3, offline),
                demographics = coalesce($4::jsonb, demographics),
                state = coalesce($5::jsonb, state),
                urgent_referral = urgent_referral OR coalesce($6, false),
                version = version + 1, updated_at = now()
              WHERE id = $1`,
            [
              current,
              c.stage ?? null,
              c.offline ?? null,
              c.demographics ? JSON.stringify(c.demographics) : null,
              c.state ? JSON.stringify(c.state) : null,
              c.urgentReferral ?? null,
            ],
          );
        }
        if (current) {
          const findings = outcome.findings ?? [];
          if (findings.length > 0) {
            // All of the turn's findings in one statement: one round trip however many there are.
            await tx.query(
              `INSERT INTO findings (id, consult_id, category, value, negated, source_message_id)
               SELECT f.id, $1, f.category::"FindingCategory", f.value, f.negated, $2
                 FROM unnest($3::uuid[], $4::text[], $5::text[], $6::boolean[]) AS f(id, category, value, negated)`,
              [current, inbound.id, findings.map(() => randomUUID()), findings.map((f) => f.category), findings.map((f) => f.value), findings.map((f) => f.negated ?? false)],
            );
          }
          if (outcome.diagnoses) {
            await tx.query(`DELETE FROM diagnoses WHERE consult_id = $1`, [current]);
            let rank = 1;
            for (const d of outcome.diagnoses) {
              await tx.query(
                `INSERT INTO diagnoses (id, consult_id, condition, confidence, rank, rationale, source) VALUES ($1, $2, $3, $4, $5, $6, $7::"DiagnosisSource")`,
                [randomUUID(), current, d.condition, d.confidence, rank++, d.rationale ?? null, d.source],
              );
            }
          }
        }
        // The file reference goes with the turn: what was kept of the file is in message_media.
        await tx.query(`UPDATE messages SET processed_at = now(), consult_id = coalesce(consult_id, $2), attachment = NULL WHERE id = $1`, [inbound.id, current]);
        let index = 0;
        for (const reply of outcome.replies) {
          await insertOutbound(tx, { chatRef, consultId: current, text: reply.text, kind: reply.kind, idempotencyKey: `reply:${inbound.id}:${index++}` });
        }
        return { consultId: current };
      });
    },

    async commitUrgentReferral({ chatRef, inbound, consultId, text, signs }) {
      await db.sql.transaction(async (tx) => {
        const fresh = await insertOutbound(tx, { chatRef, consultId, text, kind: 'urgent', idempotencyKey: `urgent:${inbound.id}` });
        if (consultId) await tx.query(`UPDATE consults SET urgent_referral = true, updated_at = now() WHERE id = $1`, [consultId]);
        // The same message is triaged when it is stored and again at its turn: one referral, one event.
        if (fresh) await insertAuditEvent(tx, { actorType: 'system', action: 'triage.urgent_referral', subjectType: 'chat', subjectId: chatRef, data: { signs: signs.join(','), inboundId: inbound.id, consultId } });
      });
    },

    async consultsAwaitingPlan() {
      const rows = await db.sql.query<{ id: string; waiting_ms: number }>(
        `SELECT c.id, (extract(epoch FROM now() - c.updated_at) * 1000)::float8 AS waiting_ms FROM consults c
          WHERE c.stage = 'plan' AND c.status = 'active'
            AND NOT EXISTS (SELECT 1 FROM plans p WHERE p.consult_id = c.id AND p.kind = 'assessment_plan')`,
      );
      return rows.map((r) => ({ consultId: r.id, waitingMs: Number(r.waiting_ms) }));
    },
  };
}

/**
 * A turn that neither starts, cancels nor diagnoses, written as one statement of data-modifying CTEs:
 * atomic without BEGIN/COMMIT, and one round trip instead of six on the path every message takes.
 */
async function commitInterviewTurn(
  sql: SqlSession,
  { chatRef, inbound, consultId, outcome }: { chatRef: string; inbound: PendingInbound; consultId: string | null; outcome: TurnOutcome },
): Promise<void> {
  const c = outcome.consult;
  const findings = consultId ? (outcome.findings ?? []) : [];
  await sql.query(
    `WITH consult AS (
       UPDATE consults SET
          stage = coalesce($5::"ConsultStage", stage),
          offline = coalesce($6::boolean, offline),
          demographics = coalesce($7::jsonb, demographics),
          state = coalesce($8::jsonb, state),
          urgent_referral = urgent_referral OR coalesce($9::boolean, false),
          version = version + 1, updated_at = now()
        WHERE $4::boolean AND id = $1::uuid
        RETURNING id),
     found AS (
       INSERT INTO findings (id, consult_id, category, value, negated, source_message_id)
       SELECT f.id, $1::uuid, f.category::"FindingCategory", f.value, f.negated, $2::uuid
         FROM unnest($10::uuid[], $11::text[], $12::text[], $13::boolean[]) AS f(id, category, value, negated)
       RETURNING id),
     handled AS (
       UPDATE messages SET processed_at = now(), consult_id = coalesce(consult_id, $1::uuid), attachment = NULL WHERE id = $2::uuid RETURNING id),
     replies AS (
       INSERT INTO messages (id, chat_id, consult_id, direction, kind, text, reply_kind, idempotency_key)
       SELECT r.id, $3::uuid, $1::uuid, 'outbound', 'text', r.text, r.kind, r.key
         FROM unnest($14::uuid[], $15::text[], $16::text[], $17::text[]) WITH ORDINALITY AS r(id, text, kind, key, ord)
        ORDER BY r.ord
       ON CONFLICT (idempotency_key) DO NOTHING
       RETURNING id)
     SELECT (SELECT count(*) FROM handled)::int AS handled`,
    [
      consultId,
      inbound.id,
      chatRef,
      consultId !== null && c !== undefined,
      c?.stage ?? null,
      c?.offline ?? null,
      c?.demographics ? JSON.stringify(c.demographics) : null,
      c?.state ? JSON.stringify(c.state) : null,
      c?.urgentReferral ?? null,
      findings.map(() => randomUUID()),
      findings.map((f) => f.category),
      findings.map((f) => f.value),
      findings.map((f) => f.negated ?? false),
      outcome.replies.map(() => randomUUID()),
      outcome.replies.map((r) => r.text),
      outcome.replies.map((r) => r.kind),
      outcome.replies.map((_, index) => `reply:${inbound.id}:${index}`),
    ],
  );
}

/** The three database stores a consult runtime needs (messages, consults, plans), as one object. */
export function createConsultStore(db: Database, options: ConsultStoreOptions = {}): ConsultStore & PlanStore {
  return { ...createMessageStore(db, options), ...createConsultRecords(db, options), ...createPlanStore(db) };
}
