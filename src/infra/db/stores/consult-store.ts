import { randomUUID } from 'node:crypto';
import type { CitedSection } from '../../../rag/guideline-section.js';
import type {
  ConsultSnapshot,
  ConsultStore,
  PendingInbound,
  PendingOutbound,
  PlanStore,
  TurnOutcome,
} from '../../../consult/consult-store.js';
import type { Demographics, Finding } from '../../../patient/findings.js';
import type { ChannelName, InboundMessage, OutboundMessage } from '../../../consult/messages.js';
import type { Database } from '../open-database.js';
import type { SqlSession } from '../sql-session.js';

export interface ConsultStoreOptions {
  /** How long a chat's lock lasts if its holder dies without releasing it; default 120 s. */
  lockLeaseSeconds?: number;
  /** Turns of the transcript handed to the interview model; default 20. */
  transcriptTurns?: number;
}

/** ConsultStore and PlanStore over the database: every write of a turn in one transaction. */
export function createConsultStore(db: Database, options: ConsultStoreOptions = {}): ConsultStore & PlanStore {
  const lease = Math.trunc(options.lockLeaseSeconds ?? 120);
  const transcriptTurns = options.transcriptTurns ?? 20;

  const snapshot = async (sql: SqlSession, where: string, param: string): Promise<ConsultSnapshot | null> => {
    const rows = await sql.query<{
      id: string;
      chat_id: string;
      stage: ConsultSnapshot['stage'];
      offline: boolean;
      demographics: Demographics | null;
      state: ConsultSnapshot['state'] | null;
      urgent_referral: boolean;
    }>(`SELECT id, chat_id, stage::text AS stage, offline, demographics, state, urgent_referral FROM consults WHERE ${where} LIMIT 1`, [param]);
    const row = rows[0];
    if (!row) return null;
    const [findings, diagnoses, transcript] = await Promise.all([
      sql.query<{ category: Finding['category']; value: string; negated: boolean }>(
        `SELECT category::text AS category, value, negated FROM findings WHERE consult_id = $1 ORDER BY created_at, id`,
        [row.id],
      ),
      sql.query<{ condition: string; confidence: number | null; rank: number }>(
        `SELECT condition, confidence, rank FROM diagnoses WHERE consult_id = $1 ORDER BY rank`,
        [row.id],
      ),
      sql.query<{ direction: string; text: string }>(
        `SELECT direction::text AS direction, text FROM (
           SELECT direction, text, seq FROM messages
            WHERE consult_id = $1 AND text IS NOT NULL AND (direction = 'outbound' OR processed_at IS NOT NULL)
            ORDER BY seq DESC LIMIT $2) t ORDER BY seq`,
        [row.id, transcriptTurns],
      ),
    ]);
    return {
      id: row.id,
      chatRef: row.chat_id,
      stage: row.stage,
      offline: row.offline,
      demographics: row.demographics ?? {},
      findings: findings.map((f) => ({ category: f.category, value: f.value, ...(f.negated ? { negated: true } : {}) })),
      diagnoses: diagnoses.map((d) => ({ condition: d.condition, confidence: d.confidence === null ? null : Number(d.confidence), rank: d.rank })),
      urgentReferral: row.urgent_referral,
      state: row.state ?? {},
      transcript: transcript.map((t) => ({ role: t.direction === 'inbound' ? 'health_worker' : 'assistant', text: t.text })),
    };
  };

  const insertOutbound = async (
    sql: SqlSession,
    input: { chatRef: string; consultId: string | null; text: string; kind: OutboundMessage['kind']; idempotencyKey: string },
  ) => {
    await sql.query(
      `INSERT INTO messages (id, chat_id, consult_id, direction, kind, text, reply_kind, idempotency_key)
       VALUES ($1, $2, $3, 'outbound', 'text', $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING`,
      [randomUUID(), input.chatRef, input.consultId, input.text, input.kind, input.idempotencyKey],
    );
  };

  const pendingInbound = async (chatRef: string, limit: number): Promise<PendingInbound[]> => {
    const rows = await db.sql.query<{ id: string; chat_id: string; external_chat_id: string; channel: ChannelName; text: string | null; kind: string }>(
      `SELECT m.id, m.chat_id, c.external_chat_id, c.channel::text AS channel, m.text, m.kind
         FROM messages m JOIN chats c ON c.id = m.chat_id
        WHERE m.chat_id = $1 AND m.direction = 'inbound' AND m.processed_at IS NULL
        ORDER BY m.seq LIMIT $2`,
      [chatRef, limit],
    );
    return rows.map(
      (row): PendingInbound => ({
        id: row.id,
        chatRef: row.chat_id,
        externalChatId: row.external_chat_id,
        channel: row.channel,
        text: row.text,
        media: row.kind === 'text' || row.kind === 'edited_text' ? null : row.kind,
        edited: row.kind === 'edited_text',
      }),
    );
  };

  return {
    async recordInbound(message: InboundMessage, healthWorkerId: string | null) {
      return db.sql.transaction(async (tx) => {
        const fresh = await tx.query(
          `INSERT INTO processed_inbound (channel, message_id, chat_id) VALUES ($1::"Channel", $2, $3)
           ON CONFLICT (channel, message_id) DO NOTHING RETURNING message_id`,
          [message.channel, message.messageId, message.chatId],
        );
        if (fresh.length === 0) return null;
        const chat = await tx.query<{ id: string }>(
          `INSERT INTO chats (id, channel, external_chat_id, health_worker_id) VALUES ($1, $2::"Channel", $3, $4)
           ON CONFLICT (channel, external_chat_id) DO UPDATE SET health_worker_id = coalesce(EXCLUDED.health_worker_id, chats.health_worker_id)
           RETURNING id`,
          [randomUUID(), message.channel, message.chatId, healthWorkerId],
        );
        const chatRef = chat[0]?.id as string;
        const kind = message.media ?? (message.edited ? 'edited_text' : 'text');
        await tx.query(
          `INSERT INTO messages (id, chat_id, direction, channel_message_id, kind, text, created_at)
           VALUES ($1, $2, 'inbound', $3, $4, $5, $6)`,
          [randomUUID(), chatRef, message.messageId, kind, message.text ?? null, message.receivedAt],
        );
        return { chatRef };
      });
    },

    async withChatLock(chatRef, work) {
      const owner = randomUUID();
      const acquired = await db.sql.query(
        `UPDATE chats SET lock_owner = $2, lock_expires_at = now() + make_interval(secs => $3)
          WHERE id = $1 AND (lock_owner IS NULL OR lock_expires_at < now()) RETURNING id`,
        [chatRef, owner, lease],
      );
      if (acquired.length === 0) return false;
      try {
        await work();
      } finally {
        await db.sql.query(`UPDATE chats SET lock_owner = NULL, lock_expires_at = NULL WHERE id = $1 AND lock_owner = $2`, [chatRef, owner]);
      }
      return true;
    },

    async nextPendingInbound(chatRef) {
      return (await pendingInbound(chatRef, 1))[0] ?? null;
    },

    pendingInbound,

    async hasPendingInbound(chatRef) {
      const rows = await db.sql.query(`SELECT 1 FROM messages WHERE chat_id = $1 AND direction = 'inbound' AND processed_at IS NULL LIMIT 1`, [chatRef]);
      return rows.length > 0;
    },

    activeConsult: (chatRef) => snapshot(db.sql, `chat_id = $1 AND status <> 'cancelled' ORDER BY created_at DESC`, chatRef),
    consultById: (consultId) => snapshot(db.sql, 'id = $1::uuid', consultId),

    async commitTurn({ chatRef, inbound, consultId, outcome }: { chatRef: string; inbound: PendingInbound; consultId: string | null; outcome: TurnOutcome }) {
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
          for (const finding of outcome.findings ?? []) {
            await tx.query(
              `INSERT INTO findings (id, consult_id, category, value, negated, source_message_id) VALUES ($1, $2, $3::"FindingCategory", $4, $5, $6)`,
              [randomUUID(), current, finding.category, finding.value, finding.negated ?? false, inbound.id],
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
        await tx.query(`UPDATE messages SET processed_at = now(), consult_id = coalesce(consult_id, $2) WHERE id = $1`, [inbound.id, current]);
        let index = 0;
        for (const reply of outcome.replies) {
          await insertOutbound(tx, { chatRef, consultId: current, text: reply.text, kind: reply.kind, idempotencyKey: `reply:${inbound.id}:${index++}` });
        }
        return { consultId: current };
      });
    },

    async commitUrgentReferral({ chatRef, inbound, consultId, text, signs }) {
      await db.sql.transaction(async (tx) => {
        await insertOutbound(tx, { chatRef, consultId, text, kind: 'urgent', idempotencyKey: `urgent:${inbound.id}` });
        if (consultId) await tx.query(`UPDATE consults SET urgent_referral = true, updated_at = now() WHERE id = $1`, [consultId]);
        await tx.query(
          `INSERT INTO audit_events (actor_type, action, subject_type, subject_id, data) VALUES ('system', 'triage.urgent_referral', 'chat', $1, $2::jsonb)`,
          [chatRef, JSON.stringify({ signs: signs.join(','), inboundId: inbound.id, consultId })],
        );
      });
    },

    async unsentOutbound(chatRef) {
      const rows = await db.sql.query<{
        id: string;
        chat_id: string;
        external_chat_id: string;
        channel: ChannelName;
        text: string;
        reply_kind: string | null;
        idempotency_key: string;
        delivered_parts: number;
        retry_after: Date | string | null;
      }>(
        `SELECT m.id, m.chat_id, c.external_chat_id, c.channel::text AS channel, m.text, m.reply_kind, m.idempotency_key,
                m.delivered_parts, m.retry_after
           FROM messages m JOIN chats c ON c.id = m.chat_id
          WHERE m.chat_id = $1 AND m.direction = 'outbound' AND m.sent_at IS NULL AND m.undeliverable_at IS NULL
          ORDER BY m.seq`,
        [chatRef],
      );
      return rows.map(
        (r): PendingOutbound => ({
          id: r.id,
          chatRef: r.chat_id,
          externalChatId: r.external_chat_id,
          channel: r.channel,
          text: r.text,
          kind: (r.reply_kind ?? 'reply') as OutboundMessage['kind'],
          idempotencyKey: r.idempotency_key,
          deliveredParts: Number(r.delivered_parts),
          retryAfter: r.retry_after === null ? null : new Date(r.retry_after),
        }),
      );
    },

    async markSent(outboundId, channelMessageIds) {
      await db.sql.query(`UPDATE messages SET sent_at = now(), channel_message_id = $2, retry_after = NULL WHERE id = $1`, [
        outboundId,
        channelMessageIds.join(',') || null,
      ]);
    },

    async recordDeliveryAttempt(outboundId, attempt) {
      await db.sql.query(
        `UPDATE messages SET delivered_parts = GREATEST(delivered_parts, $2),
                retry_after = CASE WHEN $3::double precision IS NULL THEN NULL ELSE now() + ($3::double precision * interval '1 millisecond') END
          WHERE id = $1`,
        [outboundId, attempt.deliveredParts, attempt.retryAfterMs],
      );
    },

    async markUndeliverable(outboundId, outcome) {
      await db.sql.transaction(async (tx) => {
        const rows = await tx.query<{ chat_id: string; consult_id: string | null }>(
          `UPDATE messages SET undeliverable_at = now(), undeliverable_reason = $2, delivered_parts = GREATEST(delivered_parts, $3)
            WHERE id = $1 AND undeliverable_at IS NULL RETURNING chat_id, consult_id`,
          [outboundId, outcome.reason, outcome.deliveredParts],
        );
        const row = rows[0];
        if (!row) return;
        await tx.query(
          `INSERT INTO audit_events (actor_type, action, subject_type, subject_id, data) VALUES ('system', 'delivery.undeliverable', 'message', $1, $2::jsonb)`,
          [outboundId, JSON.stringify({ chatRef: row.chat_id, consultId: row.consult_id, reason: outcome.reason, deliveredParts: outcome.deliveredParts })],
        );
      });
    },

    async findChat(channel, externalChatId) {
      const rows = await db.sql.query<{ id: string }>(`SELECT id FROM chats WHERE channel = $1::"Channel" AND external_chat_id = $2`, [channel, externalChatId]);
      return rows[0]?.id ?? null;
    },

    async chatsWithPendingWork() {
      const rows = await db.sql.query<{ chat_id: string }>(
        `SELECT DISTINCT chat_id FROM messages
          WHERE (direction = 'inbound' AND processed_at IS NULL) OR (direction = 'outbound' AND sent_at IS NULL AND undeliverable_at IS NULL)`,
      );
      return rows.map((r) => r.chat_id);
    },

    async consultsAwaitingPlan() {
      const rows = await db.sql.query<{ id: string; waiting_ms: number }>(
        `SELECT c.id, (extract(epoch FROM now() - c.updated_at) * 1000)::float8 AS waiting_ms FROM consults c
          WHERE c.stage = 'plan' AND c.status = 'active'
            AND NOT EXISTS (SELECT 1 FROM plans p WHERE p.consult_id = c.id AND p.kind = 'assessment_plan')`,
      );
      return rows.map((r) => ({ consultId: r.id, waitingMs: Number(r.waiting_ms) }));
    },

    async planExists(idempotencyKey) {
      const rows = await db.sql.query(`SELECT 1 FROM plans WHERE idempotency_key = $1`, [idempotencyKey]);
      return rows.length > 0;
    },

    async commitPlan(input) {
      await db.sql.transaction(async (tx) => {
        const planId = randomUUID();
        const inserted = await tx.query(
          `INSERT INTO plans (id, consult_id, kind, mode, text, model, idempotency_key) VALUES ($1, $2, $3, $4::"PlanMode", $5, $6, $7)
           ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
          [planId, input.consultId, input.kind, input.mode, input.text, input.model, input.idempotencyKey],
        );
        if (inserted.length === 0) return;
        for (const c of input.citations) {
          await tx.query(
            `INSERT INTO citations (id, plan_id, chunk_id, label, accession, section_path, content_hash, quoted_text)
             VALUES ($1, $2, (SELECT id FROM guideline_chunks WHERE id = $3::uuid), $4, $5, $6, $7, $8)`,
            [randomUUID(), planId, c.id, c.label, c.accession, c.sectionPath, c.contentHash, c.text],
          );
        }
        const chat = await tx.query<{ chat_id: string }>(`SELECT chat_id FROM consults WHERE id = $1`, [input.consultId]);
        await insertOutbound(tx, {
          chatRef: chat[0]?.chat_id as string,
          consultId: input.consultId,
          text: input.text,
          kind: input.kind === 'assessment_plan' ? 'plan' : 'reply',
          idempotencyKey: input.idempotencyKey,
        });
        if (input.kind === 'assessment_plan') {
          await tx.query(`UPDATE consults SET stage = 'done', status = 'completed', completed_at = now(), updated_at = now(), version = version + 1 WHERE id = $1`, [input.consultId]);
        }
      });
    },

    async citedSections(consultId) {
      const rows = await db.sql.query<{ chunk_id: string | null; accession: string; title: string | null; section_path: string; quoted_text: string; content_hash: string }>(
        `SELECT DISTINCT ON (ci.content_hash) ci.chunk_id, ci.accession, s.title, ci.section_path, ci.quoted_text, ci.content_hash
           FROM citations ci JOIN plans p ON p.id = ci.plan_id LEFT JOIN guideline_sources s ON s.accession = ci.accession
          WHERE p.consult_id = $1`,
        [consultId],
      );
      return rows.map(
        (r): CitedSection => ({
          id: r.chunk_id,
          accession: r.accession,
          bookTitle: r.title ?? r.accession,
          sectionPath: r.section_path,
          titlePath: `${r.title ?? r.accession} > ${r.section_path}`,
          text: r.quoted_text,
          contentHash: r.content_hash,
        }),
      );
    },

    async inboundText(messageId) {
      const rows = await db.sql.query<{ text: string | null }>(`SELECT text FROM messages WHERE id = $1`, [messageId]);
      return rows[0]?.text ?? null;
    },
  };
}
