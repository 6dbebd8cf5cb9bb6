import { describe, expect, it } from 'vitest';
import { classifiedByFindings } from '../../src/patient/classify-by-findings.js';

const result = (value: string) => [{ category: 'test_result' as const, value }];

describe('a diagnosis made precise by what the health worker found', () => {
  it('reads the appetite test into a bare severe acute malnutrition', () => {
    expect(classifiedByFindings('severe acute malnutrition', result('failed appetite test'), false)).toBe('complicated severe acute malnutrition');
    expect(classifiedByFindings('SAM', result('passed appetite test'), false)).toBe('uncomplicated SAM');
    expect(classifiedByFindings('SAM', result('appetite test: failed'), false)).toBe('complicated SAM');
    expect(classifiedByFindings('SAM', result('appetite test did not pass'), false)).toBe('complicated SAM');
  });

  it('leaves it as stated when a danger sign was found, the diagnosis already says which, or the results disagree', () => {
    expect(classifiedByFindings('severe acute malnutrition', result('passed appetite test'), true)).toBe('severe acute malnutrition');
    expect(classifiedByFindings('complicated severe acute malnutrition', result('passed appetite test'), false)).toBe('complicated severe acute malnutrition');
    expect(classifiedByFindings('severe acute malnutrition', [...result('passed appetite test'), ...result('failed appetite test')], false)).toBe('severe acute malnutrition');
    expect(classifiedByFindings('severe acute malnutrition', [{ category: 'test_result', value: 'failed appetite test', negated: true }], false)).toBe('severe acute malnutrition');
    expect(classifiedByFindings('pneumonia', result('failed appetite test'), false)).toBe('pneumonia');
  });
});
