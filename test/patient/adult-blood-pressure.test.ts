import { describe, expect, it } from 'vitest';
import { adultBloodPressureClass, noBloodPressureMedicineToStart } from '../../src/patient/adult-blood-pressure.js';
import type { Finding } from '../../src/patient/findings.js';

const man = { ageYears: 39, sex: 'male' as const };
const bp = (value: string, negated = false): Finding => ({ category: 'vital_sign', value, negated });

describe('adult blood pressure class (hypertension guideline Table 3.1)', () => {
  it('classes the highest reading by the higher of its two values', () => {
    expect(adultBloodPressureClass(man, [bp('BP 124/80')])).toBe('normal');
    expect(adultBloodPressureClass(man, [bp('BP 134/86 on two visits')])).toBe('high-normal');
    expect(adultBloodPressureClass(man, [bp('BP 128/92')])).toBe('grade 1');
    expect(adultBloodPressureClass(man, [bp('BP 150/95'), bp('BP 165/98 today')])).toBe('grade 2');
    expect(adultBloodPressureClass(man, [bp('BP 182/100')])).toBe('severe');
  });

  it('decides nothing without a reading, for a child, or in pregnancy or after birth, whose thresholds differ', () => {
    expect(adultBloodPressureClass(man, [bp('headache')])).toBeUndefined();
    expect(adultBloodPressureClass({ ageYears: 6 }, [bp('BP 134/86')])).toBeUndefined();
    expect(adultBloodPressureClass({ ageYears: 30, sex: 'female', pregnant: true, gestationWeeks: 32 }, [bp('BP 134/86')])).toBeUndefined();
    expect(adultBloodPressureClass({ ageYears: 30, sex: 'female', postpartum: true }, [bp('BP 150/95')])).toBeUndefined();
    expect(adultBloodPressureClass(man, [bp('BP 170/100', true), bp('BP 134/86')])).toBe('high-normal');
  });

  it('starts no medicine for a blood pressure below 140/90 in someone on none', () => {
    expect(noBloodPressureMedicineToStart('high-normal blood pressure', man, [bp('BP 134/86')], [])).toBe(true);
    expect(noBloodPressureMedicineToStart('HBP', man, [bp('BP 134/86')], [])).toBe(true);
    // On a medicine, at target: her treatment continues. Hypertension at 150/95: medicines are hers.
    expect(noBloodPressureMedicineToStart('hypertension', man, [bp('BP 128/80')], ['amlodipine'])).toBe(false);
    expect(noBloodPressureMedicineToStart('hypertension', man, [bp('BP 150/95 on two visits')], [])).toBe(false);
    // Another diagnosis is not about blood pressure.
    expect(noBloodPressureMedicineToStart('type 2 diabetes', man, [bp('BP 134/86')], [])).toBe(false);
  });
});
