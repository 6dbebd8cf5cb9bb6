import pgvector from 'pgvector';
import type { Database } from '../open-database.js';
import { AppError } from '../../../core/app-error.js';
import type { ChunkRecord, SourceRecord } from '../../../ingest/ingest-records.js';
import type { ChunkToEmbed, GuidelineChunkStore, StoredChunkKey } from '../../../ingest/load/ingest-store.js';
import type { IndexHit } from '../../../rag/guideline-index.js';
import type { GuidelineSection } from '../../../rag/guideline-section.js';

/** A source line of the chunks file; only accession and title are required. */
export type GuidelineSourceInput = Pick<SourceRecord, 'accession' | 'title'> & Partial<Omit<SourceRecord, 'type' | 'accession' | 'title'>>;

/** A chunk line of the chunks file, stored under its source's id. */
export type GuidelineChunkInput = Omit<ChunkRecord, 'type' | 'accession'> & { sourceId: string };

/** The columns of a chunk row as stored: `text` is the content column. */
function chunkRow({ text, ...rest }: GuidelineChunkInput) {
  return { ...rest, content: text };
}

/** Inserts or updates a guideline source by accession; returns its id. */
export async function upsertGuidelineSource(db: Database, input: GuidelineSourceInput): Promise<string> {
  const data = {
    title: input.title,
    publisher: input.publisher ?? null,
    year: input.year ?? null,
    licence: input.licence ?? null,
    licenceUrl: input.licenceUrl ?? null,
    language: input.language ?? 'en',
    lastUpdated: input.lastUpdated ? new Date(`${input.lastUpdated}T00:00:00Z`) : null,
    kind: input.kind ?? 'bookshelf',
  };
  const row = await db.prisma.guidelineSource.upsert({
    where: { accession: input.accession },
    create: { accession: input.accession, ...data },
    update: data,
    select: { id: true },
  });
  return row.id;
}

/** Inserts one chunk without a vector; returns its id. */
export async function insertGuidelineChunk(db: Database, input: GuidelineChunkInput): Promise<string> {
  const row = await db.prisma.guidelineChunk.create({ data: chunkRow(input), select: { id: true } });
  return row.id;
}

/** Stores a chunk's vector with the model and dimension that made it and the hash it was made from. */
export async function setChunkEmbedding(
  db: Database,
  chunkId: string,
  embedding: number[],
  model: string,
  embeddedHash: string,
): Promise<void> {
  await db.sql.query(
    `UPDATE guideline_chunks
        SET embedding = $2::vector, embedding_model = $3, embedding_dim = $4, embedded_hash = $5, updated_at = now()
      WHERE id = $1`,
    [chunkId, pgvector.toSql(embedding), model, embedding.length, embeddedHash],
  );
}

/** The embedding models (and dimensions) of the stored vectors, with counts. */
export async function countVectorsByModel(db: Database): Promise<Array<{ model: string; dimensions: number; chunks: number }>> {
  const rows = await db.sql.query<{ model: string; dimensions: number; chunks: number }>(
    `SELECT embedding_model AS model, embedding_dim AS dimensions, count(*)::int AS chunks
       FROM guideline_chunks WHERE embedding IS NOT NULL
      GROUP BY embedding_model, embedding_dim ORDER BY chunks DESC`,
  );
  return rows;
}

const HIT_COLUMNS = `c.id, s.accession, s.title AS "bookTitle", c.part_file AS "partFile", c.section_id AS "sectionId",
  c.section_path AS "sectionPath", c.title_path AS "titlePath", c.section_number AS "sectionNumber", c.content AS text, c.token_count AS "tokenCount",
  c.content_hash AS "contentHash"`;

/**
 * Nearest chunks by cosine similarity over the HNSW index. A query vector from another model or
 * dimension than the stored vectors is refused.
 */
export async function searchChunksByVector(
  db: Database,
  query: { embedding: number[]; model: string; k: number; efSearch?: number },
  options: { storedModels?: Array<{ model: string; dimensions: number; chunks: number }> } = {},
): Promise<IndexHit[]> {
  const [hits] = await searchChunksByVectorVariants(db, { ...query, embeddings: [query.embedding] }, options);
  return hits ?? [];
}

/** Where the vector search statement takes its ef_search (a bench re-runs the statement at other values). */
export const EF_SEARCH_PARAM = 0;

