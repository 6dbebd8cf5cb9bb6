import { describe, expect, it } from 'vitest';
import { reportsPositiveTestFor, reportsResult, testNamed } from '../../src/patient/test-result.js';

describe('a reported test result', () => {
  it('is a polarity, a number or an outcome the health worker wrote', () => {
    for (const text of ['RDT positive', 'HIV reactive today', 'MUAC 110 mm (red)', 'VL 4,500 copies', 'BP 152/96', 'passed appetite test', 'muac yellow']) expect(reportsResult(text), text).toBe(true);
  });

  it('is not a test that could not be done, nor a sign with no result', () => {
    for (const text of ['RDT not done', 'no RDT kits', 'test kits finished', 'some palmar pallor', 'cough for two weeks']) expect(reportsResult(text), text).toBe(false);
  });

  it('names its test with the result, numbers and units taken out', () => {
    expect(testNamed('MUAC 110 mm (red)')).toBe('MUAC');
    expect(testNamed('muac 12cm')).toBe('muac');
    expect(testNamed('passed appetite test')).toBe('appetite test');
    expect(testNamed('viral load 2400 copies/ml')).toBe('viral load');
    expect(testNamed('Hb 6.5 g/dl')).toBe('Hb');
    expect(testNamed('RDT +ve')).toBe('RDT');
  });
});

describe('a positive test for the illness asked about', () => {
  const result = (value: string) => [{ category: 'test_result', value }];

  it('counts a positive malaria test for malaria, and not an HIV or pregnancy test', () => {
    expect(reportsPositiveTestFor(result('RDT positive'), 'malaria prevention')).toBe(true);
    expect(reportsPositiveTestFor(result('HIV positive'), 'malaria prevention')).toBe(false);
    expect(reportsPositiveTestFor(result('positive pregnancy test'), 'IPTp intermittent preventive treatment of malaria in pregnancy')).toBe(false);
  });

  it('counts an HIV test for HIV, a test of no named kind for anything, and no negative or absent result', () => {
    expect(reportsPositiveTestFor(result('HIV positive'), 'HIV prevention')).toBe(true);
    expect(reportsPositiveTestFor(result('test positive'), 'malaria prevention')).toBe(true);
    expect(reportsPositiveTestFor(result('RDT negative'), 'malaria prevention')).toBe(false);
    expect(reportsPositiveTestFor([{ category: 'test_result', value: 'RDT positive', negated: true }], 'malaria prevention')).toBe(false);
  });
});
