/**
 * What the admin pages need: enrollment of health workers, staff accounts and the ingestion status.
 * The enrollment side is a port so the pages call the one enrollment module wherever it lives (the
 * entry wires it); the database adapters are in infra/db/stores/review-admin-store.ts.
 */

export interface WorkerRow {
  id: string;
  displayName: string;
  /** invited, active, suspended or revoked. */
  status: string;
  supervisorEmail: string | null;
  channels: string[];
  createdAt: Date;
}

export interface WorkerAdmin {
  listWorkers(): Promise<WorkerRow[]>;
  /** Enrolls a worker under a supervisor; the invite code is shown once and stored hashed. */
  enroll(input: { displayName: string; supervisorEmail: string; days: number }, actorStaffId: string): Promise<{ workerId: string; inviteCode: string; expiresAt: Date }>;
  /** Revokes access: the channel binding and any unused code are cleared; false for no such worker. */
  revoke(workerId: string, actorStaffId: string): Promise<boolean>;
}

export interface StaffRow {
  id: string;
  name: string;
  email: string;
  role: 'supervisor' | 'admin';
  /** False for a new account whose set-password link is unused, and for a revoked one. */
  canSignIn: boolean;
  workers: number;
}

export interface StaffAdmin {
  listStaff(): Promise<StaffRow[]>;
  /** Creates the account (no password yet); returns its id. Throws on a duplicate email. */
  addStaff(input: { name: string; email: string; role: 'supervisor' | 'admin' }): Promise<string>;
  findStaffIdByEmail(email: string): Promise<string | null>;
  /** Ends sign-in for good: password, sessions and unused set-password links are deleted; false for no such account. */
  revokeStaff(staffId: string): Promise<boolean>;
}

export interface IngestionReport {
  sources: Array<{ accession: string; title: string; kind: string; chunks: number; vectorsByModel: Record<string, number> }>;
  totals: { sources: number; chunks: number; vectors: number };
  lastRuns: Array<{ stage: string; status: string; startedAt: Date; finishedAt: Date | null; stats: Record<string, unknown> | null; error: string | null }>;
}

export interface IngestionStatus {
  read(): Promise<IngestionReport>;
}
