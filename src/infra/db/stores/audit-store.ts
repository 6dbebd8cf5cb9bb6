import type { Database } from '../open-database.js';
import type { SqlSession } from '../sql-session.js';

export interface AuditEventInput {
  actorType: 'health_worker' | 'staff' | 'system' | 'unknown_sender';
  actorId?: string | null;
  action: string;
  subjectType?: string | null;
  subjectId?: string | null;
  /** Ids and counts only: never message text, names or phone numbers. */
  data?: Record<string, string | number | boolean | null>;
}

/** Appends one audit event, inside the caller's transaction when `sql` is one. */
export async function insertAuditEvent(sql: SqlSession, input: AuditEventInput): Promise<void> {
  await sql.query(
    `INSERT INTO audit_events (actor_type, action, actor_id, subject_type, subject_id, data) VALUES ($1, $2, $3, $4, $5, $6::jsonb)`,
    [input.actorType, input.action, input.actorId ?? null, input.subjectType ?? null, input.subjectId ?? null, input.data ? JSON.stringify(input.data) : null],
  );
}

/** Appends one audit event. */
export async function recordAuditEvent(db: Database, input: AuditEventInput): Promise<void> {
  await insertAuditEvent(db.sql, input);
}
