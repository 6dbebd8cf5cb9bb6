import type { CitedSection } from '../guideline-section.js';
import type { LabelledSection } from '../plan-writer.js';

/**
 * Labels sections S1..Sn in the order given (best first), keeping the first occurrence of a section
 * that several diagnoses retrieved (same text), so one section never carries two labels.
 */
export function labelSections(sections: readonly CitedSection[]): LabelledSection[] {
  const seen = new Set<string>();
  const labelled: LabelledSection[] = [];
  for (const section of sections) {
    if (seen.has(section.contentHash)) continue;
    seen.add(section.contentHash);
    labelled.push({ label: `S${labelled.length + 1}`, section });
  }
  return labelled;
}
