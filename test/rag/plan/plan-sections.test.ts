import { describe, expect, it } from 'vitest';
import type { CitedSection } from '../../../src/rag/guideline-section.js';
import { managementSection, mergePlanSections, sectionsOnTopic, workupSection } from '../../../src/rag/plan/plan-sections.js';

function section(book: string, sectionPath: string): CitedSection {
  return { id: `${book}:${sectionPath}`, bookTitle: book, sectionPath, titlePath: `${book} > ${sectionPath}`, text: sectionPath, accession: 'SAMPLE-TEST', contentHash: sectionPath };
}

const DIABETES = 'Diabetes in adults: sample guideline';
const MALARIA = 'Malaria at community level (sample guideline)';
const PNEUMONIA = 'Cough and pneumonia in children under five (sample guideline)';

describe('which retrieved sections a plan is written from', () => {
  it('drops sections of another condition\'s book: malaria in pregnancy is not about diabetes in pregnancy', () => {
    const found = [
      section(DIABETES, 'Special situations > Diabetes and pregnancy'),
      section(MALARIA, 'Malaria in pregnancy > Uncomplicated malaria in the second trimester'),
      section(DIABETES, 'Treatment > Treatment of type 2 diabetes'),
    ];
    expect(sectionsOnTopic('diabetes in pregnancy', found).map((s) => s.bookTitle)).toEqual([DIABETES, DIABETES]);
    // The population word is the topic when the condition has no other word.
    expect(sectionsOnTopic('pregnancy', found)).toHaveLength(3);
  });

  it('adds the treatment section a bare condition name ranked below its classification, and leaves test-reading to the end', () => {
    const forCondition = [
      section(PNEUMONIA, 'Classifying cough or difficult breathing > Pneumonia with fast breathing only'),
      section(MALARIA, 'Diagnosis of malaria > Malaria rapid diagnostic tests > Reading and recording the result'),
      section(PNEUMONIA, 'Classifying cough or difficult breathing > No pneumonia: cough or cold'),
    ];
    const forTreatment = [
      section(PNEUMONIA, 'Classifying cough or difficult breathing > Pneumonia with fast breathing only'),
      section(PNEUMONIA, 'TB preventive treatment > Shorter regimens'),
      section(PNEUMONIA, 'Treating pneumonia with amoxicillin > Treatment of pneumonia with fast breathing only'),
    ];
    const chosen = mergePlanSections(forCondition, forTreatment, 2, 1).map((s) => s.sectionPath);
    expect(chosen).toEqual([
      'Classifying cough or difficult breathing > Pneumonia with fast breathing only',
      'Classifying cough or difficult breathing > No pneumonia: cough or cold',
      'Treating pneumonia with amoxicillin > Treatment of pneumonia with fast breathing only',
    ]);
  });

  it('tells management headings from workup and prevention', () => {
    expect(managementSection(section(MALARIA, 'Rehydration: Plans A, B and C > Plan B: treat some dehydration with ORS'))).toBe(true);
    expect(managementSection(section(MALARIA, 'Preventing malaria > Preventive treatment in pregnancy (IPTp)'))).toBe(false);
    expect(workupSection(section(MALARIA, 'Diagnosis of malaria > Testing every suspected case > Performing an RDT step by step'))).toBe(true);
    expect(workupSection(section(MALARIA, 'Malaria in pregnancy > Uncomplicated malaria in the first trimester'))).toBe(false);
  });
});
