import { hashChannelId, type IdentityStore } from '../../../consult/sender-gate.js';
import type { Database } from '../open-database.js';
import { recordAuditEvent } from './audit-store.js';
import { findHealthWorkerByIdentity, redeemInviteCode } from './people-store.js';

/** IdentityStore over the database. */
export function createIdentityStore(db: Database, now: () => Date = () => new Date()): IdentityStore {
  return {
    async findWorker(channel, senderId) {
      if (channel === 'terminal') return null;
      return (await findHealthWorkerByIdentity(db, { channel, channelUserId: senderId }))?.id ?? null;
    },
    async redeemInvite(code, channel, senderId) {
      const id = await redeemInviteCode(db, { code, channel, channelUserId: senderId, now: now() });
      await recordAuditEvent(db, {
        actorType: id ? 'health_worker' : 'unknown_sender',
        actorId: id,
        action: id ? 'enrollment.redeemed' : 'enrollment.bad_code',
        ...(id ? {} : { subjectType: 'channel_identity', subjectId: hashChannelId(channel, senderId) }),
      });
      return id;
    },
    async failedInviteAttempts(senderHash, windowMs) {
      const rows = await db.sql.query<{ by_sender: number; overall: number }>(
        `SELECT count(*) FILTER (WHERE subject_id = $1)::int AS by_sender, count(*)::int AS overall
           FROM audit_events
          WHERE action = 'enrollment.bad_code' AND at > now() - ($2::double precision * interval '1 millisecond')`,
        [senderHash, windowMs],
      );
      return { bySender: Number(rows[0]?.by_sender ?? 0), overall: Number(rows[0]?.overall ?? 0) };
    },
    async recordUnknownSender(channel, messageIdHash, senderHash) {
      // The hashed message id keeps a redelivered update from answering twice, without storing the id.
      const rows = await db.sql.query(
        `INSERT INTO processed_inbound (channel, message_id, chat_id) VALUES ($1::"Channel", $2, $3) ON CONFLICT DO NOTHING RETURNING message_id`,
        [channel, `h:${messageIdHash}`, `h:${senderHash}`],
      );
      if (rows.length === 0) return false;
      await recordAuditEvent(db, { actorType: 'unknown_sender', action: 'inbound.unknown_sender', subjectType: 'channel_identity', subjectId: senderHash, data: { channel } });
      return true;
    },
  };
}
