import { describe, expect, it } from 'vitest';
import { DEFERS_PREGNANCY, fitToPatient, guidelineWrittenForOthers, sectionFitsPatient, withoutBooksDeferringPregnancy } from '../../src/rag/population-fit.js';

// Section paths of the sample books (corpus/sample).
const FIRST = 'Malaria in pregnancy > Why pregnancy changes malaria care > Uncomplicated malaria in the first trimester';
const SECOND = 'Malaria in pregnancy > Why pregnancy changes malaria care > Uncomplicated malaria in the second trimester';
const ASSESS = 'Malaria in pregnancy > Why pregnancy changes malaria care > Assessing a pregnant woman with fever';
const PPH = 'Bleeding after birth > Bleeding after birth > Recognising postpartum haemorrhage';
const ADULTS = 'Treatment of uncomplicated malaria > Uncomplicated malaria in adults and adolescents';
const CHILDREN = 'Treatment of uncomplicated malaria > Uncomplicated malaria in children';

describe('sections that fit the patient', () => {
  it('keeps bleeding-after-birth sections for a woman who delivered, and drops pregnancy ones', () => {
    const d = { sex: 'female' as const, ageYears: 28, pregnant: false, postpartum: true };
    expect(sectionFitsPatient(PPH, d)).toBe(true);
    expect(sectionFitsPatient(ASSESS, d)).toBe(false);
  });

  it('keeps the prevention of what comes after the birth for a woman in labour or at term, not its treatment, and neither at 30 weeks', () => {
    const PREVENT_PPH = 'Bleeding after birth > Bleeding after birth > Preventing bleeding after birth';
    const MALARIA_BREASTFEEDING = 'Malaria in special groups > Women who are breastfeeding';
    const inLabour = { sex: 'female' as const, ageYears: 26, pregnant: true, inLabour: true };
    const atTerm = { sex: 'female' as const, ageYears: 26, pregnant: true, gestationWeeks: 38, trimester: 3 as const };
    const at30 = { sex: 'female' as const, ageYears: 26, pregnant: true, gestationWeeks: 30, trimester: 3 as const };
    // Oxytocin and tranexamic acid for bleeding after the birth are not for a bleed before it.
    const PPH_MEDICINES = 'Bleeding after birth > Bleeding after birth > Medicines for bleeding after birth';
    expect([PPH, PPH_MEDICINES, PREVENT_PPH, ASSESS].map((p) => sectionFitsPatient(p, inLabour))).toEqual([false, false, true, true]);
    expect([PPH, PPH_MEDICINES, PREVENT_PPH, ASSESS].map((p) => sectionFitsPatient(p, atTerm))).toEqual([false, false, true, true]);
    expect([PPH, PREVENT_PPH, ASSESS].map((p) => sectionFitsPatient(p, at30))).toEqual([false, false, true]);
    // Breastfeeding is months away yet: its doses are not hers.
    expect(sectionFitsPatient(MALARIA_BREASTFEEDING, atTerm)).toBe(false);
  });

  it('keeps pregnancy and after-birth sections for a woman of child-bearing age who has not said', () => {
    const d = { sex: 'female' as const, ageYears: 30 };
    expect([ASSESS, FIRST, PPH].map((p) => sectionFitsPatient(p, d))).toEqual([true, true, true]);
  });

  it('keeps breastfeeding sections for a mother after birth, a pregnant woman and a breastfed child, not for a man or a school child', () => {
    const HIV_BREASTFEEDING = 'Pregnancy, breastfeeding and infants > Pregnancy, breastfeeding and HIV-exposed infants > Breastfeeding';
    const FEEDING = 'Feeding and prevention > Breastfeeding';
    const mother = { sex: 'female' as const, ageYears: 25, postpartum: true, daysSinceDelivery: 10 };
    expect([HIV_BREASTFEEDING, FEEDING].map((p) => sectionFitsPatient(p, mother))).toEqual([true, true]);
    expect(sectionFitsPatient(FEEDING, { ageMonths: 14 })).toBe(true);
    expect(sectionFitsPatient(FEEDING, { ageYears: 7 })).toBe(false);
    expect(sectionFitsPatient(FEEDING, { sex: 'male' as const, ageYears: 38 })).toBe(false);
    expect(sectionFitsPatient(HIV_BREASTFEEDING, { sex: 'female' as const, ageYears: 25, pregnant: true })).toBe(true);
    expect(sectionFitsPatient(HIV_BREASTFEEDING, { sex: 'female' as const, ageYears: 70 })).toBe(false);
  });

  it('drops pregnancy and after-birth sections for a 64-year-old woman, a man and a child', () => {
    for (const d of [{ sex: 'female' as const, ageYears: 64 }, { sex: 'male' as const, ageYears: 30 }, { ageYears: 6 }]) {
      expect([ASSESS, FIRST, PPH].map((p) => sectionFitsPatient(p, d))).toEqual([false, false, false]);
    }
  });

  it('keeps the adults-and-adolescents section from a toddler and a 6-year-old, but not from a 12-year-old', () => {
    expect(sectionFitsPatient(ADULTS, { ageYears: 2 })).toBe(false);
    expect(sectionFitsPatient(ADULTS, { ageYears: 6 })).toBe(false);
    expect(sectionFitsPatient(ADULTS, { ageYears: 12 })).toBe(true);
    expect(sectionFitsPatient('Growth > Anaemia in adolescents', { ageYears: 6 })).toBe(false);
    expect(sectionFitsPatient('Growth > Anaemia in adolescents', { ageYears: 15 })).toBe(true);
  });

  it('drops another trimester and puts her own trimester first', () => {
    const d = { sex: 'female' as const, ageYears: 25, pregnant: true, gestationWeeks: 10, trimester: 1 as const };
    expect(sectionFitsPatient(SECOND, d)).toBe(false);
    expect(fitToPatient([ASSESS, ADULTS, SECOND, FIRST], (p) => p, d)).toEqual([FIRST, ASSESS, ADULTS]);
  });

  it('puts a section for her own young-infant band first: a baby of 1 month with pneumonia is classified as a young infant', () => {
    const youngInfants = 'Classifying cough or difficult breathing > Classifying the illness > Young infants under 2 months';
    const amoxicillin = 'Treating pneumonia and wheeze > Treating pneumonia with amoxicillin > Amoxicillin dispersible tablet dosing by age and weight';
    const under6 = 'Follow-up and discharge > Infants under 6 months';
    expect(fitToPatient([amoxicillin, youngInfants], (p) => p, { ageMonths: 1 })).toEqual([youngInfants, amoxicillin]);
    expect(fitToPatient([amoxicillin, under6], (p) => p, { ageMonths: 3 })).toEqual([under6, amoxicillin]);
    // Older than the band, or age unknown: nothing moves.
    expect(fitToPatient([amoxicillin, under6], (p) => p, { ageMonths: 8 })).toEqual([amoxicillin, under6]);
    expect(fitToPatient([amoxicillin, youngInfants], (p) => p, {})).toEqual([amoxicillin, youngInfants]);
  });

  it('keeps adult sections from 10 years and child sections under 15 years (the overlap of src/patient/age.ts)', () => {
    expect(sectionFitsPatient(CHILDREN, { ageYears: 12 })).toBe(true);
    expect(sectionFitsPatient(CHILDREN, { ageYears: 16 })).toBe(false);
    expect(sectionFitsPatient('Dosing > Adults', { ageYears: 12 })).toBe(true);
    expect(sectionFitsPatient('Dosing > Adults', { ageYears: 8 })).toBe(false);
  });
});

