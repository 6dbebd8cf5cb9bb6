import { describe, expect, it } from 'vitest';
import { classifiedByFindings } from '../../src/patient/classify-by-findings.js';

const result = (value: string) => [{ category: 'test_result' as const, value }];

describe('a diagnosis made precise by what the health worker found', () => {
  it('reads the appetite test into a bare severe acute malnutrition', () => {
    expect(classifiedByFindings('severe acute malnutrition', result('failed appetite test'), false)).toBe('complicated severe acute malnutrition');
    expect(classifiedByFindings('SAM', result('passed appetite test'), false)).toBe('uncomplicated SAM');
    expect(classifiedByFindings('SAM', result('appetite test: failed'), false)).toBe('complicated SAM');
    expect(classifiedByFindings('SAM', result('appetite test did not pass'), false)).toBe('complicated SAM');
  });

  it('reads a raised pressure in pregnancy that its readings and symptoms make severe pre-eclampsia, and leaves another illness or an early pregnancy alone', () => {
    const pregnant = (gestationWeeks: number) => ({ ageYears: 25, sex: 'female' as const, pregnant: true, gestationWeeks });
    const found = [{ category: 'vital_sign' as const, value: 'BP 165/112' }, { category: 'symptom' as const, value: 'severe headache' }];
    expect(classifiedByFindings('high BP in pregnancy', found, true, pregnant(30))).toBe('severe pre-eclampsia: high BP in pregnancy');
    expect(classifiedByFindings('high BP in pregnancy', found, true, pregnant(14))).toBe('high BP in pregnancy');
    expect(classifiedByFindings('malaria', found, true, pregnant(30))).toBe('malaria');
    expect(classifiedByFindings('eclampsia', found, true, pregnant(30))).toBe('eclampsia');
    expect(classifiedByFindings('high BP', found, true, { ageYears: 50, sex: 'male' })).toBe('high BP');
  });

  it('reads pre-eclampsia with a severe feature as severe, and leaves a class the diagnosis states alone', () => {
    const pregnant = { ageYears: 27, sex: 'female' as const, pregnant: true, gestationWeeks: 36 };
    const blurred = [{ category: 'vital_sign' as const, value: 'BP 150/100' }, { category: 'symptom' as const, value: 'headache, blurred vision' }];
    expect(classifiedByFindings('preeclampsia', blurred, true, pregnant)).toBe('severe pre-eclampsia');
    expect(classifiedByFindings('pre-eclampsia at 36 weeks', blurred, true, pregnant)).toBe('severe pre-eclampsia at 36 weeks');
    expect(classifiedByFindings('pre-eclampsia without severe features', blurred, true, pregnant)).toBe('pre-eclampsia without severe features');
    expect(classifiedByFindings('eclampsia', blurred, true, pregnant)).toBe('eclampsia');
    const proteinOnly = [{ category: 'vital_sign' as const, value: 'BP 150/100' }, { category: 'test_result' as const, value: 'urine protein 2+' }];
    expect(classifiedByFindings('pre-eclampsia', proteinOnly, false, pregnant)).toBe('pre-eclampsia');
    // After birth her state is in her demographics; "postpartum" as a search word would read as "after birth".
    const afterBirth = { ageYears: 28, sex: 'female' as const, pregnant: false, postpartum: true, daysSinceDelivery: 3 };
    const severeRange = [{ category: 'vital_sign' as const, value: 'BP 165/110' }];
    expect(classifiedByFindings('postpartum preeclampsia', severeRange, true, afterBirth)).toBe('severe pre-eclampsia');
  });

  it('classifies a child of 2 to 59 months brought for a cough: a counted rate that is not fast is a cough or cold', () => {
    const child = (ageMonths: number) => ({ ageMonths, sex: 'male' as const });
    const signs = (...values: string[]) => values.map((value) => ({ category: 'exam_sign' as const, value }));
    expect(classifiedByFindings('cough', signs('RR 30'), false, child(24))).toBe('cough or cold (no pneumonia): cough');
    expect(classifiedByFindings('cough 3 days', signs('RR 45'), false, child(24))).toBe('pneumonia with fast breathing: cough 3 days');
    expect(classifiedByFindings('cough', signs('RR 30', 'chest indrawing'), false, child(24))).toBe('chest-indrawing pneumonia: cough');
    // Breaths not counted, an adult, or a diagnosis that names more than a cough: as written.
    expect(classifiedByFindings('cough', signs('no fever'), false, child(24))).toBe('cough');
    expect(classifiedByFindings('cough', signs('RR 30'), false, { ageYears: 30, sex: 'male' })).toBe('cough');
    expect(classifiedByFindings('cough and wheeze', signs('RR 30'), false, child(24))).toBe('cough and wheeze');
  });

  it('classifies a bare pneumonia in a child of 2 to 59 months by the signs found, and never downgrades it', () => {
    const child = (ageMonths: number) => ({ ageMonths, sex: 'female' as const });
    const signs = (...values: string[]) => values.map((value) => ({ category: 'exam_sign' as const, value }));
    expect(classifiedByFindings('pneumonia', signs('respiratory rate 56/min', 'no chest indrawing'), false, child(10))).toBe('pneumonia with fast breathing');
    expect(classifiedByFindings('pneumonia', signs('respiratory rate 46/min'), false, child(10))).toBe('pneumonia');
    expect(classifiedByFindings('pneumonia', signs('respiratory rate 46/min'), false, child(30))).toBe('pneumonia with fast breathing');
    expect(classifiedByFindings('pneumonia', signs('chest indrawing', 'respiratory rate 56/min'), false, child(10))).toBe('chest-indrawing pneumonia');
    expect(classifiedByFindings('pneumonia', signs('stridor when calm'), false, child(20))).toBe('severe pneumonia or very severe disease');
    expect(classifiedByFindings('pneumonia', signs('respiratory rate 46/min'), true, child(20))).toBe('severe pneumonia or very severe disease');
    // Chest indrawing raises the urgent referral itself; only a general danger sign or stridor makes it severe.
    expect(classifiedByFindings('pneumonia', signs('chest indrawing', 'RR 44'), true, child(24))).toBe('chest-indrawing pneumonia');
    expect(classifiedByFindings('cough', signs('chest indrawing'), true, child(24))).toBe('chest-indrawing pneumonia: cough');
    expect(classifiedByFindings('pneumonia', signs('chest indrawing', 'not able to drink'), true, child(24))).toBe('severe pneumonia or very severe disease');
    expect(classifiedByFindings('pneumonia', signs('chest indrawing', 'very sleepy, hard to wake'), true, child(24))).toBe('severe pneumonia or very severe disease');
    expect(classifiedByFindings('pneumonia', signs('chest indrawing', 'no convulsions'), true, child(24))).toBe('chest-indrawing pneumonia');
    // Under 2 months any pneumonia is a young infant's (possible serious bacterial infection: refer), whatever the signs.
    expect(classifiedByFindings('pneumonia', signs('RR 70'), true, child(1))).toBe('pneumonia in a young infant under 2 months');
    expect(classifiedByFindings('chest infection, pneumonia?', [], false, child(1.5))).toBe('pneumonia in a young infant under 2 months: chest infection, pneumonia?');
    // A class she stated, another age group, or no sign that decides: as written.
    expect(classifiedByFindings('pneumonia with fast breathing', signs('chest indrawing'), false, child(20))).toBe('pneumonia with fast breathing');
    expect(classifiedByFindings('pneumonia', signs('respiratory rate 30/min'), false, { ageYears: 30, sex: 'male' })).toBe('pneumonia');
    expect(classifiedByFindings('pneumonia', signs('respiratory rate 30/min'), false, child(20))).toBe('pneumonia');
  });

  it('reads malaria with a positive test and no danger sign as uncomplicated malaria', () => {
    expect(classifiedByFindings('malaria', result('RDT positive'), false)).toBe('uncomplicated malaria');
    expect(classifiedByFindings('malaria', result('malaria microscopy positive'), false)).toBe('uncomplicated malaria');
    expect(classifiedByFindings('malaria', result('RDT positive'), true)).toBe('malaria');
    expect(classifiedByFindings('malaria', result('RDT negative'), false)).toBe('malaria');
    expect(classifiedByFindings('severe malaria', result('RDT positive'), false)).toBe('severe malaria');
  });

  it('reads a measured haemoglobin from 7 up to below 11 g/dL, with no sign of severe anaemia, as anaemia that is not severe', () => {
    const hb = (value: string) => [{ category: 'test_result' as const, value }];
    expect(classifiedByFindings('anaemia', hb('Hb 9'), false)).toBe('non-severe anaemia: anaemia');
    expect(classifiedByFindings('anaemia', hb('haemoglobin 8.5 g/dL'), false)).toBe('non-severe anaemia: anaemia');
    expect(classifiedByFindings('anaemia', hb('Hb 6.5'), false)).toBe('severe anaemia: anaemia');
    expect(classifiedByFindings('anaemia', [...hb('Hb 9'), { category: 'exam_sign' as const, value: 'very pale palms' }], false)).toBe('severe anaemia: anaemia');
    expect(classifiedByFindings('anaemia', hb('Hb 12'), false)).toBe('anaemia');
  });

  it('reads malaria with a positive test and severe anaemia as severe malaria', () => {
    const found = [...result('RDT pos'), ...result('Hb 6')];
    expect(classifiedByFindings('malaria with anaemia', found, false)).toBe('severe malaria: severe anaemia: malaria with anaemia');
    expect(classifiedByFindings('malaria', [...result('RDT positive'), { category: 'exam_sign' as const, value: 'palms very pale' }], false)).toBe('severe malaria: malaria');
    expect(classifiedByFindings('malaria', [...result('RDT negative'), ...result('Hb 6')], false)).toBe('malaria');
    expect(classifiedByFindings('severe malaria', found, false)).toBe('severe malaria');
  });

  it('reads malaria named with who has it, and no class, as uncomplicated with a positive test', () => {
    expect(classifiedByFindings('malaria 1st trimester', result('RDT +ve'), false)).toBe('uncomplicated malaria: malaria 1st trimester');
    expect(classifiedByFindings('malaria in pregnancy', result('RDT positive'), false)).toBe('uncomplicated malaria: malaria in pregnancy');
    expect(classifiedByFindings('malaria in pregnancy', result('RDT positive'), true)).toBe('malaria in pregnancy');
    expect(classifiedByFindings('malaria prevention in pregnancy', result('RDT positive'), false)).toBe('malaria prevention in pregnancy');
    expect(classifiedByFindings('?malaria', result('RDT positive'), false)).toBe('?malaria');
  });

  it('reads fever back within 28 days of a finished course as a suspected treatment failure, not a new uncomplicated malaria', () => {
    const back = (value: string) => [{ category: 'history' as const, value }, ...result('RDT positive')];
    expect(classifiedByFindings('malaria again', back('finished al 3 weeks ago, fever again'), false)).toBe('suspected malaria treatment failure: malaria again');
    expect(classifiedByFindings('malaria', back('completed coartem 10 days ago, fever came back'), false)).toBe('suspected malaria treatment failure: malaria');
    // Later, it is usually a new infection; with a danger sign it is severe malaria's plan.
    expect(classifiedByFindings('malaria', back('finished al 6 weeks ago, fever again'), false)).toBe('uncomplicated malaria');
    expect(classifiedByFindings('malaria', back('finished al 3 weeks ago, fever again'), true)).toBe('malaria');
    // A course said to be taken ("treated with", "took") ended three days after it started.
    expect(classifiedByFindings('malaria', back('treated with al 10 days ago, fever again'), false)).toBe('suspected malaria treatment failure: malaria');
    expect(classifiedByFindings('malaria', back('took coartem 30 days ago, fever again'), false)).toBe('suspected malaria treatment failure: malaria');
    expect(classifiedByFindings('malaria', back('took coartem 5 weeks ago, fever again'), false)).toBe('uncomplicated malaria');
    // Fever back after paracetamol or an antibiotic is not a malaria course that failed.
    expect(classifiedByFindings('malaria', back('finished the paracetamol 2 days ago, fever again'), false)).toBe('uncomplicated malaria');
    expect(classifiedByFindings('malaria', back('finished amoxicillin 5 days ago, fever again'), false)).toBe('uncomplicated malaria');
    // A course that names no medicine may have been an antimalarial: referred rather than given the same ACT.
    expect(classifiedByFindings('malaria', back('finished the drugs 2 weeks ago, fever again'), false)).toBe('suspected malaria treatment failure: malaria');
  });

  it('grades a malnutrition the diagnosis does not grade by the MUAC and oedema of a child of 6 to 59 months', () => {
    const sign = (value: string) => ({ category: 'exam_sign' as const, value });
    const child = { ageMonths: 18, sex: 'male' as const };
    expect(classifiedByFindings('malnutrition', [sign('MUAC 118 mm, no oedema')], false, child)).toBe('moderate acute malnutrition: malnutrition');
    expect(classifiedByFindings('malnourished', [sign('MUAC 110 mm')], false, child)).toBe('severe acute malnutrition: malnourished');
    expect(classifiedByFindings('malnutrition', [sign('MUAC 130 mm'), sign('swelling of both feet')], false, child)).toBe('severe acute malnutrition: malnutrition');
    // Then as SAM is: a passed appetite test and no danger sign is treated at home.
    expect(classifiedByFindings('malnutrition', [sign('MUAC 110 mm'), { category: 'test_result', value: 'passed appetite test' }], false, child)).toBe('uncomplicated severe acute malnutrition: malnutrition');
    // MUAC 125 mm or more and no oedema is the green of Table 1.1: none of the treatment of MAM or SAM.
    expect(classifiedByFindings('malnutrition', [sign('MUAC 130 mm')], false, child)).toBe('MUAC in the green (125 mm or more): malnutrition');
    expect(classifiedByFindings('malnutrition?', [sign('MUAC 13.0 cm, no oedema')], false, child)).toBe('MUAC in the green (125 mm or more): malnutrition?');
    // No MUAC, a grade stated, or an adult: as written.
    expect(classifiedByFindings('malnutrition', [sign('thin')], false, child)).toBe('malnutrition');
    expect(classifiedByFindings('severe malnutrition', [sign('MUAC 118 mm')], false, child)).toBe('severe malnutrition');
    expect(classifiedByFindings('malnutrition', [sign('MUAC 118 mm')], false, { ageYears: 30, sex: 'female' })).toBe('malnutrition');
  });

  it('reads kwashiorkor and marasmus as severe acute malnutrition, and oedema up to the face as complicated', () => {
    const sign = (value: string) => ({ category: 'exam_sign' as const, value });
    const child = { ageMonths: 39, sex: 'female' as const };
    expect(classifiedByFindings('kwashiorkor', [], false, child)).toBe('severe acute malnutrition: kwashiorkor');
    expect(classifiedByFindings('marasmus', [sign('MUAC 120 mm')], false, child)).toBe('severe acute malnutrition: marasmus');
    // Grade +++ (the face too) or any oedema with a MUAC below 115 mm requires referral whatever the appetite test.
    const generalised = [sign('both leg swell, press am e dey sink'), sign('face n eye swell too'), sign('MUAC 12.2')];
    expect(classifiedByFindings('kwashiorkor', generalised, false, child)).toBe('complicated severe acute malnutrition: kwashiorkor');
    expect(classifiedByFindings('SAM', [sign('oedema both feet'), sign('MUAC 110 mm'), ...result('passed appetite test')], false, child)).toBe('complicated SAM');
    // Both feet only, MUAC not red, appetite test passed: treated at home.
    expect(classifiedByFindings('SAM', [sign('both feet swollen'), sign('MUAC 120 mm'), ...result('passed appetite test')], false, child)).toBe('uncomplicated SAM');
    // A swollen face alone is not nutritional oedema, nor are negated feet.
    expect(classifiedByFindings('SAM', [sign('face swollen'), { ...sign('feet swelling'), negated: true }, ...result('passed appetite test')], false, child)).toBe('uncomplicated SAM');
    expect(classifiedByFindings('kwashiorkor', [], false, { ageYears: 30, sex: 'female' })).toBe('kwashiorkor');
  });

  it('reads a child on RUTF who has reached the discharge criteria as uncomplicated SAM in follow-up, unless a sign says otherwise', () => {
    const recovered = [{ category: 'history' as const, value: 'on plumpy nut at home for 6 weeks' }, { category: 'exam_sign' as const, value: 'MUAC 127 mm, no swelling of feet' }];
    expect(classifiedByFindings('SAM follow up', recovered, false)).toBe('uncomplicated SAM follow up');
    expect(classifiedByFindings('SAM follow up', recovered, true)).toBe('SAM follow up');
    expect(classifiedByFindings('SAM follow up', [...recovered, ...result('failed appetite test')], false)).toBe('complicated SAM follow up');
    const losing = [{ category: 'history' as const, value: 'on RUTF 4 weeks, losing weight' }, { category: 'exam_sign' as const, value: 'MUAC 109 mm' }];
    expect(classifiedByFindings('SAM follow up', losing, false)).toBe('SAM follow up');
  });

  it('leaves it as stated when a danger sign was found, the diagnosis already says which, or the results disagree', () => {
    expect(classifiedByFindings('severe acute malnutrition', result('passed appetite test'), true)).toBe('severe acute malnutrition');
    expect(classifiedByFindings('complicated severe acute malnutrition', result('passed appetite test'), false)).toBe('complicated severe acute malnutrition');
    expect(classifiedByFindings('severe acute malnutrition', [...result('passed appetite test'), ...result('failed appetite test')], false)).toBe('severe acute malnutrition');
    expect(classifiedByFindings('severe acute malnutrition', [{ category: 'test_result', value: 'failed appetite test', negated: true }], false)).toBe('severe acute malnutrition');
    expect(classifiedByFindings('pneumonia', result('failed appetite test'), false)).toBe('pneumonia');
  });
});