/**
 * searchChunksByVector for several query vectors (a search's variants): `k` nearest per vector, in the
 * order of `embeddings`, in one statement and so one round trip. ef_search is set by set_config(...,
 * true) in the statement itself, before the HNSW scans start: outside an explicit transaction the
 * statement is its own transaction, so the setting ends with it and never leaks to other queries on a
 * pooled connection (inside a caller's transaction it lasts until that ends). Each vector's neighbours
 * are found by its own ORDER BY ... LIMIT over the HNSW index (a LATERAL per vector). Session 5's
 * one-statement attempt was slow on PGlite because the vector was cast from text inside the lateral,
 * once per row scanned; each vector is now its own typed parameter.
 */
export async function searchChunksByVectorVariants(
  db: Database,
  query: { embeddings: number[][]; model: string; k: number; efSearch?: number },
  options: { storedModels?: Array<{ model: string; dimensions: number; chunks: number }> } = {},
): Promise<IndexHit[][]> {
  if (query.embeddings.length === 0) return [];
  const stored = options.storedModels ?? (await countVectorsByModel(db));
  for (const embedding of query.embeddings) {
    const mismatch = stored.find((s) => s.model !== query.model || s.dimensions !== embedding.length);
    if (mismatch) {
      throw new AppError(
        'embedding_model_mismatch',
        `query embedded with ${query.model}/${embedding.length} but ${mismatch.chunks} stored vectors use ${mismatch.model}/${mismatch.dimensions}; re-embed the corpus (npm run guidelines:embed)`,
      );
    }
  }
  const efSearch = Math.trunc(Math.max(query.efSearch ?? 80, query.k));
  // The limit is written into the statement (an integer, never user text): a cached generic plan that
  // does not know it scans and sorts every vector instead of walking the index.
  const limit = Math.max(1, Math.trunc(query.k));
  // The distance is selected as the ORDER BY expression itself, which the index scan already has: a
  // score written as another expression of the embedding ("1 - (a <=> b)") read the stored vector again,
  // out of line (TOAST), for every hit.
  const rows = await db.sql.query<GuidelineSection & { distance: number; variant: number }>(
    `SELECT q.variant::int AS variant, c.*
       FROM (SELECT set_config('hnsw.ef_search', $1::text, true) AS ef OFFSET 0) AS setting
      CROSS JOIN (VALUES ${query.embeddings.map((_, i) => `(${i + 1}, $${i + 2}::vector)`).join(', ')}) AS q(variant, embedding)
      CROSS JOIN LATERAL (
        SELECT ${HIT_COLUMNS}, c.embedding <=> q.embedding AS distance
          FROM guideline_chunks c JOIN guideline_sources s ON s.id = c.source_id
         WHERE c.embedding IS NOT NULL AND setting.ef IS NOT NULL
         ORDER BY distance
         LIMIT ${limit}) AS c
      ORDER BY q.variant, c.distance, c.id`,
    [String(efSearch), ...query.embeddings.map((e) => pgvector.toSql(e) as string)],
  );
  const perVariant: IndexHit[][] = query.embeddings.map(() => []);
  for (const { variant, distance, ...section } of rows) perVariant[variant - 1]?.push({ section, score: 1 - Number(distance) });
  return perVariant;
}

/**
 * Full-text search ranked BM25-style: each query word scores its inverse document frequency times
 * ts_rank of that word alone (title path weighted A above body B, length-normalised), summed; `weights`
 * (default 1 each) scale a word's share, so context words refine the diagnosis' words instead of
 * replacing them. The per-word ranks are stored (guideline_postings, kept by triggers), so a search
 * reads them instead of ranking documents: candidates are the `perWord` (default 100) best chunks of
 * every query word, common words included, so no single word decides which sections are considered;
 * the `candidateLimit` (default 100) best of them by the ranks read get their full score (every query
 * word they contain) and the `k` best are returned. Its cost does not grow with the corpus. A word the
 * corpus does not know (five letters or more) counts as its most similar corpus lexeme by trigram
 * similarity (at least 0.45, weighted by it): "malria" searches "malaria", "hypertention"
 * "hypertens". `terms` are plain words; the database builds every lexeme, nothing is concatenated
 * into SQL.
 */
