import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../../src/core/app-error.js';
import { applyMigrations, readMigrations } from '../../../src/infra/db/migrate.js';
import { recordAuditEvent } from '../../../src/infra/db/stores/audit-store.js';
import {
  createGuidelineChunkStore,
  insertGuidelineChunk,
  insertGuidelineChunks,
  refreshLexemeStats,
  searchChunksByText,
  searchChunksByTextVariants,
  searchChunksByVector,
  searchChunksByVectorVariants,
  setChunkEmbedding,
  upsertGuidelineSource,
  type GuidelineChunkInput,
} from '../../../src/infra/db/stores/guideline-chunk-store.js';
import { createConsultStore } from '../../../src/infra/db/stores/consult-store.js';
import { createStaffMember } from '../../../src/infra/db/stores/people-store.js';
import { inviteWorker, testAttemptLimits, testEnrollmentStore } from '../../support/enrollment.js';
import { MIGRATIONS_DIR, openTestDatabase, type TestBackend, type TestDatabase } from '../../support/test-database.js';

const DIM = 768;

/** A unit vector pointing mostly along axis `axis`, nudged by `noise` along axis+1. */
function unitVector(axis: number, noise = 0): number[] {
  const v = new Array<number>(DIM).fill(0);
  v[axis % DIM] = 1;
  v[(axis + 1) % DIM] = noise;
  const norm = Math.hypot(...v);
  return v.map((x) => x / norm);
}

function chunk(sourceId: string, ordinal: number, overrides: Partial<GuidelineChunkInput>): GuidelineChunkInput {
  return {
    sourceId,
    partFile: 'ch1',
    partTitle: 'Treatment',
    sectionId: `sec-${ordinal}`,
    sectionPath: `Treatment > Section ${ordinal}`,
    titlePath: `Sample book > Treatment > Section ${ordinal}`,
    ordinal,
    text: `Section ${ordinal} text.`,
    tokenCount: 10,
    contentHash: `hash-${ordinal}`,
    oversized: false,
    ...overrides,
  };
}

/** Tables, columns and indexes as the catalog sees them: what a migration run could change. */
async function schemaSnapshot(db: TestDatabase): Promise<string> {
  const columns = await db.sql.query<{ t: string; c: string; ty: string }>(
    `SELECT table_name AS t, column_name AS c, data_type AS ty FROM information_schema.columns
      WHERE table_schema = 'public' ORDER BY table_name, column_name`,
  );
  const indexes = await db.sql.query<{ i: string; d: string }>(
    `SELECT indexname AS i, indexdef AS d FROM pg_indexes WHERE schemaname = 'public' ORDER BY indexname`,
  );
  const migrations = await db.sql.query<{ name: string; applied_at: unknown }>('SELECT name, applied_at FROM _app_migrations ORDER BY name');
  return JSON.stringify({ columns, indexes, migrations });
}