describe('a diagnosis of TB a health worker cannot have confirmed', () => {
  const said = (category: 'symptom' | 'test_result' | 'medication' | 'history', value: string) => ({ category, value });

  it('is presumptive TB when nothing confirms or treats it', () => {
    expect(classifiedByFindings('TB', [said('symptom', 'cough 3 weeks'), said('symptom', 'night sweats')], false)).toBe('presumptive tuberculosis: TB');
    expect(classifiedByFindings('pulmonary tuberculosis', [said('symptom', 'weight loss')], false)).toBe('presumptive tuberculosis: pulmonary tuberculosis');
    expect(classifiedByFindings('TB', [said('test_result', 'GeneXpert MTB not detected')], false)).toBe('presumptive tuberculosis: TB');
  });

  it('is left as it is when a test confirms it, it is being treated, or the diagnosis says how far it is established', () => {
    expect(classifiedByFindings('TB', [said('test_result', 'GeneXpert MTB detected')], false)).toBe('TB');
    expect(classifiedByFindings('TB', [said('test_result', 'sputum smear positive')], false)).toBe('TB');
    expect(classifiedByFindings('TB', [said('medication', 'RHZE 3 tablets daily')], false)).toBe('TB');
    expect(classifiedByFindings('TB', [said('history', 'on TB treatment for 2 months')], false)).toBe('TB');
    for (const stated of ['TB preventive treatment', 'TB?', 'confirmed TB', 'drug-resistant TB', 'TB contact', 'presumptive TB']) {
      expect(classifiedByFindings(stated, [said('symptom', 'cough 3 weeks')], false)).toBe(stated);
    }
  });
});

