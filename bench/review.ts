/**
 * bench:review - the review app's queue and consult pages with 10,000 consults in PGlite (in-process,
 * in memory), through the whole app (session lookup, use case, SQL, HTML), as a supervisor (their
 * 2,000 consults) and as an admin (all). Prints p50/p95 in ms per page, against the target p95 < 150 ms
 * and as a ratio to a baseline measured in the same run: a signed-in page that reads no consults.
 *
 *   tsx bench/review.ts [--consults 10000] [--requests 60] [--quick]
 */
import { openDatabase } from '../src/infra/db/open-database.js';
import { applyMigrations, readMigrations } from '../src/infra/db/migrate.js';
import { createStaffMember } from '../src/infra/db/stores/people-store.js';
import { createAttemptLimitStore } from '../src/infra/db/stores/attempt-limit-store.js';
import { createReviewAudit, createReviewAuthStore } from '../src/infra/db/stores/review-auth-store.js';
import { createReviewStore } from '../src/infra/db/stores/review-store.js';
import { hashPassword } from '../src/review/auth/secrets.js';
import { createReviewApp } from '../src/review/http/app.js';
import { MIGRATIONS_DIR } from '../test/support/test-database.js';
import { testSenderHasher } from '../test/support/enrollment.js';
import { ReviewClient } from '../test/support/review-client.js';
import { formatTable, num, ratio, type TableRow } from './support/format-table.js';
import { percentile } from './support/percentile.js';
import { benchArgs } from './support/bench-args.js';

const flags = benchArgs(
  'npm run bench:review',
  "The review app's queue and consult pages with 10,000 consults in PGlite, as a supervisor and as an admin: p50/p95 per page against p95 < 150 ms.",
  { consults: 'consults in the database (default 10000)', requests: 'requests per page (default 60)', quick: '1000 consults, 20 requests' },
  { options: { consults: { type: 'string' }, requests: { type: 'string' }, quick: { type: 'boolean' } } },
);
const CONSULTS = Number(flags.consults ?? (flags.quick ? 1000 : 10_000));
const REQUESTS = Number(flags.requests ?? (flags.quick ? 20 : 60));
const TARGET_P95_MS = 150;
const SUPERVISORS = 5;
const WORKERS_PER_SUPERVISOR = 10;
const PASSWORD = 'bench password 1234';

const PLAN = [
  '**Assessment:** uncomplicated malaria in an adult.',
  '- Give artemether-lumefantrine twice daily for 3 days, with food [S1].',
  '- Give paracetamol for fever [S2].',
  '- Advise to return at once if vomiting, confusion or convulsions [S1, S3].',
  '- Follow up in 3 days [S3].',
].join('\n');

