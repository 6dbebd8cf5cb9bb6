import { describe, expect, it } from 'vitest';
import { featureReranker, rerankFeatures } from '../../src/rag/feature-reranker.js';
import { medicinesBlamed } from '../../src/rag/section-role.js';
import type { Finding } from '../../src/patient/findings.js';
import type { RerankCandidate, RerankQuery } from '../../src/rag/reranker.js';

const BOOK = 'Hypertension in adults';
const candidate = (path: string): RerankCandidate => ({
  accession: 'SAMPLE-HYPERTENSION',
  sectionId: path,
  titlePath: `${BOOK} > ${path}`,
  sectionPath: path,
  text: 'Blood pressure in adults.',
  fusedScore: 0.03,
});
const howToMeasure = candidate('Measuring blood pressure > Measuring blood pressure correctly > Cuff size and position');
const medicines = candidate('Medicines > Medicines for hypertension > First-line medicines and starting doses in adults');

const malaria = (path: string, fusedScore: number, text = 'Malaria.'): RerankCandidate => ({
  accession: 'SAMPLE-MALARIA',
  sectionId: path,
  titlePath: `Malaria at community level > ${path}`,
  sectionPath: path,
  text,
  fusedScore,
});

async function firstOf(text: string): Promise<string> {
  const scores = await featureReranker().rerank({ condition: 'hypertension', text, demographics: { ageYears: 50, sex: 'male' } }, [howToMeasure, medicines]);
  return (scores[0] ?? 0) > (scores[1] ?? 0) ? howToMeasure.sectionPath : medicines.sectionPath;
}

describe('feature reranker: what the health worker asks for', () => {
  it('puts managing the illness before how to measure it when a reading is reported', async () => {
    expect(await firstOf('hypertension BP 150/95 on two visits')).toBe(medicines.sectionPath);
  });

  it('puts how to measure first when the health worker asks how to measure', async () => {
    expect(await firstOf('hypertension how to measure BP in a big arm')).toBe(howToMeasure.sectionPath);
  });

  it('does not read stock cubes in a diet as a question about test stock', async () => {
    expect(await firstOf('hypertension BP 150/95 eats salted fish and stock cubes daily')).toBe(medicines.sectionPath);
  });
});

describe('feature reranker: care for the illness the patient has, prevention for one she does not', () => {
  const pph = (path: string, fusedScore: number): RerankCandidate => ({
    accession: 'SAMPLE-PREGNANCY',
    sectionId: path,
    titlePath: `Pregnancy care > ${path}`,
    sectionPath: path,
    text: 'Bleeding after birth.',
    fusedScore,
  });
  // Prevention matches the words a little better, as "after birth" in both the query and its heading does.
  const preventing = pph('Bleeding after birth > Bleeding after birth > Preventing bleeding after birth', 0.032);
  const firstSteps = pph('Bleeding after birth > Bleeding after birth > First steps', 0.03);
  const rank = async (condition: string) => {
    const scores = await featureReranker().rerank({ condition, text: `${condition} woman postpartum after birth`, demographics: { ageYears: 28, sex: 'female' } }, [preventing, firstSteps]);
    return (scores[0] ?? 0) > (scores[1] ?? 0) ? 'preventing' : 'first steps';
  };

  it('puts the first steps before prevention for a woman who is bleeding after birth', async () => {
    expect(await rank('bleeding after birth')).toBe('first steps');
  });

  it('puts prevention first when the health worker asks how to prevent it', async () => {
    expect(await rank('preventing bleeding after birth')).toBe('preventing');
  });
});

describe('feature reranker: a section written for pregnancy alone', () => {
  const preeclampsia: RerankCandidate = {
    accession: 'SAMPLE-PREGNANCY',
    sectionId: 'pe',
    titlePath: 'Pregnancy care > Hypertensive disorders of pregnancy > Hypertensive disorders of pregnancy > Pre-eclampsia',
    sectionPath: 'Hypertensive disorders of pregnancy > Hypertensive disorders of pregnancy > Pre-eclampsia',
    text: 'Pre-eclampsia is a blood pressure of 140/90 mmHg or more after 20 weeks of pregnancy with protein in the urine.',
    fusedScore: 0.032,
  };
  const adherence: RerankCandidate = { ...candidate('Medicines > Medicines for hypertension > Helping people take medicines every day'), fusedScore: 0.03 };
  const first = async (condition: string, demographics: { ageYears: number; sex: 'female'; pregnant?: boolean }) => {
    const scores = await featureReranker().rerank({ condition, text: `${condition} BP 150/95 forgets her medicines`, demographics }, [preeclampsia, adherence]);
    return (scores[0] ?? 0) > (scores[1] ?? 0) ? 'pregnancy' : 'hypertension';
  };

  it('ranks below her own guideline for a woman not said to be pregnant, as her plan would leave it out', async () => {
    expect(await first('hypertension', { ageYears: 48, sex: 'female' })).toBe('hypertension');
  });

  it('keeps its place when she is pregnant or the diagnosis names pregnancy', async () => {
    expect(await first('hypertension', { ageYears: 28, sex: 'female', pregnant: true })).toBe('pregnancy');
    expect(await first('hypertension in pregnancy', { ageYears: 28, sex: 'female' })).toBe('pregnancy');
  });
});

