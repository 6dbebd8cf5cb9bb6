import { describe, expect, it } from 'vitest';
import type { LabelledSection } from '../../../src/rag/plan-writer.js';
import type { Finding } from '../../../src/patient/findings.js';
import { checkPlanDraft } from '../../../src/rag/plan/check-plan.js';
import { measurementsIn } from '../../../src/rag/number-fit.js';
import { extractivePlan } from '../../../src/rag/plan/extractive-plan.js';
import { asksForGivenTrimester, asksForMalariaTestDone, rowForAnotherClass, lineForAnotherTypeOfDiabetes, lineForPeopleWithoutHerIllness, refersHerBandForTreatment, givesMedicineHere, offersHivTestToPersonWithHiv, forbiddenDrugs, givesForbiddenDrug, introGivesForPositiveResult, lineForAnotherClassOrForm, sectionForTestNotDone, namesForbiddenDrug, preventsAnotherIllness, preventsConditionSheHas, preventiveTreatmentRuledOut, sectionForAnotherForm, sendsHerTreatmentElsewhere, sectionForOtherMeasurements, sectionForAnotherTestResult, sectionForClearResult, sectionForOtherPopulation, sectionForUnstatedPregnancy, linesForOtherPatients, stepsUpTreatmentNotTaken, treatsIllnessAskedToPrevent } from '../../../src/rag/plan/plan-fit.js';

// Text from corpus/sample/sample_malaria_SAMPLE-MALARIA/ch4.nxml and ch3.nxml.
const section = (label: string, sectionPath: string, text: string): LabelledSection => ({
  label,
  section: { id: label, accession: 'SAMPLE-MALARIA', bookTitle: 'Malaria', sectionPath, titlePath: sectionPath, text, contentHash: label },
});
const sections = [
  section(
    'S1',
    'Malaria in pregnancy > Uncomplicated malaria in the first trimester',
    'She is treated with artemether-lumefantrine, 4 tablets twice a day for three days, taken with food. In this sample guideline artemether-lumefantrine is the only ACT used in the first trimester: do not give artesunate-amodiaquine or other ACTs during the first 13 weeks, and do not give sulfadoxine-pyrimethamine.',
  ),
  section(
    'S2',
    'Treatment of uncomplicated malaria > Uncomplicated malaria in adults and adolescents',
    'Adults and adolescents who weigh 35 kg or more and are not pregnant receive the full adult dose of artemether-lumefantrine. An adult takes 4 tablets per dose, twice a day for three days. If artesunate-amodiaquine is the national first-line medicine, an adult of 36 kg or more takes two tablets of artesunate 100 mg / amodiaquine 270 mg once a day for three days.',
  ),
  section('S3', 'Diagnosis of malaria > Malaria rapid diagnostic tests > Storing test kits', 'Store the kits in a cool dry place below 30 °C.'),
];
const pregnant10Weeks = { sex: 'female' as const, ageYears: 25, pregnant: true, gestationWeeks: 10, trimester: 1 as const };

describe('plan checks for the patient (a Claude draft that is unsafe for her)', () => {
  const draft = [
    '**What to do now**',
    '- Give artemether-lumefantrine, 4 tablets twice a day for three days, with food [S1]',
    '- Or give AS-AQ: two tablets of artesunate 100 mg / amodiaquine 270 mg once a day for three days [S2]',
    '- Give sulfadoxine-pyrimethamine as IPTp [S1]',
    '- An adult takes 4 tablets per dose, twice a day for three days [S2]',
    '- Store the kits in a cool dry place [S3]',
  ].join('\n');

  it('strips the forbidden drugs, the treatment from the non-pregnant section and the kit line, with reasons', () => {
    const checked = checkPlanDraft(draft, sections, pregnant10Weeks);
    expect(checked.text).toContain('Give artemether-lumefantrine, 4 tablets twice a day for three days, with food [S1]');
    expect(checked.text).not.toMatch(/amodiaquine|AS-AQ|sulfadoxine|Store the kits|An adult takes/);
    expect(checked.removed.map((r) => r.reason)).toEqual([
      'contraindicated_for_patient',
      'contraindicated_for_patient',
      'section_for_other_population',
      'off_topic_section',
    ]);
  });

  it('for a man: the adult lines stay, the pregnancy section gives no treatment line, the kit line goes', () => {
    const checked = checkPlanDraft(draft, sections, { sex: 'male', ageYears: 30 });
    expect(checked.text).toContain('AS-AQ');
    expect(checked.text).toContain('An adult takes 4 tablets per dose');
    expect(checked.removed.map((r) => r.reason)).toEqual(['section_for_other_population', 'section_for_other_population', 'off_topic_section']);
  });

  it('reads "do not give ... to children under ..." for a child below the limit only', () => {
    const s = [section('S1', 'Fever', 'Do not give aspirin to children under 12 years. Never give misoprostol before all babies are born.')];
    expect(forbiddenDrugs(s, { ageYears: 4 }).map((f) => f.drug)).toEqual(['aspirin']);
    expect(forbiddenDrugs(s, { ageYears: 30, sex: 'female', pregnant: true }).map((f) => f.drug)).toEqual(['misoprostol']);
    expect(forbiddenDrugs(s, { ageYears: 30, sex: 'male' })).toEqual([]);
  });

  it('lets a medicine forbidden until the birth be given after it, and nothing else', () => {
    const s = [section('S1', 'Bleeding after birth > Medicines for bleeding after birth', 'Note: Never give misoprostol before all babies are born.')];
    const inLabour = { ageYears: 26, sex: 'female' as const, pregnant: true, inLabour: true };
    const forbidden = forbiddenDrugs(s, inLabour);
    expect(givesForbiddenDrug('Give misoprostol 600 micrograms by mouth immediately after the baby is born.', forbidden, inLabour)).toBe(false);
    expect(givesForbiddenDrug('Give misoprostol 600 micrograms by mouth now.', forbidden, inLabour)).toBe(true);
    // Forbidden in pregnancy itself, not only until the birth: no timing lifts it.
    const acei = [section('S2', 'Hypertension in pregnancy', 'ACE inhibitors such as enalapril must not be used in pregnancy.')];
    expect(givesForbiddenDrug('Give enalapril 5 mg daily after delivery.', forbiddenDrugs(acei, inLabour), inLabour)).toBe(true);
  });
});

describe('a section that sends the treatment of her illness to another guideline (pregnancy sample: "Anaemia and iron in pregnancy")', () => {
  const iron = section(
    'S1',
    'Other care during pregnancy > Anaemia and iron in pregnancy',
    'A pregnant woman is anaemic when her haemoglobin is below 11 g/dL. Every pregnant woman should take a daily tablet containing 30 to 60 mg of elemental iron and 400 micrograms of folic acid for the whole pregnancy. Treatment doses for anaemia are in the sample anaemia guideline.',
  );
  const pregnant = { sex: 'female' as const, ageYears: 27, pregnant: true, trimester: 2 as const };

  it('gives no dose of it to a woman with that illness, and keeps it for prevention and for other illnesses', () => {
    expect(sendsHerTreatmentElsewhere(iron.section, ['anaemia in pregnancy'])).toBe(true);
    expect(sendsHerTreatmentElsewhere(iron.section, ['anaemia prevention in pregnancy'])).toBe(false);
    expect(sendsHerTreatmentElsewhere(iron.section, ['malaria in pregnancy'])).toBe(false);
    const checked = checkPlanDraft('- Every pregnant woman should take a daily tablet containing 30 to 60 mg of elemental iron. [S1]\n- A pregnant woman is anaemic when her haemoglobin is below 11 g/dL. [S1]', [iron], pregnant, [], ['anaemia in pregnancy']);
    expect(checked.removed.map((r) => r.reason)).toEqual(['dose_treated_in_another_guideline']);
    expect(checked.text).toContain('below 11 g/dL');
  });
});

describe('a chapter that fitted one chunk whole (diabetes sample ch6: "Special situations")', () => {
  const special = section(
    'S1',
    'Special situations > Special situations',
    [
      'Diabetes in adults > Special situations > Special situations',
      '',
      'Finding high glucose in pregnancy',
      '',
      'Pregnant women at higher risk should be tested. A glucose tolerance test is usually done at 24 to 28 weeks.',
      '',
      'Referral and care in pregnancy',
      '',
      'Refer every pregnant woman with a raised glucose result to the clinician. Sulfonylureas are usually replaced with insulin or metformin, and ACE inhibitors must be stopped and replaced (see the pregnancy guideline).',
      '',
      'Older adults',
      '',
      'Prefer metformin and gliclazide at low doses; avoid glibenclamide.',
    ].join('\n'),
  );
  special.section.titlePath = 'Diabetes in adults > Special situations > Special situations';
  const pregnant = { sex: 'female' as const, ageYears: 30, pregnant: true, gestationWeeks: 24, trimester: 2 as const };
  const man = { sex: 'male' as const, ageYears: 55 };

  it('reads a medicine replaced under a sub-heading for pregnancy as forbidden for a pregnant woman, not what replaces it', () => {
    const drugs = forbiddenDrugs([special], pregnant).map((f) => f.drug);
    expect(drugs).toEqual(expect.arrayContaining(['sulfonylurea', 'gliclazide', 'glibenclamide', 'ace inhibitor', 'lisinopril']));
    expect(drugs).not.toContain('insulin');
    expect(drugs).not.toContain('metformin');
    expect(forbiddenDrugs([special], man)).toEqual([]);
  });

  it('removes a quoted line whose sub-heading is for other patients, and keeps the rest', () => {
    const draft = ['- A glucose tolerance test is usually done at 24 to 28 weeks. [S1]', '- Prefer metformin and gliclazide at low doses; avoid glibenclamide. [S1]', '- Refer every pregnant woman with a raised glucose result to the clinician. [S1]'].join('\n');
    const forMan = checkPlanDraft(draft, [special], man);
    expect(forMan.removed.map((r) => r.reason)).toEqual(['line_for_other_population', 'line_for_other_population', 'line_for_other_population']);
    const forOlderMan = checkPlanDraft(draft, [special], { sex: 'male', ageYears: 70 });
    expect(forOlderMan.text).toContain('avoid glibenclamide');
    expect(forOlderMan.text).not.toContain('24 to 28 weeks');
  });
});

