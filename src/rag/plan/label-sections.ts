import type { LabelledSection } from '../plan-writer.js';
import type { RetrievedSection } from '../search-guidelines.js';

/**
 * Labels retrieved sections S1..Sn in the order given (best first), keeping the first occurrence of a
 * chunk that several diagnoses retrieved, so one section never carries two labels.
 */
export function labelSections(sections: readonly RetrievedSection[]): LabelledSection[] {
  const seen = new Set<string>();
  const labelled: LabelledSection[] = [];
  for (const section of sections) {
    if (seen.has(section.chunkId)) continue;
    seen.add(section.chunkId);
    labelled.push({
      label: `S${labelled.length + 1}`,
      chunkId: section.chunkId,
      accession: section.accession,
      bookTitle: section.bookTitle,
      sectionPath: section.sectionPath,
      titlePath: section.titlePath,
      text: section.text,
    });
  }
  return labelled;
}