describe('feature reranker: the health worker’s own words in a section’s heading', () => {
  // The dosing table matches more of the query's words (the medicine, "dose", the weight).
  const dosing = malaria('Treatment of uncomplicated malaria > Uncomplicated malaria in children > Artemether-lumefantrine dosing for children by weight band', 0.032);
  const vomits = malaria('Treatment of uncomplicated malaria > If the patient vomits the medicine', 0.03);
  const order = async (findings: Finding[]) => {
    const scores = await featureReranker().rerank(
      { condition: 'uncomplicated malaria', text: 'uncomplicated malaria child weight 17 kg dose by body weight', demographics: { ageYears: 5, sex: 'female', weightKg: 17 }, findings },
      [dosing, vomits],
    );
    return (scores[0] ?? 0) > (scores[1] ?? 0) ? 'dosing' : 'vomits';
  };

  it('puts the section whose heading names what she reported first: a child who vomited the dose', async () => {
    expect(await order([{ category: 'symptom', value: 'vomited 20 minutes after the dose' }])).toBe('vomits');
  });

  it('does not read a negated finding as asked, nor reorder when nothing she said heads a section', async () => {
    expect(await order([{ category: 'symptom', value: 'no vomiting' }])).toBe('dosing');
    expect(await order([{ category: 'symptom', value: 'fever 2 days' }])).toBe('dosing');
  });

  it('reads sub-headings kept inside a chunk as headings', async () => {
    const chapter = malaria('Treatment of uncomplicated malaria > Follow-up', 0.03, 'Follow-up\nSee the child on day 3.\nIf the patient vomits the medicine\nGive the dose again.');
    const scores = await featureReranker().rerank(
      { condition: 'uncomplicated malaria', text: 'uncomplicated malaria', demographics: { ageYears: 5 }, findings: [{ category: 'symptom', value: 'vomited 20 minutes after the dose' }] },
      [dosing, chapter],
    );
    expect(scores[1]).toBeGreaterThan(scores[0] ?? 0);
  });
});

describe('feature reranker: a section headed by the circumstance she describes', () => {
  // The dosing table matches the query far better (the medicine, "dose", the weight band holds 18 kg).
  const dosing = malaria('Treatment of uncomplicated malaria > Uncomplicated malaria in children > Artemether-lumefantrine dosing for children by weight band', 0.032, 'Weight 15 kg to less than 25 kg: 2 tablets twice a day for 3 days.');
  const vomits = malaria('Treatment of uncomplicated malaria > If the patient vomits the medicine', 0.03);
  const first = async (condition: string, findings: Finding[]) => {
    const query = { condition, text: `${condition} child weight 18 kg dose by body weight`, demographics: { ageYears: 5, sex: 'male' as const, weightKg: 18 }, findings };
    const [d = 0, v = 0] = await featureReranker().rerank(query, [dosing, vomits]);
    return v > d ? 'vomits' : 'dosing';
  };

  it('puts "If the patient vomits the medicine" first when she says the child vomited it', async () => {
    expect(await first('malaria', [{ category: 'history', value: 'mama say he vomit the AL medicine after 15 min' }])).toBe('vomits');
  });

  it('reads a named medicine or "the dose" as the medicine of the heading', async () => {
    expect(await first('uncomplicated malaria', [{ category: 'history', value: 'artemether-lumefantrine started' }, { category: 'symptom', value: 'vomited 20 minutes after the dose' }])).toBe('vomits');
  });

  it('does not when only part of the circumstance is stated: vomiting, with no medicine given', async () => {
    expect(await first('malaria', [{ category: 'symptom', value: 'vomiting since morning' }])).toBe('dosing');
  });

  it('reads an unsuppressed viral load as the high viral load of "When the viral load is high"', async () => {
    const hivSection = (path: string, fusedScore: number, text: string): RerankCandidate => ({ accession: 'SAMPLE-HIV', sectionId: path, titlePath: `HIV > ${path}`, sectionPath: path, text, fusedScore });
    const monitoring = hivSection('Antiretroviral therapy > Viral load monitoring', 0.031, 'Viral load at 6 and 12 months, then yearly.');
    const highLoad = hivSection('Adherence and retention > Adherence and staying in care', 0.03, 'Support adherence.\nWhen the viral load is high\nEnhanced adherence counselling for three months.');
    const rank = async (condition: string) => {
      const [m = 0, h = 0] = await featureReranker().rerank({ condition, text: `${condition} adult`, demographics: { ageYears: 41 }, findings: [{ category: 'medication', value: 'TLD for 14 months' }] }, [monitoring, highLoad]);
      return h > m ? 'high' : 'monitoring';
    };
    expect(await rank('unsuppressed HIV viral load on first-line ART')).toBe('high');
    expect(await rank('HIV viral load not suppressed')).toBe('high');
    expect(await rank('HIV viral load on first-line ART')).toBe('monitoring');
  });

  it('does not read "When insulin is needed" as stated by a patient already on insulin', async () => {
    const diabetes = (path: string, fusedScore: number): RerankCandidate => ({ accession: 'SAMPLE-DIABETES', sectionId: path, titlePath: `Diabetes > ${path}`, sectionPath: path, text: 'Diabetes.', fusedScore });
    const emergency = diabetes('Emergencies > Very high glucose: hyperglycaemic emergencies', 0.033);
    const insulin = diabetes('Treatment > When insulin is needed', 0.03);
    const query = { condition: 'diabetic ketoacidosis', text: 'diabetic ketoacidosis adult', demographics: { ageYears: 30 }, findings: [{ category: 'history' as const, value: 'type 1 diabetes on insulin' }] };
    const [e = 0, i = 0] = await featureReranker().rerank(query, [emergency, insulin]);
    expect(e).toBeGreaterThan(i);
  });
});

