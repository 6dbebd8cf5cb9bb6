import { describe, expect, it } from 'vitest';
import { malnutritionTreatmentCourse, muacReadingsMm } from '../../src/patient/malnutrition-treatment-course.js';
import type { Finding } from '../../src/patient/findings.js';

const finding = (value: string, negated = false): Finding => ({ category: 'exam_sign', value, ...(negated ? { negated } : {}) });

describe('malnutritionTreatmentCourse', () => {
  it('a child on RUTF with a MUAC of 125 mm or more and no oedema has reached the discharge criteria', () => {
    expect(malnutritionTreatmentCourse('SAM', [finding('on RUTF for 8 weeks'), finding('MUAC 127 mm, no oedema')])).toBe('recovered');
    expect(malnutritionTreatmentCourse('SAM on plumpy nut', [finding('muac 12.6 cm')])).toBe('recovered');
  });

  it('is not recovered below 125 mm, with oedema, or on the latest reading', () => {
    expect(malnutritionTreatmentCourse('SAM', [finding('on RUTF'), finding('MUAC 121 mm')])).toBeUndefined();
    expect(malnutritionTreatmentCourse('SAM', [finding('on RUTF'), finding('MUAC 128 mm, oedema both feet')])).toBeUndefined();
    expect(malnutritionTreatmentCourse('SAM', [finding('on RUTF'), finding('MUAC 126 mm last week, MUAC 122 mm today')])).toBeUndefined();
  });

  it('says nothing for a child not on treatment: a MUAC of 127 mm at screening is not a discharge', () => {
    expect(malnutritionTreatmentCourse('malnutrition screening', [finding('MUAC 127 mm')])).toBeUndefined();
    expect(malnutritionTreatmentCourse('SAM', [finding('on RUTF', true), finding('MUAC 127 mm')])).toBeUndefined();
  });

  it('a child losing weight or not gaining on RUTF is not responding; a negated loss is not', () => {
    expect(malnutritionTreatmentCourse('severe acute malnutrition on home treatment, losing weight', [finding('MUAC 109 mm')])).toBe('not responding');
    expect(malnutritionTreatmentCourse('sam', [finding('on RUTF 4 weeks, weight not increasing')])).toBe('not responding');
    expect(malnutritionTreatmentCourse('sam', [finding('on RUTF 4 weeks'), finding('not losing weight')])).toBeUndefined();
  });
});

describe('muacReadingsMm', () => {
  it('reads mm, cm and bare numbers and ignores implausible values', () => {
    expect(muacReadingsMm('muac 110mm')).toEqual([110]);
    expect(muacReadingsMm('MUAC: 11.5 cm')).toEqual([115]);
    expect(muacReadingsMm('MUAC 108 red')).toEqual([108]);
    expect(muacReadingsMm('MUAC 9 mm')).toEqual([]);
  });
});