export async function searchChunksByText(
  db: Database,
  query: { terms: string[]; k: number; weights?: number[]; perWord?: number; candidateLimit?: number },
): Promise<IndexHit[]> {
  const [hits] = await searchChunksByTextVariants(db, { ...query, queries: [{ terms: query.terms, ...(query.weights ? { weights: query.weights } : {}) }] });
  return hits ?? [];
}

/**
 * searchChunksByText for several queries at once (a search's query variants), in one statement and
 * so one round trip: each query is scored alone, exactly as searchChunksByText scores it, and gets its
 * own `k` hits, in the order of `queries`.
 */
export async function searchChunksByTextVariants(
  db: Database,
  query: { queries: Array<{ terms: string[]; weights?: number[] }>; k: number; perWord?: number; candidateLimit?: number },
): Promise<IndexHit[][]> {
  const variant: number[] = [];
  const terms: string[] = [];
  const weights: number[] = [];
  query.queries.forEach((q, v) => {
    q.terms.forEach((t, i) => {
      const term = t.trim();
      if (!term) return;
      variant.push(v);
      terms.push(term);
      weights.push(q.weights?.[i] ?? 1);
    });
  });
  const results: IndexHit[][] = query.queries.map(() => []);
  if (terms.length === 0) return results;
  const rows = await db.sql.query<GuidelineSection & { ordinal: unknown; variants: number[]; scores: number[]; places: Array<number | string> }>(
    `WITH input AS (SELECT t.v, t.term, t.w FROM unnest($1::int[], $2::text[], $3::float8[]) AS t(v, term, w)),
     typed AS (
       SELECT input.v, lexeme, max(input.w) AS w FROM input, unnest(tsvector_to_array(to_tsvector('english', input.term))) AS lexeme
        GROUP BY input.v, lexeme),
     spelled AS (
       SELECT t.lexeme AS typed, coalesce(known.lexeme, near.lexeme, t.lexeme) AS lexeme, coalesce(near.sim, 1) AS sim
         FROM (SELECT DISTINCT lexeme FROM typed) t
         LEFT JOIN guideline_lexeme_stats known ON known.lexeme = t.lexeme
         LEFT JOIN LATERAL (
           SELECT s.lexeme, similarity(s.lexeme, t.lexeme)::float8 AS sim FROM guideline_lexeme_stats s
            WHERE known.lexeme IS NULL AND length(t.lexeme) >= 5 AND s.lexeme % t.lexeme AND similarity(s.lexeme, t.lexeme) >= 0.45
            ORDER BY similarity(s.lexeme, t.lexeme) DESC, s.ndoc DESC, s.lexeme LIMIT 1) near ON true),
     words AS (SELECT t.v, f.lexeme, max(t.w * f.sim) AS w FROM typed t JOIN spelled f ON f.typed = t.lexeme GROUP BY t.v, f.lexeme),
     corpus AS (SELECT coalesce((SELECT chunks FROM guideline_corpus_stats), (SELECT count(*) FROM guideline_chunks))::float8 AS n),
     q AS (
       SELECT w.v, w.lexeme, w.w * ln(1 + (corpus.n - coalesce(s.ndoc, 0) + 0.5) / (coalesce(s.ndoc, 0) + 0.5)) AS qw
         FROM words w CROSS JOIN corpus LEFT JOIN guideline_lexeme_stats s ON s.lexeme = w.lexeme),
     -- Every query word once (both variants' words), and each variant's weight of each: a candidate's words
     -- are ranked once for all variants it is a candidate of. tsq[i] is lexemes[i] as a one-word tsquery;
     -- wt[v * n + i] is variant v's weight of lexemes[i], 0 where the variant lacks the word.
     qa AS MATERIALIZED (
       SELECT lex.lexemes, array_length(lex.lexemes, 1) AS n,
              (SELECT array_agg(guideline_lexeme_query(l.lexeme) ORDER BY l.i) FROM unnest(lex.lexemes) WITH ORDINALITY l(lexeme, i)) AS tsq,
              (SELECT array_agg(coalesce(q.qw, 0) ORDER BY vv.v, l.i)
                 FROM generate_series(0, lex.nv - 1) vv(v) CROSS JOIN unnest(lex.lexemes) WITH ORDINALITY l(lexeme, i)
                 LEFT JOIN q ON q.v = vv.v AND q.lexeme = l.lexeme) AS wt
         FROM (SELECT array_agg(DISTINCT lexeme) AS lexemes, max(v) + 1 AS nv FROM q) lex),
     -- Each query word's best chunks by its own weighted rank, from the (lexeme, impact) index.
     hits AS MATERIALIZED (
       SELECT q.v, p.chunk_id, p.tiebreak, q.qw * p.impact AS part FROM q CROSS JOIN LATERAL (
         SELECT p.chunk_id, p.impact, p.tiebreak FROM guideline_postings p WHERE p.lexeme = q.lexeme
          ORDER BY p.impact DESC, p.tiebreak, p.chunk_id LIMIT $5) p),
     -- Each variant's best chunks by the ranks read: a top-N per variant, not a sort of every chunk hit.
     candidates AS MATERIALIZED (
       SELECT vs.v, best.chunk_id FROM (SELECT DISTINCT v FROM q) vs CROSS JOIN LATERAL (
         SELECT h.chunk_id FROM hits h WHERE h.v = vs.v
          GROUP BY h.chunk_id ORDER BY sum(h.part) DESC, min(h.tiebreak), h.chunk_id LIMIT $6) best),
     -- A chunk is a candidate of one variant or of several (the condition's words are most of the
     -- contextual query's): it is scored, fetched and sent once (116 distinct of 200 at 50,000 chunks).
     pool AS (SELECT chunk_id, array_agg(v) AS vs FROM candidates GROUP BY chunk_id),
     -- The full score of a candidate: every query word it contains, also those it was not among the best
     -- for. ts_rank of one word in the chunk's own tsvector is exactly that word's stored posting impact (0
     -- where the chunk lacks it), found by binary search in the chunk's sorted lexemes, once per query word.
     -- Reading the chunk's ~150 postings and matching each against the query's words instead cost more:
     -- text statement p50 / p95 21.1 / 33.8 -> 18.7 / 30.6 ms on PostgreSQL at 50,000 chunks, 39.6 / 59.3 ->
     -- 37.2 / 53.7 ms on PGlite at 20,000 (200 and 100 bench queries, interleaved; the same ranks and scores).
     -- The chunk is read by primary key (LIMIT 1 keeps it a lookup for PGlite's planner). Its tsvector is
     -- read once: beside the chunk's embedding it is stored out of line (TOAST), and every ts_rank of the
     -- column itself fetched it again, once per query word (3,168 of a search's 4,162 buffer reads at
     -- 50,000 chunks; 598 with it read once). "|| ''" makes the one in-memory copy the ranks read;
     -- OFFSET 0 keeps the ranks computed once per chunk, not once per variant.
     scored AS (
       SELECT pool.chunk_id AS id, vv.v, (SELECT sum(r.rank * qa.wt[vv.v * qa.n + r.i]) FROM unnest(doc.ranks) WITH ORDINALITY r(rank, i)) AS score
         FROM pool CROSS JOIN qa CROSS JOIN LATERAL (
           SELECT ARRAY(SELECT ts_rank(d.fts, qa.tsq[i], 1) FROM generate_series(1, qa.n) i) AS ranks
             FROM (SELECT c.fts || ''::tsvector AS fts FROM guideline_chunks c WHERE c.id = pool.chunk_id LIMIT 1) d OFFSET 0) doc
         CROSS JOIN unnest(pool.vs) AS vv(v)),
     -- Each candidate's row by primary key (LIMIT 1 keeps it a lookup: misjudging how many candidates
     -- there are, PGlite's planner hashed the whole chunks table instead).
     rows AS (
       SELECT hit.* FROM pool CROSS JOIN LATERAL (
         SELECT ${HIT_COLUMNS}, c.ordinal FROM guideline_chunks c JOIN guideline_sources s ON s.id = c.source_id WHERE c.id = pool.chunk_id LIMIT 1) hit),
     ranked AS (
       SELECT scored.id, scored.v, scored.score,
              row_number() OVER (PARTITION BY scored.v ORDER BY scored.score DESC, hit."contentHash", hit.accession, hit."partFile", hit."sectionPath", hit.ordinal) AS place
         FROM scored JOIN rows hit ON hit.id = scored.id)
     -- One row per chunk, with its place and score in each variant that keeps it.
     SELECT hit.*, r.variants, r.scores, r.places FROM (
       SELECT id, array_agg(v ORDER BY v) AS variants, array_agg(score ORDER BY v) AS scores, array_agg(place ORDER BY v) AS places
         FROM ranked WHERE place <= $4 GROUP BY id) r JOIN rows hit ON hit.id = r.id`,
    [variant, terms, weights, query.k, query.perWord ?? 100, query.candidateLimit ?? 100],
  );
  const placed: Array<Array<{ place: number; hit: IndexHit }>> = query.queries.map(() => []);
  for (const { variants, scores, places, ordinal: _ordinal, ...section } of rows) {
    variants.forEach((v, i) => placed[Number(v)]?.push({ place: Number(places[i]), hit: { section, score: Number(scores[i]) } }));
  }
  placed.forEach((list, v) => (results[v] = list.sort((a, b) => a.place - b.place).map((p) => p.hit)));
  return results;
}

