import { describe, expect, it } from 'vitest';
import { namesOnlyScreenSymptoms, presumptiveTbByScreen, presumptiveTbInHiv, onTbPreventiveTreatmentOnly, symptomaticTbContact } from '../../src/patient/tb-symptom-screen.js';
import { classifiedByFindings } from '../../src/patient/classify-by-findings.js';
import { livesWithHiv } from '../../src/patient/hiv-status.js';
import type { Finding } from '../../src/patient/findings.js';

const said = (...values: string[]): Finding[] => values.map((value) => ({ category: 'history', value }));

describe('the TB symptom screen of a person living with HIV', () => {
  it('reads a cough of any duration, night sweats or weight loss in a person living with HIV as presumptive TB', () => {
    expect(presumptiveTbInHiv('cough', said('HIV+ on TLD', 'cough 5 days'))).toBe(true);
    expect(presumptiveTbInHiv('fever', said('on ART', 'sweat for night'))).toBe(true);
    expect(presumptiveTbInHiv('HIV, losing weight', [])).toBe(true);
    expect(presumptiveTbInHiv('advanced HIV disease', said('cough 3 days'))).toBe(true);
  });

  it('does not for a negative or unknown HIV status, an exposed infant, fever alone, negated symptoms, or a diagnosis that names TB', () => {
    expect(presumptiveTbInHiv('cough', said('HIV negative', 'cough 5 days'))).toBe(false);
    expect(presumptiveTbInHiv('cough', said('HIV test non-reactive'))).toBe(false);
    expect(presumptiveTbInHiv('cough', said('HIV status unknown'))).toBe(false);
    expect(presumptiveTbInHiv('HIV exposed infant, cough', [])).toBe(false);
    expect(presumptiveTbInHiv('malaria', said('on ART', 'fever'))).toBe(false);
    expect(presumptiveTbInHiv('malaria', said('on ART', 'no cough, no night sweats'))).toBe(false);
    expect(presumptiveTbInHiv('cough', [{ category: 'history', value: 'HIV positive', negated: true }])).toBe(false);
    expect(presumptiveTbInHiv('PLHIV TB screen', said('cough'))).toBe(false);
  });

  it('reads living with HIV as typed and as the offline extractor records it, and not a negative test', () => {
    for (const value of ['HIV+', 'PLHIV', 'on ARVs', 'HIV test reactive', 'history of HIV', 'antiretroviral therapy', 'tenofovir-lamivudine-dolutegravir']) expect(livesWithHiv('cough', said(value))).toBe(true);
    for (const value of ['HIV test non-reactive', 'HIV rapid test non-reactive', 'HIV negative', 'no history of HIV']) expect(livesWithHiv('cough', said(value))).toBe(false);
    // Someone else's HIV: the patient was exposed, not infected.
    for (const value of ['condom broke with a partner living with HIV', 'husband is HIV positive, she tested negative', 'mother on ARVs']) expect(livesWithHiv('cough', said(value))).toBe(false);
    expect(livesWithHiv('cough', said('husband died last year, she is on ARVs'))).toBe(true);
  });

  it('tells a diagnosis that is only a screen symptom from one that names an illness', () => {
    expect(namesOnlyScreenSymptoms('cough')).toBe(true);
    expect(namesOnlyScreenSymptoms('cough 5 days')).toBe(true);
    expect(namesOnlyScreenSymptoms('night sweats and weight loss')).toBe(true);
    expect(namesOnlyScreenSymptoms('coughing?')).toBe(true);
    expect(namesOnlyScreenSymptoms('pneumonia')).toBe(false);
    expect(namesOnlyScreenSymptoms('cough catarrh')).toBe(false);
    expect(namesOnlyScreenSymptoms('ACE inhibitor cough')).toBe(false);
  });

  it('makes a bare cough in a person living with HIV presumptive TB for the plan, and leaves a named illness as it is', () => {
    expect(classifiedByFindings('cough', said('HIV+ on TLD', 'cough 5 days'), false)).toBe('presumptive tuberculosis: cough');
    expect(classifiedByFindings('pneumonia', said('HIV+ on TLD', 'cough 5 days'), false)).toBe('pneumonia');
    expect(classifiedByFindings('cough', said('cough 5 days'), false)).toBe('cough');
  });
});

