/** Book-level metadata read from a package's TOC.nxml. Missing pieces are null, never guessed. */
export interface BookMeta {
  accession: string | null;
  title: string | null;
  publisher: string | null;
  year: number | null;
  licence: Licence;
  /** From `xml:lang` on the root; 'en' when absent. */
  language: string;
  /** ISO yyyy-mm-dd from `pub-history/date[@date-type="updated"]`. */
  lastUpdated: string | null;
}

export interface Licence {
  text: string | null;
  url: string | null;
}

/** One unit of rendered content, kept structured so the chunker can split it at sensible places. */
export type Block = ParagraphBlock | ListBlock | TableBlock | BoxBlock;

export interface ParagraphBlock {
  kind: 'paragraph';
  text: string;
}

/** Items carry their marker ("- ", "1. ") and any nested lines, already indented. */
export interface ListBlock {
  kind: 'list';
  title: string | null;
  items: string[];
}

/** A table rendered as one readable line per body row; `caption` is repeated on continuation chunks. */
export interface TableBlock {
  kind: 'table';
  caption: string;
  rows: string[];
  notes: string[];
}

/** boxed-text: its title, then its own content. */
export interface BoxBlock {
  kind: 'box';
  title: string | null;
  blocks: Block[];
}

export interface SectionNode {
  id?: string;
  title: string;
  /** The section's own label ("3.2", or a nested part's "5"), when the XML gives one. */
  label?: string;
  /** The section's own content in document order, without its subsections. */
  blocks: Block[];
  children: SectionNode[];
}

export type PartKind = 'book-part' | 'article';

export interface ParsedPart {
  kind: PartKind;
  /** The book title for BITS parts; the journal title for articles. */
  bookTitle: string | null;
  /** Chapter/annex title, or the article title. */
  partTitle: string;
  label?: string;
  /** The `id` of the book-part/book-app, when present. */
  partId?: string;
  /** From the part's own metadata (book-id or article-id); the TOC is authoritative for books. */
  accession: string | null;
  licence: Licence;
  language: string;
  /** Content directly in the body, outside any sec. */
  blocks: Block[];
  sections: SectionNode[];
}

export interface ChunkDraft {
  accession: string;
  partFile: string;
  /** The id of the sec the chunk came from; null for content outside any sec. */
  sectionId: string | null;
  /** Part title, then section titles down to the chunk's section. */
  sectionPath: string[];
  /** 0-based within the same accession + partFile + sectionPath. */
  ordinal: number;
  /**
   * Where the section sits in the book as a reader cites it: its own label, else its parent's number and
   * its place among its siblings, from the part's label ("3.2.1" in chapter 3); null in a part with no label.
   */
  sectionNumber: string | null;
  content: string;
  tokenCount: number;
  /** sha256 hex of `content`. */
  contentHash: string;
  /** A single table row or sentence larger than the budget. */
  oversized: boolean;
}

export interface ChunkOptions {
  /** Estimated tokens per chunk, title path included; default 512. */
  tokenBudget?: number;
  /** Titles that precede the part title in every chunk's title path, e.g. [bookTitle]. */
  titlePrefix: string[];
  accession: string;
  partFile: string;
}
