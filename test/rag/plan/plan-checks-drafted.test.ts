import { describe, expect, it } from 'vitest';
import { checkPlanDraft } from '../../../src/rag/plan/check-plan.js';
import { sectionForAnotherForm } from '../../../src/rag/plan/plan-fit.js';
import { sectionFitsPatient } from '../../../src/rag/population-fit.js';
import type { LabelledSection } from '../../../src/rag/plan-writer.js';

function section(label: string, sectionPath: string, text: string): LabelledSection {
  return { label, section: { id: label, sectionPath, text, titlePath: `Book > ${sectionPath}`, bookTitle: 'Book', accession: 'SAMPLE-TEST', contentHash: label } };
}

const AL_TABLE = section(
  'S1',
  'Treatment of uncomplicated malaria > Artemether-lumefantrine (20 mg/120 mg tablet) by weight band',
  [
    'Artemether-lumefantrine is given twice a day for three days: a child under 15 kg takes 1 tablet per dose and an adult takes 4 tablets per dose.',
    'Body weight (kg): 5 to <15; Approximate age: 6 months to <3 years; Tablets per dose: 1',
    'Body weight (kg): 15 to <25; Approximate age: 3 to <9 years; Tablets per dose: 2',
    'Body weight (kg): ≥35; Approximate age: 14 years and older; Tablets per dose: 4',
  ].join('\n'),
);
const KIT = section('S2', 'Diagnosis of malaria > Reading an RDT', 'Read the test after 15 minutes. Control line and test line visible: positive.');