/** The chunks of one book whose section path contains `heading` (case-insensitive), in reading order. */
export async function listChunksWithHeading(db: Database, query: { accession: string; heading: string; limit: number }): Promise<GuidelineSection[]> {
  return db.sql.query<GuidelineSection>(
    `SELECT ${HIT_COLUMNS} FROM guideline_chunks c JOIN guideline_sources s ON s.id = c.source_id
      WHERE s.accession = $1 AND strpos(lower(c.section_path), lower($2)) > 0
      ORDER BY c.part_file, c.ordinal, c.section_path LIMIT $3`,
    [query.accession, query.heading, query.limit],
  );
}

/**
 * The chunks of one book whose full text names any of `names` (a name of several words as a phrase), in
 * reading order. websearch_to_tsquery reads the names as a user's search, so no name can break the query.
 */
export async function listChunksMentioning(db: Database, query: { accession: string; names: string[]; limit: number }): Promise<GuidelineSection[]> {
  const names = query.names.map((n) => n.replace(/["\\]/g, ' ').trim()).filter((n) => n.length > 0);
  if (names.length === 0) return [];
  const search = names.map((n) => (/\s/.test(n) ? `"${n}"` : n)).join(' or ');
  return db.sql.query<GuidelineSection>(
    `SELECT ${HIT_COLUMNS} FROM guideline_chunks c JOIN guideline_sources s ON s.id = c.source_id
      WHERE s.accession = $1 AND c.fts @@ websearch_to_tsquery('english', $2)
      ORDER BY c.part_file, c.ordinal, c.section_path LIMIT $3`,
    [query.accession, search, query.limit],
  );
}

/**
 * Recomputes lexeme document frequencies from the postings after the corpus changed (a full pass; run
 * once per load), and the planner's statistics: after a bulk load they still describe the empty table,
 * and the planner then picks sequential scans over the GIN and HNSW indexes.
 */
export async function refreshLexemeStats(db: Database): Promise<void> {
  await db.sql.transaction(async (tx) => {
    await tx.exec('DELETE FROM guideline_lexeme_stats');
    await tx.exec(`INSERT INTO guideline_lexeme_stats (lexeme, ndoc) SELECT lexeme, count(*) FROM guideline_postings GROUP BY lexeme`);
    await tx.exec(`INSERT INTO guideline_corpus_stats (id, chunks) SELECT true, count(*) FROM guideline_chunks
                   ON CONFLICT (id) DO UPDATE SET chunks = EXCLUDED.chunks, refreshed_at = now()`);
  });
  // VACUUM also marks the pages all-visible, so the postings index answers without reading the table:
  // at 50,000 chunks on PostgreSQL the text leg's p50 was 7.4 ms after it and 16.7 ms after ANALYZE
  // alone. VACUUM cannot run inside a transaction block, so neither can this refresh. (On PGlite served
  // over the wire, where connections share one session, the test harness gives a connection the session
  // alone while it holds a transaction, so VACUUM never lands inside another process's.)
  await db.sql.exec('VACUUM (ANALYZE) guideline_chunks, guideline_postings, guideline_lexeme_stats');
}

/** Stores a batch of vectors in one statement, each with the hash of the content it was made from. */
export async function setChunkEmbeddings(
  db: Database,
  model: string,
  items: Array<{ id: string; embedding: number[]; embeddedHash: string }>,
): Promise<void> {
  if (items.length === 0) return;
  await db.sql.query(
    `UPDATE guideline_chunks AS c
        SET embedding = v.embedding::vector, embedding_model = $1, embedding_dim = v.dim, embedded_hash = v.hash, updated_at = now()
       FROM (SELECT unnest($2::uuid[]) AS id, unnest($3::text[]) AS embedding, unnest($4::int[]) AS dim, unnest($5::text[]) AS hash) AS v
      WHERE c.id = v.id`,
    [
      model,
      items.map((i) => i.id),
      items.map((i) => pgvector.toSql(i.embedding) as string),
      items.map((i) => i.embedding.length),
      items.map((i) => i.embeddedHash),
    ],
  );
}

/**
 * The corpus version (migration 20261203100000_guideline_corpus_version): raised in the same transaction
 * as any change to what retrieval reads, so every process sees a new one once the change is committed.
 */
export async function readCorpusVersion(db: Database): Promise<string> {
  const rows = await db.sql.query<{ version: string }>('SELECT version::text AS version FROM guideline_corpus_version WHERE id');
  return rows[0]?.version ?? '0';
}

/** Inserts many chunks without vectors in one statement. */
export async function insertGuidelineChunks(db: Database, inputs: GuidelineChunkInput[]): Promise<number> {
  if (inputs.length === 0) return 0;
  const result = await db.prisma.guidelineChunk.createMany({ data: inputs.map(chunkRow) });
  return result.count;
}

/** Rows whose vector is missing, made from older content, or from another model or dimension ($1, $2). */
const NEEDS_EMBEDDING = `(embedding IS NULL OR embedded_hash IS DISTINCT FROM content_hash
  OR embedding_model IS DISTINCT FROM $1 OR embedding_dim IS DISTINCT FROM $2)`;

/** The GuidelineChunkStore port of ingestion over the database. */
export function createGuidelineChunkStore(db: Database): GuidelineChunkStore {
  return {
    upsertSource: (source) => upsertGuidelineSource(db, source),
    listChunkKeys: (sourceId): Promise<StoredChunkKey[]> =>
      db.prisma.guidelineChunk.findMany({ where: { sourceId }, select: { id: true, partFile: true, sectionPath: true, ordinal: true, contentHash: true, sectionNumber: true } }),
    insertChunks: (sourceId, chunks) => insertGuidelineChunks(db, chunks.map(({ type: _type, accession: _accession, ...chunk }) => ({ ...chunk, sourceId }))),
    async replaceChunk(id, chunk) {
      await db.sql.query(
        `UPDATE guideline_chunks
            SET part_title = $2, section_id = $3, title_path = $4, content = $5, token_count = $6, content_hash = $7,
                oversized = $8, section_number = $9, embedding = NULL, embedding_model = NULL, embedding_dim = NULL, embedded_hash = NULL,
                updated_at = now()
          WHERE id = $1`,
        [id, chunk.partTitle, chunk.sectionId, chunk.titlePath, chunk.text, chunk.tokenCount, chunk.contentHash, chunk.oversized, chunk.sectionNumber ?? null],
      );
    },
    async renumberChunk(id, sectionNumber) {
      await db.sql.query(`UPDATE guideline_chunks SET section_number = $2, updated_at = now() WHERE id = $1`, [id, sectionNumber]);
    },
    async deleteChunks(ids) {
      if (ids.length === 0) return 0;
      return (await db.prisma.guidelineChunk.deleteMany({ where: { id: { in: ids } } })).count;
    },
    refreshSearchStats: () => refreshLexemeStats(db),
    async countChunksNeedingEmbedding({ model, dimensions }) {
      const rows = await db.sql.query<{ n: number }>(`SELECT count(*)::int AS n FROM guideline_chunks WHERE ${NEEDS_EMBEDDING}`, [model, dimensions]);
      return rows[0]?.n ?? 0;
    },
    listChunksNeedingEmbedding: (query) =>
      db.sql.query<ChunkToEmbed>(
        `SELECT id, content AS text, content_hash AS "contentHash" FROM guideline_chunks
          WHERE ${NEEDS_EMBEDDING} AND ($3::uuid IS NULL OR id > $3::uuid)
          ORDER BY id LIMIT $4`,
        [query.model, query.dimensions, query.afterId ?? null, query.limit],
      ),
    setEmbeddings: (model, items) => setChunkEmbeddings(db, model, items),
  };
}
