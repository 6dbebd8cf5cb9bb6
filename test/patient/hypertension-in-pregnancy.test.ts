import { describe, expect, it } from 'vitest';
import { bloodPressureReadings, suggestedPreEclampsia } from '../../src/patient/hypertension-in-pregnancy.js';
import type { Finding } from '../../src/patient/findings.js';

const pregnant = (gestationWeeks?: number) => ({ ageYears: 28, sex: 'female' as const, pregnant: true, ...(gestationWeeks !== undefined ? { gestationWeeks } : {}) });
const delivered = { ageYears: 28, sex: 'female' as const, postpartum: true, daysSinceDelivery: 5 };
const found = (...values: string[]): Finding[] => values.map((value) => ({ category: 'vital_sign', value }));

describe('pre-eclampsia as the findings suggest it', () => {
  it('reads a severe-range pressure, or a raised one with a severe symptom, as severe pre-eclampsia in pregnancy and after birth', () => {
    expect(suggestedPreEclampsia(delivered, found('BP 168/112'))).toBe('severe pre-eclampsia');
    expect(suggestedPreEclampsia(pregnant(34), found('BP 150/112'))).toBe('severe pre-eclampsia');
    expect(suggestedPreEclampsia(pregnant(), found('bp 146/94', 'strong headache, eye dey blur'))).toBe('severe pre-eclampsia');
  });

  it('reads a raised pressure with protein in the urine as pre-eclampsia', () => {
    expect(suggestedPreEclampsia(pregnant(), found('dipstick protein ++', 'bp 150/100'))).toBe('pre-eclampsia');
    expect(suggestedPreEclampsia(pregnant(30), found('BP 146/94', 'urine protein 2+'))).toBe('pre-eclampsia');
  });

  it('suggests nothing before 20 weeks, without protein or severe features, for a normal reading, or for a woman not pregnant', () => {
    expect(suggestedPreEclampsia(pregnant(16), found('BP 152/100', 'urine protein 2+'))).toBeUndefined();
    expect(suggestedPreEclampsia(pregnant(32), found('BP 144/92', 'urine protein negative'))).toBeUndefined();
    expect(suggestedPreEclampsia(pregnant(32), found('BP 144/92', 'protein trace'))).toBeUndefined();
    expect(suggestedPreEclampsia(pregnant(33), found('BP 118/74', 'severe headache'))).toBeUndefined();
    expect(suggestedPreEclampsia({ ageYears: 50, sex: 'female' }, found('BP 190/120'))).toBeUndefined();
  });

  it('counts no negated finding', () => {
    expect(suggestedPreEclampsia(pregnant(34), found('BP 146/94', 'no headache, no blurred vision'))).toBeUndefined();
    expect(suggestedPreEclampsia(pregnant(34), [{ category: 'vital_sign', value: 'BP 170/115', negated: true }])).toBeUndefined();
  });

  it('reads only plausible readings: a date or a dose is not a blood pressure', () => {
    expect(bloodPressureReadings('BP 168/112, seen 12/10')).toEqual([{ systolic: 168, diastolic: 112 }]);
  });
});
