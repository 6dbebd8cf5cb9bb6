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

/**
 * The Sources block as a phone shows it: one short line per cited label, `S1: <short book name> <section
 * number>` ("S1: Malaria at community level 3.2.1"). The full paths stay with the stored citations (the
 * review app) and come back on `/sources` (formatSources). Empty when nothing is cited.
 */
export function formatCompactSources(sections: readonly LabelledSection[], citedLabels: readonly string[]): string {
  const byLabel = new Map(sections.map((s) => [s.label, s]));
  const lines: string[] = [];
  for (const label of citedLabels) {
    const section = byLabel.get(label)?.section;
    if (section) lines.push(`- ${label}: ${compactSourceName(section)}`);
  }
  return lines.length === 0 ? '' : [`**${SOURCES_HEADING}**`, ...lines].join('\n');
}

/** Characters of a section's own heading a compact source shows at most, when it has no number. */
const HEADING_MAX = 40;

/**
 * A section named in a few words: its book's short name and its section number ("Malaria at community
 * level 3.2.1"); a section stored without a number is named by its own heading instead, shortened at a word.
 */
export function compactSourceName(section: Pick<LabelledSection['section'], 'bookTitle' | 'sectionPath' | 'sectionNumber'>): string {
  const book = shortBookName(section.bookTitle);
  if (section.sectionNumber) return `${book} ${section.sectionNumber}`;
  const heading = section.sectionPath.split(' > ').at(-1)?.trim() ?? '';
  return heading === '' ? book : `${book} > ${shortened(heading, HEADING_MAX)}`;
}

/**
 * A book title up to its first colon, parenthesis or comma, trimmed: "Malaria at community level:
 * diagnosis, treatment and prevention (sample guideline)" is "Malaria at community level". The whole
 * title when that would leave nothing.
 */
export function shortBookName(title: string): string {
  const short = (title.split(/[:(,]/)[0] ?? '').trim();
  return short === '' ? title.trim() : short;
}

function shortened(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max + 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut.slice(0, max)).replace(/[\s,;:.-]+$/, '')}…`;
}

function where(accession: string): string {
  const url = bookshelfUrl(accession);
  if (url) return url;
  if (accession.startsWith('SAMPLE-')) return '(sample content, no Bookshelf page)';
  return accession;
}