describe('feature reranker: a diagnosis just made, with nothing taken for it yet', () => {
  const confirming = { ...candidate('Diagnosis and classification > Thresholds and classification > Confirming the diagnosis'), fusedScore: 0.034 };
  const whenToStart = { ...candidate('Medicines > Medicines for hypertension > When to start medicines'), fusedScore: 0.03 };
  const first = async (condition: string, findings: Finding[]) => {
    const scores = await featureReranker().rerank({ condition, text: `${condition} adult BP 164/98`, demographics: { ageYears: 58, sex: 'male' }, findings }, [confirming, whenToStart]);
    return (scores[0] ?? 0) > (scores[1] ?? 0) ? 'confirming' : 'start';
  };

  it('puts starting treatment first for a newly confirmed diagnosis or a patient on no medicine', async () => {
    expect(await first('essential hypertension, newly confirmed', [])).toBe('start');
    expect(await first('HBP', [{ category: 'medication', value: 'no drugs' }])).toBe('start');
  });

  it('does not when she already takes a medicine for it, or nothing says the diagnosis is new', async () => {
    expect(await first('essential hypertension, newly confirmed', [{ category: 'medication', value: 'amlodipine 5 mg daily' }])).toBe('confirming');
    expect(await first('hypertension', [])).toBe('confirming');
  });
});

describe('feature reranker: a diagnosis not yet confirmed', () => {
  // How to confirm it matches the words a little worse than the classification beside it.
  const confirming = { ...candidate('Diagnosis and classification > Thresholds and classification > Confirming the diagnosis'), fusedScore: 0.029 };
  const classes = { ...candidate('Diagnosis and classification > Thresholds and classification > Classification of readings in adults'), fusedScore: 0.03 };
  const first = async (condition: string) => {
    const scores = await featureReranker().rerank({ condition, text: `${condition} adult 148/92`, demographics: { ageYears: 44, sex: 'male' } }, [confirming, classes]);
    return (scores[0] ?? 0) > (scores[1] ?? 0) ? 'confirming' : 'classes';
  };

  it('puts confirming the diagnosis first when it is presumptive, suspected or queried', async () => {
    for (const condition of ['hypertension, not yet confirmed', 'presumptive hypertension', 'suspected hypertension', '?hypertension', 'HBP?']) expect(await first(condition)).toBe('confirming');
  });

  it('reads her question after the class the findings gave the diagnosis: "grade 1 hypertension: BP high?"', async () => {
    expect(await first('grade 1 hypertension: BP high?')).toBe('confirming');
    expect(await first('grade 1 hypertension: hypertension')).toBe('classes');
  });

  it('does not for a stated diagnosis, or a question about its treatment', async () => {
    for (const condition of ['hypertension', 'hypertension, amlodipine?']) expect(await first(condition)).toBe('classes');
  });
});

/** A candidate from another book than the hypertension one. */
const inBook = (bookTitle: string, accession: string, path: string, fusedScore: number, text: string): RerankCandidate => ({
  accession,
  sectionId: path,
  titlePath: `${bookTitle} > ${path}`,
  sectionPath: path,
  text,
  fusedScore,
});

describe('feature reranker: the test that confirms a presumptive diagnosis', () => {
  const section = (bookTitle: string, accession: string, path: string, fusedScore: number) => inBook(bookTitle, accession, path, fusedScore, 'Ask about cough, fever, night sweats and weight loss.');
  const TB = 'Tuberculosis screening and referral';
  // The symptom screen repeats a CHW's symptoms and matches the words far better than the test does.
  const screen = section(TB, 'SAMPLE-TB', 'Screening for TB > Finding people who may have tuberculosis > The symptom screen in adults and adolescents', 0.03);
  const test = section(TB, 'SAMPLE-TB', 'Sputum and referral for testing > Sputum collection and referral for testing > Referral for a rapid molecular test', 0.02);
  const rerank = (condition: string, candidates: RerankCandidate[]) =>
    featureReranker().rerank({ condition, text: `${condition} adult cough night sweats weight loss 3 weeks`, demographics: { ageYears: 45, sex: 'male' } }, candidates);

  it('puts the referral for the test above the screen that raised the suspicion', async () => {
    const [screenScore = 0, testScore = 0] = await rerank('presumptive pulmonary tuberculosis', [screen, test]);
    expect(testScore).toBeGreaterThan(screenScore);
  });

  it('keeps the screen first once the diagnosis is stated', async () => {
    const [screenScore = 0, testScore = 0] = await rerank('pulmonary tuberculosis', [screen, test]);
    expect(screenScore).toBeGreaterThan(testScore);
  });

  it('does not push how to measure below lifestyle advice while the raised reading is not yet confirmed', async () => {
    const BP = 'Hypertension in adults';
    const measuring = section(BP, 'SAMPLE-HYPERTENSION', 'Measuring blood pressure > Measuring blood pressure correctly > Cuff size and position', 0.03);
    const lifestyle = section(BP, 'SAMPLE-HYPERTENSION', 'Lifestyle > Healthy living > Salt and diet', 0.0288);
    const first = async (condition: string) => {
      const [m = 0, l = 0] = await featureReranker().rerank({ condition, text: `${condition} adult 148/92`, demographics: { ageYears: 50, sex: 'male' } }, [measuring, lifestyle]);
      return m > l ? 'measuring' : 'lifestyle';
    };
    expect(await first('?hypertension')).toBe('measuring');
    // Once the diagnosis is made, measuring is how it was reached and the plan follows rather than repeats it.
    expect(await first('hypertension')).toBe('lifestyle');
  });

  it('does not take a test for another illness in the same book as the confirming one', async () => {
    const PREGNANCY = 'Pregnancy care: pre-eclampsia, danger signs and referral';
    const preEclampsia = section(PREGNANCY, 'SAMPLE-PREGNANCY', 'Hypertensive disorders of pregnancy > Hypertensive disorders of pregnancy > Pre-eclampsia', 0.03);
    const hivTest = section(PREGNANCY, 'SAMPLE-PREGNANCY', 'Other care during pregnancy > Other care during pregnancy > HIV testing in antenatal care', 0.025);
    const [preEclampsiaScore = 0, hivTestScore = 0] = await featureReranker().rerank(
      { condition: 'pre-eclampsia?', text: 'pre-eclampsia? pregnant third trimester urine protein ++ BP 152/98', demographics: { ageYears: 27, sex: 'female', pregnant: true, trimester: 3 } },
      [preEclampsia, hivTest],
    );
    expect(preEclampsiaScore).toBeGreaterThan(hivTestScore);
  });
});

