-- The corpus version: one counter that every statement changing what retrieval reads (chunks, their
-- vectors, their books, the full-text statistics) raises in its own transaction, so it becomes visible
-- with the change it stands for. The search caches key their results by it: an ingestion run, in any
-- process, makes every cached result of the corpus before it unreachable.
CREATE TABLE guideline_corpus_version (
  id boolean PRIMARY KEY DEFAULT true CHECK (id),
  version bigint NOT NULL
);
INSERT INTO guideline_corpus_version (id, version) VALUES (true, 1);

CREATE FUNCTION guideline_corpus_version_bump() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE guideline_corpus_version SET version = version + 1 WHERE id;
  RETURN NULL;
END $$;

-- Statement level: a batch insert of 500 chunks raises it once, not 500 times.
CREATE TRIGGER guideline_chunks_corpus_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON guideline_chunks
  FOR EACH STATEMENT EXECUTE FUNCTION guideline_corpus_version_bump();
-- Every load upserts each book it reads (INSERT ... ON CONFLICT DO UPDATE, whose statement-level INSERT
-- trigger would fire every time): row level, a book inserted or deleted counts, and of an update only a
-- change to what a section carries (its book's title and accession) or how it is filtered, so a re-run
-- over unchanged books keeps the caches. Books are few; row triggers cost nothing here.
CREATE TRIGGER guideline_sources_corpus_version AFTER INSERT OR DELETE ON guideline_sources
  FOR EACH ROW EXECUTE FUNCTION guideline_corpus_version_bump();
CREATE TRIGGER guideline_sources_corpus_version_truncate AFTER TRUNCATE ON guideline_sources
  FOR EACH STATEMENT EXECUTE FUNCTION guideline_corpus_version_bump();
CREATE TRIGGER guideline_sources_corpus_version_update AFTER UPDATE ON guideline_sources
  FOR EACH ROW WHEN ((OLD.accession, OLD.title, OLD.kind, OLD.language) IS DISTINCT FROM (NEW.accession, NEW.title, NEW.kind, NEW.language))
  EXECUTE FUNCTION guideline_corpus_version_bump();
CREATE TRIGGER guideline_corpus_stats_corpus_version AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON guideline_corpus_stats
  FOR EACH STATEMENT EXECUTE FUNCTION guideline_corpus_version_bump();