describe('a forbidden drug class (hypertension sample ch6: ACE inhibitors and ARBs in pregnancy)', () => {
  const medicines = [
    section(
      'S1',
      'Medicines > Medicines for hypertension > Women who are or may become pregnant',
      "ACE inhibitors and angiotensin receptor blockers must not be used in pregnancy, because they can harm the unborn baby's kidneys and skull, especially after the first trimester.",
    ),
    section(
      'S2',
      'Medicines > Medicines for hypertension > Stepping up treatment',
      'Using two medicines at low doses, preferably as a single-pill combination such as amlodipine with an ACE inhibitor or angiotensin receptor blocker, lowers blood pressure faster.',
    ),
  ];
  const draft = ['- Use amlodipine with an ACE inhibitor as one pill [S2]', '- Start lisinopril 10 mg once daily [S2]', '- Start losartan 50 mg once daily [S2]', '- Amlodipine 5 mg once daily [S2]'].join('\n');

  it('strips every line naming the class or one of its medicines for a woman 22 weeks pregnant', () => {
    const pregnant22Weeks = { sex: 'female' as const, ageYears: 32, pregnant: true, gestationWeeks: 22, trimester: 2 as const };
    expect(forbiddenDrugs(medicines, pregnant22Weeks).map((f) => f.drug)).toEqual(expect.arrayContaining(['ace inhibitor', 'lisinopril', 'enalapril', 'angiotensin receptor blocker', 'losartan']));
    const checked = checkPlanDraft(draft, medicines, pregnant22Weeks);
    expect(checked.text).not.toMatch(/ACE inhibitor|lisinopril|losartan/i);
    expect(checked.removed.filter((r) => r.reason === 'contraindicated_for_patient')).toHaveLength(3);
  });

  it('leaves them for a man', () => {
    expect(forbiddenDrugs(medicines, { sex: 'male', ageYears: 50 })).toEqual([]);
  });

  it('keeps the line that forbids her own medicine for her, and nothing that could be read as giving it', () => {
    const pregnant16Weeks = { sex: 'female' as const, ageYears: 34, pregnant: true, gestationWeeks: 16, trimester: 2 as const };
    const warning = [
      '- ACE inhibitors and angiotensin receptor blockers must not be used in pregnancy [S1]',
      '- Lisinopril must not be used in pregnancy [S1]',
      '- Do not give lisinopril [S1]',
      '- Do not give lisinopril in pregnancy; give enalapril instead [S1]',
      '- Lisinopril must not be used in pregnancy unless blood pressure is 160/110 or more [S1]',
      '- Lisinopril 10 mg must not be used in pregnancy [S1]',
      '- Continue lisinopril since angiotensin receptor blockers such as losartan must not be used in pregnancy [S1]',
      '- Lisinopril is not given to pregnant women [S1]',
    ].join('\n');
    // Pregnancy sample ch5, "Medicines to avoid in pregnancy", names the medicines.
    const avoid = section(
      'S1',
      'Antihypertensive medicines in pregnancy > Medicines to avoid in pregnancy',
      "ACE inhibitors (such as lisinopril and enalapril) and angiotensin receptor blockers (such as losartan) must not be used in pregnancy, because they can damage the baby's kidneys and cause too little amniotic fluid and skull defects.",
    );
    const checked = checkPlanDraft(warning, [avoid], pregnant16Weeks);
    expect(checked.text.split('\n')).toEqual([
      '- ACE inhibitors and angiotensin receptor blockers must not be used in pregnancy [S1]',
      '- Lisinopril must not be used in pregnancy [S1]',
      '- Lisinopril is not given to pregnant women [S1]',
    ]);
    expect(checked.removed.map((r) => r.reason)).toEqual(Array(5).fill('contraindicated_for_patient'));
  });
});

describe('a section for the other test result', () => {
  const at = (sectionPath: string, text = '') => ({ sectionPath, titlePath: `Malaria > ${sectionPath}`, text });
  const negativeFever = at('Diagnosis of malaria > Testing every suspected case > Managing fever when the test is negative');
  const rdt = (value: string) => [{ category: 'test_result' as const, value }, { category: 'symptom' as const, value: 'fever' }];

  it('is no source for a patient whose every reported result is the other one', () => {
    expect(sectionForAnotherTestResult(negativeFever, rdt('RDT positive'))).toBe(true);
    expect(sectionForAnotherTestResult(negativeFever, rdt('mRDT +ve'))).toBe(true);
    expect(sectionForAnotherTestResult(at('Linkage to care > After a positive result'), rdt('HIV non-reactive'))).toBe(true);
  });

  it('is no inconclusive-result section for results that agree, unless the diagnosis names one', () => {
    const inconclusive = at('HIV testing > HIV testing services > Inconclusive results');
    const hiv = (...values: string[]) => values.map((value) => ({ category: 'test_result' as const, value }));
    expect(sectionForClearResult(inconclusive, hiv('HIV rapid test non-reactive today'), 'HIV negative')).toBe(true);
    expect(sectionForClearResult(inconclusive, hiv('A1 reactive', 'A2 non-reactive', 'repeat A1 reactive'), 'HIV test')).toBe(false);
    expect(sectionForClearResult(inconclusive, hiv('A1 reactive', 'A2 reactive'), 'inconclusive HIV test')).toBe(false);
    expect(sectionForClearResult(inconclusive, [], 'HIV negative')).toBe(false);
    expect(sectionForClearResult(at('HIV testing > HIV testing services > HIV self-testing'), hiv('non-reactive'), 'HIV negative')).toBe(false);
  });

  it('reads a result written in plus signs or as parasites seen, as the extractor does', () => {
    expect(sectionForAnotherTestResult(negativeFever, rdt('RDT +'))).toBe(true);
    expect(sectionForAnotherTestResult(negativeFever, rdt('mRDT: ++'))).toBe(true);
    expect(sectionForAnotherTestResult(negativeFever, rdt('blood smear: malaria parasites seen'))).toBe(true);
    expect(sectionForAnotherTestResult(negativeFever, rdt('blood smear: parasites not seen'))).toBe(false);
  });

  it('decides nothing without a result, with results both ways, or for a heading that names no result', () => {
    expect(sectionForAnotherTestResult(negativeFever, rdt('RDT negative'))).toBe(false);
    expect(sectionForAnotherTestResult(negativeFever, [{ category: 'symptom', value: 'fever' }])).toBe(false);
    expect(sectionForAnotherTestResult(negativeFever, [...rdt('RDT positive'), { category: 'test_result', value: 'HIV negative' }])).toBe(false);
    expect(sectionForAnotherTestResult(at('Diagnosis of malaria > Testing every suspected case'), rdt('RDT positive'))).toBe(false);
  });

  it('is no source when it opens by giving its medicine for a result she has not got, an RDT that could not be done included', () => {
    const al = at(
      'Treatment of uncomplicated malaria > Uncomplicated malaria in children > Artemether-lumefantrine dosing for children by weight band',
      'A child with uncomplicated malaria (fever and a positive RDT, with no danger signs) is given artemether-lumefantrine twice a day for three days.\nBody weight (kg): 5 to <15; Tablets per dose: 1',
    );
    expect(sectionForAnotherTestResult(al, rdt('RDT not available'))).toBe(true);
    expect(sectionForAnotherTestResult(al, rdt('RDT negative'))).toBe(true);
    expect(sectionForAnotherTestResult(al, rdt('RDT positive'))).toBe(false);
    // No malaria test reported (an HIV result is another test): nothing is decided.
    expect(sectionForAnotherTestResult(al, [{ category: 'symptom', value: 'fever' }])).toBe(false);
    expect(sectionForAnotherTestResult(al, [{ category: 'test_result', value: 'HIV test non-reactive' }])).toBe(false);
  });

  // corpus/sample/sample_malaria_SAMPLE-MALARIA/ch3.nxml: the introduction says who the sections below it are for.
  const childrenIntro = at(
    'Treatment of uncomplicated malaria > Uncomplicated malaria in children',
    'Children with a positive malaria test and no danger signs are treated at home with an ACT dosed by weight band. Weigh the child whenever possible.',
  );
  const asaq = at(
    'Treatment of uncomplicated malaria > Uncomplicated malaria in children > Artesunate-amodiaquine dosing for children',
    'Where the national programme uses artesunate-amodiaquine (AS-AQ), it is given as a fixed-dose tablet once a day for three days.\nBody weight (kg): 9 to <18; Tablets per day, days 1 to 3: 1',
  );
  const firstDose = at('Treatment of uncomplicated malaria > Uncomplicated malaria in children > Giving the first dose to a young child', 'Give the first dose yourself while the caregiver watches. Crush an ordinary tablet into a spoonful of clean water.');
  const fever = at('Treatment of uncomplicated malaria > Uncomplicated malaria in children > Relieving fever and discomfort', 'For a child over 2 months with a temperature of 38.5 °C or more, give paracetamol, about 15 mg per kg, every 6 hours.');

  it('is no source when its introduction gives the medicine it doses only for a result she has not got', () => {
    expect(introGivesForPositiveResult(asaq, childrenIntro, rdt('RDT not available'))).toBe(true);
    expect(introGivesForPositiveResult(asaq, childrenIntro, rdt('RDT negative'))).toBe(true);
    // A dose of no named medicine is the introduction's medicine.
    expect(introGivesForPositiveResult(firstDose, childrenIntro, rdt('RDT not available'))).toBe(true);
    expect(introGivesForPositiveResult(asaq, childrenIntro, rdt('RDT positive'))).toBe(false);
    // Another medicine under the same introduction, or no malaria test reported: not decided by it.
    expect(introGivesForPositiveResult(fever, childrenIntro, rdt('RDT not available'))).toBe(false);
    expect(introGivesForPositiveResult(asaq, childrenIntro, [{ category: 'symptom', value: 'fever' }])).toBe(false);
  });

  it('tells the section for a test that could not be done by its heading', () => {
    expect(sectionForTestNotDone(at('Diagnosis of malaria > Testing every suspected case > When no test is available', ''))).toBe(true);
    expect(sectionForTestNotDone(at('Diagnosis > If RDTs are not available', ''))).toBe(true);
    expect(sectionForTestNotDone(at('Diagnosis of malaria > Testing every suspected case > Managing fever when the test is negative', ''))).toBe(false);
    expect(sectionForTestNotDone(at('Diagnosis of malaria > Malaria rapid diagnostic tests > Storing test kits', ''))).toBe(false);
  });
});

describe('a line that asks for what the health worker has given', () => {
  const line = 'Ask whether a woman is pregnant and work out the trimester.';
  it('is dropped once she is pregnant with a known trimester or gestation, and kept while either is unknown', () => {
    expect(asksForGivenTrimester(line, { ageYears: 25, sex: 'female', pregnant: true, gestationWeeks: 10 })).toBe(true);
    expect(asksForGivenTrimester(line, { ageYears: 25, sex: 'female', pregnant: true, trimester: 2 })).toBe(true);
    expect(asksForGivenTrimester(line, { ageYears: 25, sex: 'female', pregnant: true })).toBe(false);
    expect(asksForGivenTrimester(line, { ageYears: 25, sex: 'female' })).toBe(false);
    expect(asksForGivenTrimester('Give artemether-lumefantrine in the first trimester.', { ageYears: 25, sex: 'female', pregnant: true, trimester: 1 })).toBe(false);
  });
});

