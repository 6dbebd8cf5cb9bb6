import { describe, expect, it } from 'vitest';
import { conditionWords, coverageOf } from '../../src/rag/condition-coverage.js';
import { conditionConcepts } from '../../src/rag/condition-words.js';

const section = (bookTitle: string, headings: string) => ({ bookTitle, titlePath: `${bookTitle} > ${headings}` });
const MALARIA = section('Malaria at community level: diagnosis, treatment and prevention (sample guideline)', 'Treatment of uncomplicated malaria > Artemether-lumefantrine dosing');
const HIV = section('HIV testing, treatment and prevention: sample guideline', 'Cotrimoxazole prophylaxis > Doses by body weight');
const PREGNANCY = section('Pregnancy care: pre-eclampsia, danger signs and referral', 'Danger signs in pregnancy');

describe('whether the retrieved sections cover a stated condition (by their headings)', () => {
  it('covers a condition named in a heading, with modifiers, spelling variants and stems', () => {
    expect(coverageOf('uncomplicated malaria', [HIV, MALARIA]).covered).toBe(true);
    expect(coverageOf('malarial fever', [MALARIA]).covered).toBe(true);
    expect(coverageOf('eclampsia', [PREGNANCY]).covered).toBe(true);
    // A short word and its plural: the guideline's "First aid during a fit" covers "fits".
    const FIT = section('Pregnancy care: pre-eclampsia, danger signs and referral', 'Care before and during referral > First aid during a fit');
    expect(coverageOf('fits', [FIT]).covered).toBe(true);
  });

  it('covers a condition mistyped by one slip of the keys, or mistyped from the spelling the lexicon reads', () => {
    const PNEUMONIA = section('Cough and pneumonia in children under five (sample guideline)', 'Treating pneumonia and wheeze > Treating pneumonia with amoxicillin');
    const DIARRHOEA = section('Diarrhoea & dehydration in children and adults (sample guideline)', 'Rehydration: Plans A, B and C');
    expect(coverageOf('pnuemonia', [PNEUMONIA]).covered).toBe(true);
    expect(coverageOf('maleria', [MALARIA]).covered).toBe(true);
    // Two slips from "diarrhoea", one from the US "diarrhea"; "runing stomach" one from the Pidgin "running stomach".
    expect(coverageOf('diarhea', [DIARRHOEA]).covered).toBe(true);
    expect(coverageOf('runing stomach', [DIARRHOEA]).covered).toBe(true);
    // Two slips name another word.
    expect(coverageOf('mlaeria', [MALARIA]).covered).toBe(false);
  });

  it('does not cover a diagnosis of what the patient does not have, unless a section is headed by that absence', () => {
    const ANAEMIA = section('Anaemia in children and pregnant women, including deworming (sample guideline)', 'Iron and folic acid > Iron dosing for children by age');
    const NO_DEHYDRATION = section('Diarrhoea & dehydration in children and adults (sample guideline)', 'Assessing dehydration > Classifying dehydration > No dehydration');
    const SOME_DEHYDRATION = section('Diarrhoea & dehydration in children and adults (sample guideline)', 'Assessing dehydration > Classifying dehydration > Some dehydration');
    // The iron dosing table names anaemia, but "no anaemia" is not a child to give it to.
    expect(coverageOf('no anaemia', [ANAEMIA])).toEqual({ covered: false, closest: ['Anaemia in children and pregnant women, including deworming'], statedAbsent: 'anaemia' });
    expect(coverageOf('malaria ruled out', [MALARIA]).statedAbsent).toBe('malaria');
    // A class the guideline names by the absence is covered by that section only.
    expect(coverageOf('no dehydration', [NO_DEHYDRATION]).covered).toBe(true);
    expect(coverageOf('no dehydration', [SOME_DEHYDRATION]).covered).toBe(false);
    // A grade is not an absence.
    expect(coverageOf('malaria, not severe', [MALARIA]).covered).toBe(true);
  });

  it('covers a condition named in Pidgin or by the word the guideline files it under', () => {
    const ANAEMIA = section('Anaemia in children and pregnant women, including deworming (sample guideline)', 'Deworming > Albendazole for children');
    const MALNUTRITION = section('Acute malnutrition in children aged 6 to 59 months (sample guideline)', 'Moderate acute malnutrition');
    const DIARRHOEA = section('Diarrhoea & dehydration in children and adults (sample guideline)', 'Dysentery');
    expect(coverageOf('intestinal worms', [ANAEMIA]).covered).toBe(true);
    expect(coverageOf('pikin blood no dey', [ANAEMIA]).covered).toBe(true);
    expect(coverageOf('pikin dey lean', [MALNUTRITION]).covered).toBe(true);
    expect(coverageOf('blood for stool', [DIARRHOEA]).covered).toBe(true);
  });

  it('does not cover nonsense, an absent condition, or a condition named only by its modifiers', () => {
    expect(coverageOf('asdfgh', [HIV, MALARIA]).covered).toBe(false);
    expect(coverageOf('broken leg', [HIV, MALARIA]).covered).toBe(false);
    // "severe" and "treatment" appear in headings but name no condition.
    expect(coverageOf('severe asdfgh treatment', [MALARIA]).covered).toBe(false);
    expect(conditionWords('severe acute malnutrition')).toEqual(['malnutrition']);
    // Whether the diagnosis is new or confirmed says nothing about which condition it is.
    expect(conditionWords('essential hypertension, newly confirmed')).toEqual(['essential', 'hypertension']);
    // Who the patient is names no condition: a pregnant woman fitting is about fits (and pregnancy), not about women.
    expect(conditionWords('pregnant woman fitting')).not.toContain('woman');
    expect(coverageOf('sick man', [HIV, MALARIA]).covered).toBe(false);
    // "Failure" is the state of a treatment or an organ: malaria's "Suspected treatment failure" is not heart failure.
    const FAILURE = section('Malaria at community level: diagnosis, treatment and prevention (sample guideline)', 'Follow-up and treatment failure > Suspected treatment failure');
    expect(coverageOf('heart failure', [FAILURE]).covered).toBe(false);
    expect(coverageOf('malaria treatment failure', [FAILURE]).covered).toBe(true);
    expect(coverageOf('asdfgh', []).covered).toBe(false);
  });

  it('offers the topics of the retrieved books, nearest first, without repeats', () => {
    expect(coverageOf('asdfgh', [HIV, MALARIA, HIV]).closest).toEqual(['HIV testing, treatment and prevention', 'Malaria at community level']);
  });

  it('groups an abbreviation with the words it stands for: one concept, however many synonyms', () => {
    const sorted = (concepts: string[][]) => concepts.map((c) => [...c].sort()).sort((a, b) => a.join().localeCompare(b.join()));
    expect(sorted(conditionConcepts('HBP'))).toEqual([['blood', 'hbp', 'hypertension', 'pressure']]);
    expect(sorted(conditionConcepts('HIV and sugar'))).toEqual([['diabetes', 'glucose', 'sugar'], ['hiv']]);
    expect(sorted(conditionConcepts('severe pneumonia'))).toEqual([['pneumonia']]);
  });
});

