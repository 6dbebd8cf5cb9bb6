import { describe, expect, it } from 'vitest';
import { missedPrevention } from '../../src/patient/missed-prevention.js';
import { buildQueryVariants } from '../../src/rag/build-queries.js';

describe('preventive care the patient has not had', () => {
  it('keeps the care a negation says she lacks, without the cue', () => {
    expect(missedPrevention([{ category: 'history', value: 'first ANC today, never take SP' }])).toEqual(['take SP']);
    expect(missedPrevention([{ category: 'history', value: 'no net for house' }])).toEqual(['net for house']);
    expect(missedPrevention([{ category: 'history', value: 'never dewormed' }])).toEqual(['dewormed']);
    // Recorded as a negated finding, the whole finding is the care not had.
    expect(missedPrevention([{ category: 'history', value: 'vaccinated', negated: true }])).toEqual(['vaccinated']);
  });

  it('drops an absent symptom as before', () => {
    expect(missedPrevention([{ category: 'symptom', value: 'no fever, no cough' }])).toEqual([]);
    expect(missedPrevention([{ category: 'symptom', value: 'fever', negated: true }])).toEqual([]);
  });

  it('puts the missing net and SP into the search words, and not an absent fever', () => {
    const { contextual } = buildQueryVariants({
      condition: 'IPT for belle woman',
      demographics: { ageYears: 21, sex: 'female', pregnant: true, gestationWeeks: 16 },
      findings: [
        { category: 'history', value: 'first ANC today, never take SP' },
        { category: 'history', value: 'no net for house' },
        { category: 'symptom', value: 'no fever' },
      ],
    });
    expect(contextual).toMatch(/\bnet\b/);
    expect(contextual).toMatch(/\bsulfadoxine-pyrimethamine\b/);
    expect(contextual).not.toMatch(/\bfever\b/);
  });
});
