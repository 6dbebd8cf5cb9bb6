import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  claimSideEffect,
  completeSideEffect,
  createSideEffectLedger,
  releaseSideEffect,
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

  it('gives exactly one of many racing claims the key, then reports it done once completed', async () => {
    const outcomes = await Promise.all(Array.from({ length: 8 }, () => claimSideEffect(db, 'send:consult-5:plan', 'message.send')));
    expect(outcomes.filter((o) => o === 'claimed')).toHaveLength(1);
    expect(outcomes.filter((o) => o === 'in_progress')).toHaveLength(7);

    await completeSideEffect(db, 'send:consult-5:plan', { messageId: 'tg-991' });
    expect(await claimSideEffect(db, 'send:consult-5:plan', 'message.send')).toBe('done');
    await completeSideEffect(db, 'send:consult-5:plan', { messageId: 'tg-992' });
    expect(await storedRows('send:consult-5:plan')).toEqual([{ kind: 'message.send', result: { messageId: 'tg-991' } }]);
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
    expect(takeovers.sort()).toEqual(['in_progress', 'taken_over']);
  });

  it('refuses to complete a key nobody claimed', async () => {
    await expect(completeSideEffect(db, 'send:never-claimed', {})).rejects.toThrow('never claimed');
  });

  it('serves the same records through the SideEffectLedger port', async () => {
    const ledger = createSideEffectLedger(db);
    expect(await ledger.claim('send:consult-10', 'message.send')).toBe('claimed');
    await ledger.complete('send:consult-10', { messageId: 'tg-5' });
    expect(await ledger.claim('send:consult-10', 'message.send')).toBe('done');
  });
});