describe('checks on a drafted plan', () => {
  it("removes another weight band's dose for a weighed child and keeps her own row", () => {
    const draft = ['**Plan**', '- Give artemether-lumefantrine 4 tablets twice a day for three days. [S1]', '- Give artemether-lumefantrine 1 tablet per dose, twice a day for three days. [S1]'].join('\n');
    const checked = checkPlanDraft(draft, [AL_TABLE, KIT], { ageYears: 2, sex: 'male', weightKg: 12 });
    expect(checked.removed.map((r) => r.reason)).toEqual(['dose_for_other_weight_band']);
    expect(checked.text).toMatch(/1 tablet per dose/);
    expect(checked.text).not.toMatch(/4 tablets/);
  });

  it("removes a copied row of another band's table line and keeps the child's own row", () => {
    const draft = [
      '**Plan**',
      '- Body weight (kg): 15 to <25; Approximate age: 3 to <9 years; Tablets per dose: 2 [S1]',
      '- Table 3.1 Artemether-lumefantrine by weight band: Body weight (kg): ≥35; Approximate age: 14 years and older; Tablets per dose: 4 [S1]',
      '- Body weight (kg): 5 to <15; Approximate age: 6 months to <3 years; Tablets per dose: 1 [S1]',
    ].join('\n');
    const checked = checkPlanDraft(draft, [AL_TABLE, KIT], { ageYears: 2, sex: 'male', weightKg: 12 });
    expect(checked.removed.map((r) => r.reason)).toEqual(['dose_for_other_weight_band', 'dose_for_other_weight_band']);
    expect(checked.text).toMatch(/5 to <15; Approximate age: 6 months to <3 years; Tablets per dose: 1/);
    expect(checked.text).not.toMatch(/Tablets per dose: [24]/);
  });

  it('removes copied rows for other ages when the weight is not known, also by the age a weight cell gives in brackets', () => {
    const COTRIMOXAZOLE = section(
      'S3',
      'Cotrimoxazole prophylaxis > Doses by body weight',
      [
        'Give cotrimoxazole once daily, by weight (Table 5.1 Daily cotrimoxazole prophylaxis by weight).',
        'Weight (age as a guide): Less than 5 kg (under 6 months); Daily dose: 100/20 mg',
        'Weight (age as a guide): 15 to 29.9 kg (6 to 14 years); Daily dose: 400/80 mg',
        'Weight (age as a guide): 30 kg or more (adolescents and adults); Daily dose: 800/160 mg',
      ].join('\n'),
    );
    const draft = [
      '**Plan**',
      '- Table 5.1 Daily cotrimoxazole prophylaxis by weight: Weight (age as a guide): Less than 5 kg (under 6 months); Daily dose: 100/20 mg [S3]',
      '- Table 5.1 Daily cotrimoxazole prophylaxis by weight: Weight (age as a guide): 30 kg or more (adolescents and adults); Daily dose: 800/160 mg [S3]',
      '- Table 3.1 Artemether-lumefantrine by weight band: Body weight (kg): 5 to <15; Approximate age: 6 months to <3 years; Tablets per dose: 1 [S1]',
      '- Table 3.1 Artemether-lumefantrine by weight band: Body weight (kg): ≥35; Approximate age: 14 years and older; Tablets per dose: 4 [S1]',
    ].join('\n');
    const checked = checkPlanDraft(draft, [AL_TABLE, COTRIMOXAZOLE], { ageYears: 38, sex: 'male' });
    expect(checked.removed.map((r) => r.reason)).toEqual(['dose_for_other_weight_band', 'dose_for_other_weight_band']);
    expect(checked.text).toMatch(/30 kg or more \(adolescents and adults\); Daily dose: 800\/160 mg/);
    expect(checked.text).toMatch(/14 years and older; Tablets per dose: 4/);
    expect(checked.text).not.toMatch(/under 6 months|6 months to <3 years/);
  });

  it("removes a copied row of the MUAC table for another child's MUAC and keeps her own", () => {
    const muac = section(
      'S3',
      'Identifying and classifying acute malnutrition > Measuring mid-upper arm circumference (MUAC)',
      [
        'Table 1.1 MUAC cut-offs for children aged 6 to 59 months',
        'MUAC: Less than 115 mm; Colour on the tape: Red; Classification: Severe acute malnutrition (SAM)',
        'MUAC: 115 mm to less than 125 mm; Colour on the tape: Yellow; Classification: Moderate acute malnutrition (MAM)',
        'MUAC: 125 mm or more; Colour on the tape: Green; Classification: No acute malnutrition',
      ].join('\n'),
    );
    const draft = [
      '**Plan**',
      '- Table 1.1 MUAC cut-offs for children aged 6 to 59 months: MUAC: Less than 115 mm; Colour on the tape: Red; Classification: Severe acute malnutrition (SAM) [S3]',
      '- MUAC: 115 mm to less than 125 mm; Colour on the tape: Yellow; Classification: Moderate acute malnutrition (MAM) [S3]',
      '- MUAC: 125 mm or more; Colour on the tape: Green; Classification: No acute malnutrition [S3]',
    ].join('\n');
    const checked = checkPlanDraft(draft, [muac], { ageYears: 3, sex: 'male', weightKg: 12 }, [{ category: 'exam_sign', value: 'MUAC 120 mm' }]);
    expect(checked.removed.map((r) => r.reason)).toEqual(['row_for_other_measurement', 'row_for_other_measurement']);
    expect(checked.text).toMatch(/Yellow/);
    expect(checked.text).not.toMatch(/Red|Green/);
  });

  it('removes a prevention dose from the plan of a woman who is bleeding after birth, and keeps it when prevention is the question', () => {
    const medicines = section(
      'S4',
      'Bleeding after birth > Bleeding after birth > Medicines for bleeding after birth',
      [
        'Table 6.1 Uterotonic and other medicines for postpartum haemorrhage',
        'Medicine: Oxytocin; Use: Prevention and first-line treatment; Dose and route: 10 IU intramuscularly',
        'Medicine: Misoprostol; Use: Treatment when oxytocin is not available; Dose and route: 800 micrograms under the tongue',
        'Medicine: Misoprostol; Use: Prevention at home births without oxytocin; Dose and route: 600 micrograms by mouth immediately after the baby is born',
      ].join('\n'),
    );
    const preventing = section(
      'S5',
      'Bleeding after birth > Bleeding after birth > Preventing bleeding after birth',
      'Every woman should receive a uterotonic immediately after the baby is born: oxytocin 10 IU intramuscularly where a skilled attendant is present, or misoprostol 600 micrograms by mouth where community distribution has been approved for home births. Check the womb is firm every 15 minutes for the first two hours after birth.',
    );
    const draft = [
      '**Plan**',
      '- Medicine: Oxytocin; Use: Prevention and first-line treatment; Dose and route: 10 IU intramuscularly [S4]',
      '- Medicine: Misoprostol; Use: Treatment when oxytocin is not available; Dose and route: 800 micrograms under the tongue [S4]',
      '- Medicine: Misoprostol; Use: Prevention at home births without oxytocin; Dose and route: 600 micrograms by mouth immediately after the baby is born [S4]',
      '- Give misoprostol 600 micrograms by mouth. [S5]',
      '- Check the womb is firm every 15 minutes for the first two hours after birth. [S5]',
    ].join('\n');
    const woman = { ageYears: 28, sex: 'female' as const, postpartum: true };
    const bleeding = checkPlanDraft(draft, [medicines, preventing], woman, [], ['postpartum haemorrhage']);
    expect(bleeding.removed.map((r) => r.reason)).toEqual(['prevention_dose_for_condition', 'prevention_dose_for_condition']);
    expect(bleeding.text).toMatch(/800 micrograms under the tongue/);
    expect(bleeding.text).toMatch(/womb is firm/);
    expect(bleeding.text).not.toMatch(/600 micrograms/);

    // Prevention asked, and no sign she is bleeding: the prevention doses are hers, the treatment row is not.
    const homeBirth = checkPlanDraft(draft, [medicines, preventing], { ageYears: 24, sex: 'female' }, [], ['preventing bleeding after a home birth']);
    expect(homeBirth.removed.map((r) => r.reason)).toEqual(['treatment_of_illness_to_prevent']);
    expect(homeBirth.text).toMatch(/600 micrograms by mouth immediately after the baby is born/);
    expect(homeBirth.text).toMatch(/Prevention and first-line treatment/);
    expect(homeBirth.text).not.toMatch(/800 micrograms/);
  });

  it('removes a prevention medicine named without a dose from the plan of a woman who has the illness', () => {
    const preventing = section(
      'S6',
      'Other care during pregnancy > Other care during pregnancy > Preventing malaria in pregnancy',
      'In areas with moderate to high malaria transmission, pregnant women receive intermittent preventive treatment with sulfadoxine-pyrimethamine from 13 weeks of pregnancy. Every pregnant woman should sleep under an insecticide-treated net.',
    );
    const draft = [
      '**Plan**',
      '- In areas with moderate to high malaria transmission, pregnant women receive intermittent preventive treatment with sulfadoxine-pyrimethamine from 13 weeks of pregnancy. [S6]',
      '- Every pregnant woman should sleep under an insecticide-treated net. [S6]',
    ].join('\n');
    const woman = { ageYears: 23, sex: 'female' as const, pregnant: true, gestationWeeks: 30 };
    const ill = checkPlanDraft(draft, [preventing], woman, [{ category: 'test_result', value: 'RDT positive' }], ['severe malaria in pregnancy']);
    expect(ill.removed.map((r) => r.reason)).toEqual(['prevention_dose_for_condition']);
    expect(ill.text).toMatch(/insecticide-treated net/);
    const asked = checkPlanDraft(draft, [preventing], woman, [], ['malaria prevention in pregnancy']);
    expect(asked.text).toMatch(/sulfadoxine-pyrimethamine/);
  });

  it('removes a test for malaria whose result the findings already report, and keeps what a positive result means', () => {
    const pallor = section('S7', 'Anaemia linked to malaria > Malaria-related anaemia', 'A child with pallor and fever, or pallor alone, should be tested for malaria. If there is severe pallor and a positive test, the child has severe malaria and must be referred urgently after pre-referral rectal artesunate.');
    const draft = [
      '**Plan**',
      '- A child with pallor and fever, or pallor alone, should be tested for malaria. [S7]',
      '- If there is severe pallor and a positive test, the child has severe malaria and must be referred urgently after pre-referral rectal artesunate. [S7]',
    ].join('\n');
    const child = { ageYears: 2, sex: 'female' as const, weightKg: 10 };
    const tested = checkPlanDraft(draft, [pallor], child, [{ category: 'test_result', value: 'RDT positive' }], ['severe anaemia']);
    expect(tested.removed.map((r) => r.reason)).toEqual(['test_already_done']);
    expect(tested.text).toMatch(/rectal artesunate/);
    expect(checkPlanDraft(draft, [pallor], child, [], ['severe anaemia']).removed).toEqual([]);
  });

  it('removes a line about type 1 diabetes from the plan of a man with type 2', () => {
    const insulin = section('S8', 'Treatment > Treatment of type 2 diabetes > When insulin is needed', 'People with type 1 diabetes need insulin from diagnosis. Check fasting glucose before each visit.');
    const draft = ['**Plan**', '- People with type 1 diabetes need insulin from diagnosis. [S8]', '- Check fasting glucose before each visit. [S8]'].join('\n');
    const man = { ageYears: 50, sex: 'male' as const };
    const checked = checkPlanDraft(draft, [insulin], man, [], ['type 2 diabetes uncontrolled']);
    expect(checked.removed.map((r) => r.reason)).toEqual(['line_for_another_form']);
    expect(checked.text).toMatch(/fasting glucose/);
    expect(checkPlanDraft(draft, [insulin], man, [], ['type 1 diabetes']).removed).toEqual([]);
  });

  it('removes the dose for another class of dehydration, and for dysentery, from the plan of an adult with no dehydration', () => {
    const adults = section(
      'S6',
      'Diarrhoea in adults > Treating adults with diarrhoea',
      'Adults with acute watery diarrhoea are rehydrated with ORS. An adult with no dehydration should drink extra fluids, including ORS, as much as they want. An adult with some dehydration needs ORS in the first four hours of about 75 ml per kg. Adults with dysentery and no danger signs may be given ciprofloxacin 500 mg twice daily for 3 days.',
    );
    const draft = [
      '**Plan**',
      '- An adult with no dehydration should drink extra fluids, including ORS, as much as they want. [S6]',
      '- An adult with some dehydration needs ORS in the first four hours of about 75 ml per kg. [S6]',
      '- Adults with dysentery and no danger signs may be given ciprofloxacin 500 mg twice daily for 3 days. [S6]',
    ].join('\n');
    const checked = checkPlanDraft(draft, [adults], { ageYears: 40, sex: 'male' }, [], ['acute watery diarrhoea, no dehydration']);
    expect(checked.removed.map((r) => r.reason)).toEqual(['dose_for_another_class', 'dose_for_another_class']);
    expect(checked.text).toMatch(/extra fluids/);
    expect(checkPlanDraft(draft, [adults], { ageYears: 40, sex: 'male' }, [], ['dysentery with some dehydration']).removed).toEqual([]);
  });

  it('removes a quoted regimen row whose group is children from the plan of a man, and keeps his own row', () => {
    const regimens = section(
      'S8',
      'Antiretroviral therapy > Preferred first-line treatment',
      'Table 3.1 Preferred first-line regimens\nGroup: Adults and adolescents weighing 30 kg or more; Regimen: TLD; Dose: One tablet once daily\nGroup: Children weighing 20 to 29.9 kg; Regimen: Abacavir + lamivudine + dolutegravir 50 mg; Dose: dolutegravir 50 mg once daily',
    );
    const draft = [
      '**Plan**',
      '- Table 3.1 Preferred first-line regimens: Group: Adults and adolescents weighing 30 kg or more; Regimen: TLD; Dose: One tablet once daily [S8]',
      '- Table 3.1 Preferred first-line regimens: Group: Children weighing 20 to 29.9 kg; Regimen: Abacavir + lamivudine + dolutegravir 50 mg; Dose: dolutegravir 50 mg once daily [S8]',
    ].join('\n');
    const man = checkPlanDraft(draft, [regimens], { ageYears: 41, sex: 'male' }, [], ['HIV on ART']);
    expect(man.removed.map((r) => r.reason)).toEqual(['line_for_other_population']);
    expect(man.text).toMatch(/Group: Adults/);
    expect(man.text).not.toMatch(/Group: Children/);
    const child = checkPlanDraft(draft, [regimens], { ageYears: 8, sex: 'female', weightKg: 24 }, [], ['HIV on ART']);
    expect(child.text).toMatch(/Group: Children/);
  });

  it('removes a line evidently about other patients: gestational diabetes for a man', () => {
    const special = section('S7', 'Special situations > Special situations', 'After birth, women who had gestational diabetes should be tested again 4 to 12 weeks later. Check kidney function, and review medicines when appetite or weight falls.');
    const draft = ['**Plan**', '- After birth, women who had gestational diabetes should be tested again 4 to 12 weeks later. [S7]', '- Check kidney function, and review medicines when appetite or weight falls. [S7]'].join('\n');
    const man = checkPlanDraft(draft, [special], { ageYears: 55, sex: 'male' }, [], ['type 2 diabetes']);
    expect(man.removed.map((r) => r.reason)).toEqual(['line_for_other_population']);
    expect(man.text).toMatch(/kidney function/);
    expect(checkPlanDraft(draft, [special], { ageYears: 30, sex: 'female' }, [], ['type 2 diabetes']).removed).toEqual([]);
  });

  it('removes a line naming a medicine that the section it cites never names', () => {
    const draft = ['**Plan**', '- Give sulfadoxine-pyrimethamine as IPTp today. [S2]', '- Read the test after 15 minutes. [S2]'].join('\n');
    const checked = checkPlanDraft(draft, [AL_TABLE, KIT], { ageYears: 30, sex: 'female' });
    expect(checked.removed).toEqual([{ line: '- Give sulfadoxine-pyrimethamine as IPTp today. [S2]', reason: 'drug_not_in_cited_text' }]);
  });
});

