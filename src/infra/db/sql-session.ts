import { createHash } from 'node:crypto';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';

/** The raw driver beneath Prisma: migrations and scripts that must not be split on semicolons. */
export interface SqlSession {
  /** Runs a whole script (several statements, no parameters) as the server parses it. */
  exec(script: string): Promise<void>;
  /** Runs one parameterised statement and returns its rows. */
  query<Row extends object>(sql: string, params?: unknown[]): Promise<Row[]>;
  /** Runs `work` in one transaction on one connection; rolls back if it throws. */
  transaction<T>(work: (session: SqlSession) => Promise<T>): Promise<T>;
}

/** A session over an in-process PGlite database (single connection: calls queue in order). */
export function pgliteSession(db: PGlite): SqlSession {
  const session: SqlSession = {
    async exec(script) {
      await db.exec(script);
    },
    async query<Row extends object>(sql: string, params: unknown[] = []) {
      const result = await db.query<Row>(sql, params);
      return result.rows;
    },
    async transaction(work) {
      return db.transaction(async (tx) => {
        const inner: SqlSession = {
          async exec(script) {
            await tx.exec(script);
          },
          async query<Row extends object>(sql: string, params: unknown[] = []) {
            return (await tx.query<Row>(sql, params)).rows;
          },
          transaction: (nested) => nested(inner),
        };
        return work(inner);
      });
    },
  };
  return session;
}

/**
 * Names for the statements a process runs again and again (every turn runs the same dozen), so each
 * pooled connection parses and plans them once instead of on every call. A text is named from its
 * second use; at most `limit` texts are, so statements built with a varying number of rows stay unnamed.
 */
export function statementNamer(limit = 500): (sql: string) => string | undefined {
  const seen = new Map<string, string | null>();
  let named = 0;
  return (sql) => {
    const known = seen.get(sql);
    if (known) return known;
    if (known === undefined) {
      if (seen.size < limit * 4) seen.set(sql, null);
      return undefined;
    }
    if (named >= limit) return undefined;
    named += 1;
    const name = `s${createHash('sha1').update(sql).digest('hex').slice(0, 20)}`;
    seen.set(sql, name);
    return name;
  };
}

/** A session over a node-postgres pool (PostgreSQL, or PGlite served by pglite-socket). */
export function postgresSession(pool: pg.Pool, options: { namedStatements?: boolean } = {}): SqlSession {
  const nameOf = options.namedStatements === false ? () => undefined : statementNamer();
  const onClient = (client: pg.PoolClient | pg.Pool): SqlSession => ({
    async exec(script) {
      // The simple query protocol (no parameters) lets the server parse the whole script itself.
      await client.query(script);
    },
    async query<Row extends object>(sql: string, params: unknown[] = []) {
      const name = nameOf(sql);
      const result = name ? await client.query<Row>({ name, text: sql, values: params }) : await client.query<Row>(sql, params);
      return result.rows;
    },
    async transaction(work) {
      if (client !== pool) return work(onClient(client));
      const connection = await pool.connect();
      try {
        await connection.query('BEGIN');
        const result = await work(onClient(connection));
        await connection.query('COMMIT');
        return result;
      } catch (error) {
        await connection.query('ROLLBACK').catch(() => undefined);
        throw error;
      } finally {
        connection.release();
      }
    },
  });
  return onClient(pool);
}
