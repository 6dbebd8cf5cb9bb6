import { describe, expect, it } from 'vitest';
import { oedemaFound } from '../../src/patient/oedema.js';

const signs = (...values: string[]) => values.map((value) => ({ category: 'exam_sign' as const, value }));

describe('oedema as health workers write it, graded as the malnutrition guideline grades it', () => {
  it('reads both feet or legs swollen, in English and Pidgin, as bilateral oedema', () => {
    for (const written of ['both leg swell, press am e dey sink', 'both feet swollen', 'both feet are swelling', 'swelling of both feet', 'bilateral pitting oedema', 'oedema ++', 'bipedal edema', 'both legs dey swell']) {
      expect(oedemaFound(signs(written)), written).toBe('bilateral');
    }
  });

  it('reads the face or eyes swollen as well as the feet as generalised (grade +++)', () => {
    expect(oedemaFound(signs('both leg swell', 'face n eye swell too'))).toBe('generalised');
    expect(oedemaFound(signs('swollen feet both', 'puffy eyes', 'swelling of both feet'))).toBe('generalised');
    expect(oedemaFound(signs('oedema +++'))).toBe('generalised');
    expect(oedemaFound(signs('generalised oedema'))).toBe('generalised');
  });

  it('reads one swollen part, or a swollen face alone, as some oedema, not a grade', () => {
    expect(oedemaFound(signs('left leg swollen after a fall'))).toBe('some');
    expect(oedemaFound(signs('face n hand swell'))).toBe('some');
    expect(oedemaFound(signs('oedema'))).toBe('some');
  });

  it('counts negated mentions and other findings for nothing', () => {
    expect(oedemaFound([{ category: 'exam_sign', value: 'feet swelling', negated: true }])).toBeUndefined();
    expect(oedemaFound(signs('no oedema', 'no swelling for leg'))).toBeUndefined();
    expect(oedemaFound(signs('MUAC 108 mm', 'still dey chop small'))).toBeUndefined();
  });
});
