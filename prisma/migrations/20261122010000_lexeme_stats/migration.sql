-- Document frequencies of the full-text lexemes, so text search can weight a rare, telling word
-- ("indrawing", "lisinopril") above a common one ("child", "treatment"): Postgres' ts_rank has no IDF.
-- Refreshed by the loader after every corpus change (src/infra/db/stores/guideline-chunk-store.ts).
CREATE TABLE guideline_lexeme_stats (
  lexeme text PRIMARY KEY,
  ndoc integer NOT NULL
);

CREATE TABLE guideline_corpus_stats (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  chunks integer NOT NULL,
  refreshed_at timestamptz NOT NULL DEFAULT now()
);
