import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundMessage } from '../../src/consult/messages.js';
import { BAD_INVITE, ENROLLED_WELCOME, gateSender, INVITE_ATTEMPT_LIMITS, INVITE_LIMITED, type GateReply } from '../../src/consult/sender-gate.js';
import { newInviteCode } from '../../src/consult/enrollment/invite-code.js';
import { createStaffMember } from '../../src/infra/db/stores/people-store.js';
import { inviteWorker, testEnrollmentStore } from '../support/enrollment.js';
import { openTestDatabase, type TestDatabase } from '../support/test-database.js';

/** Collects the gate's answers (their delivery through the outbox is tested in gate-replies.test.ts). */
class Replies {
  readonly sent: GateReply[] = [];
  readonly reply = async (reply: GateReply): Promise<void> => {
    this.sent.push(reply);
  };
  to(chatId: string): string[] {
    return this.sent.filter((m) => m.chatId === chatId).map((m) => m.text);
  }
}

let counter = 0;
function start(senderId: string, code: string): InboundMessage {
  return { channel: 'telegram', chatId: senderId, messageId: `inv-${++counter}`, senderId, chatType: 'private', text: `/start ${code}`, receivedAt: new Date() };
}

describe('invite codes cannot be guessed', () => {
  let db: TestDatabase;
  let code: string;
  const replies = new Replies();

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    const supervisorId = await createStaffMember(db, { role: 'supervisor', name: 'Supervisor', email: 'invites@example.org' });
    code = newInviteCode();
    await inviteWorker(db, { displayName: 'CHW', supervisorId, code });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('refuses 100 wrong guesses after the limit, then the right code too for that sender; another sender still enrolls', async () => {
    const deps = { identities: testEnrollmentStore(db), reply: replies.reply };
    for (let guess = 0; guess < 100; guess++) await gateSender(deps, start('9001', `WRNG-${String(guess).padStart(4, '0')}`));
    const answers = replies.to('9001');
    expect(answers).toHaveLength(100);
    expect(answers.slice(0, INVITE_ATTEMPT_LIMITS.perSender).every((text) => text === BAD_INVITE)).toBe(true);
    expect(answers.slice(INVITE_ATTEMPT_LIMITS.perSender).every((text) => text === INVITE_LIMITED)).toBe(true);
    // Only the guesses under the limit were tried against the codes.
    expect(await db.prisma.auditEvent.count({ where: { action: 'enrollment.bad_code' } })).toBe(INVITE_ATTEMPT_LIMITS.perSender);

    await gateSender(deps, start('9001', code));
    expect(replies.to('9001').at(-1)).toBe(INVITE_LIMITED);

    await gateSender(deps, start('9002', code));
    expect(replies.to('9002')).toEqual([ENROLLED_WELCOME]);
  });
});
