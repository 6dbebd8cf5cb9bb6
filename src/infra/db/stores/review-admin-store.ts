import type { IngestionStatus, StaffAdmin } from '../../../review/admin/ports.js';
import type { Database } from '../open-database.js';

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