describe('the TB symptom screen of any adult or adolescent', () => {
  const man = { ageYears: 50, sex: 'male' as const };

  it('reads night sweats or weight loss with a bare cough as presumptive TB, as the guideline screens every adult and adolescent', () => {
    expect(presumptiveTbByScreen('cough', said('cough 3 weeks', 'night sweats', 'weight loss'), man)).toBe(true);
    expect(presumptiveTbByScreen('cough', said('losing weight'), { ageYears: 14, sex: 'female' })).toBe(true);
    expect(classifiedByFindings('cough', said('cough 3 weeks', 'night sweats'), false, man)).toBe('presumptive tuberculosis: cough');
  });

  it('does not for a cough or a fever alone, a child under 10, an unknown age, negated symptoms, or a named illness', () => {
    expect(presumptiveTbByScreen('cough', said('cough 3 weeks'), man)).toBe(false);
    expect(presumptiveTbByScreen('cough', said('fever'), man)).toBe(false);
    expect(presumptiveTbByScreen('cough', said('night sweats'), { ageYears: 6, sex: 'male' })).toBe(false);
    expect(presumptiveTbByScreen('cough', said('night sweats'), { sex: 'male' })).toBe(false);
    expect(presumptiveTbByScreen('cough', said('no night sweats, no weight loss'), man)).toBe(false);
    expect(classifiedByFindings('pneumonia', said('night sweats'), false, man)).toBe('pneumonia');
  });
});

describe('a TB contact with a symptom of TB disease', () => {
  it('is to be assessed for TB disease: any symptom rules out preventive treatment until a clinician has seen the person', () => {
    expect(symptomaticTbContact('TB contact', said('cough 3 weeks', 'losing weight'))).toBe(true);
    expect(symptomaticTbContact('household contact of TB patient', said('fever 4 days'))).toBe(true);
    expect(symptomaticTbContact('TPT', said('less playful, poor weight gain'))).toBe(true);
  });

  it('is not a contact who is well, a symptom said to be absent, or a diagnosis not about TB prevention', () => {
    expect(symptomaticTbContact('TB contact', said('no cough, no fever, growing well'))).toBe(false);
    expect(symptomaticTbContact('TB contact', [{ category: 'symptom', value: 'cough', negated: true }])).toBe(false);
    expect(symptomaticTbContact('pneumonia', said('cough 3 weeks'))).toBe(false);
    expect(symptomaticTbContact('malaria prevention', said('fever'))).toBe(false);
  });
});

describe('TB preventive treatment only', () => {
  const med = (value: string): Finding => ({ category: 'medication', value });

  it('is isoniazid alone, or preventive treatment by name, with no medicine of TB disease', () => {
    expect(onTbPreventiveTreatmentOnly('isoniazid side effect', [med('isoniazid')])).toBe(true);
    expect(onTbPreventiveTreatmentOnly('tingling feet', said('on IPT month 3'))).toBe(true);
    expect(onTbPreventiveTreatmentOnly('TPT follow-up', [])).toBe(true);
    expect(onTbPreventiveTreatmentOnly('side effects', said('on 3HP'))).toBe(true);
  });

  it('is not a course of TB treatment, nor a patient on no TB medicine', () => {
    expect(onTbPreventiveTreatmentOnly('isoniazid side effect', [med('RHZE'), med('isoniazid')])).toBe(false);
    expect(onTbPreventiveTreatmentOnly('TB treatment side effects', [med('isoniazid')])).toBe(false);
    expect(onTbPreventiveTreatmentOnly('tingling feet', [med('isoniazid'), med('rifampicin')])).toBe(false);
    expect(onTbPreventiveTreatmentOnly('malaria', [med('artemether-lumefantrine')])).toBe(false);
  });
});

describe('a TB screen asked for', () => {
  const man = { ageYears: 28, sex: 'male' as const };
  it('is presumptive TB when the findings answer it', () => {
    const findings = [{ category: 'history' as const, value: 'HIV positive on TLD' }, { category: 'symptom' as const, value: 'cough 1 week' }];
    expect(classifiedByFindings('TB screening', findings, false, man)).toBe('presumptive tuberculosis: TB screening');
    expect(classifiedByFindings('screen for TB', [{ category: 'symptom' as const, value: 'night sweats' }], false, man)).toBe('presumptive tuberculosis: screen for TB');
  });

  it('stays as written when no symptom of the screen is found', () => {
    expect(classifiedByFindings('TB screening', [{ category: 'symptom' as const, value: 'cough', negated: true }], false, man)).toBe('TB screening');
    // A cough alone, in a man not known to live with HIV, is left to the diagnosis (the module's choice).
    expect(classifiedByFindings('TB screening', [{ category: 'symptom' as const, value: 'cough 1 week' }], false, man)).toBe('TB screening');
  });
});

