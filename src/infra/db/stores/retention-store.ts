import type { RetentionStore } from '../../../consult/retention/apply-retention.js';
import type { Database } from '../open-database.js';
import type { SqlSession } from '../sql-session.js';

/** Audit actions that only trace unknown senders (the rest of the audit log is kept). */
const UNKNOWN_SENDER_ACTIONS = ['inbound.unknown_sender', 'enrollment.bad_code'];

/*
 * Everything an unknown sender leaves, and how long: their chat row (the raw chat id, needed to send the
 * gate's answer) only until that answer is out, or RETENTION_DAYS if it never goes; the hashed redelivery
 * record and audit events, and the ledger row of the answer (keyed by the hash of the message id), for
 * RETENTION_DAYS. test/infra/db/sender-traces.test.ts searches every table for them.
 */

/** RetentionStore over the database. */
export function createRetentionStore(db: Database): RetentionStore {
  return {
    async deleteExpired(before) {
      return db.sql.transaction(async (tx) => {
        const redeliveryRecords = await deleteRedeliveryRecords(tx, before);
        const strangerChats = await deleteStrangerChats(tx, before);
        const unknownSenderEvents = await deleteUnknownSenderEvents(tx, before);
        const ledgerRecords = await deleteLedgerRecords(tx, before);
        return { redeliveryRecords, unknownSenderEvents, ledgerRecords, strangerChats };
      });
    },
  };
}

async function counted(tx: SqlSession, deleteReturning: string, params: unknown[]): Promise<number> {
  const rows = await tx.query<{ n: number }>(`WITH gone AS (${deleteReturning} RETURNING 1) SELECT count(*)::int AS n FROM gone`, params);
  return Number(rows[0]?.n ?? 0);
}

/**
 * A record whose message still waits in an inbox guards that message against a redelivery being stored
 * twice; the pending set is small (partial index), so it is read once.
 */
function deleteRedeliveryRecords(tx: SqlSession, before: Date): Promise<number> {
  return counted(
    tx,
    `WITH pending AS (
       SELECT c.channel, m.channel_message_id FROM messages m JOIN chats c ON c.id = m.chat_id
        WHERE m.direction = 'inbound' AND m.processed_at IS NULL AND m.channel_message_id IS NOT NULL)
     DELETE FROM processed_inbound p
      WHERE p.received_at < $1
        AND NOT EXISTS (SELECT 1 FROM pending WHERE pending.channel = p.channel AND pending.channel_message_id = p.message_id)`,
    [before],
  );
}

/**
 * An unknown sender's chat is forgotten once its answer is out (`forgetStrangers`); one whose answer
 * could not be sent for RETENTION_DAYS is dropped with it. Only a chat with no health worker, no
 * consult and no inbound message is an unknown sender's: a consult's chat is never one.
 */
async function deleteStrangerChats(tx: SqlSession, before: Date): Promise<number> {
  const stale = await tx.query<{ id: string }>(
    `SELECT c.id FROM chats c
      WHERE c.health_worker_id IS NULL AND c.channel <> 'terminal' AND c.lock_owner IS NULL AND c.created_at < $1
        AND NOT EXISTS (SELECT 1 FROM consults k WHERE k.chat_id = c.id)
        AND NOT EXISTS (SELECT 1 FROM messages m WHERE m.chat_id = c.id AND m.direction = 'inbound')
      FOR UPDATE SKIP LOCKED`,
    [before],
  );
  if (stale.length === 0) return 0;
  const ids = stale.map((row) => row.id);
  await tx.query(`DELETE FROM messages WHERE chat_id = ANY($1::uuid[])`, [ids]);
  await tx.query(`DELETE FROM chats WHERE id = ANY($1::uuid[])`, [ids]);
  return ids.length;
}

/**
 * Unknown senders' and wrong codes' events, and an undeliverable answer's event once its chat is gone
 * (only an unknown sender's chat is ever deleted, so it names one). After the chats, so a chat dropped
 * in this pass takes its event with it.
 */
function deleteUnknownSenderEvents(tx: SqlSession, before: Date): Promise<number> {
  return counted(
    tx,
    `DELETE FROM audit_events a
      WHERE a.at < $2
        AND (a.action = ANY($1::text[])
             OR (a.action = 'delivery.undeliverable' AND NOT EXISTS (SELECT 1 FROM chats c WHERE c.id::text = a.data->>'chatRef')))`,
    [UNKNOWN_SENDER_ACTIONS, before],
  );
}

/**
 * A ledger row guards a send against a retry; once the message is sent (or refused for good) nothing
 * reads it from the outbox again, and an unknown sender's message is gone with its chat. So every row
 * older than RETENTION_DAYS goes, except the claim of a message still waiting in an outbox, whose
 * retry it still guards.
 */
function deleteLedgerRecords(tx: SqlSession, before: Date): Promise<number> {
  return counted(
    tx,
    `WITH pending AS (
       SELECT 'send:' || m.idempotency_key AS key FROM messages m
        WHERE m.direction = 'outbound' AND m.sent_at IS NULL AND m.undeliverable_at IS NULL AND m.idempotency_key IS NOT NULL)
     DELETE FROM side_effects s
      WHERE s.created_at < $1 AND NOT EXISTS (SELECT 1 FROM pending WHERE pending.key = s.key)`,
    [before],
  );
}
