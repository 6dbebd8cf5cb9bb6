/** What a file in a book package holds, judged from its name (NCBI Bookshelf naming). */
export type PartFileKind =
  | 'chapter'
  | 'annex'
  | 'appendix'
  | 'article'
  | 'front-matter'
  | 'reference-list'
  | 'acknowledgements'
  | 'toc'
  | 'other';

const SKIPPED = new Set<PartFileKind>(['front-matter', 'reference-list', 'acknowledgements', 'toc']);

// Longest prefixes first: "annex" must not be read as "an…", "app" covers "appendix".
const PREFIXES: Array<[RegExp, PartFileKind]> = [
  [/^annex/, 'annex'],
  [/^app/, 'appendix'],
  [/^article/, 'article'],
  [/^ch/, 'chapter'],
  [/^fm/, 'front-matter'],
  [/^rl/, 'reference-list'],
  [/^ak/, 'acknowledgements'],
];

/** Classifies a part file by its base name's prefix, e.g. 'ch2.nxml' → 'chapter', 'rl1.nxml' → 'reference-list'. */
export function partKind(fileName: string): PartFileKind {
  const base = (fileName.split(/[/\\]/).pop() ?? '').replace(/\.[^.]*$/, '').toLowerCase();
  if (base === 'toc') return 'toc';
  for (const [prefix, kind] of PREFIXES) if (prefix.test(base)) return kind;
  return 'other';
}

/**
 * Whether a part file's content belongs in the corpus: chapters, annexes, appendices and articles do;
 * front matter, reference lists, acknowledgements and the TOC do not. Unrecognised names ('gl1', a JATS
 * 'pone.0046493.nxml') are kept: losing a glossary or an article silently is worse than parsing it, and
 * the parser rejects what is not a book part or an article.
 */
export function shouldIngestPart(fileName: string): boolean {
  return !SKIPPED.has(partKind(fileName));
}
