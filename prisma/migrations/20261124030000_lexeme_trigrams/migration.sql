-- Typo tolerance for full-text search: a query word the corpus does not know ("malria", "hypertention")
-- is replaced by the most similar corpus lexeme by trigram similarity, found through this index.
-- pg_trgm ships with PostgreSQL (contrib) and with PGlite (@electric-sql/pglite/contrib/pg_trgm).
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX guideline_lexeme_stats_trgm_idx ON guideline_lexeme_stats USING gin (lexeme gin_trgm_ops);
