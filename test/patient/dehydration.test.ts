import { describe, expect, it } from 'vitest';
import { dehydrationClass, diarrhoeaDays, isPersistentDiarrhoea } from '../../src/patient/dehydration.js';
import type { Finding } from '../../src/patient/findings.js';

const sign = (value: string, negated = false): Finding => ({ category: 'exam_sign', value, ...(negated ? { negated } : {}) });

describe('dehydrationClass (IMCI: two signs of a row)', () => {
  it('two signs of the some-dehydration row, as CHWs write them, are some dehydration', () => {
    expect(dehydrationClass([sign('drinking eagerly, eyes sunken small, skin pinch slow')])).toBe('some');
    expect(dehydrationClass([sign('restless'), sign('sunken eyes')])).toBe('some');
  });

  it('two signs of the severe row are severe, and the severe row wins', () => {
    expect(dehydrationClass([sign('lethargic'), sign('sunken eyes'), sign('skin pinch goes back very slowly')])).toBe('severe');
    expect(dehydrationClass([sign('drinking poorly, eyes very sunken')])).toBe('severe');
  });

  it('one sign, or signs said to be absent, do not classify as dehydrated', () => {
    expect(dehydrationClass([sign('thirsty')])).toBeUndefined();
    expect(dehydrationClass([sign('no sunken eyes', true), sign('thirsty')])).toBe('none');
    expect(dehydrationClass([sign('alert, no sunken eyes, skin pinch normal')])).toBe('none');
    expect(dehydrationClass([sign('not restless, not thirsty, no sunken eyes')])).toBe('none');
  });

  it('reads a skin pinch that goes back at once as a sign checked and found normal', () => {
    expect(dehydrationClass([sign('skin pinch goes back immediately')])).toBe('none');
    expect(dehydrationClass([sign('thirsty'), sign('pinch goes back quickly')])).toBe('none');
    // Eyes looked at and not sunken, in English or Pidgin ("eye no sink"), are a sign checked and normal too.
    expect(dehydrationClass([sign('eyes not sunken')])).toBe('none');
    expect(dehydrationClass([sign('stooling 5 times, eye no sink')])).toBe('none');
    expect(dehydrationClass([sign('e eye don sink'), sign('thirsty')])).toBe('some');
    // Two signs of a row still classify; a pinch that does not go back at once is no normal pinch.
    expect(dehydrationClass([sign('restless'), sign('sunken eyes'), sign('skin pinch goes back immediately')])).toBe('some');
    expect(dehydrationClass([sign('skin pinch does not go back immediately')])).toBeUndefined();
  });
});

describe('dehydrationClass: a class the health worker recorded', () => {
  it('reads "some dehydration", "severe dehydration" and "no dehydration" when the signs do not classify', () => {
    expect(dehydrationClass([sign('some dehydration')])).toBe('some');
    expect(dehydrationClass([sign('severe dehydration')])).toBe('severe');
    expect(dehydrationClass([sign('no dehydration', true)])).toBe('none');
    expect(dehydrationClass([sign('child not dehydrated')])).toBe('none');
  });

  it('does not read "no severe dehydration" as no dehydration, nor a bare "dehydrated" as a class', () => {
    expect(dehydrationClass([sign('no severe dehydration', true)])).toBeUndefined();
    expect(dehydrationClass([sign('dehydrated')])).toBeUndefined();
  });

  it('lets two signs of a row decide over the class recorded', () => {
    expect(dehydrationClass([sign('lethargic'), sign('sunken eyes'), sign('some dehydration')])).toBe('severe');
  });
});

describe('persistent diarrhoea', () => {
  it('is diarrhoea for 14 days or more, in days, weeks or months', () => {
    expect(diarrhoeaDays(['diarrhoea 3 weeks'])).toBe(21);
    expect(isPersistentDiarrhoea(['loose stools for 16 days'])).toBe(true);
    expect(isPersistentDiarrhoea(['diarrhoea 3 wks w dehydration'])).toBe(true);
    expect(isPersistentDiarrhoea(['diarrhoea for 5 days', 'cough 3 weeks'])).toBe(false);
  });

  it('does not read how far along a pregnancy is, an age or the time since birth as how long the diarrhoea has lasted', () => {
    expect(isPersistentDiarrhoea(['acute watery diarrhoea, 30 weeks pregnant'])).toBe(false);
    expect(isPersistentDiarrhoea(['diarrhoea, pregnant 28 wks'])).toBe(false);
    expect(isPersistentDiarrhoea(['diarrhoea in baby 6 weeks old'])).toBe(false);
    expect(isPersistentDiarrhoea(['diarrhoea at 34 weeks gestation'])).toBe(false);
    expect(isPersistentDiarrhoea(['diarrhoea 3 weeks after delivery'])).toBe(false);
    expect(diarrhoeaDays(['diarrhoea for 3 weeks, 30 weeks pregnant'])).toBe(21);
  });
});
