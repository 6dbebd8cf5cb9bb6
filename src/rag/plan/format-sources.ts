import type { LabelledSection } from '../plan-writer.js';

/** The NCBI Bookshelf page of a book, for accessions like NBK123456; null for anything else. */
export function bookshelfUrl(accession: string): string | null {
  return /^NBK\d+$/.test(accession) ? `https://www.ncbi.nlm.nih.gov/books/${accession}/` : null;
}

/** The heading of a plan's Sources block (bold in the neutral markup); the review app reads it to tell source lines from plan lines. */
export const SOURCES_HEADING = 'Sources';

/**
 * The "Sources" block of a plan: one line per cited label, in label order, as
 * `S1: <book title> > <section path> - <Bookshelf link>`; sample sections say they have no Bookshelf
 * page, other sources show their accession. Empty when nothing is cited.
 */
export function formatSources(sections: readonly LabelledSection[], citedLabels: readonly string[]): string {
  const byLabel = new Map(sections.map((s) => [s.label, s]));
  const lines: string[] = [];
  for (const label of citedLabels) {
    const section = byLabel.get(label)?.section;
    if (!section) continue;
    lines.push(`- ${label}: ${section.bookTitle} > ${section.sectionPath} - ${where(section.accession)}`);
  }
  return lines.length === 0 ? '' : [`**${SOURCES_HEADING}**`, ...lines].join('\n');
}

function where(accession: string): string {
  const url = bookshelfUrl(accession);
  if (url) return url;
  if (accession.startsWith('SAMPLE-')) return '(sample content, no Bookshelf page)';
  return accession;
}