describe('feature reranker: a class the health worker has named is managed, not classified again', () => {
  const diarrhoea = (path: string, fusedScore: number): RerankCandidate => ({
    accession: 'SAMPLE-DIARRHOEA',
    sectionId: path,
    titlePath: `Diarrhoea & dehydration > ${path}`,
    sectionPath: path,
    text: 'Some dehydration.',
    fusedScore,
  });
  const classifying = diarrhoea('Assessing diarrhoea and dehydration > Assessing dehydration > Classifying dehydration > Some dehydration', 0.0325);
  const planB = diarrhoea('Rehydration: Plans A, B and C > Plan B: treat some dehydration with ORS', 0.03);
  const first = async (condition: string) => {
    const scores = await featureReranker().rerank({ condition, text: `${condition} child`, demographics: { ageYears: 2 } }, [classifying, planB]);
    return (scores[0] ?? 0) > (scores[1] ?? 0) ? 'classifying' : 'plan B';
  };

  it('puts Plan B before the classification table for "some dehydration"', async () => {
    expect(await first('diarrhoea with some dehydration')).toBe('plan B');
  });

  it('puts the classification first when the health worker asks how to read the signs', async () => {
    expect(await first('how to read dehydration signs')).toBe('classifying');
  });
});

describe('feature reranker: treatment that is not working', () => {
  const pneumonia = (path: string, fusedScore: number, text: string): RerankCandidate => ({
    accession: 'SAMPLE-PNEUMONIA',
    sectionId: path,
    titlePath: `Cough and pneumonia in children under five > ${path}`,
    sectionPath: path,
    text,
    fusedScore,
  });
  const dosing = pneumonia('Treating pneumonia and wheeze > Treating pneumonia with amoxicillin > Amoxicillin dosing', 0.033, 'Give amoxicillin twice daily for 5 days.');
  const followUp = pneumonia(
    'Home care, referral and follow-up > Follow-up after 3 days',
    0.03,
    'Follow-up after 3 days\nSee the child again after 3 days of amoxicillin.\nIf the child is not improving or is worse\nRefer the child.',
  );
  const first = async (finding: string) => {
    const scores = await featureReranker().rerank(
      { condition: 'pneumonia', text: `pneumonia child ${finding}`, demographics: { ageMonths: 14 }, findings: [{ category: 'symptom', value: finding }] },
      [dosing, followUp],
    );
    return (scores[0] ?? 0) > (scores[1] ?? 0) ? 'dosing' : 'follow-up';
  };

  it('puts the section that says what to do when the child is not improving first, even as a sub-heading', async () => {
    expect(await first('breathing still fast on day 3 of amoxicillin')).toBe('follow-up');
  });

  it('keeps the dosing first for a child starting treatment', async () => {
    expect(await first('fast breathing since yesterday')).toBe('dosing');
  });
});

describe('feature reranker: an illness that came back after a finished course', () => {
  const firstLine = malaria('Treatment of uncomplicated malaria > Uncomplicated malaria in children > Artemether-lumefantrine dosing', 0.036, 'Give artemether-lumefantrine twice a day for three days.');
  const returned = malaria('Follow-up after treatment > Suspected treatment failure > Fever returning weeks after treatment', 0.03, 'When fever comes back within 28 days of a completed ACT course, refer.');
  const first = async (condition: string, findings: string[]) => {
    const scores = await featureReranker().rerank(
      { condition, text: `${condition} child ${findings.join(' ')}`, demographics: { ageMonths: 52 }, findings: findings.map((value) => ({ category: 'history' as const, value })) },
      [firstLine, returned],
    );
    return (scores[0] ?? 0) > (scores[1] ?? 0) ? 'first-line' : 'treatment failure';
  };

  it('puts the section on treatment failure first when the fever is back weeks after she finished the course', async () => {
    expect(await first('malaria again', ['finish AL 3 weeks ago', 'hot body again since yday', 'RDT +ve'])).toBe('treatment failure');
  });

  it('keeps the first-line dose for a first episode, or when only a refill is asked for again', async () => {
    expect(await first('malaria', ['hot body since yday', 'RDT +ve'])).toBe('first-line');
    expect(await first('malaria', ['AL finish 2 wks ago, no money buy again', 'RDT +ve'])).toBe('first-line');
  });
});

describe('feature reranker: a problem the diagnosis blames on a medicine', () => {
  const sideEffects = { ...candidate('Medicines > Medicines for hypertension > Side effects to ask about'), text: 'Lisinopril and other ACE inhibitors can cause a dry cough.', fusedScore: 0.03 };
  const firstLine = { ...candidate('Medicines > Medicines for hypertension > First-line medicines and starting doses in adults'), text: 'Lisinopril 10 mg once daily.', fusedScore: 0.034 };
  const first = async (condition: string) => {
    const scores = await featureReranker().rerank({ condition, text: `${condition} older adult dry cough`, demographics: { ageYears: 62, sex: 'female' } }, [sideEffects, firstLine]);
    return (scores[0] ?? 0) > (scores[1] ?? 0) ? 'side effects' : 'first-line';
  };

  it('puts the side effects of the medicine first: "ACE inhibitor cough"', async () => {
    expect(await first('ACE inhibitor cough')).toBe('side effects');
  });

  it('does not for the illness itself, or for a dose of the medicine', async () => {
    expect(await first('hypertension')).toBe('first-line');
    expect(await first('lisinopril dose')).toBe('first-line');
  });
});

