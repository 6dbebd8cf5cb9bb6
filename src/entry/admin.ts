import { newInviteCode } from './admin-codes.js';
import { createStaffMember, enrollHealthWorker } from '../infra/db/stores/people-store.js';
import { createReviewAuthStore } from '../infra/db/stores/review-auth-store.js';
import { issueSetupToken } from '../review/auth/setup-link.js';
import { loadConfigOrExit, openMigratedDatabase, runMain } from './runtime.js';

/**
 * `npm run admin -- <command>`:
 *   add-supervisor --name "Nurse Ama" --email ama@example.org [--role admin]   prints a one-time set-password link
 *   enroll --name "Kofi" --supervisor ama@example.org [--days 7]   prints a one-time invite code
 */

function flag(args: string[], name: string): string | undefined {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

const MAX_INVITE_DAYS = 90;

runMain(async () => {
  const [command, ...args] = process.argv.slice(2);
  const config = loadConfigOrExit();
  const { db } = await openMigratedDatabase(config);
  try {
    if (command === 'add-supervisor') {
      const name = flag(args, 'name');
      const email = flag(args, 'email');
      if (!name || !email) throw new Error('usage: admin add-supervisor --name NAME --email EMAIL');
      const role = flag(args, 'role') === 'admin' ? 'admin' : 'supervisor';
      const id = await createStaffMember(db, { role, name, email });
      process.stdout.write(`${role} ${id} added\n`);
      const link = await issueSetupToken(createReviewAuthStore(db), id);
      process.stdout.write(`set-password link (one use, valid until ${link.expiresAt.toISOString().slice(0, 16)}Z):\n${config.review.publicUrl}/set-password?token=${link.token}\n`);
    } else if (command === 'enroll') {
      const name = flag(args, 'name');
      const supervisorEmail = flag(args, 'supervisor');
      const days = Number(flag(args, 'days') ?? 7);
      if (!name || !supervisorEmail || !Number.isFinite(days) || days <= 0) throw new Error('usage: admin enroll --name NAME --supervisor EMAIL [--days N]');
      // A long-lived code is a standing key to the bot: keep the window short.
      if (!Number.isInteger(days) || days > MAX_INVITE_DAYS) throw new Error(`--days must be a whole number from 1 to ${MAX_INVITE_DAYS} (got ${days})`);
      const supervisor = await db.prisma.staffMember.findUnique({ where: { email: supervisorEmail }, select: { id: true } });
      if (!supervisor) throw new Error(`no supervisor with email ${supervisorEmail}; add one with add-supervisor`);
      const code = newInviteCode();
      const expiresAt = new Date(Date.now() + days * 86_400_000);
      const id = await enrollHealthWorker(db, { displayName: name, supervisorId: supervisor.id, inviteCode: code, expiresAt });
      process.stdout.write(`health worker ${id} enrolled\ninvite code: ${code} (valid until ${expiresAt.toISOString().slice(0, 10)}, one use)\n`);
      process.stdout.write(`Telegram: send /start ${code} to the bot. WhatsApp: send ${code} as the first message.\n`);
    } else {
      throw new Error('usage: admin <add-supervisor|enroll> ...');
    }
  } finally {
    await db.close();
  }
});
