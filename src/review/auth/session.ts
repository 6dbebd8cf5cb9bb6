import { AUTH_POLICY } from './policy.js';
import type { ReviewAuthStore, StaffAccount } from './ports.js';
import { hashSecret } from './secrets.js';

export interface ActiveSession {
  staff: StaffAccount;
  csrfToken: string;
}

/** The signed-in staff member of a session id, or null when unknown, idle too long or too old (then deleted). */
export async function resolveSession(store: ReviewAuthStore, sessionId: string | undefined, now = new Date()): Promise<ActiveSession | null> {
  if (!sessionId) return null;
  const idHash = hashSecret(sessionId);
  const session = await store.findSession(idHash);
  if (!session) return null;
  const idle = now.getTime() - session.lastSeenAt.getTime() > AUTH_POLICY.idleMs;
  const old = now.getTime() - session.createdAt.getTime() > AUTH_POLICY.absoluteMs;
  const staff = idle || old ? null : await store.findStaffById(session.staffId);
  if (!staff) {
    await store.deleteSession(idHash);
    return null;
  }
  await store.touchSession(idHash, now);
  return { staff, csrfToken: session.csrfToken };
}

export async function signOut(store: ReviewAuthStore, sessionId: string): Promise<void> {
  await store.deleteSession(hashSecret(sessionId));
}
