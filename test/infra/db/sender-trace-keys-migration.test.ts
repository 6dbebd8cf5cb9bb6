import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyMigrations, readMigrations } from '../../../src/infra/db/migrate.js';
import { createSideEffectLedger } from '../../../src/infra/db/stores/side-effect-store.js';
import { MIGRATIONS_DIR, openTestDatabase, type TestDatabase } from '../../support/test-database.js';

const MIGRATION = '20261126000000_sender_trace_keys';
const STRANGER = '7412345001';
const CHW = '7499000001';
const WHATSAPP_STRANGER = '2347412345007@c.us';

let db: TestDatabase;
beforeAll(async () => {
  db = await openTestDatabase('pglite', { migrate: false });
});
afterAll(async () => {
  await db?.close();
});

const keys = async () => (await db.sql.query<{ key: string }>(`SELECT key FROM side_effects ORDER BY key`)).map((row) => row.key);

/** An install upgraded from the raw-id keys: the old rows are rewritten or deleted, and sends stay claimed once. */
it('rewrites or deletes the gate answers keyed by platform ids an older version left behind', async () => {
  const all = await readMigrations(MIGRATIONS_DIR);
  const at = all.findIndex((migration) => migration.name === MIGRATION);
  expect(at).toBeGreaterThan(0);
  await applyMigrations(db.sql, all.slice(0, at));

  // What the old version left: a forgotten stranger's ledger row, a health worker's sent welcome, an
  // answer still waiting for a WhatsApp stranger (its claim open), and an ordinary consult reply.
  const workerId = randomUUID();
  const chwChat = randomUUID();
  const waitingChat = randomUUID();
  const welcome = randomUUID();
  const waiting = randomUUID();
  await db.sql.query(`INSERT INTO health_workers (id, display_name, status, telegram_user_id) VALUES ($1, 'CHW', 'active', $2)`, [workerId, CHW]);
  await db.sql.query(`INSERT INTO chats (id, channel, external_chat_id, health_worker_id) VALUES ($1, 'telegram', $2, $3), ($4, 'whatsapp', $5, NULL)`, [
    chwChat,
    CHW,
    workerId,
    waitingChat,
    WHATSAPP_STRANGER,
  ]);
  await db.sql.query(
    `INSERT INTO messages (id, chat_id, direction, kind, text, reply_kind, idempotency_key, sent_at, channel_message_id) VALUES
       ($1, $2, 'outbound', 'text', 'Welcome!', 'reply', $3, now(), '41'),
       ($4, $5, 'outbound', 'text', 'Not enrolled', 'reply', $6, NULL, NULL),
       ($7, $2, 'outbound', 'text', 'A reply', 'reply', 'reply:00000000-0000-0000-0000-000000000001:0', now(), '42')`,
    [welcome, chwChat, `gate:telegram:${CHW}:1`, waiting, waitingChat, `gate:whatsapp:false_${WHATSAPP_STRANGER}_3EB0AA`, randomUUID()],
  );
  await db.sql.query(
    `INSERT INTO side_effects (key, kind, result) VALUES
       ($1, 'outbound_message', '{"channelMessageIds":["17"]}'),
       ($2, 'outbound_message', '{"channelMessageIds":["41"]}'),
       ($3, 'outbound_message', NULL),
       ('send:reply:00000000-0000-0000-0000-000000000001:0', 'outbound_message', $4::jsonb)`,
    [`send:gate:telegram:${STRANGER}:1`, `send:gate:telegram:${CHW}:1`, `send:gate:whatsapp:false_${WHATSAPP_STRANGER}_3EB0AA`, JSON.stringify({ channelMessageIds: [`true_${WHATSAPP_STRANGER}_3EB0BB`] })],
  );

  await applyMigrations(db.sql, all);

  const after = await keys();
  for (const id of [STRANGER, CHW, WHATSAPP_STRANGER]) expect(after.filter((key) => key.includes(id))).toEqual([]);
  expect(after).toEqual([`send:gate:telegram:m:${welcome}`, `send:gate:whatsapp:m:${waiting}`, 'send:reply:00000000-0000-0000-0000-000000000001:0'].sort());
  const messageKeys = await db.sql.query<{ id: string; idempotency_key: string }>(`SELECT id, idempotency_key FROM messages WHERE idempotency_key LIKE 'gate:%' ORDER BY idempotency_key`);
  expect(messageKeys).toEqual(
    [
      { id: welcome, idempotency_key: `gate:telegram:m:${welcome}` },
      { id: waiting, idempotency_key: `gate:whatsapp:m:${waiting}` },
    ].sort((a, b) => a.idempotency_key.localeCompare(b.idempotency_key)),
  );
  // The ledger still knows each send: the welcome is done, the waiting answer's claim still held.
  const ledger = createSideEffectLedger(db);
  expect(await ledger.claim(`send:gate:telegram:m:${welcome}`, 'outbound_message')).toBe('done');
  expect(await ledger.claim(`send:gate:whatsapp:m:${waiting}`, 'outbound_message')).toBe('in_progress');
  // Results keep how many parts went, not the platform ids (a WhatsApp one holds the number).
  const results = await db.sql.query<{ result: unknown }>(`SELECT result FROM side_effects WHERE result IS NOT NULL ORDER BY key`);
  expect(results.map((row) => row.result)).toEqual([{ parts: 1 }, { parts: 1 }]);
});
