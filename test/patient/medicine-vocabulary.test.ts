import { describe, expect, it } from 'vitest';
import { compileVocabulary, medicineVocabulary, parseMedicinesFile } from '../../src/patient/medicine-vocabulary.js';
import { drugClassesNamed, drugsAllergicTo, drugsNamed, medicineCalled } from '../../src/rag/plan/drug-names.js';

describe('knowledge/medicines.yaml', () => {
  it('loads, and knows the medicines of the books a community programme uses beyond the sample ones', () => {
    const vocabulary = medicineVocabulary();
    for (const drug of ['ivermectin', 'cloxacillin', 'nitrofurantoin', 'praziquantel', 'benzathine benzylpenicillin', 'chlorhexidine']) {
      expect(vocabulary.medicines).toContain(drug);
    }
    expect(vocabulary.classes.find((c) => c.name === 'penicillin')?.members).toEqual(expect.arrayContaining(['amoxicillin', 'cloxacillin', 'flucloxacillin']));
  });

  it('refuses an entry of an unknown class or with no source, naming the entry', () => {
    const file = (medicine: string) => `version: 1\nclasses:\n  - {name: penicillin, words: [penicillin], source: x}\nmedicines:\n  - ${medicine}\n`;
    expect(() => parseMedicinesFile(file('{name: cloxacillin, classes: [penicilin], source: EML}'), 'test.yaml')).toThrow(/test\.yaml: medicines\.0\.classes: unknown class "penicilin"/);
    expect(() => parseMedicinesFile(file('{name: cloxacillin, classes: [penicillin]}'), 'test.yaml')).toThrow(/test\.yaml: medicines\.0\.source/);
    expect(compileVocabulary(parseMedicinesFile(file('{name: cloxacillin, classes: [penicillin], source: EML}'), 'test.yaml')).classes[0]?.members).toEqual(['cloxacillin']);
  });
});

describe('reading medicines by the vocabulary', () => {
  it('reads brands, spellings and short forms, the short forms only in the case written', () => {
    expect([...drugsNamed('Gave Coartem yesterday, and cephalexin')]).toEqual(['artemether-lumefantrine', 'cefalexin']);
    expect([...drugsNamed('IPTp-SP at this visit')]).toEqual(['sulfadoxine-pyrimethamine']);
    expect([...drugsNamed('a spoon of sp syrup')]).toEqual([]);
    expect(medicineCalled('iptp-sp')).toBe('sulfadoxine-pyrimethamine');
    expect(medicineCalled('who takes cotrimoxazole')).toBeUndefined();
  });

  it('reads a class by its word, but not a class word inside a medicine name', () => {
    expect(drugClassesNamed('Tetracyclines are not given in pregnancy')).toEqual(['tetracycline']);
    expect(drugClassesNamed('Give benzathine penicillin 2.4 million units')).toEqual([]);
    expect(drugClassesNamed('Do not give penicillins')).toEqual(['penicillin']);
  });

  it('an allergy to one penicillin rules out the others, and an allergy to a class its members', () => {
    const allergy = (value: string) => drugsAllergicTo([{ category: 'allergy', value }]).map((a) => a.drug);
    expect(allergy('allergic to amoxicillin')).toEqual(expect.arrayContaining(['cloxacillin', 'benzylpenicillin']));
    expect(allergy('allergic to amoxicillin')).not.toContain('erythromycin');
    expect(allergy('allergy to antibiotics')).toEqual(expect.arrayContaining(['erythromycin', 'cefalexin', 'nitrofurantoin']));
  });
});
