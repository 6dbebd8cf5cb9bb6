import type { GuidelineSection } from './guideline-section.js';

/** A section as an index returns it, with the leg's own score (cosine similarity or text rank). */
export interface IndexHit {
  section: GuidelineSection;
  score: number;
}

/** The port retrieval needs from storage: two ranked legs over the same chunks. */
export interface GuidelineIndex {
  /**
   * Full text, title path weighted above body, for each of `queries` (a search's variants) at once: one
   * round trip, `k` hits per query in the order given. `terms` are plain words, any of which may match;
   * `weights` (one per term, default 1) scale each word's share of the score.
   */
  searchText(query: { queries: Array<{ terms: string[]; weights?: number[] }>; k: number }): Promise<IndexHit[][]>;
  /**
   * Cosine nearest neighbours of each of `embeddings` at once (one round trip, `k` per embedding); refuses
   * a query from another model or dimension than the stored vectors.
   */
  searchVector(query: { embeddings: number[][]; model: string; k: number; efSearch: number }): Promise<IndexHit[][]>;
  /**
   * The sections of one book with a heading containing `heading` (case-insensitive), in reading order,
   * at most `limit`: where a section's "as described in Plan B" sends the reader.
   */
  sectionsWithHeading(query: { accession: string; heading: string; limit: number }): Promise<GuidelineSection[]>;
  /**
   * The sections of one book whose text names any of `names` (whole words or phrases, case-insensitive),
   * in reading order, at most `limit`: where the book speaks of a medicine the patient already takes.
   */
  sectionsMentioning(query: { accession: string; names: string[]; limit: number }): Promise<GuidelineSection[]>;
}
