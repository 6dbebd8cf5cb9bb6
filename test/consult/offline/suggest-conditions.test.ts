import { describe, expect, it } from 'vitest';
import type { Demographics } from '../../../src/patient/findings.js';
import { extractFacts } from '../../../src/consult/offline/extract-facts.js';
import { suggestConditions } from '../../../src/consult/offline/suggest-conditions.js';

// End to end from the health worker's words, so the rule table and the extractor's wording agree.
const suggestFor = (text: string, demographics: Demographics = {}): string[] => {
  const facts = extractFacts(text);
  return suggestConditions(facts.findings, { ...facts.demographics, ...demographics });
};

const CASES: ReadonlyArray<readonly [text: string, expected: readonly string[], demographics?: Demographics]> = [
  ['boy 3 years, fever 2 days, RDT positive', ['uncomplicated malaria']],
  ['child 2 years, temp 38.6, mRDT +ve', ['uncomplicated malaria']],
  ['child 2 years, fever, RDT positive, convulsions', ['severe malaria']],
  ['fever, RDT positive, not able to drink', ['severe malaria']],
  ['pregnant 20 weeks, fever, RDT positive', ['malaria in pregnancy']],
  ['child 2 years, fever, RDT negative', ['fever, malaria test negative (other cause)']],
  ['fever and stiff neck', ['meningitis']],
  ['child 18 months, cough, RR 52', ['pneumonia']],
  ['baby 8 months, cough, fast breathing', ['pneumonia']],
  ['child 3 years, cough, chest indrawing', ['pneumonia']],
  ['child 3 years, cough, RR 36', ['cough or cold (no pneumonia)']],
  // The full stop that ends a sentence is not a decimal point.
  ['girl 8 months, cough 3/7. RR 54/min. no chest indrawing', ['pneumonia']],
  ['child 3 years, cough, stridor', ['severe pneumonia']],
  ['man 40, cough for 3 weeks, night sweats', ['possible tuberculosis']],
  ['man 29, HIV+ on TLD, cough 5 days, sweat for night', ['possible tuberculosis', 'HIV infection']],
  ['man 29, known HIV, on ARVs, cough 3 days', ['possible tuberculosis']],
  ['man 29, HIV test negative, cough 3 days', []],
  ['child 2 years, diarrhoea 3 days', ['diarrhoea']],
  ['child, diarrhoea, sunken eyes, skin pinch goes back very slowly', ['diarrhoea with severe dehydration']],
  ['child, diarrhoea, restless, drinks eagerly', ['diarrhoea with some dehydration']],
  ['diarrhoea, no sunken eyes', ['diarrhoea with no dehydration']],
  ['bloody diarrhoea', ['diarrhoea', 'dysentery']],
  // Pidgin: purging, "eye don sink", drinking "like say e thirsty", a slow skin pinch: some dehydration.
  ['boy 18 months, purging 2/7. eye don sink. e dey drink water like say e thirsty. skin pinch go back slow', ['diarrhoea with some dehydration']],
  ['girl 3 years, stooling, blood for stool since yday', ['diarrhoea', 'dysentery']],
  ['diarrhoea for 3 weeks', ['diarrhoea', 'persistent diarrhoea']],
  ['pregnant 32 weeks, BP 150/100, urine protein ++', ['pre-eclampsia']],
  ['GA 34 weeks, BP 170/115, severe headache', ['severe pre-eclampsia']],
  ['pregnant, fits', ['eclampsia']],
  ['GA 10 weeks, bleeding PV', ['bleeding in early pregnancy']],
  ['man 50, BP 150/95', ['hypertension']],
  ['child 2 years, MUAC 10.9 cm', ['severe acute malnutrition']],
  ['child 2 years, MUAC 120 mm', ['moderate acute malnutrition']],
  // Oedema of both feet is SAM whatever the MUAC; up to the face (grade +++), or with a red MUAC, complicated SAM.
  ['girl 3 years, MUAC 12.2, both leg swell, press am e dey sink', ['severe acute malnutrition']],
  ['girl 3 years, MUAC 12.2, both leg swell, face n eye swell too', ['complicated severe acute malnutrition']],
  ['boy 2 years, MUAC 110 mm, both feet swollen', ['complicated severe acute malnutrition']],
  ['boy 2 years, MUAC 120 mm, face swollen', ['moderate acute malnutrition']],
  ['pregnant 30 weeks, both feet swollen', []],
  ['woman, Hb 6', ['severe anaemia']],
  ['child 3 years, severe palmar pallor', ['severe anaemia']],
  ['child, pallor', ['anaemia']],
  ['girl 2 years, palms very pale', ['severe anaemia']],
  ['boy 4 years, palms almost white', ['severe anaemia']],
  ['HIV test reactive', ['HIV infection']],
  ['glucose 15 mmol/L', ['high blood glucose (possible diabetes)']],
  ['painful urination', ['urinary tract infection']],
  ['fever, rash, runny nose', ['possible measles']],
  ['baby 3 weeks, not feeding well', ['possible serious bacterial infection']],
  ['no fever, no cough, eating well', []],
];

describe('suggestConditions', () => {
  it.each(CASES.map(([text, expected, demographics]) => ({ text, expected, demographics })))(
    '$text -> $expected',
    ({ text, expected, demographics }) => {
      expect(suggestFor(text, demographics)).toEqual(expected);
    },
  );

  it('lists every condition that applies, in the order of the rule table', () => {
    expect(suggestFor('child 2 years, fever, RDT positive, cough, RR 50, diarrhoea')).toEqual([
      'pneumonia',
      'uncomplicated malaria',
      'diarrhoea',
    ]);
  });

  it('uses age for the fast-breathing threshold', () => {
    const findings = [
      { category: 'symptom', value: 'cough' },
      { category: 'vital_sign', value: 'respiratory rate 45/min' },
    ] as const;
    expect(suggestConditions(findings, { ageMonths: 8 })).toEqual(['cough or cold (no pneumonia)']);
    expect(suggestConditions(findings, { ageMonths: 30 })).toEqual(['pneumonia']);
  });

  it('reads findings recorded by the LLM in the same wording, whatever the case', () => {
    expect(
      suggestConditions(
        [
          { category: 'symptom', value: 'Fever' },
          { category: 'test_result', value: 'rdt positive' },
        ],
        {},
      ),
    ).toEqual(['uncomplicated malaria']);
  });

  it('ignores negated findings', () => {
    expect(suggestConditions([{ category: 'symptom', value: 'no diarrhoea', negated: true }], {})).toEqual([]);
  });
});
