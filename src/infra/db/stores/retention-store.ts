import type { RetentionStore } from '../../../consult/retention/apply-retention.js';
import type { Database } from '../open-database.js';

/** Audit actions that only trace unknown senders (the rest of the audit log is kept). */
const UNKNOWN_SENDER_ACTIONS = ['inbound.unknown_sender', 'enrollment.bad_code'];

/** RetentionStore over the database. */
export function createRetentionStore(db: Database): RetentionStore {
  return {
    async deleteExpired(before) {
      return db.sql.transaction(async (tx) => {
        // A record whose message still waits in an inbox guards that message against a redelivery
        // being stored twice; the pending set is small (partial index), so it is read once.
        const records = await tx.query<{ n: number }>(
          `WITH gone AS (WITH pending AS (
             SELECT c.channel, m.channel_message_id FROM messages m JOIN chats c ON c.id = m.chat_id
              WHERE m.direction = 'inbound' AND m.processed_at IS NULL AND m.channel_message_id IS NOT NULL)
           DELETE FROM processed_inbound p
            WHERE p.received_at < $1
              AND NOT EXISTS (SELECT 1 FROM pending WHERE pending.channel = p.channel AND pending.channel_message_id = p.message_id)
           RETURNING 1)
           SELECT count(*)::int AS n FROM gone`,
          [before],
        );
        const events = await tx.query<{ n: number }>(
          `WITH gone AS (DELETE FROM audit_events WHERE action = ANY($1::text[]) AND at < $2 RETURNING 1) SELECT count(*)::int AS n FROM gone`,
          [UNKNOWN_SENDER_ACTIONS, before],
        );
        return { redeliveryRecords: Number(records[0]?.n ?? 0), unknownSenderEvents: Number(events[0]?.n ?? 0) };
      });
    },
  };
}