describe('a diagnosis naming an illness the guidelines never write of', () => {
  const FEVER = { bookTitle: 'Malaria', titlePath: 'Malaria > Relieving fever', text: 'Give paracetamol for a high fever.' };
  it('is not covered because one of its words is a heading word: "zorblax fever of mars" gets no malaria plan', () => {
    expect(coverageOf('zorblax fever of mars', [FEVER]).covered).toBe(false);
    expect(coverageOf('fever', [FEVER]).covered).toBe(true);
    // A mistyped word the sections do write still counts: "paracetmol" is one slip from "paracetamol".
    expect(coverageOf('fever paracetmol', [FEVER]).covered).toBe(true);
  });

  it('reads a clinical word no dictionary lists as a real word, built from clinical parts', () => {
    const CELLULITIS = { bookTitle: 'Skin infections', titlePath: 'Skin infections > Severe cellulitis', text: 'Cellulitis spreading around the eye is severe: refer urgently.' };
    expect(coverageOf('periorbital cellulitis', [CELLULITIS]).covered).toBe(true);
    expect(coverageOf('zorblaxal cellulitis', [CELLULITIS]).covered).toBe(false);
    // A clinical name finds the everyday heading: "otitis media" is an ear infection.
    expect(coverageOf('otitis media', [{ bookTitle: 'Ear', titlePath: 'Ear infections in children > Acute ear infection', text: '' }]).covered).toBe(true);
  });
});
