-- Full-text postings: one row per (chunk, lexeme) with that lexeme's own ts_rank in the chunk (title
-- path weighted A above body B, normalised by the log of the chunk's length), kept by triggers on
-- guideline_chunks. Text search reads each query word's best chunks from the (lexeme, impact) index and
-- scores a candidate by summing its postings, so a search costs the same at 500 chunks and at 50,000:
-- ranking every chunk that contained a common word ("malaria", "child") grew with the corpus.
CREATE TABLE guideline_postings (
  chunk_id uuid NOT NULL REFERENCES guideline_chunks (id) ON DELETE CASCADE,
  lexeme text NOT NULL,
  impact real NOT NULL,
  -- Breaks ties in impact the same way on every load (chunk ids are random): hashtext of the content
  -- hash and section path.
  tiebreak integer NOT NULL,
  PRIMARY KEY (chunk_id, lexeme)
);
CREATE INDEX guideline_postings_impact_idx ON guideline_postings (lexeme, impact DESC, tiebreak, chunk_id);

-- One lexeme as a tsquery, exactly as stored (to_tsquery would stem it a second time, and a stem's stem
-- is not always itself). Quotes and backslashes are doubled, as tsquery input requires.
CREATE FUNCTION guideline_lexeme_query(lexeme text) RETURNS tsquery
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT ('''' || replace(replace(lexeme, '\', '\\'), '''', '''''') || '''')::tsquery
$$;

-- ts_rank(doc, <lexeme>, 1) for every lexeme of doc: the share of the score a query word has in this chunk.
CREATE FUNCTION guideline_postings_of(chunk uuid, doc tsvector, chunk_tiebreak integer)
RETURNS TABLE (chunk_id uuid, lexeme text, impact real, tiebreak integer)
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
  SELECT chunk, l, ts_rank(doc, guideline_lexeme_query(l), 1), chunk_tiebreak FROM unnest(tsvector_to_array(doc)) AS l
$$;

CREATE FUNCTION guideline_chunk_tiebreak(content_hash text, section_path text) RETURNS integer
LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$ SELECT hashtext(content_hash || '/' || section_path) $$;

CREATE FUNCTION guideline_postings_after_insert() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO guideline_postings (chunk_id, lexeme, impact, tiebreak)
    SELECT p.* FROM inserted_chunks n,
      LATERAL guideline_postings_of(n.id, n.fts, guideline_chunk_tiebreak(n.content_hash, n.section_path)) p;
  RETURN NULL;
END $$;

CREATE FUNCTION guideline_postings_after_update() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM guideline_postings WHERE chunk_id = OLD.id;
  INSERT INTO guideline_postings (chunk_id, lexeme, impact, tiebreak)
    SELECT p.* FROM guideline_postings_of(NEW.id, NEW.fts, guideline_chunk_tiebreak(NEW.content_hash, NEW.section_path)) p;
  RETURN NULL;
END $$;

CREATE TRIGGER guideline_postings_insert AFTER INSERT ON guideline_chunks
  REFERENCING NEW TABLE AS inserted_chunks FOR EACH STATEMENT EXECUTE FUNCTION guideline_postings_after_insert();
-- Only a change of the text re-indexes a chunk; storing its embedding does not.
CREATE TRIGGER guideline_postings_update AFTER UPDATE OF title_path, content, content_hash, section_path ON guideline_chunks
  FOR EACH ROW WHEN (OLD.title_path IS DISTINCT FROM NEW.title_path OR OLD.content IS DISTINCT FROM NEW.content
                     OR OLD.content_hash IS DISTINCT FROM NEW.content_hash OR OLD.section_path IS DISTINCT FROM NEW.section_path)
  EXECUTE FUNCTION guideline_postings_after_update();

INSERT INTO guideline_postings (chunk_id, lexeme, impact, tiebreak)
  SELECT p.* FROM guideline_chunks c, LATERAL guideline_postings_of(c.id, c.fts, guideline_chunk_tiebreak(c.content_hash, c.section_path)) p;
