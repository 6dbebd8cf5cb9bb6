import { describe, expect, it } from 'vitest';
import { dailyDoseMg, doseWrittenAfterName, medicineName } from '../../src/patient/medicine-dose.js';

describe('the dose of a medicine she takes', () => {
  it('is read after the medicine name with how often, in the ways health workers write it', () => {
    expect(doseWrittenAfterName(' 1 g twice daily for 6 months')).toBe('1 g twice daily');
    expect(doseWrittenAfterName(' 500mg bd')).toBe('500 mg bd');
    expect(doseWrittenAfterName(' 5 mg, bp 150/90')).toBe('5 mg');
    expect(doseWrittenAfterName(' for 3 years')).toBeUndefined();
  });

  it('comes to a total a day only when how often is stated', () => {
    expect(dailyDoseMg('metformin 1 g twice daily', 'metformin')).toBe(2000);
    expect(dailyDoseMg('metformin 500 mg bd', 'metformin')).toBe(1000);
    expect(dailyDoseMg('metformin 850 mg three times a day', 'metformin')).toBe(2550);
    expect(dailyDoseMg('Amlodipine 5 mg once daily', 'amlodipine')).toBe(5);
    expect(dailyDoseMg('amlodipine 5 mg', 'amlodipine')).toBeUndefined();
    expect(dailyDoseMg('Amlodipine 10 mg + lisinopril 10 mg once daily', 'amlodipine')).toBeUndefined();
    expect(dailyDoseMg('metformin 1 g twice daily', 'gliclazide')).toBeUndefined();
  });

  it('leaves the medicine name on its own for lookups by name', () => {
    expect(medicineName('metformin 1 g twice daily')).toBe('metformin');
    expect(medicineName('antiretroviral therapy')).toBe('antiretroviral therapy');
  });
});
