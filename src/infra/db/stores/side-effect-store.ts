import type { SideEffectClaim, SideEffectLedger } from '../../../core/side-effects.js';
import type { Database } from '../open-database.js';

/*
 * One row per key in side_effects. `result` is SQL NULL while a claim is open and a JSON value once the
 * effect is recorded; an effect that returns nothing is recorded as the JSON value null, which is not SQL
 * NULL, so "done with no result" and "claimed, not done" stay distinct.
 *
 * Every write is a single INSERT ... ON CONFLICT or a guarded UPDATE, so two callers racing on one key
 * cannot both win, on PGlite or on PostgreSQL, without holding a transaction open across the effect.
 */

interface SideEffectRow {
  done: boolean;
  result: unknown;
}

/**
 * Records the intent to perform an effect before performing it. Returns 'claimed' to exactly one caller,
 * 'done' once completed, 'in_progress' while another claim is open. With `reclaimAfterMs`, an open claim
 * older than that is taken over ('taken_over': its owner is presumed dead; the effect may then happen twice).
 */
export async function claimSideEffect(
  db: Database,
  key: string,
  kind: string,
  options: { reclaimAfterMs?: number } = {},
): Promise<SideEffectClaim> {
  // Two rounds: a claim released between our INSERT and our SELECT leaves no row, so we try once more.
  for (let round = 0; round < 2; round += 1) {
    const inserted = await db.sql.query<{ key: string }>(
      `INSERT INTO side_effects (key, kind) VALUES ($1, $2) ON CONFLICT (key) DO NOTHING RETURNING key`,
      [key, kind],
    );
    if (inserted.length === 1) return 'claimed';
    if (options.reclaimAfterMs !== undefined) {
      const reclaimed = await db.sql.query<{ key: string }>(
        `UPDATE side_effects SET created_at = now()
         WHERE key = $1 AND result IS NULL AND created_at < now() - ($2::double precision * interval '1 millisecond')
         RETURNING key`,
        [key, options.reclaimAfterMs],
      );
      if (reclaimed.length === 1) return 'taken_over';
    }
    const row = await readSideEffect(db, key);
    if (row) return row.done ? 'done' : 'in_progress';
  }
  return 'in_progress';
}

/** Records the result of a claimed effect. Completing an already completed key keeps the first result. */
export async function completeSideEffect(db: Database, key: string, result: unknown): Promise<void> {
  const updated = await db.sql.query<{ key: string }>(
    `UPDATE side_effects SET result = $2::text::jsonb WHERE key = $1 AND result IS NULL RETURNING key`,
    [key, toJson(result)],
  );
  if (updated.length === 1) return;
  if (!(await readSideEffect(db, key))) throw new Error(`side effect ${key} was never claimed`);
}

/** Deletes an open claim (never a completed record) when the effect surely did not happen. */
export async function releaseSideEffect(db: Database, key: string): Promise<void> {
  await db.sql.query(`DELETE FROM side_effects WHERE key = $1 AND result IS NULL`, [key]);
}

/** The SideEffectLedger port over the database. */
export function createSideEffectLedger(db: Database): SideEffectLedger {
  return {
    claim: (key, kind, options) => claimSideEffect(db, key, kind, options),
    complete: (key, result) => completeSideEffect(db, key, result),
    release: (key) => releaseSideEffect(db, key),
  };
}

async function readSideEffect(db: Database, key: string): Promise<SideEffectRow | undefined> {
  const rows = await db.sql.query<SideEffectRow>(
    `SELECT result IS NOT NULL AS done, result FROM side_effects WHERE key = $1`,
    [key],
  );
  return rows[0];
}

/** Sent as text and cast in SQL, so neither driver re-encodes it; undefined is recorded as JSON null. */
function toJson(value: unknown): string {
  // JSON.stringify answers undefined for a bare function or symbol; never let that become an open claim.
  return (JSON.stringify(value ?? null) as string | undefined) ?? 'null';
}