describe('a prohibition for a test result (malaria sample ch2: "A person with a negative RDT should not receive antimalarial medicine")', () => {
  const negativeSection = section(
    'S1',
    'Diagnosis of malaria > Testing every suspected case > Managing fever when the test is negative',
    'A person with a negative RDT should not receive antimalarial medicine. Give paracetamol for a high fever that is causing distress.',
  );
  const rectal = section(
    'S2',
    'Severe malaria > Pre-referral treatment > Rectal artesunate dosing by age and weight',
    'Give rectal artesunate before referral. The dose is about 10 mg per kg, given once, using the suppositories in the community kit as shown in Table 5.1.',
  );
  const child = { sex: 'male' as const, ageYears: 3, weightKg: 14 };
  const rdt = (value: string) => [{ category: 'test_result' as const, value }];
  const draft = [
    '- A person with a negative RDT should not receive antimalarial medicine [S1]',
    '- Give artemether-lumefantrine 1 tablet twice a day for three days [S1]',
    '- The dose is about 10 mg per kg, given once [S2]',
    '- Give paracetamol for a high fever that is causing distress [S1]',
  ].join('\n');

  it('forbids every medicine that treats malaria to a child whose RDT is negative', () => {
    const drugs = forbiddenDrugs([negativeSection], child, rdt('RDT negative')).map((f) => f.drug);
    expect(drugs).toEqual(expect.arrayContaining(['artemether-lumefantrine', 'artesunate-amodiaquine', 'rectal artesunate']));
    expect(drugs).not.toContain('sulfadoxine-pyrimethamine');
  });

  it('forbids nothing when the RDT is positive, not reported, or reported both ways', () => {
    expect(forbiddenDrugs([negativeSection], child, rdt('RDT positive'))).toEqual([]);
    expect(forbiddenDrugs([negativeSection], child, [])).toEqual([]);
    expect(forbiddenDrugs([negativeSection], child, [...rdt('RDT negative'), ...rdt('malaria microscopy positive')])).toEqual([]);
  });

  it('removes the antimalarial and the dose left without its name, and keeps the warning and the paracetamol', () => {
    const checked = checkPlanDraft(draft, [negativeSection, rectal], child, rdt('mRDT negative'));
    expect(checked.text.split('\n')).toEqual([
      '- A person with a negative RDT should not receive antimalarial medicine [S1]',
      '- Give paracetamol for a high fever that is causing distress [S1]',
    ]);
    expect(checked.removed.map((r) => r.reason)).toEqual(['contraindicated_for_patient', 'contraindicated_for_patient']);
  });

  it('keeps the rectal artesunate dose for a child whose RDT is positive', () => {
    expect(checkPlanDraft(draft, [negativeSection, rectal], child, rdt('RDT positive')).text).toContain('about 10 mg per kg');
  });
});

describe('a prohibition for people with a condition (diabetes sample ch3: "Metformin is not used in people with severe kidney or liver disease, heart failure with breathlessness at rest, or heavy alcohol use")', () => {
  const metformin = section(
    'S1',
    'Treatment > Treatment of type 2 diabetes > Metformin',
    'Metformin is the first medicine for most adults with type 2 diabetes. Metformin is not used in people with severe kidney or liver disease, heart failure with breathlessness at rest, or heavy alcohol use.',
  );
  const man = { sex: 'male' as const, ageYears: 50 };
  const history = (value: string) => [{ category: 'history' as const, value }];

  it('forbids metformin to a man who reports kidney disease, liver disease or heart failure, severity unknown', () => {
    expect(forbiddenDrugs([metformin], man, history('history of kidney disease')).map((f) => f.drug)).toContain('metformin');
    expect(forbiddenDrugs([metformin], man, history('history of liver disease')).map((f) => f.drug)).toContain('metformin');
    expect(forbiddenDrugs([metformin], man, history('history of heart failure')).map((f) => f.drug)).toContain('metformin');
  });

  it('forbids nothing to a man who reports none of them', () => {
    expect(forbiddenDrugs([metformin], man, [])).toEqual([]);
    expect(forbiddenDrugs([metformin], man, history('history of asthma'))).toEqual([]);
    expect(forbiddenDrugs([metformin], man, [{ category: 'history', value: 'no history of kidney disease', negated: true }])).toEqual([]);
  });
});

describe('a prohibition for people on a medicine (malaria sample ch7: "Do not give IPTp-SP to a woman who takes cotrimoxazole every day")', () => {
  const iptp = section(
    'S1',
    'Preventing malaria > Preventive treatment in pregnancy (IPTp)',
    'Every pregnant woman should receive intermittent preventive treatment with sulfadoxine-pyrimethamine (IPTp-SP) at antenatal care. The dose is three tablets of sulfadoxine 500 mg / pyrimethamine 25 mg, swallowed together under observation. It is started as early as possible in the second trimester.\nDo not give IPTp-SP to a woman who takes cotrimoxazole every day, for example because she is living with HIV.',
  );
  const pregnant24Weeks = { sex: 'female' as const, ageYears: 28, pregnant: true, gestationWeeks: 24, trimester: 2 as const };
  const onCotrimoxazole = [{ category: 'medication' as const, value: 'cotrimoxazole' }];

  it('forbids sulfadoxine-pyrimethamine, by its full name, to a woman who takes cotrimoxazole, and not to one who does not', () => {
    expect(forbiddenDrugs([iptp], pregnant24Weeks, onCotrimoxazole).map((f) => f.drug)).toEqual(expect.arrayContaining(['iptp-sp', 'sulfadoxine-pyrimethamine']));
    expect(forbiddenDrugs([iptp], pregnant24Weeks, [])).toEqual([]);
  });

  it('keeps the prohibition and removes every line that gives her SP', () => {
    const draft = [
      '- Every pregnant woman should receive IPTp-SP at antenatal care [S1]',
      '- Give three tablets of sulfadoxine 500 mg / pyrimethamine 25 mg under observation [S1]',
      '- Do not give IPTp-SP to a woman who takes cotrimoxazole every day, for example because she is living with HIV [S1]',
    ].join('\n');
    expect(checkPlanDraft(draft, [iptp], pregnant24Weeks, onCotrimoxazole).text.split('\n')).toEqual([
      '- Do not give IPTp-SP to a woman who takes cotrimoxazole every day, for example because she is living with HIV [S1]',
    ]);
  });

  it('gives the extractive plan none of the section\'s SP lines, the one that names no medicine included', () => {
    const plan = extractivePlan({ diagnoses: [{ condition: 'malaria prevention in pregnancy' }], demographics: pregnant24Weeks, findings: onCotrimoxazole, sections: [iptp] });
    expect(plan).not.toMatch(/should receive|three tablets|It is started/);
    expect(plan).toContain('Do not give IPTp-SP to a woman who takes cotrimoxazole every day');
  });
});

describe('a section for a graver class of the same classification (diarrhoea sample: no dehydration -> Plan A, some -> Plan B, severe -> Plan C)', () => {
  const planB = 'Rehydration: Plans A, B and C > Plan B: treat some dehydration with ORS > How much ORS to give in the first 4 hours';
  const planC = 'Rehydration: Plans A, B and C > Plan C: treat severe dehydration quickly';
  const planA = 'Rehydration: Plans A, B and C > Plan A: treat diarrhoea at home > The four rules of home treatment';
  const severe = 'Assessing dehydration > Classifying dehydration > Severe dehydration';

  it('leaves Plan B, Plan C and the severe classification out of a plan for no dehydration', () => {
    for (const path of [planB, planC, severe]) expect(sectionForAnotherForm(path, 'diarrhoea with no dehydration')).toBe(true);
    expect(sectionForAnotherForm(planA, 'diarrhoea with no dehydration')).toBe(false);
  });

  it('keeps Plan A after Plan B for some dehydration, and leaves the graver Plan C out', () => {
    expect(sectionForAnotherForm(planB, 'some dehydration')).toBe(false);
    expect(sectionForAnotherForm(planA, 'diarrhoea with some dehydration')).toBe(false);
    expect(sectionForAnotherForm(planC, 'diarrhoea with some dehydration')).toBe(true);
  });

  it('gives a diarrhoea not yet classified for dehydration what applies to every class: Plan A and how to classify, not Plan B or C', () => {
    for (const dx of ['acute watery diarrhoea', 'running stomach', 'dysentery']) {
      for (const path of [planB, planC, severe]) expect(sectionForAnotherForm(path, dx)).toBe(true);
      for (const path of [planA, 'Assessing dehydration > Classifying dehydration', 'Zinc and other medicines > Zinc supplementation']) expect(sectionForAnotherForm(path, dx)).toBe(false);
    }
    // A line for a graver class that gives an amount is not hers either.
    expect(lineForAnotherClassOrForm('An adult with some dehydration needs ORS in the first four hours of about 75 ml per kg.', 'diarrhoea')).toBe(true);
  });

  it('decides nothing for another classification\'s bare diagnosis, or a heading naming several classes', () => {
    expect(sectionForAnotherForm('Treating pneumonia with amoxicillin > Treatment of chest-indrawing pneumonia', 'pneumonia')).toBe(false);
    expect(sectionForAnotherForm('Rehydration: Plans A, B and C', 'diarrhoea with no dehydration')).toBe(false);
    expect(sectionForAnotherForm(planA, 'diarrhoea with severe dehydration')).toBe(false);
  });
});

describe('the same for the hypertensive disorders of pregnancy (gestational hypertension -> pre-eclampsia -> severe)', () => {
  const gestational = 'Hypertensive disorders of pregnancy > Hypertensive disorders of pregnancy > Gestational hypertension';
  const preEclampsia = 'Hypertensive disorders of pregnancy > Hypertensive disorders of pregnancy > Pre-eclampsia';

  it('leaves gestational hypertension ("if protein appears, reclassify") out of a plan for pre-eclampsia', () => {
    expect(sectionForAnotherForm(gestational, 'pre-eclampsia: protein in urine pregnancy')).toBe(true);
    expect(sectionForAnotherForm(gestational, 'severe pre-eclampsia')).toBe(true);
  });

  it('keeps it for gestational hypertension, and keeps pre-eclampsia for pre-eclampsia', () => {
    expect(sectionForAnotherForm(gestational, 'gestational hypertension')).toBe(false);
    expect(sectionForAnotherForm(preEclampsia, 'pre-eclampsia: protein in urine pregnancy')).toBe(false);
  });
});

describe('the same for cough or difficult breathing (pneumonia sample: cough or cold -> fast breathing -> chest indrawing or severe)', () => {
  const amoxicillin = 'Treating pneumonia and wheeze > Treating pneumonia with amoxicillin > Amoxicillin dispersible tablet dosing by age and weight';
  const indrawing = 'Treating pneumonia with amoxicillin > Treatment of chest-indrawing pneumonia';
  const homeCare = 'Home care, referral and follow-up > Home care for a child with cough';

  it('reads "Treating pneumonia and wheeze" as about pneumonia too, and "Persistent diarrhoea, dysentery and cholera" as about those forms only', () => {
    expect(sectionForAnotherForm(amoxicillin, 'pneumonia')).toBe(false);
    expect(sectionForAnotherForm('Persistent diarrhoea, dysentery and cholera > Persistent diarrhoea', 'acute watery diarrhoea')).toBe(true);
  });

  it('gives a cough or cold no amoxicillin section, and keeps home care', () => {
    expect(sectionForAnotherForm(amoxicillin, 'cough or cold (no pneumonia)')).toBe(true);
    expect(sectionForAnotherForm(homeCare, 'cough or cold (no pneumonia)')).toBe(false);
  });

  it('keeps the amoxicillin dosing for fast breathing and leaves chest-indrawing treatment out; a bare "pneumonia" decides nothing', () => {
    expect(sectionForAnotherForm(amoxicillin, 'pneumonia, fast breathing')).toBe(false);
    expect(sectionForAnotherForm(indrawing, 'pneumonia, fast breathing')).toBe(true);
    expect(sectionForAnotherForm(indrawing, 'pneumonia')).toBe(false);
  });
});

