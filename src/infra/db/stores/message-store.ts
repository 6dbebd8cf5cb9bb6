import { randomUUID } from 'node:crypto';
import type { MessageStore, PendingInbound, PendingOutbound } from '../../../consult/message-store.js';
import type { Attachment, ChannelName, InboundMessage, OutboundMessage } from '../../../consult/messages.js';
import type { Database } from '../open-database.js';
import type { SqlSession } from '../sql-session.js';
import { insertAuditEvent } from './audit-store.js';

/*
 * A chat's inbox and outbox: the messages table (one row per inbound or outbound message, in seq
 * order), processed_inbound (redelivery guard) and the chat's lease lock.
 */

/** Writes one outbound message to the chat's outbox, once per idempotency key (inside the caller's transaction). */
export async function insertOutbound(
  sql: SqlSession,
  input: { chatRef: string; consultId: string | null; text: string; kind: OutboundMessage['kind']; idempotencyKey: string },
): Promise<boolean> {
  const rows = await sql.query(
    `INSERT INTO messages (id, chat_id, consult_id, direction, kind, text, reply_kind, idempotency_key)
     VALUES ($1, $2, $3, 'outbound', 'text', $4, $5, $6) ON CONFLICT (idempotency_key) DO NOTHING RETURNING id`,
    [randomUUID(), input.chatRef, input.consultId, input.text, input.kind, input.idempotencyKey],
  );
  return rows.length > 0;
}

