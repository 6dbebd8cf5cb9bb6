import type { IngestionStatus, StaffAdmin, WorkerAdmin } from '../../../review/admin/ports.js';
import type { Database } from '../open-database.js';
import { recordAuditEvent } from './audit-store.js';
import { enrollHealthWorker } from './people-store.js';

/** Staff accounts for the admin pages. */
export function createStaffAdmin(db: Database): StaffAdmin {
  return {
    async listStaff() {
      const rows = await db.sql.query<{ id: string; name: string; email: string; role: 'supervisor' | 'admin'; can_sign_in: boolean; workers: number }>(
        `SELECT s.id, s.name, s.email, s.role::text AS role, EXISTS (SELECT 1 FROM staff_credentials c WHERE c.staff_id = s.id) AS can_sign_in,
                (SELECT count(*)::int FROM health_workers w WHERE w.supervisor_id = s.id) AS workers
           FROM staff_members s ORDER BY s.role, s.name`,
      );
      return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, role: r.role, canSignIn: r.can_sign_in, workers: r.workers }));
    },
    async addStaff(input) {
      const row = await db.prisma.staffMember.create({ data: input, select: { id: true } });
      return row.id;
    },
    async findStaffIdByEmail(email) {
      const row = await db.prisma.staffMember.findFirst({ where: { email: { equals: email, mode: 'insensitive' } }, select: { id: true } });
      return row?.id ?? null;
    },
    async revokeStaff(staffId) {
      return db.sql.transaction(async (tx) => {
        const exists = await tx.query(`SELECT 1 FROM staff_members WHERE id = $1::uuid`, [staffId]);
        if (exists.length === 0) return false;
        await tx.query(`DELETE FROM staff_credentials WHERE staff_id = $1::uuid`, [staffId]);
        await tx.query(`DELETE FROM review_sessions WHERE staff_id = $1::uuid`, [staffId]);
        await tx.query(`DELETE FROM password_setup_tokens WHERE staff_id = $1::uuid AND used_at IS NULL`, [staffId]);
        return true;
      });
    },
  };
}

/**
 * CHW enrollment for the admin pages over the current tables, until the one enrollment module
 * (issue 14) is merged and wired in its place by the entry. Revoking clears the channel binding and
 * the invite code and sets the worker suspended, so the sender gate treats them as unknown.
 */
export function createInterimWorkerAdmin(db: Database, options: { newInviteCode: () => string }): WorkerAdmin {
  return {
    async listWorkers() {
      const rows = await db.sql.query<{ id: string; display_name: string; status: string; email: string | null; telegram_user_id: string | null; whatsapp_id: string | null; created_at: Date | string }>(
        `SELECT w.id, w.display_name, w.status::text AS status, s.email, w.telegram_user_id, w.whatsapp_id, w.created_at
           FROM health_workers w LEFT JOIN staff_members s ON s.id = w.supervisor_id ORDER BY w.created_at, w.id`,
      );
      return rows.map((r) => ({
        id: r.id,
        displayName: r.display_name,
        status: r.status === 'suspended' && !r.telegram_user_id && !r.whatsapp_id ? 'revoked' : r.status,
        supervisorEmail: r.email,
        channels: [...(r.telegram_user_id ? ['telegram'] : []), ...(r.whatsapp_id ? ['whatsapp'] : [])],
        createdAt: r.created_at instanceof Date ? r.created_at : new Date(r.created_at),
      }));
    },
    async enroll(input) {
      const supervisor = await db.prisma.staffMember.findFirst({ where: { email: { equals: input.supervisorEmail.trim(), mode: 'insensitive' } }, select: { id: true } });
      if (!supervisor) throw new Error(`No supervisor with email ${input.supervisorEmail}.`);
      const inviteCode = options.newInviteCode();
      const expiresAt = new Date(Date.now() + input.days * 86_400_000);
      const workerId = await enrollHealthWorker(db, { displayName: input.displayName, supervisorId: supervisor.id, inviteCode, expiresAt });
      return { workerId, inviteCode, expiresAt };
    },
    async revoke(workerId, actorStaffId) {
      const rows = await db.sql.query(
        `UPDATE health_workers SET status = 'suspended', telegram_user_id = NULL, whatsapp_id = NULL, invite_code_hash = NULL, invite_expires_at = NULL
          WHERE id = $1::uuid RETURNING id`,
        [workerId],
      );
      if (rows.length === 0) return false;
      await recordAuditEvent(db, { actorType: 'staff', actorId: actorStaffId, action: 'enrollment.revoked', subjectType: 'health_worker', subjectId: workerId });
      return true;
    },
  };
}

/** Sources, chunks, vectors per embedding model and the last ingestion runs. */
export function createIngestionStatus(db: Database): IngestionStatus {
  return {
    async read() {
      const sources = await db.sql.query<{ accession: string; title: string; kind: string; chunks: number; models: Record<string, number> | string | null }>(
        `SELECT s.accession, s.title, s.kind, count(c.id)::int AS chunks,
                (SELECT jsonb_object_agg(m.embedding_model, m.n) FROM (SELECT embedding_model, count(*)::int AS n FROM guideline_chunks
                   WHERE source_id = s.id AND embedding IS NOT NULL GROUP BY embedding_model) m) AS models
           FROM guideline_sources s LEFT JOIN guideline_chunks c ON c.source_id = s.id
          GROUP BY s.id ORDER BY s.title`,
      );
      const runs = await db.sql.query<{ stage: string; status: string; started_at: Date | string; finished_at: Date | string | null; stats: Record<string, unknown> | string | null; error: string | null }>(
        `SELECT stage::text AS stage, status::text AS status, started_at, finished_at, stats, error FROM ingest_runs ORDER BY started_at DESC LIMIT 10`,
      );
      const parse = <T>(v: T | string | null): T | null => (typeof v === 'string' ? (JSON.parse(v) as T) : v);
      const list = sources.map((s) => ({ accession: s.accession, title: s.title, kind: s.kind, chunks: s.chunks, vectorsByModel: parse(s.models) ?? {} }));
      return {
        sources: list,
        totals: {
          sources: list.length,
          chunks: list.reduce((n, s) => n + s.chunks, 0),
          vectors: list.reduce((n, s) => n + Object.values(s.vectorsByModel).reduce((a, b) => a + b, 0), 0),
        },
        lastRuns: runs.map((r) => ({
          stage: r.stage,
          status: r.status,
          startedAt: new Date(r.started_at),
          finishedAt: r.finished_at === null ? null : new Date(r.finished_at),
          stats: parse(r.stats),
          error: r.error === null ? null : r.error.slice(0, 300),
        })),
      };
    },
  };
}