describe('a book that sends pregnancy to the pregnancy guideline (hypertension sample ch6)', () => {
  const at = (accession: string, sectionPath: string) => ({ accession, sectionPath });
  const sections = [
    at('SAMPLE-PREGNANCY', 'Care before and during referral > Antihypertensive medicines in pregnancy > Severe hypertension in pregnancy'),
    at('SAMPLE-HYPERTENSION', 'Severe hypertension and referral > Severe hypertension: urgency and emergency'),
    at('SAMPLE-HYPERTENSION', 'Medicines > Medicines for hypertension > Women who are or may become pregnant'),
  ];
  const deferring = new Set(['SAMPLE-HYPERTENSION']);
  const paths = (list: ReadonlyArray<{ sectionPath: string }>) => list.map((s) => s.sectionPath);

  it('reads the sentence that sends her there', () => {
    expect(DEFERS_PREGNANCY.test('If the person is a woman who is pregnant or gave birth in the last six weeks, follow the pregnancy guideline instead')).toBe(true);
    expect(DEFERS_PREGNANCY.test('Pregnancy changes malaria care.')).toBe(false);
  });

  it("gives a pregnant woman the pregnancy guideline and the book's own word on pregnancy, not its general advice", () => {
    const kept = paths(withoutBooksDeferringPregnancy(sections, { ageYears: 28, sex: 'female', pregnant: true, gestationWeeks: 30 }, deferring));
    expect(kept).toContain(sections[0]?.sectionPath);
    expect(kept).toContain(sections[2]?.sectionPath);
    expect(kept).not.toContain(sections[1]?.sectionPath);
  });

  it('leaves everything for a woman not pregnant, or when no other book writes for pregnancy', () => {
    expect(withoutBooksDeferringPregnancy(sections, { ageYears: 28, sex: 'female' }, deferring)).toHaveLength(3);
    expect(withoutBooksDeferringPregnancy(sections.slice(1), { ageYears: 28, sex: 'female', pregnant: true }, deferring)).toHaveLength(2);
  });
});