describe('sections for another form of the illness or another population', () => {
  it('keeps dysentery treatment out of a plan for watery diarrhoea, and in one for dysentery', () => {
    const path = 'Persistent diarrhoea, dysentery and cholera > Dysentery > Treating dysentery with ciprofloxacin';
    expect(sectionForAnotherForm(path, 'diarrhoea with no dehydration')).toBe(true);
    expect(sectionForAnotherForm(path, 'dysentery')).toBe(false);
    expect(sectionForAnotherForm('Persistent diarrhoea, dysentery and cholera > Suspected cholera', 'dysentery')).toBe(true);
    expect(sectionForAnotherForm('Rehydration: Plans A, B and C > Plan A: treat diarrhoea at home', 'diarrhoea')).toBe(false);
    expect(sectionForAnotherForm('Rehydration: Plans A, B and C > Plan B', 'diarrhoea with some dehydration')).toBe(false);
  });

  it('fits a title naming several populations to a patient in any of them, not to a man', () => {
    const path = 'Pregnancy, breastfeeding and infants > Pregnancy, breastfeeding and HIV-exposed infants';
    expect(sectionFitsPatient(path, { ageYears: 38, sex: 'male' })).toBe(false);
    expect(sectionFitsPatient(path, { ageYears: 27, sex: 'female', pregnant: true, gestationWeeks: 18, trimester: 2 })).toBe(true);
    expect(sectionFitsPatient(path, { ageMonths: 2, sex: 'female' })).toBe(true);
  });
});