/** Bulk-writes the consults with SQL (generate_series): the shape the consult engine leaves. */
async function seed(db: Awaited<ReturnType<typeof openDatabase>>, supervisorIds: string[]): Promise<void> {
  const workers = SUPERVISORS * WORKERS_PER_SUPERVISOR;
  await db.sql.query(
    `INSERT INTO health_workers (id, display_name, status, supervisor_id)
     SELECT md5('hw' || w)::uuid, 'CHW ' || w, 'active', ($1::uuid[])[1 + (w % $2)] FROM generate_series(0, $3 - 1) w`,
    [supervisorIds, SUPERVISORS, workers],
  );
  await db.sql.query(
    `INSERT INTO chats (id, channel, external_chat_id, health_worker_id) SELECT md5('chat' || w)::uuid, 'telegram', (100000 + w)::text, md5('hw' || w)::uuid FROM generate_series(0, $1 - 1) w`,
    [workers],
  );
  await db.sql.query(
    `INSERT INTO consults (id, chat_id, health_worker_id, stage, status, demographics, urgent_referral, created_at, updated_at, completed_at)
     SELECT md5('c' || n)::uuid, md5('chat' || (n % $2))::uuid, md5('hw' || (n % $2))::uuid, 'done', 'completed',
            '{"ageYears": 30, "sex": "female", "weightKg": 60}'::jsonb, n % 10 = 0,
            now() - (n * interval '25 minutes'), now() - (n * interval '25 minutes'), now() - (n * interval '25 minutes') + interval '9 minutes'
       FROM generate_series(0, $1 - 1) n`,
    [CONSULTS, workers],
  );
  await db.sql.query(
    `INSERT INTO messages (id, chat_id, consult_id, direction, channel_message_id, text, processed_at, reply_kind, idempotency_key, sent_at, created_at)
     SELECT md5('m' || n || ':' || k)::uuid, md5('chat' || (n % $2))::uuid, md5('c' || n)::uuid,
            CASE WHEN k % 2 = 0 THEN 'inbound'::"MessageDirection" ELSE 'outbound'::"MessageDirection" END,
            CASE WHEN k % 2 = 0 THEN (n * 10 + k)::text END,
            (ARRAY['30 year old woman, 60 kg', 'How old is the patient?', 'fever 3 days, RDT positive, no vomiting', 'Any danger signs?', 'dx: uncomplicated malaria', 'Preparing the plan.'])[k + 1],
            CASE WHEN k % 2 = 0 THEN now() END, CASE WHEN k % 2 = 1 THEN 'reply' END, CASE WHEN k % 2 = 1 THEN 'r:' || n || ':' || k END,
            CASE WHEN k % 2 = 1 THEN now() END, now() - (n * interval '25 minutes') + k * interval '1 minute'
       FROM generate_series(0, $1 - 1) n, generate_series(0, 5) k`,
    [CONSULTS, workers],
  );
  await db.sql.query(
    `INSERT INTO findings (id, consult_id, category, value, source_message_id)
     SELECT md5('f' || n || ':' || k)::uuid, md5('c' || n)::uuid, 'symptom', (ARRAY['fever', 'RDT positive'])[k + 1], md5('m' || n || ':2')::uuid
       FROM generate_series(0, $1 - 1) n, generate_series(0, 1) k`,
    [CONSULTS],
  );
  await db.sql.query(
    `INSERT INTO diagnoses (id, consult_id, condition, rank, source)
     SELECT md5('d' || n || ':' || k)::uuid, md5('c' || n)::uuid,
            CASE WHEN k = 1 THEN (ARRAY['uncomplicated malaria', 'pneumonia', 'diarrhoea', 'severe malaria', 'measles'])[1 + n % 5] ELSE 'typhoid fever' END,
            k, CASE WHEN k = 1 THEN 'health_worker'::"DiagnosisSource" ELSE 'rules'::"DiagnosisSource" END
       FROM generate_series(0, $1 - 1) n, generate_series(1, 2) k`,
    [CONSULTS],
  );
  await db.sql.query(
    `INSERT INTO plans (id, consult_id, kind, mode, text, idempotency_key, created_at)
     SELECT md5('p' || n)::uuid, md5('c' || n)::uuid, 'assessment_plan', 'extractive', $2, 'plan:' || n, now() - (n * interval '25 minutes') + interval '9 minutes'
       FROM generate_series(0, $1 - 1) n`,
    [CONSULTS, PLAN],
  );
  await db.sql.query(
    `INSERT INTO citations (id, plan_id, label, accession, section_path, content_hash, quoted_text)
     SELECT md5('ci' || n || ':' || k)::uuid, md5('p' || n)::uuid, 'S' || k, 'NBK' || (588000 + k), 'Malaria > Treatment > Section ' || k, 'h',
            repeat('Treat adults with an artemisinin-based combination therapy for three days. ', 12)
       FROM generate_series(0, $1 - 1) n, generate_series(1, 3) k`,
    [CONSULTS],
  );
  await db.sql.query(
    `INSERT INTO audit_events (actor_type, action, subject_type, subject_id, data)
     SELECT 'system', 'triage.urgent_referral', 'chat', md5('chat' || (n % $2))::uuid::text, jsonb_build_object('signs', 'convulsions', 'consultId', md5('c' || n)::uuid::text)
       FROM generate_series(0, $1 - 1) n WHERE n % 10 = 0`,
    [CONSULTS, workers],
  );
  // A third reviewed, by the CHW's supervisor.
  await db.sql.query(
    `INSERT INTO supervisor_reviews (id, consult_id, supervisor_id, verdict, agreement, feedback, created_at)
     SELECT md5('r' || n)::uuid, md5('c' || n)::uuid, ($2::uuid[])[1 + ((n % $3) % $4)], 'approved', 'agree', 'Good.', now() - (n * interval '25 minutes') + interval '1 day'
       FROM generate_series(0, $1 - 1) n WHERE n % 3 = 0`,
    [CONSULTS, supervisorIds, SUPERVISORS * WORKERS_PER_SUPERVISOR, SUPERVISORS],
  );
  await db.sql.exec('ANALYZE');
}