describe('the medicines a diagnosis blames', () => {
  it('reads the medicine before the problem, or a generic drug, and not the treatment the patient is on', () => {
    expect(medicinesBlamed('isoniazid peripheral neuropathy')).toEqual(['isoniazid']);
    expect(medicinesBlamed('drug-induced hepatitis on TB treatment')).toEqual(['*']);
    expect(medicinesBlamed('hypoglycaemia on sulfonylurea')).toEqual([]);
    expect(medicinesBlamed('iron deficiency anaemia')).toEqual([]);
    expect(medicinesBlamed('mgso4 loading dose')).toEqual([]);
    expect(medicinesBlamed('HIV infection in a child, cotrimoxazole prophylaxis')).toEqual([]);
  });
});

describe('feature reranker: the sections the best match sends the reader to', () => {
  const pregnancy = (path: string, fusedScore: number, text: string): RerankCandidate => ({
    accession: 'SAMPLE-PREGNANCY',
    sectionId: path,
    titlePath: `Pregnancy care > ${path}`,
    sectionPath: path,
    text,
    fusedScore,
  });
  const fits = pregnancy('Danger signs in pregnancy > Fits', 0.04, 'A fit in pregnancy is eclampsia until proven otherwise: see First aid during a fit, and refer.');
  const preeclampsia = pregnancy('Hypertensive disorders > Severe pre-eclampsia', 0.038, 'Give the magnesium sulfate loading dose before transfer (Table 5.1).');
  // Better matched than either target, and neither management nor assessment by its heading.
  const swelling = pregnancy('Other care during pregnancy > Swelling of the legs', 0.034, 'Swelling of the legs is common late in pregnancy.');
  const firstAid = pregnancy('Care before and during referral > First aid during a fit', 0.029, 'Protect her from injury.');
  const loading = pregnancy('Care before and during referral > Magnesium sulfate > Loading dose before referral', 0.029, 'The loading dose needs no drip.\nTable 5.1 Magnesium sulfate loading dose\nIntramuscular; 10 g');
  const scoresFor = (candidates: RerankCandidate[]) =>
    featureReranker().rerank({ condition: 'eclampsia', text: 'eclampsia pregnancy', demographics: { ageYears: 19, sex: 'female', pregnant: true } }, candidates);

  it('lifts the heading a leading section points to ("see First aid during a fit") above an unrelated one', async () => {
    const [, , swellingScore, firstAidScore] = await scoresFor([fits, preeclampsia, swelling, firstAid]);
    expect(firstAidScore).toBeGreaterThan(swellingScore ?? 0);
  });

  it('lifts the chunk holding a table a leading section points to ("(Table 5.1)")', async () => {
    const [, , swellingScore, loadingScore] = await scoresFor([fits, preeclampsia, swelling, loading]);
    expect(loadingScore).toBeGreaterThan(swellingScore ?? 0);
  });

  it('follows no pointer from a section far down the list', async () => {
    const low = { ...fits, fusedScore: 0.001 };
    const others = [0.05, 0.049, 0.048].map((score, i) => pregnancy(`Other > Section ${i}`, score, 'Nothing to follow.'));
    const scores = await scoresFor([...others, low, swelling, firstAid]);
    expect(scores[5]).toBeLessThan(scores[4] ?? 0);
  });
});

describe('feature reranker: a section that forbids a medicine the patient takes', () => {
  const PREGNANCY = 'Pregnancy care';
  const section = (path: string, text: string, fusedScore: number): RerankCandidate => ({
    accession: 'SAMPLE-PREGNANCY',
    sectionId: path,
    titlePath: `${PREGNANCY} > ${path}`,
    sectionPath: path,
    text: `${path}\n${text}`,
    fusedScore,
  });
  const chronic = section('Hypertension in pregnancy > Chronic hypertension', 'A woman with hypertension before pregnancy keeps taking a medicine safe in pregnancy.', 0.034);
  const avoid = section(
    'Medicines for hypertension in pregnancy > Medicines to avoid in pregnancy',
    'ACE inhibitors (such as lisinopril) and angiotensin receptor blockers must not be used in pregnancy.',
    0.03,
  );
  const first = async (findings: Finding[]) => {
    const condition = 'chronic hypertension in pregnancy';
    const scores = await featureReranker().rerank(
      { condition, text: `${condition} pregnant woman`, demographics: { ageYears: 34, sex: 'female', pregnant: true, trimester: 1 }, findings },
      [chronic, avoid],
    );
    return (scores[0] ?? 0) > (scores[1] ?? 0) ? 'chronic' : 'avoid';
  };

  it('puts "must not be used in pregnancy" first for a pregnant woman on lisinopril, named by its class', async () => {
    expect(await first([{ category: 'medication', value: 'lisinopril 10 mg daily' }])).toBe('avoid');
  });

  it('does not for a medicine the section allows, or one she does not take', async () => {
    expect(await first([{ category: 'medication', value: 'methyldopa 250 mg twice daily' }])).toBe('chronic');
    expect(await first([{ category: 'medication', value: 'lisinopril', negated: true }])).toBe('chronic');
  });
});

