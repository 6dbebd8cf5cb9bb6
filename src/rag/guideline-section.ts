/**
 * One guideline section (chunk) with its provenance, the one shape every stage shares: the chunk file
 * and the store (without id and bookTitle), the index, retrieval, the plan prompt and the snapshot a
 * plan cites.
 */
export interface GuidelineSection {
  /** The stored chunk's id; null once a cited chunk was replaced or deleted (the citation keeps its text). */
  id: string | null;
  accession: string;
  bookTitle: string;
  partFile: string;
  sectionId: string | null;
  /** Part title and section titles joined with " > "; titlePath starts with the book title instead. */
  sectionPath: string;
  titlePath: string;
  /**
   * The section's number in its book as a reader cites it ("3.2.1": chapter 3's second section, its first
   * subsection); null in a part without a label, absent where a source does not know it.
   */
  sectionNumber?: string | null;
  text: string;
  /** Estimated prompt tokens of `text`. */
  tokenCount: number;
  /** sha256 (hex) of `text`. */
  contentHash: string;
}

/** What a plan stores of a section it cited (the text it was grounded on), and all a plan needs. */
export type CitedSection = Pick<GuidelineSection, 'id' | 'accession' | 'bookTitle' | 'sectionPath' | 'titlePath' | 'sectionNumber' | 'text' | 'contentHash'>;
