import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InboundMessage } from '../../src/consult/messages.js';
import { BAD_INVITE, codePrefix, ENROLLED_WELCOME, gateSender, INVITE_LIMITED, INVITE_LIMITS, type GateReply } from '../../src/consult/sender-gate.js';
import { newInviteCode } from '../../src/consult/enrollment/invite-code.js';
import { createStaffMember } from '../../src/infra/db/stores/people-store.js';
import { inviteWorker, RecordingLog, testGateDeps } from '../support/enrollment.js';
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
  last(chatId: string): string | undefined {
    return this.to(chatId).at(-1);
  }
}

let counter = 0;
function start(senderId: string, code: string): InboundMessage {
  return { channel: 'telegram', chatId: senderId, messageId: `inv-${++counter}`, senderId, chatType: 'private', text: `/start ${code}`, receivedAt: new Date() };
}

const MINUTE = 60_000;

/** A wrong code whose first group is `prefix` (no invite is made with a fixed prefix). */
const wrongCode = (prefix: string, n: number) => `${prefix}-${String(n).padStart(4, '0').replace(/0/g, 'Z').replace(/1/g, 'Y')}`;

describe('invite codes cannot be guessed', () => {
  let db: TestDatabase;
  let supervisorId: string;
  let clock = new Date();
  const replies = new Replies();
  const deps = () => testGateDeps(db, replies.reply, { now: () => clock });

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    supervisorId = await createStaffMember(db, { role: 'supervisor', name: 'Supervisor', email: 'invites@example.org' });
  });
  afterAll(async () => {
    await db?.close();
  });

  it('refuses 100 wrong guesses from one chat after the limit, then the right code too for that chat; another chat still enrolls', async () => {
    const { code } = await inviteWorker(db, { displayName: 'CHW', supervisorId, code: 'KQDM-2XPA' });
    for (let guess = 0; guess < 100; guess++) await gateSender(deps(), start('9001', wrongCode(`W${String(guess).padStart(3, '0')}`.replace(/[01]/g, 'Q'), guess)));
    const answers = replies.to('9001');
    const limit = INVITE_LIMITS.perChat.failuresToBlock;
    expect(answers).toHaveLength(100);
    expect(answers.slice(0, limit).every((text) => text === BAD_INVITE)).toBe(true);
    expect(answers.slice(limit).every((text) => text === INVITE_LIMITED)).toBe(true);
    // Only the guesses under the limit were tried against the codes.
    expect(await db.prisma.auditEvent.count({ where: { action: 'enrollment.bad_code' } })).toBe(limit);

    await gateSender(deps(), start('9001', code));
    expect(replies.last('9001')).toBe(INVITE_LIMITED);

    await gateSender(deps(), start('9002', code));
    expect(replies.to('9002')).toEqual([ENROLLED_WELCOME]);
  });

  it('backs a guessing chat off, doubling each block, and lets it in with the right code once a block has passed', async () => {
    const { code } = await inviteWorker(db, { displayName: 'CHW slow', supervisorId, code: 'HJKM-NPRS' });
    const chat = '9101';
    const guess = async (text: string, minutes: number) => {
      clock = new Date(clock.getTime() + minutes * MINUTE);
      await gateSender(deps(), start(chat, text));
      return replies.last(chat);
    };
    for (let i = 0; i < INVITE_LIMITS.perChat.failuresToBlock; i++) expect(await guess(wrongCode(`B${i}AA`.replace(/[01]/g, 'C'), i), 0)).toBe(BAD_INVITE);
    // First block: 1 h.
    expect(await guess(wrongCode('BBAA', 1), 59)).toBe(INVITE_LIMITED);
    expect(await guess(wrongCode('BBAB', 2), 2)).toBe(BAD_INVITE);
    // The next wrong code blocks for 2 h, the one after for 4 h.
    expect(await guess(wrongCode('BBAC', 3), 119)).toBe(INVITE_LIMITED);
    expect(await guess(wrongCode('BBAD', 4), 2)).toBe(BAD_INVITE);
    expect(await guess(wrongCode('BBAE', 5), 239)).toBe(INVITE_LIMITED);
    // The owner who mistyped is not locked out for good: after the block the right code enrolls.
    expect(await guess(code, 2)).toBe(ENROLLED_WELCOME);
  });

  it('protects a code guessed at by its first group from many chats, for at most its block, without holding up other codes', async () => {
    const target = await inviteWorker(db, { displayName: 'CHW targeted', supervisorId, code: 'MNPQ-RSTU' });
    const other = await inviteWorker(db, { displayName: 'CHW other', supervisorId, code: 'VWXY-ZABC' });
    // Ten chats, one wrong guess each at the targeted code's first group: no chat is near its own limit.
    for (let chat = 0; chat < INVITE_LIMITS.perPrefix.failuresToBlock; chat++) await gateSender(deps(), start(`92${chat}`, wrongCode('MNPQ', chat)));
    expect(replies.to('920')).toEqual([BAD_INVITE]);
    // Now even the right code is not tried: a guesser who hit it would learn nothing.
    await gateSender(deps(), start('9300', target.code));
    expect(replies.last('9300')).toBe(INVITE_LIMITED);
    await gateSender(deps(), start('9301', other.code));
    expect(replies.last('9301')).toBe(ENROLLED_WELCOME);
    // The block of the prefix is 1 h; then the owner enrolls.
    clock = new Date(clock.getTime() + 61 * MINUTE);
    await gateSender(deps(), start('9302', target.code));
    expect(replies.last('9302')).toBe(ENROLLED_WELCOME);
    expect(codePrefix('mnpq-rstu')).toBe('MNPQ');
  });
});

describe('many throwaway chats guessing do not block a valid code (issue 58)', () => {
  let db: TestDatabase;
  const replies = new Replies();
  const log = new RecordingLog();

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
  });
  afterAll(async () => {
    await db?.close();
  });

  it('200 wrong codes from 40 chats in an hour, then a valid code from a fresh chat is accepted; the alarm is logged, no raw id is stored', async () => {
    const supervisorId = await createStaffMember(db, { role: 'supervisor', name: 'Supervisor', email: 'crowd@example.org' });
    const { code } = await inviteWorker(db, { displayName: 'CHW', supervisorId });
    const deps = testGateDeps(db, replies.reply, { log });
    for (let chat = 0; chat < 40; chat++) {
      for (let guess = 0; guess < 5; guess++) await gateSender(deps, start(`77${String(chat).padStart(3, '0')}`, newInviteCode()));
    }
    expect(await db.prisma.auditEvent.count({ where: { action: 'enrollment.bad_code' } })).toBe(200);
    expect(replies.sent.every((reply) => reply.text === BAD_INVITE)).toBe(true);

    await gateSender(deps, start('7799999', code));
    expect(replies.to('7799999')).toEqual([ENROLLED_WELCOME]);

    const alarms = log.lines.filter((line) => line.level === 'warn');
    expect(alarms).toHaveLength(1);
    expect(alarms[0]?.fields).toMatchObject({ wrongCodes: INVITE_LIMITS.alarm.failures });

    const keys = (await db.sql.query<{ key: string }>(`SELECT key FROM attempt_limits`)).map((row) => row.key);
    expect(keys.length).toBeGreaterThan(40);
    for (const key of keys) expect(key).toMatch(/^invite-(chat|prefix):[0-9a-f]{32}$/);
  });
});
