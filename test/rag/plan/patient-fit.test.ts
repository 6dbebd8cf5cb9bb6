import { describe, expect, it } from 'vitest';
import { excludesPatient } from '../../../src/rag/plan/patient-fit.js';

const man = { ageYears: 50, sex: 'male' as const };
const pregnantWoman = { ageYears: 30, sex: 'female' as const, pregnant: true, gestationWeeks: 24 };
const woman = { ageYears: 30, sex: 'female' as const, pregnant: false };

describe('excludesPatient: text that sets pregnancy aside', () => {
  const row = 'Table 6.1 First-line antihypertensive medicines for non-pregnant adults: Medicine: Amlodipine; Usual starting dose: 5 mg once daily';

  it('keeps a row of a table for non-pregnant adults for a man and a woman who is not pregnant', () => {
    expect(excludesPatient(row, man)).toBe(false);
    expect(excludesPatient(row, woman)).toBe(false);
  });

  it('leaves the same row out for a pregnant woman', () => {
    expect(excludesPatient(row, pregnantWoman)).toBe(true);
  });

  it('reads a caution "not in pregnancy" the same way', () => {
    const caution = 'Medicine: Losartan; Usual starting dose: 50 mg once daily; Main cautions: High potassium; not in pregnancy';
    expect(excludesPatient(caution, man)).toBe(false);
    expect(excludesPatient(caution, pregnantWoman)).toBe(true);
  });

  it('still leaves text about pregnancy out for a man', () => {
    expect(excludesPatient('Give methyldopa 250 mg twice daily to a pregnant woman with hypertension.', man)).toBe(true);
    expect(excludesPatient('This table does not apply in pregnancy: see Women who are or may become pregnant, below.', man)).toBe(true);
  });
});
