import pgvector from 'pgvector';
import type { Database } from '../open-database.js';
import { AppError } from '../../../core/app-error.js';

export interface GuidelineSourceInput {
  accession: string;
  title: string;
  publisher?: string | null;
  year?: number | null;
  licence?: string | null;
  licenceUrl?: string | null;
  language?: string;
  lastUpdated?: Date | null;
  kind?: string;
}

export interface GuidelineChunkInput {
  sourceId: string;
  partFile: string;
  partTitle: string;
  sectionId: string | null;
  sectionPath: string;
  titlePath: string;
  ordinal: number;
  content: string;
  tokenCount: number;
  contentHash: string;
  oversized: boolean;
}

export interface ChunkHit {
  id: string;
  accession: string;
  bookTitle: string;
  partFile: string;
  sectionId: string | null;
  sectionPath: string;
  titlePath: string;
  content: string;
  tokenCount: number;
  /** Cosine similarity (vector search, -1..1) or ts_rank_cd (full text, >= 0). */
  score: number;
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
    lastUpdated: input.lastUpdated ?? null,
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
  const row = await db.prisma.guidelineChunk.create({ data: input, select: { id: true } });
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
  c.section_path AS "sectionPath", c.title_path AS "titlePath", c.content, c.token_count AS "tokenCount"`;

/**
 * Nearest chunks by cosine similarity over the HNSW index. ef_search is set with SET LOCAL inside the
 * transaction so it never leaks to other queries on a pooled connection. A query vector from another
 * model or dimension than the stored vectors is refused.
 */
export async function searchChunksByVector(
  db: Database,
  query: { embedding: number[]; model: string; k: number; efSearch?: number },
): Promise<ChunkHit[]> {
  const stored = await countVectorsByModel(db);
  const mismatch = stored.find((s) => s.model !== query.model || s.dimensions !== query.embedding.length);
  if (mismatch) {
    throw new AppError(
      'embedding_model_mismatch',
      `query embedded with ${query.model}/${query.embedding.length} but ${mismatch.chunks} stored vectors use ${mismatch.model}/${mismatch.dimensions}; re-embed the corpus (npm run guidelines:embed)`,
    );
  }
  const efSearch = Math.max(query.efSearch ?? 80, query.k);
  return db.sql.transaction(async (tx) => {
    // SET cannot take a bind parameter; efSearch is an integer we computed, never user text.
    await tx.exec(`SET LOCAL hnsw.ef_search = ${Math.trunc(efSearch)}`);
    const rows = await tx.query<ChunkHit & { score: number }>(
      `SELECT ${HIT_COLUMNS}, 1 - (c.embedding <=> $1::vector) AS score
         FROM guideline_chunks c JOIN guideline_sources s ON s.id = c.source_id
        WHERE c.embedding IS NOT NULL
        ORDER BY c.embedding <=> $1::vector
        LIMIT $2`,
      [pgvector.toSql(query.embedding), query.k],
    );
    return rows.map((r) => ({ ...r, score: Number(r.score) }));
  });
}

/**
 * Full-text search: the title path is weighted A and the body B in the generated fts column, so a
 * query matching a section title ranks that section first. `terms` are plain words (OR-ed); the
 * database builds the tsquery, nothing is concatenated into SQL.
 */
export async function searchChunksByText(db: Database, query: { terms: string[]; k: number }): Promise<ChunkHit[]> {
  const words = query.terms.map((t) => t.trim()).filter(Boolean);
  if (words.length === 0) return [];
  const rows = await db.sql.query<ChunkHit & { score: number }>(
    `WITH q AS (SELECT to_tsquery('english', string_agg(quote_literal(lexeme), ' | ')) AS tsq
                  FROM (SELECT unnest(tsvector_to_array(to_tsvector('english', $1))) AS lexeme) l)
     SELECT ${HIT_COLUMNS}, ts_rank_cd(c.fts, q.tsq, 1) AS score
       FROM guideline_chunks c JOIN guideline_sources s ON s.id = c.source_id, q
      WHERE q.tsq IS NOT NULL AND c.fts @@ q.tsq
      ORDER BY score DESC, c.id
      LIMIT $2`,
    [words.join(' '), query.k],
  );
  return rows.map((r) => ({ ...r, score: Number(r.score) }));
}
