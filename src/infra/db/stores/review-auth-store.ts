import type { ReviewAudit, ReviewAuthStore } from '../../../review/auth/ports.js';
import type { Database } from '../open-database.js';
import { recordAuditEvent } from './audit-store.js';

/** Sign-in storage of the review app (tables of prisma/migrations/20261123040000_review_auth). */
export function createReviewAuthStore(db: Database): ReviewAuthStore {
  const p = db.prisma;
  return {
    async findStaffByEmail(email) {
      const row = await p.staffMember.findFirst({
        where: { email: { equals: email, mode: 'insensitive' } },
        select: { id: true, role: true, email: true, credential: { select: { passwordHash: true } } },
      });
      return row ? { id: row.id, role: row.role, email: row.email, passwordHash: row.credential?.passwordHash ?? null } : null;
    },
    async findStaffById(id) {
      return p.staffMember.findUnique({ where: { id }, select: { id: true, role: true, email: true } });
    },
    async saveSetupToken(input) {
      await p.passwordSetupToken.create({ data: input });
    },
    async findSetupToken(tokenHash, now) {
      const row = await p.passwordSetupToken.findFirst({ where: { tokenHash, usedAt: null, expiresAt: { gt: now } }, select: { staffId: true } });
      return row?.staffId ?? null;
    },
    async consumeSetupToken(tokenHash, now) {
      const spent = await p.passwordSetupToken.updateMany({ where: { tokenHash, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
      if (spent.count !== 1) return null;
      const row = await p.passwordSetupToken.findUnique({ where: { tokenHash }, select: { staffId: true } });
      return row?.staffId ?? null;
    },
    async setPassword(staffId, passwordHash) {
      await p.staffCredential.upsert({ where: { staffId }, create: { staffId, passwordHash }, update: { passwordHash, updatedAt: new Date() } });
    },
    async createSession(input) {
      await p.reviewSession.create({ data: { idHash: input.idHash, staffId: input.staffId, csrfToken: input.csrfToken, createdAt: input.now, lastSeenAt: input.now } });
    },
    async findSession(idHash) {
      return p.reviewSession.findUnique({ where: { idHash }, select: { staffId: true, csrfToken: true, createdAt: true, lastSeenAt: true } });
    },
    async touchSession(idHash, now) {
      await p.reviewSession.updateMany({ where: { idHash }, data: { lastSeenAt: now } });
    },
    async deleteSession(idHash) {
      await p.reviewSession.deleteMany({ where: { idHash } });
    },
    async deleteSessionsOf(staffId) {
      await p.reviewSession.deleteMany({ where: { staffId } });
    },
  };
}

/** Audit events of the review app: staff actor, ids only. */
export function createReviewAudit(db: Database): ReviewAudit {
  return {
    async record(event) {
      await recordAuditEvent(db, { actorType: 'staff', actorId: event.actorId, action: event.action, subjectType: event.subjectType ?? null, subjectId: event.subjectId ?? null, ...(event.data ? { data: event.data } : {}) });
    },
  };
}
