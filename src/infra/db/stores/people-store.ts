import { createHash } from 'node:crypto';
import type { Database } from '../open-database.js';
import type { ChannelName } from '../../../consult/messages.js';

export interface StaffInput {
  role: 'supervisor' | 'admin';
  name: string;
  email: string;
}

/** Creates a supervisor or admin; returns its id. */
export async function createStaffMember(db: Database, input: StaffInput): Promise<string> {
  const row = await db.prisma.staffMember.create({ data: input, select: { id: true } });
  return row.id;
}

/** Invite codes are stored hashed: a database dump does not hand out enrolments. */
export function hashInviteCode(code: string): string {
  return createHash('sha256').update(code.trim().toUpperCase()).digest('hex');
}

/** Enrolls a health worker under a supervisor with a one-time invite code valid until expiresAt. */
export async function enrollHealthWorker(
  db: Database,
  input: { displayName: string; supervisorId: string | null; inviteCode: string; expiresAt: Date },
): Promise<string> {
  const row = await db.prisma.healthWorker.create({
    data: {
      displayName: input.displayName,
      supervisorId: input.supervisorId,
      inviteCodeHash: hashInviteCode(input.inviteCode),
      inviteExpiresAt: input.expiresAt,
    },
    select: { id: true },
  });
  return row.id;
}

/**
 * Binds a channel identity to the health worker holding this unexpired, unused invite code. Returns the
 * worker id, or null when the code is unknown, used or expired. The update is conditional, so two
 * senders racing with one code cannot both win.
 */
export async function redeemInviteCode(
  db: Database,
  input: { code: string; channel: Exclude<ChannelName, 'terminal'>; channelUserId: string; now: Date },
): Promise<string | null> {
  const identity = input.channel === 'telegram' ? { telegramUserId: input.channelUserId } : { whatsappId: input.channelUserId };
  const result = await db.prisma.healthWorker.updateMany({
    where: { inviteCodeHash: hashInviteCode(input.code), inviteRedeemedAt: null, inviteExpiresAt: { gt: input.now } },
    data: { ...identity, status: 'active', inviteRedeemedAt: input.now },
  });
  if (result.count !== 1) return null;
  const worker = await db.prisma.healthWorker.findFirst({ where: identity, select: { id: true } });
  return worker?.id ?? null;
}

/** The active health worker behind a channel identity, or null for an unknown sender. */
export async function findHealthWorkerByIdentity(
  db: Database,
  input: { channel: Exclude<ChannelName, 'terminal'>; channelUserId: string },
): Promise<{ id: string; supervisorId: string | null } | null> {
  const where = input.channel === 'telegram' ? { telegramUserId: input.channelUserId } : { whatsappId: input.channelUserId };
  return db.prisma.healthWorker.findFirst({ where: { ...where, status: 'active' }, select: { id: true, supervisorId: true } });
}