describe('feature reranker: a table caption names what its section is for', () => {
  const section = (path: string, text: string, fusedScore: number): RerankCandidate => ({
    accession: 'SAMPLE-PREGNANCY',
    sectionId: path,
    titlePath: `Pregnancy care > ${path}`,
    sectionPath: path,
    text: `${path}\n${text}`,
    fusedScore,
  });
  const transfer = section('Care before and during referral > Arranging transfer', 'Arrange transport and send a referral note with the woman.', 0.031);
  const loading = section(
    'Magnesium sulfate > Loading dose before referral',
    'The intramuscular loading dose can be given by any trained health worker.\nTable 5.1 Magnesium sulfate loading dose for severe pre-eclampsia and eclampsia\nIntramuscular | 50% solution | 10 g',
    0.03,
  );

  it('puts the table whose caption names the diagnosis first: "eclampsia" finds the loading-dose table', async () => {
    const scores = await featureReranker().rerank(
      { condition: 'eclampsia', text: 'eclampsia pregnancy pregnant woman', demographics: { ageYears: 19, sex: 'female', pregnant: true, trimester: 3 }, findings: [] },
      [transfer, loading],
    );
    expect(scores[1]).toBeGreaterThan(scores[0] ?? 0);
  });
});

describe('feature reranker: a guideline written for other people', () => {
  const cough = (bookTitle: string, accession: string, path: string, fusedScore: number) => inBook(bookTitle, accession, path, fusedScore, 'A cough for more than 14 days may be tuberculosis.');
  // The children's book matches "cough" a little better than the TB screen does.
  const childrens = cough('Cough and pneumonia in children under five (sample guideline)', 'SAMPLE-PNEUMONIA', 'Home care, referral and follow-up > Cough lasting more than 14 days', 0.03);
  const screen = cough('Tuberculosis screening and referral', 'SAMPLE-TB', 'Screening for TB > A cough lasting two weeks or more', 0.0285);
  const first = async (demographics: RerankQuery['demographics']) => {
    const [c = 0, s = 0] = await featureReranker().rerank({ condition: 'cough', text: 'cough 3 weeks', demographics }, [childrens, screen]);
    return c > s ? 'childrens' : 'screen';
  };

  it('puts a guideline for children under five below one for him when he is a man of 29', async () => {
    expect(await first({ ageYears: 29, sex: 'male' })).toBe('screen');
  });

  it('keeps it first for a child of 3', async () => {
    expect(await first({ ageYears: 3, sex: 'male' })).toBe('childrens');
  });
});

describe('feature reranker: what the patient rules say the findings amount to', () => {
  const PREGNANCY = 'Pregnancy care: pre-eclampsia, danger signs and referral';
  const disorder = (heading: string, fusedScore: number) => inBook(PREGNANCY, 'SAMPLE-PREGNANCY', `Hypertensive disorders of pregnancy > Hypertensive disorders of pregnancy > ${heading}`, fusedScore, 'Blood pressure 140/90 mmHg or more after 20 weeks.');
  // "Gestational hypertension" matches the words of a raised pressure better.
  const gestational = disorder('Gestational hypertension', 0.03);
  const preEclampsia = disorder('Pre-eclampsia', 0.0255);
  const query = { text: 'protein in urine pregnancy pre-eclampsia pregnant third trimester dipstick protein ++ bp 150/100', demographics: { ageYears: 31, sex: 'female' as const, pregnant: true, trimester: 3 as const } };

  it('puts the section headed by the suggested class first: protein ++ and 150/100 in pregnancy is pre-eclampsia', async () => {
    const [g = 0, p = 0] = await featureReranker().rerank({ ...query, condition: 'pre-eclampsia protein in urine pregnancy', suggested: ['pre-eclampsia'] }, [gestational, preEclampsia]);
    expect(p).toBeGreaterThan(g);
  });

  it('reads the class a diagnosis was already given ("pre-eclampsia: protein in urine pregnancy") the same way', async () => {
    const [g = 0, p = 0] = await featureReranker().rerank({ ...query, condition: 'pre-eclampsia: protein in urine pregnancy' }, [gestational, preEclampsia]);
    expect(p).toBeGreaterThan(g);
  });

  it('leaves the order to the words when the rules suggest nothing', async () => {
    const [g = 0, p = 0] = await featureReranker().rerank({ ...query, condition: 'protein in urine pregnancy' }, [gestational, preEclampsia]);
    expect(g).toBeGreaterThan(p);
  });
});

describe('feature reranker: HIV prevention for a person who already lives with HIV', () => {
  const hiv = (path: string, fusedScore: number): RerankCandidate => ({
    accession: 'SAMPLE-HIV',
    sectionId: path,
    titlePath: `HIV prevention, testing and treatment > ${path}`,
    sectionPath: path,
    text: 'People on antiretroviral therapy.',
    fusedScore,
  });
  // "Who may benefit from PrEP" shares more of the query's words.
  const prep = hiv('Pre-exposure and post-exposure prophylaxis > Who may benefit from PrEP', 0.03);
  const adherence = hiv('Adherence and retention > Adherence and staying in care', 0.028);
  const ranked = async (findings: Finding[]) => {
    const [p = 0, a = 0] = await featureReranker().rerank({ condition: 'HIV, viral load high', text: 'hiv viral load high adult', demographics: { ageYears: 36, sex: 'male' }, findings }, [prep, adherence]);
    return a > p ? 'adherence' : 'prep';
  };

  it('puts adherence before PrEP for a man on ART with a high viral load', async () => {
    expect(await ranked([{ category: 'medication', value: 'TLD 1 tab daily' }])).toBe('adherence');
  });

  it('leaves PrEP first for someone whose partner lives with HIV', async () => {
    const [p = 0, a = 0] = await featureReranker().rerank(
      { condition: 'sexual exposure to HIV', text: 'hiv exposure adult', demographics: { ageYears: 19, sex: 'female' }, findings: [{ category: 'history', value: 'condom broke with a partner living with HIV' }] },
      [prep, adherence],
    );
    expect(p).toBeGreaterThan(a);
  });
});

