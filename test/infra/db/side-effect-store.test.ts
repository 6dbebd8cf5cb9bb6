import { setTimeout as sleep } from 'node:timers/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimSideEffect,
  completeSideEffect,
  createSideEffectLedger,
  releaseSideEffect,
  runOnce,
} from '../../../src/infra/db/stores/side-effect-store.js';
import { openTestDatabase, type TestDatabase } from '../../support/test-database.js';

// PGlite is the embedded default; postgres-wire goes through node-postgres with a pool, so racing
// callers there use separate connections as they would against PostgreSQL.
describe.each(['pglite', 'postgres-wire'] as const)('side-effect store over %s', (via) => {
  let db: TestDatabase;
  beforeAll(async () => {
    db = await openTestDatabase(via);
  });
  afterAll(async () => {
    await db?.close();
  });

  async function storedRows(key: string): Promise<{ kind: string; result: unknown }[]> {
    return db.sql.query(`SELECT kind, result FROM side_effects WHERE key = $1`, [key]);
  }

  it('runs the effect once and replays the recorded result on the second call', async () => {
    const calls: string[] = [];
    const draftPlan = async (): Promise<{ text: string; citations: string[] }> => {
      calls.push('llm');
      return { text: `Give artemether-lumefantrine, draft ${calls.length} [S1]`, citations: ['S1'] };
    };

    const first = await runOnce(db, 'plan:consult-1:draft', 'llm.plan', draftPlan);
    const second = await runOnce(db, 'plan:consult-1:draft', 'llm.plan', draftPlan);

    expect(first).toEqual({ result: { text: 'Give artemether-lumefantrine, draft 1 [S1]', citations: ['S1'] }, replayed: false });
    expect(second).toEqual({ result: { text: 'Give artemether-lumefantrine, draft 1 [S1]', citations: ['S1'] }, replayed: true });
    expect(calls).toEqual(['llm']);
    expect(await storedRows('plan:consult-1:draft')).toEqual([
      { kind: 'llm.plan', result: { text: 'Give artemether-lumefantrine, draft 1 [S1]', citations: ['S1'] } },
    ]);
  });

  it('records an effect that returns nothing, so it is not called again', async () => {
    let sends = 0;
    const send = async (): Promise<void> => {
      sends += 1;
    };
    await runOnce(db, 'notify:consult-2', 'message.send', send);
    const again = await runOnce(db, 'notify:consult-2', 'message.send', send);
    expect(again.replayed).toBe(true);
    expect(sends).toBe(1);
  });

  it('records nothing when the effect throws, so a retry calls it again', async () => {
    let calls = 0;
    const flaky = async (): Promise<string> => {
      calls += 1;
      if (calls === 1) throw new Error('529 overloaded');
      return 'second try';
    };
    await expect(runOnce(db, 'plan:consult-3', 'llm.plan', flaky)).rejects.toThrow('529 overloaded');
    expect(await storedRows('plan:consult-3')).toEqual([]);
    expect(await runOnce(db, 'plan:consult-3', 'llm.plan', flaky)).toEqual({ result: 'second try', replayed: false });
  });

  it('lets only one of two racing callers record; both return the recorded result', async () => {
    const slowEffect = (answer: string) => async (): Promise<string> => {
      await sleep(answer === 'A' ? 10 : 25);
      return answer;
    };
    const [a, b] = await Promise.all([
      runOnce(db, 'plan:consult-4', 'llm.plan', slowEffect('A')),
      runOnce(db, 'plan:consult-4', 'llm.plan', slowEffect('B')),
    ]);
    expect(a.result).toBe(b.result);
    expect([a.replayed, b.replayed].sort()).toEqual([false, true]);
    expect(await storedRows('plan:consult-4')).toEqual([{ kind: 'llm.plan', result: a.result }]);
  });

  it('gives exactly one of many racing claims the key, then reports it done once completed', async () => {
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => claimSideEffect(db, 'send:consult-5:plan', 'message.send')));
    expect(outcomes.filter((o) => o === 'claimed')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'in_progress')).toHaveLength(7);

    await completeSideEffect(db, 'send:consult-5:plan', { messageId: 'tg-991' });
    expect(await claimSideEffect(db, 'send:consult-5:plan', 'message.send')).toBe('done');
    await completeSideEffect(db, 'send:consult-5:plan', { messageId: 'tg-992' });
    expect(await storedRows('send:consult-5:plan')).toEqual([{ kind: 'message.send', result: { messageId: 'tg-991' } }]);
    // runOnce replays a key completed through the claim protocol.
    expect(await runOnce(db, 'send:consult-5:plan', 'message.send', async () => ({ messageId: 'never' }))).toEqual({
      result: { messageId: 'tg-991' },
      replayed: true,
    });
  });

  it('completes a claim whose effect returned nothing as done, not as still open', async () => {
    expect(await claimSideEffect(db, 'send:consult-6', 'message.send')).toBe('claimed');
    await completeSideEffect(db, 'send:consult-6', undefined);
    expect(await claimSideEffect(db, 'send:consult-6', 'message.send')).toBe('done');
  });

  it('frees a released claim for a retry but never deletes a completed record', async () => {
    expect(await claimSideEffect(db, 'send:consult-7', 'message.send')).toBe('claimed');
    await releaseSideEffect(db, 'send:consult-7');
    expect(await claimSideEffect(db, 'send:consult-7', 'message.send')).toBe('claimed');
    await completeSideEffect(db, 'send:consult-7', { messageId: 'wa-17' });
    await releaseSideEffect(db, 'send:consult-7');
    expect(await claimSideEffect(db, 'send:consult-7', 'message.send')).toBe('done');
  });

  it('takes over an open claim only once it is older than reclaimAfterMs', async () => {
    expect(await claimSideEffect(db, 'send:consult-8', 'message.send')).toBe('claimed');
    expect(await claimSideEffect(db, 'send:consult-8', 'message.send', { reclaimAfterMs: 60_000 })).toBe('in_progress');
    // The owner went quiet an hour ago (backdated rather than slept: on a real server a second pool
    // connection can take longer to open than a short reclaim window, which would let both take over).
    await db.sql.query(`UPDATE side_effects SET created_at = now() - interval '1 hour' WHERE key = $1`, ['send:consult-8']);
    const takeovers = await Promise.all([
      claimSideEffect(db, 'send:consult-8', 'message.send', { reclaimAfterMs: 60_000 }),
      claimSideEffect(db, 'send:consult-8', 'message.send', { reclaimAfterMs: 60_000 }),
    ]);
    expect(takeovers.sort()).toEqual(['claimed', 'in_progress']);
  });

  it('refuses to complete a key nobody claimed, and runOnce refuses a key with an open claim', async () => {
    await expect(completeSideEffect(db, 'send:never-claimed', {})).rejects.toThrow('never claimed');
    expect(await claimSideEffect(db, 'send:consult-9', 'message.send')).toBe('claimed');
    let called = false;
    await expect(
      runOnce(db, 'send:consult-9', 'message.send', async () => {
        called = true;
      }),
    ).rejects.toThrow('open claim');
    expect(called).toBe(false);
  });

  it('serves the same records through the SideEffectLedger port', async () => {
    const ledger = createSideEffectLedger(db);
    const first = await ledger.runOnce('plan:consult-10', 'llm.plan', async () => 'Refer to the health facility today.');
    const replay = await ledger.runOnce('plan:consult-10', 'llm.plan', async () => 'something else');
    expect(replay).toEqual({ result: first.result, replayed: true });
    expect(await ledger.claim('send:consult-10', 'message.send')).toBe('claimed');
    await ledger.complete('send:consult-10', { messageId: 'tg-5' });
    expect(await ledger.claim('send:consult-10', 'message.send')).toBe('done');
  });
});