describe('the same for acute malnutrition (malnutrition sample: MAM -> uncomplicated SAM -> complicated SAM)', () => {
  const mam = 'Moderate acute malnutrition > Managing moderate acute malnutrition';
  const rutf = 'Severe acute malnutrition > Treating uncomplicated SAM at home > RUTF ration by body weight';
  const appetite = 'Severe acute malnutrition > The appetite test';
  const inpatient = 'Severe acute malnutrition > Complicated SAM: refer for inpatient care';

  it('gives a child with MAM none of the SAM sections: no RUTF ration, no appetite test, no inpatient referral', () => {
    for (const path of [rutf, appetite, inpatient]) expect(sectionForAnotherForm(path, 'moderate acute malnutrition')).toBe(true);
    expect(sectionForAnotherForm(mam, 'moderate acute malnutrition')).toBe(false);
    expect(sectionForAnotherForm(rutf, 'MAM')).toBe(true);
  });

  it('treats uncomplicated SAM at home: RUTF and the appetite test stay, inpatient referral and MAM food do not', () => {
    expect(sectionForAnotherForm(rutf, 'uncomplicated severe acute malnutrition')).toBe(false);
    expect(sectionForAnotherForm(appetite, 'uncomplicated SAM')).toBe(false);
    expect(sectionForAnotherForm(inpatient, 'uncomplicated severe acute malnutrition')).toBe(true);
    expect(sectionForAnotherForm(mam, 'uncomplicated severe acute malnutrition')).toBe(true);
  });

  it('refers complicated SAM without the home treatment, and keeps both severe classes for a bare SAM', () => {
    expect(sectionForAnotherForm(inpatient, 'complicated severe acute malnutrition')).toBe(false);
    for (const path of [rutf, appetite, mam]) expect(sectionForAnotherForm(path, 'complicated SAM')).toBe(true);
    for (const path of [rutf, appetite, inpatient]) expect(sectionForAnotherForm(path, 'severe acute malnutrition')).toBe(false);
    expect(sectionForAnotherForm(mam, 'severe acute malnutrition')).toBe(true);
  });
});

describe('anaemia (anaemia sample: some pallor -> iron at home, severe anaemia -> refer, "do not give iron before referral")', () => {
  const ironDosing = 'Iron and folic acid > Iron treatment for children with anaemia > Iron dosing for children by age';
  const severe = 'Severe anaemia > Severe anaemia: refer urgently';
  const severeSection = section('S1', severe, 'Do not try to treat severe anaemia with iron at home: refer urgently. Give deworming if due.');
  const followUp = section('S2', 'Anaemia linked to malaria, sickle cell disease and diet > Follow-up of a child with anaemia', 'If the pallor is improving, give iron for another 14 days.');
  const child = { ageYears: 3, sex: 'male' as const, weightKg: 13 };

  it('gives severe anaemia none of the iron treatment sections, and a child with some pallor no severe-anaemia section', () => {
    expect(sectionForAnotherForm(ironDosing, 'severe anaemia')).toBe(true);
    expect(sectionForAnotherForm(severe, 'severe anaemia')).toBe(false);
    expect(sectionForAnotherForm(severe, 'anaemia, some pallor')).toBe(true);
    expect(sectionForAnotherForm(ironDosing, 'anaemia')).toBe(false);
    expect(sectionForAnotherForm(severe, 'anaemia')).toBe(false);
  });

  it('reads "do not try to treat severe anaemia with iron" as forbidding iron for a diagnosis of severe anaemia only', () => {
    expect(forbiddenDrugs([severeSection], child, [], ['severe anaemia']).map((f) => f.drug)).toEqual(expect.arrayContaining(['iron', 'ferrous']));
    expect(forbiddenDrugs([severeSection], child, [], ['anaemia'])).toEqual([]);
    expect(forbiddenDrugs([severeSection], child, [], [])).toEqual([]);
  });

  it('keeps the prohibition in the plan and drops the follow-up line that gives iron', () => {
    const plan = extractivePlan({ diagnoses: [{ condition: 'severe anaemia' }], demographics: child, findings: [], sections: [severeSection, followUp] });
    expect(plan).toContain('Do not try to treat severe anaemia with iron at home');
    expect(plan).not.toContain('give iron for another 14 days');
  });
});

describe('a prohibition naming two populations ("Do not give iron to a child with SAM who is receiving RUTF, or to a child with sickle cell disease")', () => {
  const note = section('S1', 'Iron and folic acid > Iron treatment for children with anaemia > Iron dosing for children by age', 'Note: Do not give iron to a child with severe acute malnutrition who is receiving RUTF, or to a child with sickle cell disease unless iron deficiency has been confirmed at a facility.');
  const child = { ageYears: 2, sex: 'female' as const, weightKg: 8 };

  it('forbids iron to a child on RUTF, and nothing else: "to a child" is not a medicine', () => {
    expect(forbiddenDrugs([note], child, [{ category: 'medication', value: 'RUTF' }]).map((f) => f.drug).sort()).toEqual(['ferrous', 'iron']);
    expect(forbiddenDrugs([note], child, [])).toEqual([]);
  });
});

describe('pregnancy\'s own sections for a woman who has not said she is pregnant (pregnancy sample ch5: nifedipine for severe hypertension in pregnancy)', () => {
  const severeInPregnancy = { sectionPath: 'Care before and during referral > Antihypertensive medicines in pregnancy > Severe hypertension in pregnancy' };
  const womanNotSaid = { ageYears: 53, sex: 'female' as const };

  it('leaves them out of a plan for severe hypertension, and keeps them when she is pregnant or the diagnosis is one only a pregnancy has', () => {
    expect(sectionForUnstatedPregnancy(severeInPregnancy, womanNotSaid, 'severe hypertension')).toBe(true);
    expect(sectionForUnstatedPregnancy(severeInPregnancy, { ...womanNotSaid, ageYears: 30, pregnant: true }, 'severe hypertension')).toBe(false);
    expect(sectionForUnstatedPregnancy(severeInPregnancy, womanNotSaid, 'severe pre-eclampsia')).toBe(false);
    expect(sectionForUnstatedPregnancy(severeInPregnancy, womanNotSaid, 'hypertension in pregnancy')).toBe(false);
  });

  it('keeps a section written for pregnancy and another population, or for none', () => {
    expect(sectionForUnstatedPregnancy({ sectionPath: 'Pregnancy, breastfeeding and HIV-exposed infants > Infant prophylaxis' }, womanNotSaid, 'HIV')).toBe(false);
    expect(sectionForUnstatedPregnancy({ sectionPath: 'Severe hypertension and referral > Signs of a hypertensive emergency' }, womanNotSaid, 'severe hypertension')).toBe(false);
  });
});

describe('a medicine she takes that her illness rules out (diabetes sample ch3: metformin and kidney disease)', () => {
  const metformin = section(
    'S1',
    'Treatment > Treatment of type 2 diabetes > Metformin',
    'Metformin is not used in people with severe kidney or liver disease, heart failure with breathlessness at rest, or heavy alcohol use. It should be stopped for a few days during severe vomiting.',
  );
  const woman45 = { sex: 'female' as const, ageYears: 45, pregnant: false };
  const findings: Finding[] = [
    { category: 'medication', value: 'diabetic on metformin 1g twice daily' },
    { category: 'history', value: 'kidney disease told by hospital' },
  ];
  const draft = ['- Metformin is not used in people with severe kidney or liver disease, heart failure with breathlessness at rest, or heavy alcohol use. [S1]', '- Continue metformin 1 g twice daily. [S1]'].join('\n');

  it('keeps the line that rules out her metformin: "heavy alcohol use" recommends nothing', () => {
    const checked = checkPlanDraft(draft, [metformin], woman45, findings, ['type 2 diabetes']);
    expect(checked.text).toMatch(/Metformin is not used in people with severe kidney/);
    expect(checked.text).not.toMatch(/Continue metformin/);
  });

  it('still drops a line that gives the medicine after forbidding it for others', () => {
    const forbidden = forbiddenDrugs([metformin], woman45, findings, ['type 2 diabetes']);
    expect(givesForbiddenDrug('Metformin is not used in heart failure; use metformin in kidney disease.', forbidden, woman45, findings, ['type 2 diabetes'])).toBe(true);
  });
});

describe('a medicine a child received recently (malaria sample ch3: AS-AQ after seasonal malaria chemoprevention)', () => {
  const asaq = section(
    'S1',
    'Treatment of uncomplicated malaria > Uncomplicated malaria in children > Artesunate-amodiaquine dosing for children',
    'Do not use AS-AQ for a child who received amodiaquine as seasonal malaria chemoprevention in the past four weeks, or for a child taking zidovudine or efavirenz: give artemether-lumefantrine instead.',
  );
  const child = { sex: 'female' as const, ageYears: 3, ageMonths: 36, weightKg: 13 };

  it('forbids AS-AQ after SMC, and not the medicines of the other population it names', () => {
    const smc: Finding[] = [{ category: 'medication', value: 'seasonal malaria chemoprevention (sulfadoxine-pyrimethamine + amodiaquine)' }];
    const drugs = forbiddenDrugs([asaq], child, smc).map((f) => f.drug);
    expect(drugs).toContain('artesunate-amodiaquine');
    expect(drugs).not.toContain('efavirenz');
    expect(forbiddenDrugs([asaq], child, [])).toEqual([]);
  });
});

describe('a table row that says to avoid its medicine in a condition (pregnancy sample Table 5.2: labetalol and asthma)', () => {
  const table = section(
    'S1',
    'Care before and during referral > Antihypertensive medicines in pregnancy > Oral medicines for non-severe hypertension',
    'Table 5.2 Oral antihypertensives that may be used in pregnancy\nMedicine: Methyldopa; Starting dose: 250 mg two or three times daily; Notes: Tiredness and low mood are common\nMedicine: Labetalol; Starting dose: 100 mg twice daily; Notes: Avoid in asthma',
  );
  const pregnant = { sex: 'female' as const, ageYears: 29, pregnant: true, gestationWeeks: 30, trimester: 3 as const };

  it('forbids labetalol for a woman with asthma, and nothing for one without', () => {
    expect(forbiddenDrugs([table], pregnant, [{ category: 'history', value: 'history of asthma' }]).map((f) => f.drug)).toEqual(['labetalol']);
    expect(forbiddenDrugs([table], pregnant, [{ category: 'history', value: 'no history of asthma', negated: true }])).toEqual([]);
    expect(forbiddenDrugs([table], pregnant, [])).toEqual([]);
  });
});