describe('an anaemia graded by pallor and haemoglobin', () => {
  const sign = (value: string) => ({ category: 'exam_sign' as const, value });
  const result = (value: string) => [{ category: 'test_result' as const, value }];

  it('calls an ungraded anaemia with severe pallor or a haemoglobin below 7 g/dL severe anaemia', () => {
    expect(classifiedByFindings('anaemia', [sign('very pale palms')], false)).toBe('severe anaemia: anaemia');
    expect(classifiedByFindings('anemia', [sign('palms almost white')], false)).toBe('severe anaemia: anemia');
    expect(classifiedByFindings('anaemia', result('haemoglobin 6 g/dL'), false)).toBe('severe anaemia: anaemia');
    expect(classifiedByFindings('anaemia in pregnancy', result('Hb 65 g/L'), false)).toBe('severe anaemia: anaemia in pregnancy');
  });

  it('leaves a stated grade, a pallor not graded, and severe pallor said to be absent, as they are', () => {
    expect(classifiedByFindings('anaemia', [sign('pale palms')], false)).toBe('anaemia');
    expect(classifiedByFindings('anaemia', [{ ...sign('severe pallor'), negated: true }], false)).toBe('anaemia');
    expect(classifiedByFindings('anaemia with some pallor', result('haemoglobin 6 g/dL'), false)).toBe('anaemia with some pallor');
    expect(classifiedByFindings('malaria', result('haemoglobin 6 g/dL'), false)).toBe('malaria');
  });

  it('calls an ungraded anaemia with some pallor, as written or in Pidgin, some pallor; a sign of severe anaemia wins', () => {
    expect(classifiedByFindings('anaemia', [sign('some palmar pallor')], false)).toBe('some pallor: anaemia');
    expect(classifiedByFindings('anemia pikin', [sign('palm small pale')], false)).toBe('some pallor: anemia pikin');
    expect(classifiedByFindings('anaemia', [sign('palms slightly pale'), ...result('Hb 6.5 g/dL')], false)).toBe('severe anaemia: anaemia');
    expect(classifiedByFindings('anaemia', [{ ...sign('some pallor'), negated: true }], false)).toBe('anaemia');
  });
});

