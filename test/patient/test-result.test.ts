import { describe, expect, it } from 'vitest';
import { reportsResult, testNamed } from '../../src/patient/test-result.js';

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