/** The repository contract: every database path must pass the same suite. */
export function describeRepositoryContract(via: TestBackend): void {
  describe(`repositories over ${via}`, () => {
    let db: TestDatabase;
    beforeAll(async () => {
      db = await openTestDatabase(via);
    });
    afterAll(async () => {
      await db?.close();
    });

    it('re-running the migrations changes nothing', async () => {
      const before = await schemaSnapshot(db);
      const second = await applyMigrations(db.sql, await readMigrations(MIGRATIONS_DIR));
      expect(second.applied).toEqual([]);
      expect(second.alreadyApplied.length).toBeGreaterThan(0);
      expect(await schemaSnapshot(db)).toBe(before);
    });

    it('creates the vector extension, an HNSW cosine index and a GIN full-text index', async () => {
      const ext = await db.sql.query<{ extname: string }>(`SELECT extname FROM pg_extension WHERE extname = 'vector'`);
      expect(ext).toHaveLength(1);
      const indexes = await db.sql.query<{ indexdef: string }>(`SELECT indexdef FROM pg_indexes WHERE tablename = 'guideline_chunks'`);
      const defs = indexes.map((i) => i.indexdef).join('\n');
      expect(defs).toMatch(/USING hnsw \(embedding vector_cosine_ops\)/);
      expect(defs).toMatch(/USING gin \(fts\)/);
    });

    it('stores vectors and finds the nearest by cosine similarity, through the HNSW index', async () => {
      const sourceId = await upsertGuidelineSource(db, { accession: 'NBK-VEC', title: 'Vector book' });
      const ids: string[] = [];
      for (let i = 0; i < 5; i++) {
        const id = await insertGuidelineChunk(db, chunk(sourceId, i, {}));
        await setChunkEmbedding(db, id, unitVector(i * 10), 'test-model', `hash-${i}`);
        ids.push(id);
      }
      const hits = await searchChunksByVector(db, { embedding: unitVector(20, 0.1), model: 'test-model', k: 3 });
      expect(hits[0]?.section.id).toBe(ids[2]);
      expect(hits[0]?.score).toBeGreaterThan(0.99);
      expect(hits[0]?.section.accession).toBe('NBK-VEC');
      expect(hits).toHaveLength(3);

      const plan = await db.sql.transaction(async (tx) => {
        await tx.exec('SET LOCAL enable_seqscan = off');
        return tx.query<{ 'QUERY PLAN': string }>(
          `EXPLAIN SELECT id FROM guideline_chunks ORDER BY embedding <=> $1::vector LIMIT 3`,
          [`[${unitVector(3).join(',')}]`],
        );
      });
      expect(plan.map((r) => r['QUERY PLAN']).join('\n')).toContain('guideline_chunks_embedding_hnsw_idx');
    });

    it('answers several query vectors, each with its own nearest, and leaves ef_search as it was', async () => {
      const sourceId = await upsertGuidelineSource(db, { accession: 'NBK-VEC2', title: 'Vector book 2' });
      const ids: string[] = [];
      for (const [i, position] of [60, 70].entries()) {
        const id = await insertGuidelineChunk(db, chunk(sourceId, i, {}));
        await setChunkEmbedding(db, id, unitVector(position), 'test-model', `hash-v2-${i}`);
        ids.push(id);
      }
      const hits = await searchChunksByVectorVariants(db, { embeddings: [unitVector(70, 0.1), unitVector(60, 0.1)], model: 'test-model', k: 2, efSearch: 200 });
      expect(hits.map((list) => list[0]?.section.id)).toEqual([ids[1], ids[0]]);
      expect(hits.map((list) => list.length)).toEqual([2, 2]);
      // The statement's own setting ends with it.
      const setting = await db.sql.query<{ ef: string }>(`SELECT current_setting('hnsw.ef_search') AS ef`);
      expect(setting[0]?.ef).toBe('40');
    });

    it('refuses a query embedded with another model or dimension', async () => {
      const otherModel = searchChunksByVector(db, { embedding: unitVector(1), model: 'other-model', k: 3 });
      await expect(otherModel).rejects.toSatisfy((e: unknown) => isAppError(e, 'embedding_model_mismatch'));
      const otherDim = searchChunksByVector(db, { embedding: [1, 0, 0], model: 'test-model', k: 3 });
      await expect(otherDim).rejects.toThrow(/test-model\/3 but .* use test-model\/768/);
    });

    it('searches the generated full-text column, title path above body', async () => {
      const sourceId = await upsertGuidelineSource(db, { accession: 'NBK-FTS', title: 'Text book' });
      await insertGuidelineChunk(
        db,
        chunk(sourceId, 0, {
          sectionPath: 'Malaria > Treatment in pregnancy',
          titlePath: 'Text book > Malaria > Treatment in pregnancy',
          text: 'Give the recommended regimen and refer when danger signs appear.',
        }),
      );
      await insertGuidelineChunk(
        db,
        chunk(sourceId, 1, {
          sectionPath: 'Malaria > Prevention',
          titlePath: 'Text book > Malaria > Prevention',
          text: 'Bed nets protect everyone, including pregnancy and young children.',
        }),
      );
      const hits = (await searchChunksByText(db, { terms: ['pregnancy', 'treatment'], k: 20 })).filter((h) => h.section.accession === 'NBK-FTS');
      expect(hits.map((h) => h.section.sectionPath)).toEqual(['Malaria > Treatment in pregnancy', 'Malaria > Prevention']);
      // 'treatment' is in the first chunk's title path only, never in its body.
      const byTitleOnly = (await searchChunksByText(db, { terms: ['treatment'], k: 20 })).filter((h) => h.section.accession === 'NBK-FTS');
      expect(byTitleOnly.map((h) => h.section.sectionPath)).toEqual(['Malaria > Treatment in pregnancy']);
      expect(await searchChunksByText(db, { terms: ["'; DROP TABLE guideline_chunks; --"], k: 5 })).toEqual([]);
      expect(await searchChunksByText(db, { terms: [], k: 5 })).toEqual([]);
    });

    it('keeps the word index in step with the chunks: a new text, a deletion, odd words, a word in every chunk', async () => {
      const sourceId = await upsertGuidelineSource(db, { accession: 'NBK-POST', title: 'Postings book' });
      const store = createGuidelineChunkStore(db);
      const inBook = async (terms: string[], k = 20) =>
        (await searchChunksByText(db, { terms, k })).filter((h) => h.section.accession === 'NBK-POST').map((h) => h.section.sectionPath);
      // More chunks share "zinc" than one search reads per word: the chunk whose title names it still comes first.
      await insertGuidelineChunks(
        db,
        Array.from({ length: 30 }, (_, i) =>
          chunk(sourceId, 100 + i, { sectionPath: `Diarrhoea > Note ${i}`, titlePath: `Postings book > Diarrhoea > Note ${i}`, text: `Zinc is mentioned in note ${i} among many other words of advice.` }),
        ),
      );
      const zincId = await insertGuidelineChunk(
        db,
        chunk(sourceId, 200, { sectionPath: 'Diarrhoea > Zinc dose', titlePath: 'Postings book > Diarrhoea > Zinc dose', text: 'Give zinc for 10 days.' }),
      );
      const [first] = await searchChunksByTextVariants(db, { queries: [{ terms: ['zinc'] }], k: 3, perWord: 5 });
      expect(first?.[0]?.section.sectionPath).toBe('Diarrhoea > Zinc dose');
      expect(first).toHaveLength(3);

      // A replaced text is searched by its new words only; storing a vector changes nothing.
      await store.replaceChunk(zincId, { ...chunk(sourceId, 200, { titlePath: 'Postings book > Diarrhoea > ORS', text: "Give ORS after each loose stool; the mother's O'Brien-style \\ notes." }), type: 'chunk', accession: 'NBK-POST' });
      expect(await inBook(['zinc', 'dose'])).not.toContain('Diarrhoea > Zinc dose');
      expect(await inBook(['ors', 'stool'])).toEqual(['Diarrhoea > Zinc dose']);
      await setChunkEmbedding(db, zincId, unitVector(7), 'test-model', 'h');
      expect(await inBook(['ors'])).toEqual(['Diarrhoea > Zinc dose']);
      expect(await inBook(["o'brien-style", '\\'])).toEqual(['Diarrhoea > Zinc dose']);

      // A deleted chunk is gone from the index.
      await store.deleteChunks([zincId]);
      expect(await inBook(['ors', 'stool'])).toEqual([]);
      expect(await inBook(['zinc'], 50)).toHaveLength(30);
    });

    it('refreshes search statistics after a load and marks the word index pages all-visible', async () => {
      const sourceId = await upsertGuidelineSource(db, { accession: 'NBK-STATS', title: 'Stats book' });
      await insertGuidelineChunks(db, Array.from({ length: 40 }, (_, i) => chunk(sourceId, 300 + i, { text: `Amoxicillin note ${i} for the stats refresh.` })));
      const visiblePages = async () =>
        (await db.sql.query<{ pages: number }>(`SELECT relallvisible::int AS pages FROM pg_class WHERE relname = 'guideline_postings'`))[0]?.pages ?? 0;
      await refreshLexemeStats(db);
      const stats = await db.sql.query<{ ndoc: number }>(`SELECT ndoc::int FROM guideline_lexeme_stats WHERE lexeme = 'amoxicillin'`);
      expect(stats[0]?.ndoc).toBeGreaterThanOrEqual(40);
      // VACUUM ran: a search reads the postings index without visiting the table.
      expect(await visiblePages()).toBeGreaterThan(0);
    });

    it('records an inbound message once: a redelivery is reported as a duplicate', async () => {
      const store = createConsultStore(db);
      const inbound = (channel: 'telegram' | 'whatsapp') =>
        store.recordInbound({ channel, chatId: '42', messageId: '1001', senderId: '42', chatType: 'private', text: 'hello', receivedAt: new Date() }, null);
      const first = await inbound('telegram');
      const again = await inbound('telegram');
      const otherChannel = await inbound('whatsapp');
      expect([first !== null, again !== null, otherChannel !== null]).toEqual([true, false, true]);
    });

    it('binds a sender to a health worker with a one-time, expiring invite code', async () => {
      const supervisorId = await createStaffMember(db, { role: 'supervisor', name: 'Nurse A', email: `a-${via}@example.org` });
      const now = new Date('2026-11-22T10:00:00Z');
      const identities = testEnrollmentStore(db, () => now);
      const { workerId } = await inviteWorker(db, { displayName: 'CHW One', supervisorId, code: 'abc-123', expiresAt: new Date('2026-11-29T10:00:00Z') });
      expect(await identities.findWorker('telegram', '777')).toBeNull();
      expect(await identities.redeemInvite('ABC-123', 'telegram', '777')).toBe(workerId);
      expect(await identities.redeemInvite('ABC-123', 'telegram', '888')).toBeNull();
      expect(await identities.findWorker('telegram', '777')).toBe(workerId);

      await inviteWorker(db, { displayName: 'CHW Two', supervisorId, code: 'old', expiresAt: new Date('2026-11-01T00:00:00Z') });
      expect(await identities.redeemInvite('old', 'whatsapp', '233200000000')).toBeNull();
    });

    it('redeems an invite code at the terminal: the worker is active, no channel is bound, the code is used up', async () => {
      const now = new Date('2026-11-22T10:00:00Z');
      const identities = testEnrollmentStore(db, () => now);
      const { workerId } = await inviteWorker(db, { displayName: 'CHW Terminal', supervisorId: null, code: `term-${via}`, expiresAt: new Date('2026-11-29T10:00:00Z') });
      expect(await identities.redeemInvite(`TERM-${via}`, 'terminal', 'local')).toBe(workerId);
      expect(await identities.workerStatus(workerId)).toBe('active');
      expect((await identities.listWorkers()).find((w) => w.id === workerId)?.channels).toEqual([]);
      expect(await identities.redeemInvite(`term-${via}`, 'terminal', 'local')).toBeNull();
      expect(await identities.redeemInvite(`term-${via}`, 'telegram', '999')).toBeNull();
    });

    it('counts failed attempts per hashed key with doubling blocks, forgets them, and remembers a success', async () => {
      const limits = testAttemptLimits(db);
      const policy = { failuresToBlock: 3, firstBlockMs: 60_000, maxBlockMs: 240_000, forgetMs: 3_600_000 };
      const t0 = new Date('2026-12-01T10:00:00Z');
      const at = (ms: number) => new Date(t0.getTime() + ms);
      expect(await limits.readAttempts('contract', 'alice@example.org', t0)).toEqual({ failures: 0, blockedUntil: null, succeededAt: null });
      await limits.recordFailedAttempt('contract', 'alice@example.org', policy, t0);
      expect((await limits.recordFailedAttempt('contract', 'alice@example.org', policy, t0)).blockedUntil).toBeNull();
      // The third failure blocks for 1 min, the fourth for 2, then 4, and never longer.
      expect((await limits.recordFailedAttempt('contract', 'alice@example.org', policy, t0)).blockedUntil).toEqual(at(60_000));
      expect((await limits.recordFailedAttempt('contract', 'alice@example.org', policy, at(60_000))).blockedUntil).toEqual(at(180_000));
      expect((await limits.recordFailedAttempt('contract', 'alice@example.org', policy, at(180_000))).blockedUntil).toEqual(at(420_000));
      expect((await limits.recordFailedAttempt('contract', 'alice@example.org', policy, at(420_000))).blockedUntil).toEqual(at(660_000));
      expect(await limits.readAttempts('contract', 'alice@example.org', at(600_000))).toEqual({ failures: 6, blockedUntil: at(660_000), succeededAt: null });
      expect((await limits.readAttempts('contract', 'alice@example.org', at(660_000))).blockedUntil).toBeNull();
      // Other ids and scopes are their own keys; only hashes are stored.
      expect((await limits.readAttempts('contract', 'bob@example.org', at(600_000))).failures).toBe(0);
      expect((await limits.readAttempts('other', 'alice@example.org', at(600_000))).failures).toBe(0);
      const keys = (await db.sql.query<{ key: string }>(`SELECT key FROM attempt_limits WHERE key LIKE 'contract:%'`)).map((r) => r.key);
      expect(keys).toHaveLength(1);
      expect(keys[0]).toMatch(/^contract:[0-9a-f]{32}$/);
      // An hour after the last failure it is forgotten: the next one starts again at one.
      expect((await limits.recordFailedAttempt('contract', 'alice@example.org', policy, at(420_000 + 3_600_000))).failures).toBe(1);
      await limits.recordSucceededAttempt('contract', 'alice@example.org', at(5_000_000), 86_400_000);
      expect(await limits.readAttempts('contract', 'alice@example.org', at(5_000_001))).toEqual({ failures: 0, blockedUntil: null, succeededAt: at(5_000_000) });
      // Expired rows go when the next failure is recorded.
      await limits.recordFailedAttempt('contract', 'carol@example.org', policy, at(5_000_000 + 86_400_000));
      expect(await limits.readAttempts('contract', 'alice@example.org', at(5_000_000 + 86_400_000))).toEqual({ failures: 0, blockedUntil: null, succeededAt: null });
      expect(await db.sql.query(`SELECT key FROM attempt_limits WHERE key LIKE 'contract:%'`)).toHaveLength(1);
    });

    it('keeps an audit trail of ids', async () => {
      await recordAuditEvent(db, { actorType: 'system', action: 'test.event', subjectType: 'chat', subjectId: 'c1', data: { count: 2 } });
      const events = await db.prisma.auditEvent.findMany({ where: { action: 'test.event' } });
      expect(events).toHaveLength(1);
      expect(events[0]?.data).toEqual({ count: 2 });
    });

    it('persists a consult with its findings, diagnoses, plan and citations', async () => {
      const chat = await db.prisma.chat.create({ data: { channel: 'terminal', externalChatId: `t-${via}` } });
      const consult = await db.prisma.consult.create({
        data: { chatId: chat.id, demographics: { ageYears: 3, weightKg: 12 }, stage: 'interview' },
      });
      const message = await db.prisma.message.create({
        data: { chatId: chat.id, consultId: consult.id, direction: 'inbound', channelMessageId: 'm1', text: 'fever 3 days' },
      });
      await db.prisma.finding.create({ data: { consultId: consult.id, category: 'symptom', value: 'fever', sourceMessageId: message.id } });
      await db.prisma.diagnosis.create({ data: { consultId: consult.id, condition: 'malaria', rank: 1, source: 'health_worker' } });
      const sourceId = await upsertGuidelineSource(db, { accession: 'NBK-PLAN', title: 'Plan book' });
      const chunkId = await insertGuidelineChunk(db, chunk(sourceId, 0, {}));
      await db.prisma.plan.create({
        data: {
          consultId: consult.id,
          mode: 'extractive',
          text: 'Give ACT [S1].',
          idempotencyKey: `plan:${consult.id}`,
          citations: { create: [{ chunkId, label: 'S1', accession: 'NBK-PLAN', sectionPath: 'Treatment > Section 0', contentHash: 'hash-0', quotedText: 'Section 0 text.' }] },
        },
      });
      const loaded = await db.prisma.consult.findUniqueOrThrow({
        where: { id: consult.id },
        include: { findings: true, diagnoses: true, plans: { include: { citations: true } } },
      });
      expect(loaded.findings.map((f) => f.value)).toEqual(['fever']);
      expect(loaded.diagnoses[0]?.condition).toBe('malaria');
      expect(loaded.plans[0]?.citations[0]?.chunkId).toBe(chunkId);
      // A corpus refresh may delete the chunk; the citation keeps the text it was grounded on.
      await db.prisma.guidelineChunk.delete({ where: { id: chunkId } });
      const citation = await db.prisma.citation.findFirstOrThrow({ where: { planId: loaded.plans[0]?.id ?? '' } });
      expect(citation).toMatchObject({ chunkId: null, quotedText: 'Section 0 text.', sectionPath: 'Treatment > Section 0' });
      const duplicatePlan = db.prisma.plan.create({
        data: { consultId: consult.id, mode: 'extractive', text: 'again', idempotencyKey: `plan:${consult.id}` },
      });
      await expect(duplicatePlan).rejects.toThrow();
    });
  });
}
