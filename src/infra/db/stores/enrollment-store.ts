import { hashInviteCode } from '../../../consult/enrollment/invite-code.js';
import type { BindableChannel, EnrollmentStore, IdentityStore, WorkerStatus, WorkerSummary } from '../../../consult/enrollment/ports.js';
import type { SenderHasher } from '../../../consult/enrollment/sender-hash.js';
import type { Database } from '../open-database.js';
import { recordAuditEvent } from './audit-store.js';

/** The column holding each channel's identity (fixed names, never from input). */
const IDENTITY_COLUMN: Record<BindableChannel, 'telegram_user_id' | 'whatsapp_id'> = { telegram: 'telegram_user_id', whatsapp: 'whatsapp_id' };

/**
 * Enrollment and identity over the database: health workers, invite codes, channel bindings and the
 * traces unknown senders leave. Sender and message ids of unknown senders are stored only as
 * `hashSender` HMACs.
 */
export function createEnrollmentStore(db: Database, options: { hashSender: SenderHasher; now?: () => Date }): EnrollmentStore & IdentityStore {
  const { hashSender } = options;
  const now = options.now ?? (() => new Date());
  return {
    async findStaffIdByEmail(email) {
      const rows = await db.sql.query<{ id: string }>(`SELECT id FROM staff_members WHERE email = $1`, [email]);
      return rows[0]?.id ?? null;
    },

    async createInvitedWorker(input) {
      const rows = await db.sql.query<{ id: string }>(
        `INSERT INTO health_workers (id, display_name, supervisor_id, invite_code_hash, invite_expires_at)
         VALUES (gen_random_uuid(), $1, $2, $3, $4) RETURNING id`,
        [input.displayName, input.supervisorId, input.inviteCodeHash, input.expiresAt],
      );
      return rows[0]?.id as string;
    },

    async listWorkers() {
      const rows = await db.sql.query<{
        id: string;
        display_name: string;
        status: WorkerStatus;
        email: string | null;
        telegram: boolean;
        whatsapp: boolean;
        invite_expires_at: Date | string | null;
        invite_redeemed_at: Date | string | null;
        created_at: Date | string;
      }>(
        `SELECT w.id, w.display_name, w.status::text AS status, s.email, w.telegram_user_id IS NOT NULL AS telegram,
                w.whatsapp_id IS NOT NULL AS whatsapp, w.invite_expires_at, w.invite_redeemed_at, w.created_at
           FROM health_workers w LEFT JOIN staff_members s ON s.id = w.supervisor_id
          ORDER BY w.created_at, w.id`,
      );
      return rows.map(
        (row): WorkerSummary => ({
          id: row.id,
          displayName: row.display_name,
          status: row.status,
          supervisorEmail: row.email,
          channels: [...(row.telegram ? (['telegram'] as const) : []), ...(row.whatsapp ? (['whatsapp'] as const) : [])],
          inviteExpiresAt: row.invite_expires_at === null ? null : new Date(row.invite_expires_at),
          inviteRedeemedAt: row.invite_redeemed_at === null ? null : new Date(row.invite_redeemed_at),
          createdAt: new Date(row.created_at),
        }),
      );
    },

    async workerStatus(workerId) {
      const rows = await db.sql.query<{ status: WorkerStatus }>(`SELECT status::text AS status FROM health_workers WHERE id = $1::uuid`, [workerId]);
      return rows[0]?.status ?? null;
    },

    async changeStatus(workerId, status, actor) {
      return db.sql.transaction(async (tx) => {
        const before = await tx.query<{ status: WorkerStatus }>(`SELECT status::text AS status FROM health_workers WHERE id = $1 FOR UPDATE`, [workerId]);
        const previous = before[0]?.status;
        if (previous === undefined) return null;
        if (previous === 'revoked') return previous;
        // Revocation is final: without the binding and the code nothing can make this worker active again.
        await tx.query(
          status === 'revoked'
            ? `UPDATE health_workers SET status = 'revoked', telegram_user_id = NULL, whatsapp_id = NULL, invite_code_hash = NULL WHERE id = $1`
            : `UPDATE health_workers SET status = 'suspended' WHERE id = $1`,
          [workerId],
        );
        await tx.query(
          `INSERT INTO audit_events (actor_type, actor_id, action, subject_type, subject_id, data) VALUES ($1, $2, $3, 'health_worker', $4, $5::jsonb)`,
          [actor.type, actor.type === 'staff' ? actor.id : null, `enrollment.${status}`, workerId, JSON.stringify({ previous })],
        );
        return previous;
      });
    },

    async findWorker(channel, senderId) {
      if (channel === 'terminal') return null;
      const rows = await db.sql.query<{ id: string }>(`SELECT id FROM health_workers WHERE ${IDENTITY_COLUMN[channel]} = $1 AND status = 'active'`, [senderId]);
      return rows[0]?.id ?? null;
    },

    async redeemInvite(code, channel, senderId) {
      const at = now();
      let id: string | null = null;
      try {
        // Conditional on status 'invited', an unused code and an unbound identity, so a suspension or
        // revocation wins over the code and two senders racing with one code cannot both win. The
        // terminal binds no identity: the worker becomes active and consults with `chat --as ID`.
        const rows =
          channel === 'terminal'
            ? await db.sql.query<{ id: string }>(
                `UPDATE health_workers SET status = 'active', invite_redeemed_at = $2
                  WHERE invite_code_hash = $1 AND status = 'invited' AND invite_redeemed_at IS NULL AND invite_expires_at > $2
                 RETURNING id`,
                [hashInviteCode(code), at],
              )
            : await db.sql.query<{ id: string }>(
                `UPDATE health_workers SET ${IDENTITY_COLUMN[channel]} = $2, status = 'active', invite_redeemed_at = $3
                  WHERE invite_code_hash = $1 AND status = 'invited' AND invite_redeemed_at IS NULL AND invite_expires_at > $3
                    AND NOT EXISTS (SELECT 1 FROM health_workers bound WHERE bound.${IDENTITY_COLUMN[channel]} = $2)
                 RETURNING id`,
                [hashInviteCode(code), senderId, at],
              );
        id = rows[0]?.id ?? null;
      } catch (error) {
        // The same identity redeeming two codes at once: the unique binding lets one through.
        if ((error as { code?: unknown }).code !== '23505') throw error;
      }
      await recordAuditEvent(db, {
        actorType: id ? 'health_worker' : 'unknown_sender',
        actorId: id,
        action: id ? 'enrollment.redeemed' : 'enrollment.bad_code',
        ...(id ? {} : { subjectType: 'channel_identity', subjectId: hashSender(channel, senderId) }),
      });
      return id;
    },

    async countBadInviteCodes(since) {
      const rows = await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM audit_events WHERE action = 'enrollment.bad_code' AND at > $1`, [since]);
      return Number(rows[0]?.n ?? 0);
    },

    async recordUnknownSender(channel, messageId, senderId) {
      const senderHash = hashSender(channel, senderId);
      // The hashed message id keeps a redelivered update from answering twice, without storing the id.
      const rows = await db.sql.query(
        `INSERT INTO processed_inbound (channel, message_id, chat_id) VALUES ($1::"Channel", $2, $3) ON CONFLICT DO NOTHING RETURNING message_id`,
        [channel, `h:${hashSender(channel, messageId)}`, `h:${senderHash}`],
      );
      if (rows.length === 0) return false;
      await recordAuditEvent(db, { actorType: 'unknown_sender', action: 'inbound.unknown_sender', subjectType: 'channel_identity', subjectId: senderHash, data: { channel } });
      return true;
    },
  };
}
