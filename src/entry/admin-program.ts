import { Command, InvalidArgumentError, Option } from 'commander';
import { enrollWorker, MAX_INVITE_DAYS } from '../consult/enrollment/enroll-worker.js';
import { listWorkers } from '../consult/enrollment/list-workers.js';
import type { EnrollmentActor, WorkerSummary } from '../consult/enrollment/ports.js';
import { revokeWorker } from '../consult/enrollment/revoke-worker.js';
import { createSenderHasher } from '../consult/enrollment/sender-hash.js';
import { suspendWorker } from '../consult/enrollment/suspend-worker.js';
import { applyRetention } from '../consult/retention/apply-retention.js';
import type { Config } from '../infra/config/config.js';
import { resolveSenderHashSecret } from '../infra/config/sender-hash-secret.js';
import type { Database } from '../infra/db/open-database.js';
import { createEnrollmentStore } from '../infra/db/stores/enrollment-store.js';
import { createStaffMember } from '../infra/db/stores/people-store.js';
import { createRetentionStore } from '../infra/db/stores/retention-store.js';
import { createReviewAuthStore } from '../infra/db/stores/review-auth-store.js';
import { issueSetupToken } from '../review/auth/setup-link.js';
import { loadConfigOrExit, openMigratedDatabase } from './runtime.js';

/** The CLI acts as the system in the audit log: whoever runs it already owns the server. */
const CLI_ACTOR: EnrollmentActor = { type: 'system' };

export interface AdminIo {
  env: NodeJS.ProcessEnv;
  /** Where command output goes, one line per call (stdout for the CLI). */
  out: (line: string) => void;
}

async function enrollmentStore(db: Database, config: Config) {
  return createEnrollmentStore(db, { hashSender: createSenderHasher(await resolveSenderHashSecret(config)) });
}

function workerLine(worker: WorkerSummary): string {
  const invite =
    worker.status === 'invited' && worker.inviteExpiresAt ? `code valid until ${worker.inviteExpiresAt.toISOString().slice(0, 10)}` : worker.inviteRedeemedAt ? `code used ${worker.inviteRedeemedAt.toISOString().slice(0, 10)}` : '';
  return [worker.id, worker.status.padEnd(9), (worker.channels.join(',') || '-').padEnd(17), (worker.supervisorEmail ?? '-').padEnd(28), worker.displayName, invite ? `(${invite})` : ''].join('  ').trimEnd();
}

/** Parses --days before any database is opened, with the same rule enrollWorker enforces. */
function inviteDays(value: string): number {
  const days = Number(value);
  if (!Number.isInteger(days) || days < 1 || days > MAX_INVITE_DAYS) throw new InvalidArgumentError(`--days must be a whole number from 1 to ${MAX_INVITE_DAYS} (got ${value})`);
  return days;
}

/**
 * The `npm run admin` commands (staff, health-worker enrollment, retention), each with --help. Built per
 * call so tests run it in-process with their own environment and output.
 */