describe('a drafted line that presupposes a course already running', () => {
  const FOLLOW_UP = section(
    'S1',
    'Pneumonia > Follow-up after 3 days',
    'Give amoxicillin twice a day for 3 days. Refer urgently if there is any danger sign, and give the next dose of amoxicillin before the child leaves.',
  );
  const child = { ageYears: 3, sex: 'female' as const, weightKg: 12 };

  it('is removed when the draft does not start the course and she is not taking the medicine', () => {
    const draft = ['**Plan**', '- Refer urgently if there is any danger sign, and give the next dose of amoxicillin before the child leaves. [S1]'].join('\n');
    const checked = checkPlanDraft(draft, [FOLLOW_UP], child, [{ category: 'test_result', value: 'RDT negative' }], ['fever']);
    expect(checked.removed.map((r) => r.reason)).toEqual(['course_not_started']);
    expect(checked.text).not.toMatch(/amoxicillin/);
  });

  it('stays when the draft starts the course', () => {
    const draft = ['**Plan**', '- Give amoxicillin twice a day for 3 days. [S1]', '- Refer urgently if there is any danger sign, and give the next dose of amoxicillin before the child leaves. [S1]'].join('\n');
    const checked = checkPlanDraft(draft, [FOLLOW_UP], child, [], ['pneumonia with fast breathing']);
    expect(checked.removed).toEqual([]);
    expect(checked.text).toMatch(/next dose of amoxicillin/);
  });
});
