import { describe, expect, it } from 'vitest';
import { labelSections } from '../../../src/rag/plan/label-sections.js';
import { pickSections } from './sample-sections.js';

describe('labelSections', () => {
  it('labels sections S1..Sn in retrieval order and gives a section found for two diagnoses one label', async () => {
    const [dosing, danger, followUp] = await pickSections('SAMPLE-MALARIA', [
      'Artemether-lumefantrine dosing for children by weight band',
      'Danger signs of severe malaria',
      'The day-3 check',
    ]);
    if (!dosing || !danger || !followUp) throw new Error('sample sections missing');
    // Malaria retrieval, then a second diagnosis retrieving the danger-sign section again.
    const labelled = labelSections([dosing, danger, followUp, { ...danger }]);

    expect(labelled.map((s) => [s.label, s.section.sectionPath])).toEqual([
      ['S1', dosing.sectionPath],
      ['S2', danger.sectionPath],
      ['S3', followUp.sectionPath],
    ]);
    expect(labelled[0]).toEqual({ label: 'S1', section: dosing });
    expect(labelled[0]?.section.accession).toBe('SAMPLE-MALARIA');
  });

  it('returns no labels for no sections', () => {
    expect(labelSections([])).toEqual([]);
  });
});
