import type { ChannelName } from '../messages.js';

/**
 * Enrollment: who may consult. A health worker is created `invited` with a one-time code; redeeming
 * the code binds one channel identity and makes them `active`. `suspended` keeps the binding but
 * refuses consults; `revoked` is final: the binding and the code are cleared. Only an `invited` worker's
 * code can be redeemed, so a suspension or revocation made before the code is used wins over it.
 */
export type WorkerStatus = 'invited' | 'active' | 'suspended' | 'revoked';

export type BindableChannel = Exclude<ChannelName, 'terminal'>;

/** Who changed an enrollment, for the audit log: a staff member (review app) or the admin CLI. */
export type EnrollmentActor = { type: 'staff'; id: string } | { type: 'system' };

export interface WorkerSummary {
  id: string;
  displayName: string;
  status: WorkerStatus;
  supervisorEmail: string | null;
  /** Channels this worker is bound to (empty until the code is used, and after revocation). */
  channels: BindableChannel[];
  inviteExpiresAt: Date | null;
  inviteRedeemedAt: Date | null;
  createdAt: Date;
}

/** The store port for managing enrollments (admin CLI, review app). */
export interface EnrollmentStore {
  /** The staff member with this email, or null. */
  findStaffIdByEmail(email: string): Promise<string | null>;
  /** Creates an `invited` worker holding the hashed code; returns the worker id. */
  createInvitedWorker(input: { displayName: string; supervisorId: string | null; inviteCodeHash: string; expiresAt: Date }): Promise<string>;
  /** Every worker, oldest first. */
  listWorkers(): Promise<WorkerSummary[]>;
  /** The worker's status, or null for no such worker. */
  workerStatus(workerId: string): Promise<WorkerStatus | null>;
  /**
   * Sets `status` (`suspended` or `revoked`) unless the worker is already revoked; `revoked` also clears
   * the channel bindings and the invite code. Records an audit event. Returns the status before the
   * change, or null for no such worker.
   */
  changeStatus(workerId: string, status: 'suspended' | 'revoked', actor: EnrollmentActor): Promise<WorkerStatus | null>;
}

/** The port the sender gate needs: who is enrolled, binding a code, and traces of unknown senders. */
export interface IdentityStore {
  /** The active health worker behind this channel identity, or null. */
  findWorker(channel: ChannelName, senderId: string): Promise<string | null>;
  /**
   * Binds the identity to the `invited` worker holding this unused, unexpired code and makes them active;
   * null when the code is no good or the identity is already bound to another worker. `terminal` binds
   * no identity (`npm run chat -- --invite CODE`): the worker consults at the terminal with `--as ID`.
   */
  redeemInvite(code: string, channel: ChannelName, senderId: string): Promise<string | null>;
  /**
   * Records (once per message id) that an unknown sender wrote; ids are stored only as keyed hashes.
   * False for a redelivery.
   */
  recordUnknownSender(channel: ChannelName, messageId: string, senderId: string): Promise<boolean>;
  /** Wrong invite codes tried since `since`, from every chat (the guessing alarm; it limits nobody). */
  countBadInviteCodes(since: Date): Promise<number>;
}