describe('feature reranker: a diagnosis that names chemoprevention asks for prevention', () => {
  // The perennial section matches the query's words a little better; the finding names the seasonal one.
  const perennial = malaria('Preventing malaria in the community > Perennial malaria chemoprevention for infants', 0.031);
  const seasonal = malaria('Preventing malaria in the community > Seasonal malaria chemoprevention (SMC)', 0.03);
  const first = async (condition: string) => {
    const scores = await featureReranker().rerank(
      { condition, text: `${condition} seasonal campaign this month`, demographics: { ageMonths: 8 }, findings: [{ category: 'history', value: 'seasonal malaria chemoprevention campaign this month' }] },
      [perennial, seasonal],
    );
    return (scores[1] ?? 0) > (scores[0] ?? 0) ? 'seasonal' : 'perennial';
  };

  it('reads the health worker\'s words in a prevention section\'s heading when the diagnosis is chemoprevention or SMC', async () => {
    expect(await first('malaria chemoprevention')).toBe('seasonal');
    expect(await first('SMC')).toBe('seasonal');
  });
});

describe('feature reranker: a test whose result the health worker already reports', () => {
  const hiv = (path: string, fusedScore: number, text: string): RerankCandidate => ({
    accession: 'SAMPLE-HIV',
    sectionId: path,
    titlePath: `HIV prevention, testing and treatment > ${path}`,
    sectionPath: path,
    text,
    fusedScore,
  });
  // "Viral load monitoring" shares more of the query's words ("viral load") than adherence support does.
  const monitoring = hiv('Antiretroviral therapy > Viral load monitoring', 0.032, 'Viral load is measured at 6 months and 12 months after starting treatment, then every 12 months.');
  const adherence = hiv('Adherence and retention > Adherence and staying in care', 0.03, 'Most people with a high viral load are missing doses. Enhanced adherence counselling.');
  const first = async (condition: string, findings: Finding[], text = 'hiv viral load adult') => {
    const [m = 0, a = 0] = await featureReranker().rerank({ condition, text, demographics: { ageYears: 40, sex: 'male' }, findings }, [monitoring, adherence]);
    return a > m ? 'adherence' : 'monitoring';
  };

  it('puts what to do about the result before how and when the test is done: "VL 4,500 copies"', async () => {
    expect(await first('HIV on ART', [{ category: 'test_result', value: 'VL 4,500 copies' }])).toBe('adherence');
    expect(await first('HIV on ART', [{ category: 'test_result', value: 'viral load 2400 copies/ml' }])).toBe('adherence');
  });

  it('keeps the test first when no result is reported, the test was not done, or the health worker asks how to do it', async () => {
    expect(await first('HIV on ART', [{ category: 'medication', value: 'TLD daily' }])).toBe('monitoring');
    expect(await first('HIV on ART', [{ category: 'test_result', value: 'viral load not done' }])).toBe('monitoring');
    expect(await first('HIV on ART', [{ category: 'test_result', value: 'VL 4,500 copies' }], 'hiv viral load adult how to test')).toBe('monitoring');
  });

  it('keeps it when the diagnosis is about the test itself', async () => {
    expect(await first('viral load test result', [{ category: 'test_result', value: 'VL 4,500 copies' }])).toBe('monitoring');
  });

  it('lowers a section whose cut-offs place the reported value less: it still says what the result means', async () => {
    const malnutrition = (path: string, fusedScore: number, text: string): RerankCandidate => ({ accession: 'SAMPLE-MALNUTRITION', sectionId: path, titlePath: `Acute malnutrition > ${path}`, sectionPath: path, text, fusedScore });
    const managing = malnutrition('Moderate acute malnutrition > Managing moderate acute malnutrition', 0.03, 'Supplementary food and counselling.');
    const cutOffs = 'MUAC less than 115 mm: severe acute malnutrition. MUAC 115 mm to less than 125 mm: moderate acute malnutrition.';
    const firstFor = async (measuringText: string, fusedScore = 0.045) => {
      const measuring = malnutrition('Screening > Measuring MUAC', fusedScore, measuringText);
      const [m = 0, g = 0] = await featureReranker().rerank(
        { condition: 'moderate acute malnutrition', text: 'moderate acute malnutrition muac 120 mm', demographics: { ageMonths: 24 }, findings: [{ category: 'test_result', value: 'MUAC 120 mm' }] },
        [measuring, managing],
      );
      return m > g ? 'measuring' : 'managing';
    };
    expect(await firstFor('Wrap the tape around the left arm, midway between the shoulder and the elbow.')).toBe('managing');
    expect(await firstFor(cutOffs)).toBe('measuring');
    // Matching her words only a little better than managing does, the cut-offs no longer come first.
    expect(await firstFor(cutOffs, 0.036)).toBe('managing');
  });
});

