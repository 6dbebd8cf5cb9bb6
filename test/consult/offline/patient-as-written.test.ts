import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../../src/consult/offline/extract-facts.js';

const demographics = (text: string) => extractFacts(text).demographics;

describe('who the patient is, read as health workers write it', () => {
  it('never takes weeks of a pregnancy for the patient age', () => {
    expect(demographics('pregnant lady 35 weeks, 29 yrs')).toMatchObject({ pregnant: true, ageYears: 29 });
    expect(demographics('pregnant lady 35 weeks, 29 yrs').ageMonths).toBeUndefined();
  });

  it('reads an age written after a name, or before the word for the child', () => {
    expect(demographics('Madam Abena 24yrs, headache')).toMatchObject({ ageYears: 24 });
    expect(demographics('6 weeks baby boy, fever')).toMatchObject({ ageYears: 0, ageMonths: 1.4, sex: 'male' });
    expect(demographics('7 wk girl not feeding')).toMatchObject({ ageMonths: 1.6, sex: 'female' });
    expect(demographics('2yrs 3 months old boy')).toMatchObject({ ageYears: 2, ageMonths: 27 });
  });

  it('keeps years that are a duration out of the age', () => {
    expect(demographics('cough for 2 years').ageYears).toBeUndefined();
    expect(demographics('diabetic since 10 yrs').ageYears).toBeUndefined();
  });

  it('reads obstetric shorthand as pregnancy', () => {
    expect(demographics('G2 at 30 wks, headache')).toMatchObject({ pregnant: true });
    expect(demographics('woman @ 30/40 with swelling')).toMatchObject({ pregnant: true, gestationWeeks: 30 });
  });

  it('reads a decimal comma as a decimal point', () => {
    expect(demographics('boy 7 yrs, 24,5 kg')).toMatchObject({ ageYears: 7, weightKg: 24.5 });
    expect(extractFacts('temp 37,8').findings.map((f) => f.value)).toContain('temperature 37.8 °C');
  });

  it('records a malaria test result however it is said', () => {
    expect(extractFacts('mRDT came out positive').findings.map((f) => f.value)).toContain('RDT positive');
  });
});

describe('a mother who breastfeeds', () => {
  it('is read as breastfeeding, or not, as the health worker writes it; a baby who feeds is no mother', () => {
    expect(extractFacts('F 24y, delivered 5 days ago, breastfeeding, itchy rash').demographics.breastfeeding).toBe(true);
    expect(extractFacts('woman 30 yrs, BF 6 month old baby, cough').demographics.breastfeeding).toBe(true);
    expect(extractFacts('woman 30 yrs, not breastfeeding, burning urine').demographics.breastfeeding).toBe(false);
    expect(extractFacts('baby girl 3 months, breastfeeding well, fever').demographics.breastfeeding).toBeUndefined();
    expect(extractFacts('woman 28y, fever 2 days').demographics.breastfeeding).toBeUndefined();
  });
});

describe('an age with its "y" after the sex letter', () => {
  it('"F 19y G1P0" is a woman of 19, whatever follows the years', () => {
    expect(extractFacts('F 19y G1P0, 20 weeks by LMP').demographics).toMatchObject({ ageYears: 19, sex: 'female', pregnant: true, gestationWeeks: 20 });
    expect(extractFacts('M 35y, ~70kg, farmer').demographics).toMatchObject({ ageYears: 35, sex: 'male', weightKg: 70 });
  });
});

describe('a mother just delivered', () => {
  it('is a woman whatever her baby is, and a Pidgin "she deliver 5 days ago" is a recent birth', () => {
    expect(extractFacts('Madame 26 ans, she deliver 5 days ago (baby boy, breastfeeding)').demographics).toMatchObject({ sex: 'female', postpartum: true, daysSinceDelivery: 5, ageYears: 26 });
  });
});
