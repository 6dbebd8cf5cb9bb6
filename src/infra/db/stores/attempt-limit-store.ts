import { backoffSchedule, NO_ATTEMPTS, type AttemptLimits, type AttemptRecord } from '../../../core/attempt-limits.js';
import type { KeyedHasher } from '../../../consult/enrollment/sender-hash.js';
import type { Database } from '../open-database.js';

type Row = { failures: number; blocked_until: Date | string | null; succeeded_at: Date | string | null };

const date = (value: Date | string | null) => (value === null ? null : new Date(value));
const record = (row: Row | undefined): AttemptRecord =>
  row ? { failures: Number(row.failures), blockedUntil: date(row.blocked_until), succeededAt: date(row.succeeded_at) } : NO_ATTEMPTS;

const MS = `* interval '1 millisecond'`;
/** The failure count after this one: the stored count unless it was forgotten. */
const NEXT_FAILURES = `CASE WHEN a.failures_expire_at > $2 THEN a.failures + 1 ELSE 1 END`;

/**
 * Attempt limits over the database (table attempt_limits), so they hold across restarts and across the
 * bot, WhatsApp and review processes. A key is `<scope>:<hashKey(scope, id)>`. Counting is one upsert,
 * atomic under concurrent processes; the policy's backoff goes in as a schedule indexed by the new count.
 * Expired rows are deleted whenever a failure is recorded, so the table holds only live keys.
 */
export function createAttemptLimitStore(db: Database, options: { hashKey: KeyedHasher }): AttemptLimits {
  const key = (scope: string, id: string) => `${scope}:${options.hashKey(scope, id)}`;
  return {
    async readAttempts(scope, id, at) {
      const rows = await db.sql.query<Row>(
        `SELECT CASE WHEN failures_expire_at > $2 THEN failures ELSE 0 END AS failures,
                CASE WHEN blocked_until > $2 THEN blocked_until END AS blocked_until, succeeded_at
           FROM attempt_limits WHERE key = $1 AND expires_at > $2`,
        [key(scope, id), at],
      );
      return record(rows[0]);
    },

    async recordFailedAttempt(scope, id, policy, at) {
      await db.sql.query(`DELETE FROM attempt_limits WHERE expires_at <= $1`, [at]);
      const rows = await db.sql.query<Row>(
        `INSERT INTO attempt_limits AS a (key, failures, failures_expire_at, blocked_until, expires_at)
         VALUES ($1, 1, $2::timestamptz + $3::double precision ${MS},
                 CASE WHEN ($4::double precision[])[1] > 0 THEN $2::timestamptz + ($4::double precision[])[1] ${MS} END,
                 $2::timestamptz + $3::double precision ${MS})
         ON CONFLICT (key) DO UPDATE SET
           failures = ${NEXT_FAILURES},
           failures_expire_at = EXCLUDED.failures_expire_at,
           blocked_until = CASE WHEN ($4::double precision[])[least(${NEXT_FAILURES}, cardinality($4::double precision[]))] > 0
                                THEN $2::timestamptz + ($4::double precision[])[least(${NEXT_FAILURES}, cardinality($4::double precision[]))] ${MS} END,
           expires_at = greatest(a.expires_at, EXCLUDED.expires_at)
         RETURNING failures, blocked_until, succeeded_at`,
        [key(scope, id), at, policy.forgetMs, backoffSchedule(policy)],
      );
      return record(rows[0]);
    },

    async recordSucceededAttempt(scope, id, at, rememberMs) {
      await db.sql.query(
        `INSERT INTO attempt_limits AS a (key, failures, succeeded_at, expires_at) VALUES ($1, 0, $2, $2::timestamptz + $3::double precision ${MS})
         ON CONFLICT (key) DO UPDATE SET failures = 0, failures_expire_at = NULL, blocked_until = NULL, succeeded_at = $2,
           expires_at = greatest(a.expires_at, EXCLUDED.expires_at)`,
        [key(scope, id), at, rememberMs],
      );
    },
  };
}