describe('deworming in the first trimester (anaemia sample ch4: "Do not give deworming tablets in the first trimester")', () => {
  const deworming = section(
    'S1',
    'Deworming > Deworming > Deworming in pregnancy',
    'In areas where hookworm and other worms are common, pregnant women should receive a single dose of albendazole 400 mg or mebendazole 500 mg after the first trimester, that is, from the fourth month of pregnancy. Do not give deworming tablets in the first trimester. Give the dose at an antenatal contact, together with the daily iron and folic acid supplement.',
  );
  const at = (gestationWeeks: number, trimester: 1 | 2) => ({ sex: 'female' as const, ageYears: 25, pregnant: true, gestationWeeks, trimester });

  it('forbids albendazole and mebendazole at 8 weeks, not at 20', () => {
    expect(forbiddenDrugs([deworming], at(8, 1)).map((f) => f.drug)).toEqual(expect.arrayContaining(['albendazole', 'mebendazole']));
    expect(forbiddenDrugs([deworming], at(20, 2))).toEqual([]);
  });

  it('drops "Give the dose ..." from a drafted plan at 8 weeks, where the dose is the deworming dose, and keeps the prohibition', () => {
    const draft = ['- Do not give deworming tablets in the first trimester. [S1]', '- Give the dose at an antenatal contact, together with the daily iron and folic acid supplement. [S1]', '- Give the dose of albendazole 400 mg now. [S1]'].join('\n');
    const early = checkPlanDraft(draft, [deworming], at(8, 1)).text;
    expect(early).toMatch(/Do not give deworming tablets in the first trimester/);
    expect(early).not.toMatch(/Give the dose/);
  });

  it('gives the extractive plan at 8 weeks the prohibition and no deworming dose', () => {
    const plan = extractivePlan({ diagnoses: [{ condition: 'anaemia in pregnancy' }], demographics: at(8, 1), findings: [], sections: [deworming] });
    expect(plan).toMatch(/Do not give deworming tablets in the first trimester/);
    expect(plan).not.toMatch(/albendazole|Give the dose/);
  });
});

describe('antibiotics for a child with wheeze (pneumonia sample ch3: the bronchodilator first)', () => {
  const wheeze = section(
    'S1',
    'Treating pneumonia and wheeze > Wheeze',
    'Wheeze itself can cause fast breathing and chest indrawing that improve once the airways open, so a child with wheeze should not be given antibiotics for pneumonia before the response to a bronchodilator has been checked.',
  );
  const boy = { sex: 'male' as const, ageYears: 3, ageMonths: 36, weightKg: 12 };
  const said = (...values: string[]): Finding[] => values.map((value) => ({ category: 'exam_sign', value }));

  it('forbids amoxicillin for a child with wheeze until a bronchodilator has been tried, and nothing without wheeze', () => {
    expect(forbiddenDrugs([wheeze], boy, said('wheeze', 'respiratory rate 46/min')).map((f) => f.drug)).toContain('amoxicillin');
    expect(forbiddenDrugs([wheeze], boy, said('wheeze', 'respiratory rate 46/min after 2 trials of salbutamol inhaler'))).toEqual([]);
    expect(forbiddenDrugs([wheeze], boy, said('respiratory rate 46/min'))).toEqual([]);
  });
});

describe('naming a forbidden medicine: a whole word, plural or not', () => {
  it('finds "iron" in "iron syrup" and "ACE inhibitor" in "ACE inhibitors", and not "PrEP" in "Preparing ORS"', () => {
    expect(namesForbiddenDrug('Give iron syrup 2 ml daily', [{ drug: 'iron', label: 'S1' }])).toBe(true);
    expect(namesForbiddenDrug('ACE inhibitors must not be used', [{ drug: 'ace inhibitor', label: 'S1' }])).toBe(true);
    expect(namesForbiddenDrug('Preparing ORS: mix one packet in a litre of water', [{ drug: 'prep', label: 'S1' }])).toBe(false);
    expect(namesForbiddenDrug('Environmental cleaning', [{ drug: 'iron', label: 'S1' }])).toBe(false);
  });
});

describe('malaria (malaria sample: uncomplicated -> treatment failure -> severe; danger signs and referral stay in every plan)', () => {
  const alDosing = 'Treatment of uncomplicated malaria > Uncomplicated malaria in children > Artemether-lumefantrine dosing for children by weight band';
  const failure = 'Follow-up and treatment failure > Suspected treatment failure';
  const rectal = 'Severe malaria > Pre-referral treatment > Rectal artesunate dosing by age and weight';

  it('gives suspected treatment failure no first-line ACT section, and keeps its own and the pre-referral ones', () => {
    expect(sectionForAnotherForm(alDosing, 'malaria treatment failure')).toBe(true);
    expect(sectionForAnotherForm(failure, 'malaria treatment failure')).toBe(false);
    expect(sectionForAnotherForm(rectal, 'malaria treatment failure')).toBe(false);
  });

  it('keeps the pre-referral and treatment-failure sections in a plan for uncomplicated malaria, and the ACT out of one for severe malaria', () => {
    for (const path of [alDosing, failure, rectal]) expect(sectionForAnotherForm(path, 'uncomplicated malaria')).toBe(false);
    expect(sectionForAnotherForm(alDosing, 'severe malaria')).toBe(true);
    expect(sectionForAnotherForm(alDosing, 'malaria')).toBe(false);
  });
});

describe('wheeze on the cough ladder (pneumonia sample ch3: no antibiotics for wheeze before a bronchodilator trial)', () => {
  const amoxicillin = 'Treating pneumonia and wheeze > Treating pneumonia with amoxicillin > Amoxicillin dispersible tablet dosing by age and weight';
  const wheeze = 'Treating pneumonia and wheeze > Wheeze > Wheeze with fast breathing: trial of an inhaled bronchodilator';

  it('gives wheeze alone the bronchodilator and no amoxicillin, and keeps amoxicillin for wheeze with fast breathing or pneumonia', () => {
    expect(sectionForAnotherForm(amoxicillin, 'wheeze')).toBe(true);
    expect(sectionForAnotherForm(wheeze, 'wheeze')).toBe(false);
    expect(sectionForAnotherForm(amoxicillin, 'wheeze with fast breathing')).toBe(false);
    expect(sectionForAnotherForm(amoxicillin, 'pneumonia with wheeze')).toBe(false);
  });
});

describe('TB (tb sample: a contact without symptoms gets preventive treatment; TB disease never does)', () => {
  const ipt = 'TB preventive treatment > TB preventive treatment > Isoniazid preventive treatment by body weight';
  const sputum = 'Sputum and referral for testing > Sputum collection and referral for testing > Collecting a good sputum sample';

  it('gives presumptive or confirmed TB no preventive treatment section, and a contact both', () => {
    expect(sectionForAnotherForm(ipt, 'presumptive tb')).toBe(true);
    expect(sectionForAnotherForm(ipt, 'pulmonary tuberculosis')).toBe(true);
    expect(sectionForAnotherForm(sputum, 'presumptive tb')).toBe(false);
    expect(sectionForAnotherForm(ipt, 'tb contact')).toBe(false);
    expect(sectionForAnotherForm(sputum, 'tb contact')).toBe(false);
    expect(sectionForAnotherForm(ipt, 'TB preventive treatment')).toBe(false);
  });
});

describe('a section that opens by giving its medicine to another population (malaria sample ch7 SMC, ch5 rectal artesunate)', () => {
  const smc = section(
    'S1',
    'Preventing malaria > Preventing malaria in the community > Seasonal malaria chemoprevention (SMC)',
    'Where most malaria occurs during a short rainy season, children aged 3 to 59 months (and, in some programmes, older children) receive seasonal malaria chemoprevention: a three-day course of sulfadoxine-pyrimethamine plus amodiaquine (SPAQ) once a month during the months of high transmission. The first day\'s doses are given by the health worker; the caregiver gives the amodiaquine doses on days 2 and 3 at home.',
  );
  const zinc = section(
    'S2',
    'Zinc and other medicines > Zinc supplementation',
    'Zinc given to a child with diarrhoea shortens the illness, makes it less severe, and reduces the chance of diarrhoea in the following two to three months. Every child aged 2 months up to 5 years with diarrhoea should receive zinc once a day for 10 to 14 days.',
  );

  it('is for another population: SMC for a pregnant woman, not for a child of 3 years', () => {
    expect(sectionForOtherPopulation(smc.section, { ageYears: 26, sex: 'female', pregnant: true, gestationWeeks: 10 })).toBe(true);
    expect(sectionForOtherPopulation(smc.section, { ageYears: 3, sex: 'male' })).toBe(false);
  });

  it('does not read "in the following two to three months" as the age of the children it is for', () => {
    expect(sectionForOtherPopulation(zinc.section, { ageYears: 3, sex: 'male', weightKg: 14 })).toBe(false);
  });

  it('gives the pregnant woman none of its lines, in the extractive plan or from a draft', () => {
    const woman = { ageYears: 26, sex: 'female' as const, pregnant: true, gestationWeeks: 10 };
    expect(extractivePlan({ diagnoses: [{ condition: 'uncomplicated malaria' }], demographics: woman, findings: [], sections: [smc] })).not.toMatch(/amodiaquine/);
    const checked = checkPlanDraft("- The first day's doses are given by the health worker; the caregiver gives the amodiaquine doses on days 2 and 3 at home. [S1]", [smc], woman);
    expect(checked.removed.map((r) => r.reason)).toEqual(['section_for_other_population']);
  });
});

describe('a section headed for a group whose first sentence states its age band (hypertension sample ch4)', () => {
  const older = section(
    'S1',
    'Follow-up and special groups > Hypertension in older adults',
    'Treating hypertension in people aged 65 years and older prevents strokes and heart failure, and age alone is not a reason to withhold treatment. Start with low doses, such as amlodipine 2.5 mg once daily, increase slowly, and review more often.',
  );
  const plannedFor = (ageYears: number) => extractivePlan({ diagnoses: [{ condition: 'hypertension' }], demographics: { ageYears, sex: 'male' }, findings: [], sections: [older] });

  it('is for another population below the band: its low starting dose is for 65 and over, not for a man of 60', () => {
    expect(sectionForOtherPopulation(older.section, { ageYears: 60, sex: 'male' })).toBe(true);
    expect(sectionForOtherPopulation(older.section, { ageYears: 72, sex: 'male' })).toBe(false);
    expect(plannedFor(60)).not.toMatch(/amlodipine/);
    expect(plannedFor(72)).toMatch(/amlodipine 2\.5 mg/);
  });

  it('reads a band in a section not headed for a group as one clause\'s, not the whole section\'s', () => {
    const ors = section('S2', 'Plan B: treat some dehydration with ORS > Giving ORS during Plan B', 'Show the caregiver how to give ORS: frequent small sips from a cup, or a teaspoonful every one to two minutes for a child under 2 years. A child who is not breastfed may be given 100 to 200 ml of clean water in addition during the four hours.');
    expect(sectionForOtherPopulation(ors.section, { ageYears: 3, sex: 'male' })).toBe(false);
  });
});

describe('a condition with its own sections in a shared book (pregnancy sample: bleeding after birth)', () => {
  const uterotonics = 'Bleeding after birth > Bleeding after birth > Medicines for bleeding after birth';

  it('keeps the uterotonics out of a plan for eclampsia or pre-eclampsia after birth, and in one for PPH however it is written', () => {
    expect(sectionForAnotherForm(uterotonics, 'eclampsia')).toBe(true);
    expect(sectionForAnotherForm(uterotonics, 'postpartum pre-eclampsia')).toBe(true);
    for (const dx of ['postpartum haemorrhage', 'PPH', 'bleeding after delivery', 'heavy bleeding after birth', 'prevention of postpartum haemorrhage']) {
      expect(sectionForAnotherForm(uterotonics, dx)).toBe(false);
    }
  });

  it('keeps the first aid for a fit (magnesium sulfate) out of a plan for bleeding in pregnancy, and in one for a fit or (pre-)eclampsia', () => {
    const fits = 'Danger signs in pregnancy > Danger signs in pregnancy > Fits';
    const firstAid = 'Care before and during referral > Care before and during referral > First aid during a fit';
    expect(sectionForAnotherForm(fits, 'bleeding in pregnancy')).toBe(true);
    expect(sectionForAnotherForm(firstAid, 'antepartum haemorrhage')).toBe(true);
    for (const dx of ['eclampsia', 'severe pre-eclampsia', 'pregnant woman fitting', 'convulsions in pregnancy']) {
      expect(sectionForAnotherForm(fits, dx)).toBe(false);
      expect(sectionForAnotherForm(firstAid, dx)).toBe(false);
    }
  });
});