describe('an anaemia named as CHWs name it', () => {
  it('grades "pale", "low blood", "blood no dey" and "blood don finish" as it grades anaemia', () => {
    const sign = (value: string) => [{ category: 'exam_sign' as const, value }];
    expect(classifiedByFindings('pikin blood no dey', sign('palm white like paper'), false)).toBe('severe anaemia: pikin blood no dey');
    expect(classifiedByFindings('pikin blood don finish', sign('severe pallor'), false)).toBe('severe anaemia: pikin blood don finish');
    expect(classifiedByFindings('low blood', sign('Hb 6 g/dL'), false)).toBe('severe anaemia: low blood');
    expect(classifiedByFindings('pale pikin', sign('palm small pale'), false)).toBe('some pallor: pale pikin');
    // Blood in the stool is not anaemia.
    expect(classifiedByFindings('blood for stool', sign('severe pallor'), false)).toBe('blood for stool');
  });
});

describe('a diabetes with a very high glucose (diabetes sample ch4: above 18 mmol/L)', () => {
  const result = (value: string) => [{ category: 'test_result' as const, value }];

  it('names the very high glucose first, in mmol/L or mg/dL', () => {
    expect(classifiedByFindings('type 2 diabetes, new', result('blood glucose 22 mmol/L'), false)).toBe('very high glucose (check for a hyperglycaemic emergency): type 2 diabetes, new');
    expect(classifiedByFindings('diabetes', result('RBS 400 mg/dl'), false)).toBe('very high glucose (check for a hyperglycaemic emergency): diabetes');
  });

  it('leaves a glucose of 18 or less, a stated emergency or low glucose, and another diagnosis as they are', () => {
    expect(classifiedByFindings('type 2 diabetes', result('blood glucose 18 mmol/L'), false)).toBe('type 2 diabetes');
    expect(classifiedByFindings('diabetic ketoacidosis', result('blood glucose 25 mmol/L'), false)).toBe('diabetic ketoacidosis');
    expect(classifiedByFindings('diabetes, hypoglycaemia', result('blood glucose 25 mmol/L'), false)).toBe('diabetes, hypoglycaemia');
    expect(classifiedByFindings('malaria', result('blood glucose 25 mmol/L'), false)).toBe('malaria');
    expect(classifiedByFindings('diabetes', [{ ...result('blood glucose 25 mmol/L')[0]!, negated: true }], false)).toBe('diabetes');
  });
});