export function buildAdminProgram(io: AdminIo): Command {
  const print = io.out;
  /** Opens the configured database for one command and closes it after, whatever happens. */
  const withDatabase = async (work: (db: Database, config: Config) => Promise<void>): Promise<void> => {
    const config = loadConfigOrExit(io.env);
    const { db } = await openMigratedDatabase(config);
    try {
      await work(db, config);
    } finally {
      await db.close();
    }
  };

  const program = new Command('admin')
    .description('Manage supervisors, health-worker enrollment and data retention.')
    .showHelpAfterError()
    .addHelpText('after', '\nOn the embedded database, stop the bot first: one process owns ./data (exit code 78 otherwise).');

  program
    .command('add-supervisor')
    .description('Add a supervisor (or an admin) and print a one-time set-password link for the review app.')
    .requiredOption('--name <name>', 'full name')
    .requiredOption('--email <email>', 'sign-in email (unique)')
    .addOption(new Option('--role <role>', 'staff role').choices(['supervisor', 'admin']).default('supervisor'))
    .action((options: { name: string; email: string; role: 'supervisor' | 'admin' }) =>
      withDatabase(async (db, config) => {
        const id = await createStaffMember(db, { role: options.role, name: options.name, email: options.email });
        print(`${options.role} ${id} added`);
        const link = await issueSetupToken(createReviewAuthStore(db), id);
        print(`set-password link (one use, valid until ${link.expiresAt.toISOString().slice(0, 16)}Z):\n${config.review.publicUrl}/set-password?token=${link.token}`);
      }),
    );

  program
    .command('enroll')
    .description('Enroll a health worker and print a one-time invite code (Telegram: /start CODE; WhatsApp: the code as first message).')
    .requiredOption('--name <name>', "the health worker's name")
    .requiredOption('--supervisor <email>', 'email of their supervisor (add one with add-supervisor)')
    .option('--days <n>', `days the code stays valid, 1 to ${MAX_INVITE_DAYS}`, inviteDays, 7)
    .action((options: { name: string; supervisor: string; days: number }) =>
      withDatabase(async (db, config) => {
        const enrolled = await enrollWorker(await enrollmentStore(db, config), { displayName: options.name, supervisorEmail: options.supervisor, days: options.days });
        print(`health worker ${enrolled.workerId} enrolled`);
        print(`invite code: ${enrolled.inviteCode} (valid until ${enrolled.expiresAt.toISOString().slice(0, 10)}, one use)`);
        print(`Telegram: send /start ${enrolled.inviteCode} to the bot. WhatsApp: send ${enrolled.inviteCode} as the first message.`);
      }),
    );

  program
    .command('list')
    .description('List health workers: id, status (invited, active, suspended, revoked), bound channels, supervisor, name.')
    .action(() =>
      withDatabase(async (db, config) => {
        const workers = await listWorkers(await enrollmentStore(db, config));
        if (workers.length === 0) print('no health workers enrolled (add one with enroll)');
        for (const worker of workers) print(workerLine(worker));
      }),
    );

  program
    .command('suspend')
    .description('Suspend a health worker: their messages get the unknown-sender reply and an unused invite code stops working.')
    .argument('<worker-id>', 'the id `list` prints')
    .action((workerId: string) =>
      withDatabase(async (db, config) => {
        const { previous } = await suspendWorker(await enrollmentStore(db, config), { workerId, actor: CLI_ACTOR });
        print(`health worker ${workerId} suspended (was ${previous})`);
      }),
    );

  program
    .command('revoke')
    .description('Revoke a health worker for good: the chat binding and any unused invite code are cleared; enroll again to give new access.')
    .argument('<worker-id>', 'the id `list` prints')
    .action((workerId: string) =>
      withDatabase(async (db, config) => {
        const { previous } = await revokeWorker(await enrollmentStore(db, config), { workerId, actor: CLI_ACTOR });
        print(`health worker ${workerId} revoked (was ${previous})`);
      }),
    );

  program
    .command('retention')
    .description('Delete unknown-sender traces, redelivery records and side-effect ledger rows older than RETENTION_DAYS (the bot and worker also do this hourly).')
    .option('--days <n>', 'keep this many days instead of RETENTION_DAYS (at least 1)', Number)
    .action((options: { days?: number }) =>
      withDatabase(async (db, config) => {
        const days = options.days ?? config.retentionDays;
        if (!Number.isInteger(days) || days < 1) throw new Error(`--days must be a whole number of at least 1 (got ${days})`);
        const deleted = await applyRetention(createRetentionStore(db), { days });
        print(
          `deleted ${deleted.redeliveryRecords} redelivery records, ${deleted.unknownSenderEvents} unknown-sender audit events, ${deleted.ledgerRecords} ledger rows and ${deleted.strangerChats} unknown-sender chats older than ${days} days`,
        );
      }),
    );

  return program;
}