describe('hypoglycaemia is written from its own sections (diabetes sample ch4)', () => {
  it('leaves the treatment of diabetes out, keeps the emergencies, and leaves other emergencies alone', () => {
    expect(sectionForAnotherForm('Treatment > Treatment of type 2 diabetes > Adding a sulfonylurea', 'hypoglycaemia')).toBe(true);
    expect(sectionForAnotherForm('Emergencies > Diabetes emergencies > Hypoglycaemia > Treating hypoglycaemia', 'hypoglycaemia')).toBe(false);
    expect(sectionForAnotherForm('Emergencies > Diabetes emergencies', 'sugar too low')).toBe(false);
    expect(sectionForAnotherForm('Severe hypertension and referral > Severe hypertension: urgency and emergency', 'severe hypertension')).toBe(false);
    expect(sectionForAnotherForm('Treatment > Treatment of type 2 diabetes > Adding a sulfonylurea', 'type 2 diabetes')).toBe(false);
  });
});

describe('PrEP is for people who do not have HIV (HIV sample ch8, annex 1)', () => {
  const annex = section('S1', 'Quick dose reference', 'Oral PrEP: tenofovir 300 mg with emtricitabine 200 mg once daily.\nStart tenofovir, lamivudine and dolutegravir (TLD), one tablet once daily, the same day the diagnosis is confirmed.');
  const man = { ageYears: 35, sex: 'male' as const };

  it('is forbidden after a positive HIV test or for a diagnosis of HIV infection, and not after a negative test or for PEP', () => {
    expect(forbiddenDrugs([annex], man, [{ category: 'test_result', value: 'HIV test reactive' }]).map((f) => f.drug)).toEqual(['pre-exposure prophylaxis']);
    expect(forbiddenDrugs([annex], man, [], ['HIV infection']).map((f) => f.drug)).toEqual(['pre-exposure prophylaxis']);
    expect(forbiddenDrugs([annex], man, [{ category: 'test_result', value: 'HIV test negative' }], ['post-exposure prophylaxis'])).toEqual([]);
    expect(forbiddenDrugs([annex], man, [], ['HIV-exposed infant'])).toEqual([]);
  });

  it('leaves the PrEP line out of his plan and keeps TLD', () => {
    const plan = extractivePlan({ diagnoses: [{ condition: 'HIV' }], demographics: man, findings: [{ category: 'test_result', value: 'HIV test reactive' }], sections: [annex] });
    expect(plan).not.toMatch(/PrEP/);
    expect(plan).toMatch(/Start tenofovir, lamivudine and dolutegravir/);
  });
});

describe('PEP is for people who do not have HIV either (HIV sample ch1 "Recent exposure and the window period", ch8)', () => {
  const window = section('S1', 'HIV testing > HIV testing services > Recent exposure and the window period', 'A person who tests negative but had a possible exposure in the past six weeks should be retested after four to six weeks. A person with a possible exposure in the past 72 hours should be referred at once for post-exposure prophylaxis (chapter 8).');
  const woman = { ageYears: 26, sex: 'female' as const, pregnant: false, postpartum: true };

  it('leaves the referral for PEP out of the plan of a woman living with HIV, and keeps it for one whose test is negative', () => {
    const reactive = extractivePlan({ diagnoses: [{ condition: 'HIV' }], demographics: woman, findings: [{ category: 'test_result', value: 'HIV test reactive' }], sections: [window] });
    expect(reactive).not.toMatch(/post-exposure prophylaxis/);
    const negative = extractivePlan({ diagnoses: [{ condition: 'possible HIV exposure' }], demographics: woman, findings: [{ category: 'test_result', value: 'HIV test non-reactive' }], sections: [window] });
    expect(negative).toMatch(/post-exposure prophylaxis/);
  });
});

describe('a heading for people with the illness another book is about (TB sample ch5 "TB and HIV")', () => {
  const tbAndHiv = {
    sectionPath: 'TB and HIV > TB and HIV',
    titlePath: 'Tuberculosis screening and referral > TB and HIV > TB and HIV',
    text: [
      'TB and HIV > TB and HIV',
      'Care for the two conditions must be linked: every person with TB should know their HIV status.',
      'Cotrimoxazole for people with TB and HIV',
      'All people with TB who are living with HIV should also take cotrimoxazole prophylaxis, which prevents other serious infections and reduces deaths.',
    ].join('\n'),
  };
  const man = { ageYears: 35, sex: 'male' as const };

  it('leaves its lines out for a man with HIV and no TB', () => {
    expect(linesForOtherPatients(tbAndHiv, man, ['HIV'], [{ category: 'test_result', value: 'HIV test reactive' }]).some((l) => l.includes('cotrimoxazole prophylaxis'))).toBe(true);
  });

  it('keeps them for a man with TB whose HIV test is reactive', () => {
    expect(linesForOtherPatients(tbAndHiv, man, ['tuberculosis'], [{ category: 'test_result', value: 'HIV test reactive' }])).toEqual([]);
  });

  it('reads a sign in such a heading as no illness of another book ("Daily iron for children with some palmar pallor")', () => {
    const iron = { sectionPath: 'Anaemia in children > Daily iron for children with some palmar pallor', titlePath: 'Anaemia in children and pregnant women, including deworming (sample guideline) > Anaemia in children > Daily iron for children with some palmar pallor', text: 'Give iron between meals.' };
    expect(linesForOtherPatients(iron, { ageMonths: 30 }, ['anaemia'], [{ category: 'test_result', value: 'haemoglobin 9 g/dL' }])).toEqual([]);
  });
});

describe('a prohibition for people with a named condition (anaemia sample Table 3.1 note: sickle cell disease)', () => {
  const note = section('S1', 'Iron and folic acid > Iron treatment for children with anaemia > Iron dosing for children by age', 'Give one dose of iron daily for 14 days.\nNote: Do not give iron to a child with severe acute malnutrition who is receiving RUTF, or to a child with sickle cell disease unless iron deficiency has been confirmed at a facility.');
  const child = { ageYears: 4, sex: 'female' as const, weightKg: 15 };
  const sickle = [{ category: 'history' as const, value: 'known sickle cell disease' }];

  it('forbids iron to a child whose health worker reported sickle cell disease, and keeps the note that says so', () => {
    expect(forbiddenDrugs([note], child, sickle).map((f) => f.drug).sort()).toEqual(['ferrous', 'iron']);
    expect(forbiddenDrugs([note], child, [{ category: 'history', value: 'sickle cell disease', negated: true }])).toEqual([]);
    const plan = extractivePlan({ diagnoses: [{ condition: 'anaemia' }], demographics: child, findings: sickle, sections: [note] });
    expect(plan).toContain('Do not give iron to a child with severe acute malnutrition');
    expect(plan).not.toContain('Give one dose of iron daily');
  });
});

describe('a section on preventing the illness she has', () => {
  const at = (sectionPath: string) => ({ sectionPath });

  it('is prevention of her illness: its own heading, or prevention headings above it, name the diagnosis', () => {
    expect(preventsConditionSheHas(at('Bleeding after birth > Bleeding after birth > Preventing bleeding after birth'), ['postpartum haemorrhage'])).toBe(true);
    expect(preventsConditionSheHas(at('Preventing malaria > Preventing malaria in the community > Preventive treatment in pregnancy (IPTp)'), ['uncomplicated malaria'])).toBe(true);
    expect(preventsConditionSheHas(at('TB preventive treatment > TB preventive treatment > Isoniazid preventive treatment by body weight'), ['pulmonary tuberculosis'])).toBe(true);
  });

  it('is not when prevention is the question, the section treats, or it prevents something else', () => {
    expect(preventsConditionSheHas(at('TB preventive treatment > TB preventive treatment > Isoniazid preventive treatment by body weight'), ['TB household contact'])).toBe(false);
    expect(preventsConditionSheHas(at('Bleeding after birth > Bleeding after birth > First steps'), ['postpartum haemorrhage'])).toBe(false);
    expect(preventsConditionSheHas(at('Cotrimoxazole prophylaxis > Doses by body weight'), ['HIV infection'])).toBe(false);
    // Pregnancy is her state, not the illness: aspirin to prevent pre-eclampsia may be hers with chronic hypertension.
    expect(preventsConditionSheHas(at('Other care during pregnancy > Other care during pregnancy > Preventing pre-eclampsia'), ['chronic hypertension in pregnancy'])).toBe(false);
    expect(preventsConditionSheHas(at('Other care during pregnancy > Other care during pregnancy > Preventing pre-eclampsia'), ['pre-eclampsia'])).toBe(true);
  });
});

describe('TB preventive treatment for a contact with a symptom of TB disease (sample TB ch2, ch4)', () => {
  const IPT = { sectionPath: 'TB preventive treatment > TB preventive treatment > Isoniazid preventive treatment by body weight' };
  const said = (value: string, negated = false) => ({ category: 'symptom' as const, value, negated });

  it('is ruled out until a clinician has assessed him: any symptom', () => {
    expect(preventiveTreatmentRuledOut(IPT, ['TB contact'], [said('cough 3 weeks'), said('losing weight')])).toBe(true);
  });

  it('is not for a contact who is well, nor another section', () => {
    expect(preventiveTreatmentRuledOut(IPT, ['TB contact'], [said('cough', true)])).toBe(false);
    expect(preventiveTreatmentRuledOut(IPT, ['TB contact'], [])).toBe(false);
    expect(preventiveTreatmentRuledOut({ sectionPath: 'Household contacts > Contacts of people with TB' }, ['TB contact'], [said('cough 3 weeks')])).toBe(false);
  });
});

describe('a section preventing another illness than the one a question about prevention names', () => {
  const inBook = (book: string, sectionPath: string) => ({ sectionPath, titlePath: `${book} > ${sectionPath}` });
  const PREGNANCY_BOOK = 'Pregnancy care: pre-eclampsia, danger signs and referral';
  const IPTP = inBook(PREGNANCY_BOOK, 'Other care during pregnancy > Other care during pregnancy > Preventing malaria in pregnancy');

  it('is SP at antenatal contacts for preventing bleeding after birth', () => {
    expect(preventsAnotherIllness(IPTP, ['prevention of postpartum haemorrhage'])).toBe(true);
    expect(preventsAnotherIllness(IPTP, ['prevent PPH'])).toBe(true);
  });

  it('is not the prevention asked for, named by its heading or its book, nor any section for a question that is not about prevention', () => {
    expect(preventsAnotherIllness(inBook(PREGNANCY_BOOK, 'Bleeding after birth > Bleeding after birth > Preventing bleeding after birth'), ['prevent PPH'])).toBe(false);
    expect(preventsAnotherIllness(IPTP, ['malaria prevention in pregnancy'])).toBe(false);
    expect(preventsAnotherIllness(IPTP, ['IPTp'])).toBe(false);
    expect(preventsAnotherIllness(inBook('HIV testing, treatment and prevention', 'Prevention with antiretroviral medicines > Pre-exposure and post-exposure prophylaxis > Post-exposure prophylaxis'), ['HIV exposure'])).toBe(false);
    expect(preventsAnotherIllness(IPTP, ['postpartum haemorrhage'])).toBe(false);
  });
});

