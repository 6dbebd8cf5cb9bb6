/** What the review app's sign-in needs from storage; the database adapter is infra/db/stores/review-auth-store.ts. */
export interface StaffAccount {
  id: string;
  role: 'supervisor' | 'admin';
  email: string;
}

export interface ReviewAuthStore {
  findStaffByEmail(email: string): Promise<(StaffAccount & { passwordHash: string | null }) | null>;
  findStaffById(id: string): Promise<StaffAccount | null>;
  saveSetupToken(input: { staffId: string; tokenHash: string; expiresAt: Date }): Promise<void>;
  /** Marks the token used and returns its staff id when it is unused and unexpired at `now`; null otherwise. */
  consumeSetupToken(tokenHash: string, now: Date): Promise<string | null>;
  findSetupToken(tokenHash: string, now: Date): Promise<string | null>;
  setPassword(staffId: string, passwordHash: string): Promise<void>;
  createSession(input: { idHash: string; staffId: string; csrfToken: string; now: Date }): Promise<void>;
  findSession(idHash: string): Promise<{ staffId: string; csrfToken: string; createdAt: Date; lastSeenAt: Date } | null>;
  touchSession(idHash: string, now: Date): Promise<void>;
  deleteSession(idHash: string): Promise<void>;
  deleteSessionsOf(staffId: string): Promise<void>;
}

export interface ReviewAudit {
  record(event: { actorId: string | null; action: string; subjectType?: string; subjectId?: string; data?: Record<string, string | number | boolean | null> }): Promise<void>;
}