describe('a guideline whose title names its readers (the sample book titles)', () => {
  const PNEUMONIA = 'Cough and pneumonia in children under five (sample guideline)';
  const ANAEMIA = 'Anaemia in children and pregnant women, including deworming (sample guideline)';
  const DIARRHOEA = 'Diarrhoea & dehydration in children and adults (sample guideline)';
  const PREGNANCY = 'Pregnancy care: pre-eclampsia, danger signs and referral';
  const MALARIA = 'Malaria at community level: diagnosis, treatment and prevention (sample guideline)';
  const man = { ageYears: 29, sex: 'male' as const };

  it('is written for others when the patient is none of its readers', () => {
    expect(guidelineWrittenForOthers(PNEUMONIA, man)).toBe(true);
    expect(guidelineWrittenForOthers(ANAEMIA, man)).toBe(true);
    expect(guidelineWrittenForOthers(ANAEMIA, { ageYears: 30, sex: 'female' as const, pregnant: false })).toBe(true);
    // A book on pregnancy care is for women who may be pregnant or have just given birth: not a man or a child.
    expect(guidelineWrittenForOthers(PREGNANCY, man)).toBe(true);
    expect(guidelineWrittenForOthers(PREGNANCY, { ageYears: 3, sex: 'male' as const })).toBe(true);
  });

  it('is hers when she is one of them, when the title names no readers, or when her age is unknown', () => {
    expect(guidelineWrittenForOthers(PNEUMONIA, { ageMonths: 18, sex: 'female' as const })).toBe(false);
    expect(guidelineWrittenForOthers(ANAEMIA, { ageYears: 30, sex: 'female' as const, pregnant: true })).toBe(false);
    expect(guidelineWrittenForOthers(DIARRHOEA, man)).toBe(false);
    // "Pregnancy care" is the book's topic, and it covers the weeks after birth.
    expect(guidelineWrittenForOthers(PREGNANCY, { ageYears: 30, sex: 'female' as const, postpartum: true })).toBe(false);
    expect(guidelineWrittenForOthers(MALARIA, man)).toBe(false);
    expect(guidelineWrittenForOthers(PNEUMONIA, { sex: 'male' as const })).toBe(false);
  });
});