describe('a section whose every stated range leaves out what the health worker measured (pregnancy sample ch5)', () => {
  const severe = {
    titlePath: 'Pregnancy care > Antihypertensive medicines in pregnancy > Severe hypertension in pregnancy',
    text: 'Blood pressure of 160/110 mmHg or more in pregnancy or after birth must be lowered within an hour. Where the health worker is trained and the medicine is available, give nifedipine immediate-release 10 mg by mouth (swallowed) and repeat after 30 minutes if the blood pressure is still 160/110 mmHg or more, while arranging transfer. Aim to bring the pressure below 160/110 mmHg, not to normal.',
  };
  const nonSevere = {
    titlePath: 'Pregnancy care > Antihypertensive medicines in pregnancy > Oral medicines for non-severe hypertension',
    text: 'For chronic or gestational hypertension, a clinician usually starts treatment when blood pressure stays at 150/100 mmHg or more, aiming for about 135/85 mmHg.',
  };

  it('is for other readings: severe hypertension for 150/100, and a target it aims for does not make it hers', () => {
    expect(sectionForOtherMeasurements(severe, measurementsIn('BP 150/100'))).toBe(true);
    expect(sectionForOtherMeasurements(nonSevere, measurementsIn('BP 145/95'))).toBe(true);
  });

  it('is hers when one of its ranges holds her reading, or when nothing was measured', () => {
    expect(sectionForOtherMeasurements(severe, measurementsIn('BP 150/112'))).toBe(false);
    expect(sectionForOtherMeasurements(nonSevere, measurementsIn('BP 150/100'))).toBe(false);
    expect(sectionForOtherMeasurements(severe, [])).toBe(false);
  });

  it('takes its dose out of a drafted plan for 150/100 and keeps its warning line', () => {
    const labelled: LabelledSection = { label: 'S1', section: { id: 'S1', accession: 'SAMPLE-PREGNANCY', bookTitle: 'Pregnancy care', sectionPath: severe.titlePath, titlePath: severe.titlePath, text: severe.text, contentHash: 'S1' } };
    const draft = ['**Plan**', '- Give nifedipine immediate-release 10 mg by mouth now. [S1]', '- Blood pressure of 160/110 mmHg or more in pregnancy must be lowered within an hour. [S1]'].join('\n');
    const woman = { ageYears: 30, sex: 'female' as const, pregnant: true, gestationWeeks: 30 };
    const checked = checkPlanDraft(draft, [labelled], woman, [{ category: 'vital_sign', value: 'BP 150/100' }]);
    expect(checked.removed.map((r) => r.reason)).toEqual(['dose_for_other_measurement']);
    expect(checked.text).toMatch(/lowered within an hour/);
    expect(checkPlanDraft(draft, [labelled], woman, [{ category: 'vital_sign', value: 'BP 168/112' }]).removed).toEqual([]);
  });
});

describe('a line for another class or form of the illness (diarrhoea sample: "Diarrhoea in adults" covers every class)', () => {
  const noDehydration = 'acute watery diarrhoea, no dehydration';

  it('is another class or form when it names one the diagnosis does not and that does not apply to it', () => {
    expect(lineForAnotherClassOrForm('An adult with some dehydration needs ORS in the first four hours of about 75 ml per kg.', noDehydration)).toBe(true);
    expect(lineForAnotherClassOrForm('Adults with dysentery and no danger signs may be given ciprofloxacin 500 mg twice daily for 3 days.', noDehydration)).toBe(true);
  });

  it('is hers when it names her class, names none, or names her condition as well', () => {
    expect(lineForAnotherClassOrForm('An adult with no dehydration should drink extra fluids, including ORS.', noDehydration)).toBe(false);
    expect(lineForAnotherClassOrForm('Adults with acute watery diarrhoea are rehydrated with ORS.', noDehydration)).toBe(false);
    expect(lineForAnotherClassOrForm('An adult with some dehydration needs ORS in the first four hours of about 75 ml per kg.', 'diarrhoea with some dehydration')).toBe(false);
    expect(lineForAnotherClassOrForm('A child with wheeze and fast breathing has pneumonia: give amoxicillin.', 'pneumonia')).toBe(false);
  });
});

describe('sub-headings inside a chunk that name a class of the illness (diarrhoea sample, ch4 "Persistent diarrhoea")', () => {
  const persistent = {
    sectionPath: 'Persistent diarrhoea, dysentery and cholera > Persistent diarrhoea',
    titlePath: 'Diarrhoea > Persistent diarrhoea, dysentery and cholera > Persistent diarrhoea',
    text: [
      'Diarrhoea > Persistent diarrhoea, dysentery and cholera > Persistent diarrhoea',
      'Diarrhoea that has lasted 14 days or more is called persistent diarrhoea.',
      'Severe persistent diarrhoea',
      'A child with diarrhoea for 14 days or more who also has some or severe dehydration has severe persistent diarrhoea. Treat the dehydration first, following Plan B or Plan C, and then refer the child to the health facility.',
      'Persistent diarrhoea without dehydration: feeding',
      'A child with persistent diarrhoea and no dehydration can be treated at home. Ask the caregiver to return after 5 days, and refer if the diarrhoea has not stopped.',
    ].join('\n'),
  };
  const child = { ageMonths: 20, sex: 'female' as const };

  it('leaves out the home care of persistent diarrhoea without dehydration for severe persistent diarrhoea', () => {
    const others = linesForOtherPatients(persistent, child, ['severe persistent diarrhoea with some dehydration']);
    expect(others.some((l) => l.includes('return after 5 days'))).toBe(true);
    expect(others.some((l) => l.includes('treat the dehydration first'))).toBe(false);
  });

  it('keeps the severe class\'s lines for persistent diarrhoea without dehydration, and every line for a bare diarrhoea', () => {
    expect(linesForOtherPatients(persistent, child, ['persistent diarrhoea'])).toEqual([]);
    expect(linesForOtherPatients(persistent, child, [])).toEqual([]);
  });
});

describe('a line that presupposes a course already running', () => {
  const child = { ageYears: 3, sex: 'female' as const, weightKg: 12 };
  const fever = section('S1', 'Fever > Fever with a negative test', 'Give paracetamol for a high fever that is causing distress. Ask the caregiver to return in two days if the fever continues.');
  const followUp = section(
    'S2',
    'Pneumonia > Follow-up of pneumonia',
    'Refer urgently if there is any danger sign, and give the next dose of amoxicillin before the child leaves. At the follow-up visit, check whether all the doses of amoxicillin were given.',
  );
  const treatment = section('S3', 'Pneumonia > Treating pneumonia with fast breathing', 'Give amoxicillin twice a day for 3 days using the dose for the child\'s age or weight.');

  it('is left out of a plan that does not start that course, for a patient not taking it', () => {
    const plan = extractivePlan({ diagnoses: [{ condition: 'fever' }], demographics: child, findings: [{ category: 'test_result', value: 'RDT negative' }], sections: [fever, followUp] });
    expect(plan).toContain('Give paracetamol');
    expect(plan).not.toMatch(/next dose of amoxicillin|doses of amoxicillin were given/);
  });

  it('stays when the plan starts the course, or the patient already takes the medicine', () => {
    const starting = extractivePlan({ diagnoses: [{ condition: 'pneumonia with fast breathing' }], demographics: child, findings: [], sections: [treatment, followUp] });
    expect(starting).toMatch(/next dose of amoxicillin/);
    const taking = extractivePlan({ diagnoses: [{ condition: 'fever' }], demographics: child, findings: [{ category: 'medication', value: 'amoxicillin since yesterday' }], sections: [fever, followUp] });
    expect(taking).toMatch(/next dose of amoxicillin/);
  });
});

describe('a question about prevention, and a section on treating the illness', () => {
  const firstTrimester = { sectionPath: 'Malaria in pregnancy > Uncomplicated malaria in the first trimester' };
  const iptp = { sectionPath: 'Preventing malaria > Preventive treatment in pregnancy (IPTp)' };
  const prevention = ['malaria prevention in pregnancy'];

  it('is not her treatment when nothing shows she has the illness', () => {
    expect(treatsIllnessAskedToPrevent(firstTrimester, prevention, [])).toBe(true);
    const plan = extractivePlan({
      diagnoses: [{ condition: 'malaria prevention in pregnancy' }],
      demographics: { ageYears: 22, sex: 'female', pregnant: true, gestationWeeks: 12 },
      findings: [],
      sections: [section('S1', firstTrimester.sectionPath, 'She is treated with artemether-lumefantrine, 4 tablets twice a day for three days, taken with food. Tell her to return at once if she has bleeding.')],
    });
    expect(plan).not.toMatch(/artemether-lumefantrine/);
    expect(plan).toContain('return at once if she has bleeding');
  });

  it('is hers with a positive test, and a prevention section or a question about treatment is not concerned', () => {
    expect(treatsIllnessAskedToPrevent(firstTrimester, prevention, [{ category: 'test_result', value: 'RDT positive' }])).toBe(false);
    expect(treatsIllnessAskedToPrevent(iptp, prevention, [])).toBe(false);
    expect(treatsIllnessAskedToPrevent(firstTrimester, ['uncomplicated malaria'], [])).toBe(false);
  });
});

describe('a section that steps up a treatment she does not take (diabetes sample ch3)', () => {
  const sulfonylurea = { sectionPath: 'Treatment > Treatment of type 2 diabetes > Adding a sulfonylurea' };
  const insulin = { sectionPath: 'Treatment > Treatment of type 2 diabetes > When insulin is needed' };
  const none: Finding[] = [{ category: 'test_result', value: 'fasting glucose 9 mmol/L' }];

  it('leaves adding a sulfonylurea, and for type 2 diabetes insulin, out of a plan for a new diabetes on no medicine', () => {
    expect(stepsUpTreatmentNotTaken(sulfonylurea, none, 'type 2 diabetes')).toBe(true);
    expect(stepsUpTreatmentNotTaken(insulin, none, 'type 2 diabetes')).toBe(true);
    expect(stepsUpTreatmentNotTaken(insulin, none, 'T2DM, new')).toBe(true);
  });

  it('keeps insulin for type 1 diabetes or a diabetes of no stated type, and for type 2 on tablets', () => {
    expect(stepsUpTreatmentNotTaken(insulin, none, 'type 1 diabetes')).toBe(false);
    expect(stepsUpTreatmentNotTaken(insulin, none, 'diabetes')).toBe(false);
    expect(stepsUpTreatmentNotTaken(insulin, [{ category: 'medication', value: 'metformin 1 g twice daily' }, { category: 'medication', value: 'gliclazide 80 mg' }], 'type 2 diabetes')).toBe(false);
  });
});

