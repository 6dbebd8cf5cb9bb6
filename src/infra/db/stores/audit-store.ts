import type { Database } from '../open-database.js';

export interface AuditEventInput {
  actorType: 'health_worker' | 'staff' | 'system' | 'unknown_sender';
  actorId?: string | null;
  action: string;
  subjectType?: string | null;
  subjectId?: string | null;
  /** Ids and counts only: never message text, names or phone numbers. */
  data?: Record<string, string | number | boolean | null>;
}

/** Appends one audit event. */
export async function recordAuditEvent(db: Database, input: AuditEventInput): Promise<void> {
  await db.prisma.auditEvent.create({
    data: {
      actorType: input.actorType,
      actorId: input.actorId ?? null,
      action: input.action,
      subjectType: input.subjectType ?? null,
      subjectId: input.subjectId ?? null,
      ...(input.data ? { data: input.data } : {}),
    },
  });
}