describe('blood in the stool of a child under five is dysentery (IMCI)', () => {
  const symptom = (value: string) => ({ category: 'symptom' as const, value });
  const child = { ageYears: 2, ageMonths: 26 };

  it('names the dysentery first, whether the diagnosis or a finding says the blood', () => {
    expect(classifiedByFindings('bloody stool', [symptom('drinking well')], false, child)).toBe('dysentery: bloody stool');
    expect(classifiedByFindings('diarrhoea', [symptom('stool with blood 2 days')], false, child)).toBe('dysentery: diarrhoea');
    expect(classifiedByFindings('diarrhoea with blood', [], false, child)).toBe('dysentery: diarrhoea with blood');
  });

  it('leaves a stated dysentery, a stool said to have no blood, and an adult or a pregnant woman as they are', () => {
    expect(classifiedByFindings('dysentery', [], false, child)).toBe('dysentery');
    expect(classifiedByFindings('diarrhoea', [symptom('loose stool, no blood in stool')], false, child)).toBe('diarrhoea');
    expect(classifiedByFindings('bloody diarrhoea', [], false, { ageYears: 29, sex: 'female', pregnant: true })).toBe('bloody diarrhoea');
  });
});

describe('a diabetes or a blood sugar with a low glucose (diabetes sample ch4: below 3.9 mmol/L)', () => {
  const result = (value: string) => [{ category: 'test_result' as const, value }];

  it('names the hypoglycaemia first, however the diagnosis words the sugar', () => {
    expect(classifiedByFindings('sugar low?', result('glucose 3.2 mmol/L'), false)).toBe('hypoglycaemia (low blood glucose): sugar low?');
    expect(classifiedByFindings('diabetes', result('RBS 50 mg/dl'), false)).toBe('hypoglycaemia (low blood glucose): diabetes');
    expect(classifiedByFindings('sugar don high', result('RBS 25'), false)).toBe('very high glucose (check for a hyperglycaemic emergency): sugar don high');
  });

  it('leaves a glucose of 3.9 or more, a stated low glucose, and another diagnosis as they are', () => {
    expect(classifiedByFindings('diabetes', result('glucose 3.9 mmol/L'), false)).toBe('diabetes');
    expect(classifiedByFindings('hypoglycaemia', result('glucose 2.5 mmol/L'), false)).toBe('hypoglycaemia');
    expect(classifiedByFindings('low sugar', result('glucose 2.5 mmol/L'), false)).toBe('low sugar');
    expect(classifiedByFindings('malaria', result('glucose 2.5 mmol/L'), false)).toBe('malaria');
  });
});