describe('a section headed for another type of the illness (diabetes sample ch3: "Treatment of type 2 diabetes")', () => {
  const metformin = 'Treatment > Treatment of type 2 diabetes > Metformin';
  const insulin = 'Treatment > Treatment of type 2 diabetes > When insulin is needed';

  it('is not a plan for type 1 diabetes, unless its text speaks of type 1 too', () => {
    expect(sectionForAnotherForm(metformin, 'type 1 diabetes', 'Metformin is the first medicine for most adults with type 2 diabetes.')).toBe(true);
    expect(sectionForAnotherForm(insulin, 'T1DM', 'People with type 1 diabetes need insulin from diagnosis.')).toBe(false);
  });

  it('is for type 2 diabetes and for a diabetes of no stated type', () => {
    expect(sectionForAnotherForm(metformin, 'type 2 diabetes')).toBe(false);
    expect(sectionForAnotherForm(metformin, 'diabetes')).toBe(false);
  });
});

describe('an HIV test offered to a patient whose HIV is known', () => {
  const offer = 'Offer an HIV test to every person with presumptive or confirmed TB, and to their partners, as a routine part of TB care.';

  it('is not his when he is on ART or HIV positive', () => {
    expect(offersHivTestToPersonWithHiv(offer, ['presumptive TB'], [{ category: 'medication', value: 'TLD for 2 years' }])).toBe(true);
    expect(offersHivTestToPersonWithHiv(offer, ['TB'], [{ category: 'history', value: 'HIV positive on ART' }])).toBe(true);
    expect(offersHivTestToPersonWithHiv(offer, ['HIV with cough'], [])).toBe(true);
  });

  it('is hers when her status is unknown or negative, or only her partner lives with HIV; a line testing someone else offers her none', () => {
    expect(offersHivTestToPersonWithHiv(offer, ['presumptive TB'], [{ category: 'symptom', value: 'cough 3 weeks' }])).toBe(false);
    expect(offersHivTestToPersonWithHiv('Offer an HIV test at baseline and three months later.', ['possible HIV exposure'], [{ category: 'history', value: 'condom broke with a partner living with HIV' }])).toBe(false);
    expect(offersHivTestToPersonWithHiv('Her baby should be tested and given prophylaxis.', ['HIV in pregnancy'], [])).toBe(false);
  });
});

describe('a test for malaria when its result is already in the findings', () => {
  const positive: Finding[] = [{ category: 'test_result', value: 'RDT positive' }];

  it('is not asked again: "should be tested for malaria", "Confirm malaria with a test before treating"', () => {
    expect(asksForMalariaTestDone('A pregnant woman with fever should be tested for malaria and treated as in the sample malaria guideline.', positive)).toBe(true);
    expect(asksForMalariaTestDone('Confirm malaria with a test before treating, except when referral for danger signs must not be delayed.', [{ category: 'test_result', value: 'mRDT negative' }])).toBe(true);
  });

  it('keeps a line that says what to do with a result, a test for a later fever, and any test when none was done', () => {
    expect(asksForMalariaTestDone('In a malaria area, test for malaria and treat if positive.', positive)).toBe(false);
    expect(asksForMalariaTestDone('A child on iron who develops fever must be tested for malaria the same day.', positive)).toBe(false);
    expect(asksForMalariaTestDone('A pregnant woman with fever should be tested for malaria.', [{ category: 'test_result', value: 'RDT not done' }])).toBe(false);
    expect(asksForMalariaTestDone('A pregnant woman with fever should be tested for malaria.', [])).toBe(false);
  });
});

describe('a line about the other type of diabetes', () => {
  it('is not a line for a diagnosis naming one type: type 1 insulin for type 2, metformin first for type 1', () => {
    expect(lineForAnotherTypeOfDiabetes('People with type 1 diabetes need insulin from diagnosis.', ['type 2 diabetes uncontrolled'])).toBe(true);
    expect(lineForAnotherTypeOfDiabetes('Metformin is the first medicine for type 2 diabetes.', ['T1DM'])).toBe(true);
  });

  it('is kept when the diagnosis names no type or the same one, or the line names both', () => {
    expect(lineForAnotherTypeOfDiabetes('People with type 1 diabetes need insulin from diagnosis.', ['diabetes'])).toBe(false);
    expect(lineForAnotherTypeOfDiabetes('People with type 1 diabetes need insulin from diagnosis.', ['type 1 diabetes'])).toBe(false);
    expect(lineForAnotherTypeOfDiabetes('Both type 1 and type 2 diabetes can cause hypoglycaemia on insulin.', ['type 2 diabetes'])).toBe(false);
    expect(lineForAnotherTypeOfDiabetes('Check fasting glucose before each increase.', ['type 2 diabetes'])).toBe(false);
  });
});

describe('a hyperglycaemic emergency named as clinicians write it', () => {
  it('is fed by the emergency sections, and not by the treatment of diabetes', () => {
    expect(sectionForAnotherForm('Emergencies > Diabetes emergencies > Referral for hyperglycaemic emergencies', 'DKA')).toBe(false);
    expect(sectionForAnotherForm('Emergencies > Diabetes emergencies > Very high glucose: hyperglycaemic emergencies', 'diabetic ketoacidosis')).toBe(false);
    expect(sectionForAnotherForm('Treatment > Treatment of type 2 diabetes > Metformin', 'DKA')).toBe(true);
    expect(sectionForAnotherForm('Treatment > Treatment of type 2 diabetes > Metformin', 'type 2 diabetes')).toBe(false);
    expect(sectionForAnotherForm('Emergencies > Diabetes emergencies > Referral for hyperglycaemic emergencies', 'type 2 diabetes')).toBe(true);
  });
});

describe('a section for her own band that refers her for treatment', () => {
  const infants = {
    sectionPath: 'Treatment of uncomplicated malaria > Infants weighing less than 5 kg',
    titlePath: 'Malaria > Treatment of uncomplicated malaria > Infants weighing less than 5 kg',
    text: 'Any infant under 2 months with fever must be referred urgently to a health facility; do not treat at home. An older infant who weighs less than 5 kg and has a positive test should also be referred, because the tablets in the community kit are not suited to such a small body weight.',
  };
  it('refers a girl of 4 months and 4.5 kg, and then the other sections\' medicines are not hers', () => {
    expect(refersHerBandForTreatment(infants, { ageMonths: 4, weightKg: 4.5 })).toBe(true);
    expect(givesMedicineHere('Table 3.2 Artesunate-amodiaquine: Body weight (kg): 4.5 to <9; Tablets per day, days 1 to 3: 1')).toBe(true);
    expect(givesMedicineHere('Note: Infants under 2 months or under 5 kg do not receive rectal artesunate from the CHW; refer them immediately.')).toBe(false);
  });

  it('does not refer a child of 6 kg, nor one whose weight is not known', () => {
    expect(refersHerBandForTreatment(infants, { ageMonths: 4, weightKg: 6 })).toBe(false);
    expect(refersHerBandForTreatment(infants, { ageMonths: 4 })).toBe(false);
  });
});

describe('a line for people without the illness she has', () => {
  const prevention = 'To prevent anaemia, every pregnant woman without anaemia should take a supplement containing 30 to 60 mg of elemental iron.';
  it('is not a line for a woman with anaemia, however the diagnosis grades it', () => {
    expect(lineForPeopleWithoutHerIllness(prevention, ['anaemia in pregnancy'])).toBe(true);
    expect(lineForPeopleWithoutHerIllness(prevention, ['non-severe anaemia: anemia in pregnancy'])).toBe(true);
  });

  it('is kept for another illness, or for one her diagnosis says she does not have', () => {
    expect(lineForPeopleWithoutHerIllness(prevention, ['malaria prevention in pregnancy'])).toBe(false);
    expect(lineForPeopleWithoutHerIllness('Feed a child with persistent diarrhoea without dehydration at home.', ['persistent diarrhoea with no dehydration'])).toBe(false);
    expect(lineForPeopleWithoutHerIllness('A child with uncomplicated malaria, without danger signs, is given artemether-lumefantrine.', ['uncomplicated malaria'])).toBe(false);
  });

  it('is not a line for a child who has the sign its patients lack, and is kept when the sign is absent or unsaid', () => {
    const fastBreathingOnly = 'For a child with cough, fast breathing (respiratory rate at or above the threshold for age) and no chest indrawing, give amoxicillin twice a day for 3 days.';
    const said = (value: string, negated = false): Finding[] => [{ category: 'exam_sign', value, negated }];
    expect(lineForPeopleWithoutHerIllness(fastBreathingOnly, ['severe pneumonia'], said('chest indrawing'))).toBe(true);
    expect(lineForPeopleWithoutHerIllness(fastBreathingOnly, ['pneumonia'], said('no chest indrawing', true))).toBe(false);
    expect(lineForPeopleWithoutHerIllness(fastBreathingOnly, ['pneumonia'], said('cough 4 days, RR 52, no chest indrawing'))).toBe(false);
    expect(lineForPeopleWithoutHerIllness(fastBreathingOnly, ['pneumonia'], said('cough 4 days'))).toBe(false);
  });
});

describe('the malaria test result a line to test for malaria is judged by', () => {
  const line = 'A pregnant woman with fever should be tested for malaria.';
  const asked = (value: string, negated = false) => asksForMalariaTestDone(line, [{ category: 'test_result', value, negated }]);

  it('is read from the RDT, a malaria test or a blood film, either way', () => {
    expect(asked('RDT positive')).toBe(true);
    expect(asked('mRDT neg')).toBe(true);
    expect(asked('blood film: parasites seen')).toBe(true);
  });

  it('is none when the test was not done, is negated, or is another illness\'s test', () => {
    expect(asked('RDT not done')).toBe(false);
    expect(asked('RDT positive', true)).toBe(false);
    expect(asked('HIV rapid test reactive')).toBe(false);
  });
});

describe('a classification row her value places but her diagnosis overrules (malnutrition sample Table 1.1)', () => {
  const row = (classification: string) => new Map([['MUAC', '115 mm to less than 125 mm'], ['Colour on the tape', 'Yellow'], ['Classification', classification], ['Action', 'Supplementary feeding and counselling']]);

  it('drops the MAM row for a child whose oedema makes her malnutrition severe', () => {
    expect(rowForAnotherClass(row('Moderate acute malnutrition (MAM)'), ['complicated severe acute malnutrition: kwashiorkor'])).toBe(true);
    expect(rowForAnotherClass(row('Moderate acute malnutrition (MAM)'), ['severe acute malnutrition'])).toBe(true);
  });

  it('keeps the row of her own class, the class her diagnosis narrows, and every row of a diagnosis still to be classified', () => {
    expect(rowForAnotherClass(row('Moderate acute malnutrition (MAM)'), ['moderate acute malnutrition'])).toBe(false);
    expect(rowForAnotherClass(row('Severe acute malnutrition (SAM)'), ['complicated severe acute malnutrition'])).toBe(false);
    expect(rowForAnotherClass(row('Moderate acute malnutrition (MAM)'), ['malnutrition'])).toBe(false);
    expect(rowForAnotherClass(new Map([['MUAC', '115 mm to less than 125 mm'], ['Action', 'Supplementary feeding']]), ['severe acute malnutrition'])).toBe(false);
  });
});