describe('feature reranker: a section under a heading on doing the test she has done', () => {
  const BP = 'Hypertension in adults';
  // "Measurements at home" repeats "blood pressure" from the reading and matches a little better.
  const atHome = inBook(BP, 'SAMPLE-HYPERTENSION', 'Measuring blood pressure > Measuring blood pressure correctly > Measurements at home', 0.032, 'Blood pressure readings taken at home.');
  const classes = inBook(BP, 'SAMPLE-HYPERTENSION', 'Diagnosis and classification > Thresholds and classification > Classification of readings in adults', 0.03, 'Blood pressure classes.');

  it('puts what her reading means before how readings are taken, when only the chapter names the measuring', async () => {
    const [home = 0, cls = 0] = await featureReranker().rerank(
      { condition: 'hypertension', text: 'hypertension adult BP blood pressure 152/96', demographics: { ageYears: 50, sex: 'male' }, findings: [{ category: 'vital_sign', value: 'BP 152/96' }] },
      [atHome, classes],
    );
    expect(cls).toBeGreaterThan(home);
  });

  it('does not read a chapter named for the test ("HIV testing") as one on doing it', async () => {
    const HIV = 'HIV testing, treatment and prevention';
    const strategy = inBook(HIV, 'SAMPLE-HIV', 'HIV testing > HIV testing services > The testing strategy for adults and children over 18 months', 0.032, 'Three consecutive reactive tests.');
    const counselling = inBook(HIV, 'SAMPLE-HIV', 'Living with HIV > Support > Disclosure', 0.03, 'Disclosure to a partner.');
    const [s = 0, c = 0] = await featureReranker().rerank(
      { condition: 'HIV', text: 'HIV adult HIV test reactive', demographics: { ageYears: 30, sex: 'male' }, findings: [{ category: 'test_result', value: 'HIV test reactive' }] },
      [strategy, counselling],
    );
    expect(s).toBeGreaterThan(c);
  });
});

describe('feature reranker: a misspelt diagnosis names its guideline', () => {
  // The malaria section matches the message's other words ("fever", "child") a little better.
  const pneumonia = inBook('Cough and pneumonia in children under five', 'SAMPLE-PNEUMONIA', 'Treating pneumonia > Amoxicillin dosing by age and weight', 0.028, 'Amoxicillin dispersible tablets.');
  const fever = inBook('Malaria at community level', 'SAMPLE-MALARIA', 'Diagnosis of malaria > Managing fever when the test is negative', 0.03, 'Fever in a child.');
  const first = async (condition: string) => {
    const [p = 0, f = 0] = await featureReranker().rerank({ condition, text: `${condition} fever child`, demographics: { ageYears: 2 } }, [pneumonia, fever]);
    return p > f ? 'pneumonia' : 'fever';
  };

  it('reads a letter missed, added, changed or swapped as the word: "pnemonia", "pnuemonia"', async () => {
    expect(await first('pneumonia')).toBe('pneumonia');
    expect(await first('pnemonia')).toBe('pneumonia');
    expect(await first('pnuemonia')).toBe('pneumonia');
    expect(await first('pneumonnia')).toBe('pneumonia');
  });

  it('does not read a word two slips away as the same', async () => {
    expect(await first('pnmonia')).toBe('fever');
  });
});

describe('feature reranker: the treatment of the diagnosis, named by a table it holds', () => {
  const pregnancy = (path: string, fusedScore: number, text: string): RerankCandidate => ({
    accession: 'SAMPLE-PREGNANCY',
    sectionId: path,
    titlePath: `Pregnancy care: pre-eclampsia, danger signs and referral > ${path}`,
    sectionPath: path,
    text,
    fusedScore,
  });
  // The danger sign matches her findings' words better than the loading dose, whose table says what it is for.
  const dangerSign = pregnancy('Danger signs in pregnancy > Danger signs in pregnancy > Swelling', 0.034, 'Swelling of the face and hands with a raised blood pressure is a danger sign.');
  const loadingDose = pregnancy(
    'Care before and during referral > Care before and during referral > Magnesium sulfate > Loading dose before referral',
    0.03,
    'Loading dose before referral\nThe intramuscular loading dose can be given by any trained health worker.\nTable 5.1 Magnesium sulfate loading dose for severe pre-eclampsia and eclampsia\nIntramuscular 10 g in total',
  );
  const first = async (condition: string, suggested?: string[]) => {
    const query: RerankQuery = { condition, text: `${condition} pregnancy third trimester face swelling`, demographics: { ageYears: 24, sex: 'female', pregnant: true, trimester: 3 }, ...(suggested ? { suggested } : {}) };
    const [danger = 0, dose = 0] = await featureReranker().rerank(query, [dangerSign, loadingDose]);
    return dose > danger ? 'loading dose' : 'danger sign';
  };

  it('puts the section whose table is the treatment of her diagnosis above a closer match of her findings', async () => {
    expect(await first('severe pre-eclampsia')).toBe('loading dose');
    expect(await first('eclampsia')).toBe('loading dose');
  });

  it('reads the illness the patient rules suggest when the diagnosis is in her own words', async () => {
    expect(await first('high BP for belle + headache', ['severe pre-eclampsia'])).toBe('loading dose');
    expect(await first('high BP for belle + headache')).toBe('danger sign');
  });

  it('does not when the table names another illness, or the illness at another severity', async () => {
    expect(await first('gestational hypertension')).toBe('danger sign');
    // "for severe pre-eclampsia and eclampsia": the treatment of eclampsia and of the severe form, not of a
    // pre-eclampsia without severe features.
    const treats = (condition: string) => rerankFeatures({ condition, text: condition, demographics: { ageYears: 24, sex: 'female', pregnant: true, trimester: 3 } }, [dangerSign, loadingDose])[1]?.treats;
    expect(treats('severe pre-eclampsia')).toBe(1);
    expect(treats('eclampsia')).toBe(1);
    expect(treats('pre-eclampsia')).toBe(0);
    expect(treats('pre-eclampsia, not severe')).toBe(0);
  });
});