describe('a diarrhoea classified by the signs found (IMCI)', () => {
  const sign = (value: string) => ({ category: 'exam_sign' as const, value });
  const lasted = (value: string) => ({ category: 'duration' as const, value });

  it('adds the dehydration two signs of a row show, unless the diagnosis states one', () => {
    expect(classifiedByFindings('running stomach', [sign('drinking eagerly, eyes sunken, skin pinch slow')], false)).toBe('running stomach with some dehydration');
    expect(classifiedByFindings('diarrhoea', [sign('lethargic'), sign('sunken eyes')], false)).toBe('diarrhoea with severe dehydration');
    expect(classifiedByFindings('diarrhoea, no dehydration', [sign('restless'), sign('sunken eyes')], false)).toBe('diarrhoea, no dehydration');
    expect(classifiedByFindings('diarrhoea', [sign('thirsty')], false)).toBe('diarrhoea');
    // A sign said to be absent and not two of a row: not enough signs for some or severe dehydration.
    expect(classifiedByFindings('diarrhoea', [{ ...sign('no sunken eyes'), negated: true }], false)).toBe('diarrhoea with no dehydration');
    expect(classifiedByFindings('diarrhoea', [sign('no sunken eyes, drinks eagerly')], false)).toBe('diarrhoea with no dehydration');
    expect(classifiedByFindings('diarrhoea', [sign('no sunken eyes'), sign('restless, drinks eagerly')], false)).toBe('diarrhoea with some dehydration');
    expect(classifiedByFindings('pneumonia', [sign('restless'), sign('sunken eyes')], false)).toBe('pneumonia');
  });

  it('classifies dysentery for dehydration too, and does not call it persistent diarrhoea', () => {
    expect(classifiedByFindings('dysentery', [{ ...sign('no sunken eyes'), negated: true }], false)).toBe('dysentery with no dehydration');
    expect(classifiedByFindings('bloody diarrhoea', [sign('restless'), sign('sunken eyes')], false)).toBe('bloody diarrhoea with some dehydration');
    expect(classifiedByFindings('dysentery', [lasted('blood in the stool for 16 days')], false)).toBe('dysentery');
  });

  it('reads 14 days or more as persistent, and persistent with dehydration as severe persistent diarrhoea', () => {
    expect(classifiedByFindings('diarrhoea', [lasted('diarrhoea for 16 days')], false)).toBe('persistent diarrhoea');
    expect(classifiedByFindings('diarrhoea', [lasted('diarrhoea for 3 weeks'), sign('irritable, sunken eyes')], false)).toBe('severe persistent diarrhoea with some dehydration');
    expect(classifiedByFindings('diarrhoea 3 wks w dehydration', [], false)).toBe('severe persistent diarrhoea 3 wks w dehydration');
    expect(classifiedByFindings('diarrhoea', [lasted('diarrhoea for 5 days')], false)).toBe('diarrhoea');
    // Weeks of pregnancy are not weeks of diarrhoea.
    expect(classifiedByFindings('acute watery diarrhoea, 30 weeks pregnant', [sign('thirsty, drinks eagerly'), sign('skin pinch goes back slowly')], false)).toBe(
      'acute watery diarrhoea, 30 weeks pregnant with some dehydration',
    );
  });
});

