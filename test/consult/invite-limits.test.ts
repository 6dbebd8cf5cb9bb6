import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Messenger, SendOutcome } from '../../src/consult/messenger.js';
import type { InboundMessage, OutboundMessage } from '../../src/consult/messages.js';
import { BAD_INVITE, ENROLLED_WELCOME, gateSender, INVITE_ATTEMPT_LIMITS, INVITE_LIMITED } from '../../src/consult/sender-gate.js';
import { newInviteCode } from '../../src/entry/admin-codes.js';
import { createIdentityStore } from '../../src/infra/db/stores/identity-store.js';
import { createStaffMember, enrollHealthWorker } from '../../src/infra/db/stores/people-store.js';
import { openTestDatabase, type TestDatabase } from '../support/test-database.js';

class Replies implements Messenger {
  readonly sent: OutboundMessage[] = [];
  canSend(): boolean {
    return true;
  }
  async send(_channel: string, message: OutboundMessage): Promise<SendOutcome> {
    this.sent.push(message);
    return { status: 'sent', channelMessageIds: [String(this.sent.length)] };
  }
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
    await enrollHealthWorker(db, { displayName: 'CHW', supervisorId, inviteCode: code, expiresAt: new Date(Date.now() + 86_400_000) });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('refuses 100 wrong guesses after the limit, then the right code too for that sender; another sender still enrolls', async () => {
    const deps = { identities: createIdentityStore(db), messenger: replies };
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