async function timeRequests(label: string, client: ReviewClient, paths: string[]): Promise<number[]> {
  // Warm-up: the first requests compile queries and fill caches.
  for (const path of paths.slice(0, 3)) await client.get(path);
  const times: number[] = [];
  for (let i = 0; i < REQUESTS; i++) {
    const path = paths[i % paths.length] as string;
    const t0 = performance.now();
    const res = await client.get(path);
    times.push(performance.now() - t0);
    if (res.status !== 200) throw new Error(`${label}: ${path} answered ${res.status}`);
  }
  return times;
}

async function main(): Promise<void> {
  const db = await openDatabase({ kind: 'pglite-memory' });
  await applyMigrations(db.sql, await readMigrations(MIGRATIONS_DIR));
  const auth = createReviewAuthStore(db);
  const hash = await hashPassword(PASSWORD);
  const supervisorIds: string[] = [];
  for (let s = 0; s < SUPERVISORS; s++) {
    const id = await createStaffMember(db, { role: 'supervisor', name: `Supervisor ${s}`, email: `s${s}@example.org` });
    await auth.setPassword(id, hash);
    supervisorIds.push(id);
  }
  const adminId = await createStaffMember(db, { role: 'admin', name: 'Admin', email: 'admin@example.org' });
  await auth.setPassword(adminId, hash);
  const t0 = performance.now();
  await seed(db, supervisorIds);
  const seedMs = performance.now() - t0;

  const app = createReviewApp({ auth, audit: createReviewAudit(db), limits: createAttemptLimitStore(db, { hashKey: testSenderHasher }), reviews: createReviewStore(db), secureCookies: false, addressOf: () => '127.0.0.1' });
  const supervisor = new ReviewClient(app);
  await supervisor.signIn('s0@example.org', PASSWORD);
  const admin = new ReviewClient(app);
  await admin.signIn('admin@example.org', PASSWORD);

  const own = await db.sql.query<{ id: string }>(
    `SELECT c.id FROM consults c JOIN health_workers hw ON hw.id = c.health_worker_id WHERE hw.supervisor_id = $1 ORDER BY c.created_at DESC LIMIT 40`,
    [supervisorIds[0]],
  );
  const consultPaths = own.map((r) => `/consults/${r.id}`);
  const queuePaths = ['/', '/?unreviewed=1', '/?urgent=1', '/?dx=pneumonia', '/?page=20', `/?from=${new Date(Date.now() - 30 * 86_400_000).toISOString().slice(0, 10)}`];

  const baseline = await timeRequests('baseline', supervisor, ['/export']);
  const results: Array<[string, number[]]> = [
    ['queue, supervisor (mixed filters)', await timeRequests('queue', supervisor, queuePaths)],
    ['queue, admin (all consults)', await timeRequests('queue', admin, queuePaths)],
    ['consult page, supervisor', await timeRequests('consult', supervisor, consultPaths)],
    ['consult page, admin', await timeRequests('consult', admin, consultPaths)],
    ['dashboard, supervisor', await timeRequests('dashboard', supervisor, ['/dashboard'])],
  ];
  const base95 = percentile(baseline, 95);
  const rows: TableRow[] = [['baseline (signed-in page, no consult reads)', num(percentile(baseline, 50), 1), num(base95, 1), '1.00x', '']];
  let worst = 0;
  for (const [label, times] of results) {
    const p95 = percentile(times, 95);
    if (!label.startsWith('dashboard')) worst = Math.max(worst, p95);
    rows.push([label, num(percentile(times, 50), 1), num(p95, 1), ratio(p95, base95), label.startsWith('dashboard') ? '' : p95 < TARGET_P95_MS ? 'yes' : 'NO']);
  }
  const total = await db.sql.query<{ n: number }>('SELECT count(*)::int AS n FROM consults');
  console.log(`bench:review - ${num(total[0]?.n ?? 0)} consults (${SUPERVISORS} supervisors x ${WORKERS_PER_SUPERVISOR} CHWs) in PGlite in memory, seeded in ${num(seedMs / 1000, 1)} s; ${REQUESTS} requests per page, sequential, in-process`);
  console.log(formatTable('', ['page', 'p50 ms', 'p95 ms', 'p95 / baseline', `p95 < ${TARGET_P95_MS} ms`], rows));
  console.log(`worst queue/consult p95: ${num(worst, 1)} ms (target < ${TARGET_P95_MS} ms)`);
  await db.close();
}

await main();