describe('a blood pressure diagnosis graded by the readings (hypertension Table 3.1)', () => {
  const reading = (value: string) => ({ category: 'vital_sign' as const, value });
  const man = { ageYears: 50, sex: 'male' as const };

  it('names grade 1 or 2 for a bare hypertension, so its plan is not the severe one', () => {
    expect(classifiedByFindings('hypertension', [reading('BP 150/95 on two visits')], false, man)).toBe('grade 1 hypertension: hypertension');
    expect(classifiedByFindings('HBP', [reading('BP 168/102')], false, man)).toBe('grade 2 hypertension: HBP');
  });

  it('leaves a stated class, a severe or high-normal reading, and pregnancy as they are', () => {
    expect(classifiedByFindings('severe hypertension', [reading('BP 150/95')], false, man)).toBe('severe hypertension');
    expect(classifiedByFindings('hypertension', [reading('BP 186/112')], false, man)).toBe('hypertension');
    expect(classifiedByFindings('hypertension', [reading('BP 134/86')], false, man)).toBe('hypertension');
    expect(classifiedByFindings('chronic hypertension in pregnancy', [reading('BP 150/95')], false, { ageYears: 30, sex: 'female', pregnant: true, gestationWeeks: 12 })).toBe('chronic hypertension in pregnancy');
  });
});

describe('malaria still feverish on the antimalarial she takes', () => {
  const findings = (...values: Array<[category: 'medication' | 'history' | 'test_result', value: string]>) => values.map(([category, value]) => ({ category, value }));
  it('is a suspected treatment failure, not uncomplicated malaria', () => {
    expect(classifiedByFindings('malaria', findings(['test_result', 'RDT positive'], ['medication', 'artemether-lumefantrine'], ['history', 'not improving']), false)).toBe('suspected malaria treatment failure: malaria');
  });
  it('stays uncomplicated malaria without the medicine, or without a word that she is still ill', () => {
    expect(classifiedByFindings('malaria', findings(['test_result', 'RDT positive'], ['history', 'not improving']), false)).toBe('uncomplicated malaria');
    expect(classifiedByFindings('malaria', findings(['test_result', 'RDT positive'], ['medication', 'artemether-lumefantrine']), false)).toBe('uncomplicated malaria');
    expect(classifiedByFindings('malaria', findings(['test_result', 'RDT positive'], ['medication', 'paracetamol'], ['history', 'still fever']), false)).toBe('uncomplicated malaria');
  });
});