/** The MessageStore port over the database; `lockLeaseSeconds` (default 15, renewed every third of it by a live holder) bounds a dead holder's chat lock. */
export function createMessageStore(db: Database, options: { lockLeaseSeconds?: number } = {}): MessageStore {
  const lease = Math.trunc(options.lockLeaseSeconds ?? 15);

  const pendingInbound = async (chatRef: string, limit: number): Promise<PendingInbound[]> => {
    const rows = await db.sql.query<{ id: string; chat_id: string; external_chat_id: string; channel: ChannelName; text: string | null; kind: string; attachment: Attachment | null }>(
      `SELECT m.id, m.chat_id, c.external_chat_id, c.channel::text AS channel, m.text, m.kind, m.attachment
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
        attachment: row.attachment ?? null,
        edited: row.kind === 'edited_text',
      }),
    );
  };

  return {
    async recordInbound(message: InboundMessage, healthWorkerId: string | null) {
      // One statement, so one round trip and atomic without BEGIN/COMMIT: a duplicate (already in
      // processed_inbound) inserts nothing and returns no row.
      const kind = message.media ?? (message.edited ? 'edited_text' : 'text');
      const inboundId = randomUUID();
      const rows = await db.sql.query<{ chat_id: string }>(
        `WITH fresh AS (
           INSERT INTO processed_inbound (channel, message_id, chat_id) VALUES ($1::"Channel", $2, $3)
           ON CONFLICT (channel, message_id) DO NOTHING RETURNING message_id),
         chat AS (
           INSERT INTO chats (id, channel, external_chat_id, health_worker_id)
           SELECT $4::uuid, $1::"Channel", $3, $5::uuid WHERE EXISTS (SELECT 1 FROM fresh)
           ON CONFLICT (channel, external_chat_id) DO UPDATE SET health_worker_id = coalesce(EXCLUDED.health_worker_id, chats.health_worker_id)
           RETURNING id),
         inbound AS (
           INSERT INTO messages (id, chat_id, direction, channel_message_id, kind, text, created_at, attachment)
           SELECT $6::uuid, chat.id, 'inbound'::"MessageDirection", $2, $7::text, $8::text, $9::timestamptz, $10::jsonb FROM chat
           RETURNING chat_id)
         SELECT chat_id FROM inbound`,
        [message.channel, message.messageId, message.chatId, randomUUID(), healthWorkerId, inboundId, kind, message.text ?? null, message.receivedAt, message.attachment ? JSON.stringify(message.attachment) : null],
      );
      const chatRef = rows[0]?.chat_id;
      return chatRef ? { chatRef, inboundId } : null;
    },

    async withChatLock(chatRef, work) {
      const owner = randomUUID();
      const acquired = await db.sql.query(
        `UPDATE chats SET lock_owner = $2, lock_expires_at = now() + make_interval(secs => $3)
          WHERE id = $1 AND (lock_owner IS NULL OR lock_expires_at < now()) RETURNING id`,
        [chatRef, owner, lease],
      );
      if (acquired.length === 0) return false;
      // A killed process strands its chats only for one short lease instead of minutes.
      const renew = setInterval(() => {
        void db.sql
          .query(`UPDATE chats SET lock_expires_at = now() + make_interval(secs => $3) WHERE id = $1 AND lock_owner = $2`, [chatRef, owner, lease])
          .catch(() => undefined);
      }, (lease * 1000) / 3);
      try {
        await work();
      } finally {
        clearInterval(renew);
        await db.sql.query(`UPDATE chats SET lock_owner = NULL, lock_expires_at = NULL WHERE id = $1 AND lock_owner = $2`, [chatRef, owner]);
      }
      return true;
    },

    pendingInbound,

    async hasPendingInbound(chatRef) {
      const rows = await db.sql.query(`SELECT 1 FROM messages WHERE chat_id = $1 AND direction = 'inbound' AND processed_at IS NULL LIMIT 1`, [chatRef]);
      return rows.length > 0;
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
      await db.sql.query(`UPDATE messages SET sent_at = coalesce(sent_at, now()), channel_message_id = $2, retry_after = NULL WHERE id = $1`, [
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
        await insertAuditEvent(tx, {
          actorType: 'system',
          action: 'delivery.undeliverable',
          subjectType: 'message',
          subjectId: outboundId,
          data: { chatRef: row.chat_id, consultId: row.consult_id, reason: outcome.reason, deliveredParts: outcome.deliveredParts },
        });
      });
    },

    async recordGateReply(input) {
      return db.sql.transaction(async (tx) => {
        const chat = await tx.query<{ id: string }>(
          `INSERT INTO chats (id, channel, external_chat_id, health_worker_id) VALUES ($1, $2::"Channel", $3, $4)
           ON CONFLICT (channel, external_chat_id) DO UPDATE SET health_worker_id = coalesce(EXCLUDED.health_worker_id, chats.health_worker_id)
           RETURNING id`,
          [randomUUID(), input.channel, input.externalChatId, input.healthWorkerId],
        );
        const chatRef = chat[0]?.id as string;
        await insertOutbound(tx, { chatRef, consultId: null, text: input.text, kind: 'reply', idempotencyKey: input.idempotencyKey });
        return chatRef;
      });
    },

    async forgetStrangers(chatRef) {
      await db.sql.transaction(async (tx) => {
        // A chat taken by a turn (locked), with a consult, an inbound message or anything unsent is kept.
        const gone = await tx.query<{ id: string }>(
          `SELECT c.id FROM chats c
            WHERE c.health_worker_id IS NULL AND c.channel <> 'terminal' AND c.lock_owner IS NULL AND ($1::uuid IS NULL OR c.id = $1::uuid)
              AND NOT EXISTS (SELECT 1 FROM consults k WHERE k.chat_id = c.id)
              AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.chat_id = c.id
                               AND (m.direction = 'inbound' OR (m.sent_at IS NULL AND m.undeliverable_at IS NULL)))
            FOR UPDATE SKIP LOCKED`,
          [chatRef ?? null],
        );
        if (gone.length === 0) return;
        const ids = gone.map((row) => row.id);
        await tx.query(`DELETE FROM messages WHERE chat_id = ANY($1::uuid[])`, [ids]);
        await tx.query(`DELETE FROM chats WHERE id = ANY($1::uuid[])`, [ids]);
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
  };
}
