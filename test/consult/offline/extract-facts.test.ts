import { describe, expect, it } from 'vitest';
import type { Demographics, Finding } from '../../../src/patient/findings.js';
import { extractFacts } from '../../../src/consult/offline/extract-facts.js';

interface Case {
  readonly text: string;
  /** Compared exactly: nothing more may be extracted. */
  readonly demographics?: Demographics;
  /** Each must be among the findings. */
  readonly findings?: readonly Finding[];
  /** No finding may have one of these values. */
  readonly absent?: readonly string[];
}

const symptom = (value: string): Finding => ({ category: 'symptom', value });
const no = (category: Finding['category'], value: string): Finding => ({ category, value: `no ${value}`, negated: true });
const vital = (value: string): Finding => ({ category: 'vital_sign', value });
const test = (value: string): Finding => ({ category: 'test_result', value });
const duration = (value: string): Finding => ({ category: 'duration', value });
const exam = (value: string): Finding => ({ category: 'exam_sign', value });
const medicine = (value: string): Finding => ({ category: 'medication', value });

const AGE: readonly Case[] = [
  { text: 'child 2 years', demographics: { ageYears: 2, ageMonths: 24 } },
  { text: '18 months', demographics: { ageYears: 1, ageMonths: 18 } },
  { text: 'toddler 18mo', demographics: { ageYears: 1, ageMonths: 18 } },
  { text: '3yo with fever', demographics: { ageYears: 3, ageMonths: 36 }, findings: [symptom('fever')] },
  { text: 'age 25', demographics: { ageYears: 25 } },
  { text: '25 year old', demographics: { ageYears: 25 } },
  { text: 'a 6 week old baby', demographics: { ageYears: 0, ageMonths: 1.4 } },
  { text: 'aged 2.5 years', demographics: { ageYears: 2, ageMonths: 30 } },
  { text: '9/12 old baby', demographics: { ageYears: 0, ageMonths: 9 } },
  { text: 'she is 40 years', demographics: { ageYears: 40, sex: 'female' } },
  { text: '2 years, fever', demographics: { ageYears: 2, ageMonths: 24 }, findings: [symptom('fever')] },
];

const SEX: readonly Case[] = [
  // A bare number beside the sex is her age (issue 9).
  { text: 'Woman, 30', demographics: { sex: 'female', ageYears: 30 } },
  { text: 'boy with cough', demographics: { sex: 'male' }, findings: [symptom('cough')] },
  { text: '25F', demographics: { ageYears: 25, sex: 'female' } },
  { text: '45 yo M', demographics: { ageYears: 45, sex: 'male' } },
  { text: 'M/30 chest pain', demographics: { ageYears: 30, sex: 'male' }, findings: [symptom('chest pain')] },
  { text: 'sex: female', demographics: { sex: 'female' } },
  // A lower-case "m" after a number is more often months than male.
  { text: 'baby 9m', demographics: {} },
  // Mothers report for their children: "mother" does not make the patient female.
  { text: 'mother says the boy has fever', demographics: { sex: 'male' } },
  // Conflicting words leave sex for the health worker to confirm.
  { text: 'woman brought her son', demographics: {} },
];

const PREGNANCY: readonly Case[] = [
  { text: 'pregnant', demographics: { pregnant: true, sex: 'female' } },
  // A wish or a plan is not a pregnancy: a woman of 45 planning one got the pregnancy book's medicines.
  { text: 'BP 150/95 twice, plans pregnancy next year', demographics: {} },
  { text: 'wants to get pregnant', demographics: {} },
  { text: 'pregnant again, plans to deliver at home', demographics: { pregnant: true, sex: 'female' } },
  { text: '30 weeks pregnant', demographics: { pregnant: true, gestationWeeks: 30, trimester: 3, sex: 'female' } },
  { text: 'GA 30 weeks', demographics: { pregnant: true, gestationWeeks: 30, trimester: 3, sex: 'female' } },
  { text: 'GA 28/40', demographics: { pregnant: true, gestationWeeks: 28, trimester: 3, sex: 'female' } },
  { text: 'gestation 14 wks', demographics: { pregnant: true, gestationWeeks: 14, trimester: 2, sex: 'female' } },
  { text: 'pregnant at 13 weeks', demographics: { pregnant: true, gestationWeeks: 13, trimester: 1, sex: 'female' } },
  { text: 'GA 27 weeks', demographics: { pregnant: true, gestationWeeks: 27, trimester: 2, sex: 'female' } },
  { text: 'second trimester', demographics: { pregnant: true, trimester: 2, sex: 'female' } },
  { text: '5 months pregnant', demographics: { pregnant: true, trimester: 2, sex: 'female' } },
  { text: 'not pregnant', demographics: { pregnant: false } },
  // Not going to antenatal care is not a pregnancy denied.
  { text: 'she never did a urine test at ANC', demographics: { sex: 'female' } },
  {
    text: 'pregnancy test positive',
    demographics: { pregnant: true, sex: 'female' },
    findings: [test('pregnancy test positive')],
  },
  { text: 'GA 60 weeks', demographics: {} },
];

const MEASUREMENTS: readonly Case[] = [
  { text: '12 kg', demographics: { weightKg: 12 } },
  { text: 'weight 12.5kg', demographics: { weightKg: 12.5 } },
  { text: 'wt 9', demographics: { weightKg: 9 } },
  { text: 'birth weight 2500 g', demographics: { weightKg: 2.5 } },
  { text: 'lost weight 5 kg', demographics: {}, findings: [symptom('weight loss')] },
  { text: 'sweat for night', demographics: {}, findings: [symptom('night sweats')] },
  // Today's weight, not one taken before: a past weight may read the wrong dose band.
  { text: '7.4 kg, on RUTF, weight 7.8 kg two weeks ago and 7.6 kg last week', demographics: { weightKg: 7.4 } },
  { text: 'weighed 9.1 kg at the last visit, 8.8 kg today', demographics: { weightKg: 8.8 } },
  { text: 'weight 7.8 kg two weeks ago', demographics: {} },
  { text: 'temp 39.2', findings: [vital('temperature 39.2 °C')] },
  { text: '38.5C', findings: [vital('temperature 38.5 °C')] },
  { text: 'fever 39', findings: [symptom('fever'), vital('temperature 39 °C')] },
  { text: 'temp 102F', demographics: {}, findings: [vital('temperature 38.9 °C')] },
  { text: 'BP 160/110', findings: [vital('blood pressure 160/110 mmHg')], absent: ['110 days'] },
  { text: 'RR 52', findings: [vital('respiratory rate 52/min')] },
  { text: 'breathing 52 per minute', findings: [vital('respiratory rate 52/min')] },
  { text: 'pulse 130, SpO2 88%', findings: [vital('pulse 130/min'), vital('oxygen saturation 88%')] },
  { text: 'MUAC 11.2 cm', findings: [exam('MUAC 112 mm')] },
  { text: 'MUAC 110 mm', findings: [exam('MUAC 110 mm')] },
  { text: 'MUAC red', findings: [exam('MUAC red')] },
];

const TESTS: readonly Case[] = [
  { text: 'RDT positive', findings: [test('RDT positive')] },
  { text: 'mRDT +ve', findings: [test('RDT positive')] },
  { text: 'malaria test negative', findings: [test('RDT negative')] },
  { text: 'RDT neg', findings: [test('RDT negative')] },
  { text: 'tested positive for malaria', findings: [test('RDT positive')] },
  // No test could be done: it decides between treating and sending the patient to be tested.
  { text: 'no RDT available', findings: [test('RDT not available')] },
  { text: 'RDTs finished', findings: [test('RDT not available')] },
  { text: 'test kits finish', findings: [test('RDT not available')] },
  { text: 'out of mRDTs', findings: [test('RDT not available')] },
  { text: 'no kits', findings: [] },
  { text: 'HIV test reactive', findings: [test('HIV test reactive')] },
  { text: 'hiv non-reactive', findings: [test('HIV test non-reactive')] },
  { text: 'RPR reactive', findings: [test('syphilis test reactive')] },
  { text: 'glucose 14 mmol/L', findings: [test('blood glucose 14 mmol/L')] },
  { text: 'RBS 250 mg/dl', findings: [test('blood glucose 250 mg/dL')] },
  { text: 'Hb 7', findings: [test('haemoglobin 7 g/dL')] },
  { text: 'urine protein ++', findings: [test('urine protein 2+')] },
  { text: 'malaria parasites seen', findings: [test('malaria microscopy positive')] },
];

const DURATIONS: readonly Case[] = [
  { text: 'fever for 3 days', findings: [duration('fever for 3 days')] },
  { text: 'cough since 2 weeks', findings: [duration('cough for 2 weeks')] },
  { text: 'diarrhoea 2/7', findings: [duration('diarrhoea for 2 days')] },
  { text: 'cough 3/52', findings: [duration('cough for 3 weeks')] },
  { text: 'fever x3d', findings: [duration('fever for 3 days')] },
  { text: 'vomiting started 2 days ago', findings: [duration('vomiting for 2 days')] },
  { text: 'diarrhoea for a week', findings: [duration('diarrhoea for 1 week')] },
  { text: 'vomiting since yesterday', findings: [duration('vomiting since yesterday')] },
  { text: 'for 3 days', findings: [duration('3 days')] },
  // Numbers explained by other rules are not durations.
  { text: 'baby 6 weeks old, GA 30/40, BP 120/80', absent: ['6 weeks', '30 days', '80 days'] },
];

const SYMPTOMS: readonly Case[] = [
  { text: 'no fever', findings: [no('symptom', 'fever')], absent: ['fever'] },
  { text: 'afebrile', findings: [no('symptom', 'fever')], absent: ['fever'] },
  {
    text: 'cough and fast breathing, chest indrawing',
    findings: [symptom('cough'), symptom('fast breathing'), exam('chest indrawing')],
  },
  {
    text: 'no vomiting or diarrhoea, cough: no',
    findings: [no('symptom', 'vomiting'), no('symptom', 'diarrhoea'), no('symptom', 'cough')],
  },
  {
    text: 'loose stools with blood, sunken eyes, skin pinch goes back very slowly',
    findings: [symptom('diarrhoea'), symptom('blood in stool'), exam('sunken eyes'), exam('skin pinch goes back very slowly')],
  },
  {
    // A normal skin pinch is a finding: it says the child has no dehydration (IMCI), where it was dropped.
    text: 'diarrhoea 3 days, alert, skin pinch goes back immediately',
    findings: [symptom('diarrhoea'), exam('skin pinch goes back immediately')],
  },
  {
    // Eyes looked at and not sunken (Pidgin "eye no sink") are a finding as a normal skin pinch is; drinking
    // poorly is one of severe dehydration's signs. Both were dropped.
    text: 'stooling 5 times today, eye no sink',
    findings: [symptom('diarrhoea'), exam('eyes not sunken')],
  },
  {
    text: 'eyes sunken, not drinking well',
    findings: [exam('sunken eyes'), exam('drinking poorly')],
  },
  {
    // The dehydration class the health worker gives is a finding: "no dehydration" was dropped, and a
    // diarrhoea said to have none was left unclassified.
    text: 'diarrhoea 2 days, no dehydration',
    findings: [symptom('diarrhoea'), { category: 'duration', value: 'diarrhoea for 2 days' }, no('exam_sign', 'dehydration')],
  },
  {
    // Some pallor is IMCI's class below severe pallor: "some" was dropped, and the plan gave severe anaemia's.
    text: 'palms some pallor, no fever',
    findings: [exam('some pallor'), exam('pallor'), no('symptom', 'fever')],
  },
  {
    text: 'loose stools, some dehydration',
    findings: [symptom('diarrhoea'), exam('some dehydration')],
  },
  {
    text: 'severe headache, pale palms, swollen feet, convulsions yesterday',
    findings: [
      symptom('headache'),
      { category: 'severity', value: 'severe headache' },
      exam('pallor'),
      exam('oedema'),
      symptom('convulsions'),
    ],
  },
  { text: 'rash and difficulty breathing', findings: [symptom('rash'), symptom('difficulty breathing')] },
  { text: 'no cough yesterday, coughing today', findings: [symptom('cough')], absent: ['no cough'] },
];

const HISTORY: readonly Case[] = [
  {
    text: 'allergic to penicillin, on ART, took coartem',
    findings: [
      { category: 'allergy', value: 'allergy to penicillin' },
      { category: 'medication', value: 'antiretroviral therapy' },
      { category: 'medication', value: 'artemether-lumefantrine' },
    ],
    absent: ['penicillin'],
  },
  { text: 'NKDA, known asthmatic', findings: [no('allergy', 'known drug allergies'), { category: 'history', value: 'history of asthma' }] },
  // Lifelong conditions that decide which medicines are withheld are history from a plain mention.
  { text: 'has sickle cell disease', findings: [{ category: 'history', value: 'history of sickle cell disease' }] },
  { text: 'sickler', findings: [{ category: 'history', value: 'history of sickle cell disease' }] },
  { text: 'kidney disease', findings: [{ category: 'history', value: 'history of kidney disease' }] },
  { text: 'known CKD', findings: [{ category: 'history', value: 'history of kidney disease' }] },
  { text: 'PLHIV, on care', findings: [{ category: 'history', value: 'history of HIV' }] },
  { text: 'has heart failure', findings: [{ category: 'history', value: 'history of heart failure' }] },
  { text: 'no kidney disease', findings: [no('history', 'history of kidney disease')] },
  { text: 'mother has sickle cell trait', findings: [] },
  { text: 'no paracetamol given', findings: [no('medication', 'paracetamol')] },
  // Zidovudine and efavirenz rule out AS-AQ: "on AZT" was no medicine.
  { text: 'HIV positive on AZT and efavirenz', findings: [medicine('zidovudine'), medicine('efavirenz')] },
  // A reaction described, not named: an allergy to that medicine, not a medicine she takes.
  { text: 'last year after amoxyl she got big itchy rash and lips swell', findings: [{ category: 'allergy', value: 'allergy to amoxicillin' }], absent: ['amoxicillin'] },
  { text: 'he had a bad reaction to septrin', findings: [{ category: 'allergy', value: 'allergy to cotrimoxazole' }] },
  // Any medicine of knowledge/medicines.yaml, by a name or another name: a book's own medicines decide her plan too.
  { text: 'started on cloxacillin 2 days ago, also took cephalexin', findings: [medicine('cloxacillin'), medicine('cefalexin')] },
  // Seasonal malaria chemoprevention is amodiaquine with SP: AS-AQ is not given within four weeks of it.
  { text: 'had SMC last week', findings: [medicine('seasonal malaria chemoprevention (sulfadoxine-pyrimethamine + amodiaquine)')] },
  // The appetite test decides home treatment or referral for SAM; eating the test sachet is not being on RUTF.
  { text: 'passed appetite test', findings: [{ category: 'test_result', value: 'passed appetite test' }] },
  { text: 'ate the RUTF test sachet well', findings: [{ category: 'test_result', value: 'passed appetite test' }], absent: ['ready-to-use therapeutic food'] },
  { text: 'refused the RUTF', findings: [{ category: 'test_result', value: 'failed appetite test' }], absent: ['ready-to-use therapeutic food'] },
  { text: 'did not pass the appetite test', findings: [{ category: 'test_result', value: 'failed appetite test' }], absent: ['passed appetite test'] },
  // The standard spelling of amoxicillin was not read (the pattern wanted "amoxycillin" or "amoxcillin").
  { text: 'on amoxicillin since Monday', findings: [medicine('amoxicillin')] },
  {
    text: '16 weeks pregnant, on lisinopril 10 mg and amlodipine, hctz stopped',
    findings: [medicine('lisinopril 10 mg'), medicine('amlodipine'), medicine('hydrochlorothiazide')],
  },
  // The dose goes with the medicine: the plan leaves out the titration steps below what he takes a day.
  { text: 'known diabetes on metformin 1 g twice daily for 6 months', findings: [medicine('metformin 1 g twice daily')] },
  { text: 'metformin 500mg bd, amlodipine 5 mg od', findings: [medicine('metformin 500 mg bd'), medicine('amlodipine 5 mg od')] },
  {
    text: 'on gliclazide and metformin, TLD for 2 years, INH month 2, RUTF 5 weeks',
    findings: [medicine('gliclazide'), medicine('tenofovir-lamivudine-dolutegravir'), medicine('isoniazid'), medicine('ready-to-use therapeutic food')],
  },
  // Treatment that is not working: the plan's next step is the follow-up section, not the starting dose.
  {
    text: 'on amlodipine 10 mg for 3 months, BP still 156/98',
    findings: [vital('blood pressure 156/98 mmHg'), { category: 'history', value: 'not improving' }],
  },
  { text: 'on RUTF 5 weeks, weight not increasing', findings: [{ category: 'history', value: 'not improving' }] },
  { text: 'day 3 on amoxicillin, still breathing fast', findings: [{ category: 'history', value: 'not improving' }, symptom('fast breathing')] },
  { text: 'baby still breastfeeding well, improving on ORS', absent: ['not improving'] },
  // The illness back after a finished course (a suspected treatment failure): kept as said, in one finding.
  { text: 'finished AL 3 weeks ago, hot body again since yesterday', findings: [{ category: 'history', value: 'finished al 3 weeks ago, fever again' }] },
  { text: 'completed coartem 2 weeks ago. Fever came back', findings: [{ category: 'history', value: 'completed coartem 2 weeks ago, fever came back' }] },
  { text: 'amlodipine finish 2 wks ago, no money buy again', absent: ['finish 2 wks ago, no money buy again'] },
  {
    text: 'BP 150/95, smokes 10 cigarettes a day and takes beer every evening',
    findings: [{ category: 'history', value: 'smokes tobacco' }, { category: 'history', value: 'drinks alcohol' }],
  },
  { text: 'non-smoker, does not drink alcohol', findings: [no('history', 'smoking'), no('history', 'alcohol use')], absent: ['smokes tobacco', 'drinks alcohol'] },
  // Not habits: a thirsty child drinks, and cooking smoke is not tobacco.
  { text: 'child drinks eagerly, smoke from the cooking fire in the house', absent: ['drinks alcohol', 'smokes tobacco'] },
];

const IMPLAUSIBLE: readonly Case[] = [
  { text: 'age 400', demographics: {} },
  { text: 'weight 900 kg', demographics: {} },
  { text: 'temp 60', demographics: {}, absent: ['temperature 60 °C'] },
  { text: 'RR 400', absent: ['respiratory rate 400/min'] },
  { text: 'BP 80/120', absent: ['blood pressure 80/120 mmHg'] },
  { text: 'Hb 70', absent: ['haemoglobin 70 g/dL'] },
];

/** Dehydration and dysentery signs in Nigerian Pidgin. */
const PIDGIN_DIARRHOEA: readonly Case[] = [
  { text: 'purging 2/7', findings: [symptom('diarrhoea')] },
  { text: 'eye don sink', findings: [exam('sunken eyes')] },
  { text: 'e drink ORS quick quick like say thirst dey', findings: [exam('drinks eagerly')] },
  { text: 'e dey drink water like say e thirsty', findings: [exam('drinks eagerly')] },
  { text: 'blood for stool since yday', findings: [symptom('blood in stool')] },
  { text: 'no eye sink', findings: [no('exam_sign', 'sunken eyes')] },
];

/** A number that ends a sentence: the full stop after it is not a decimal point ("RR 54/min. no chest indrawing"). */
const SENTENCE_END: readonly Case[] = [
  { text: 'cough 3/7. RR 54/min. no chest indrawing', findings: [vital('respiratory rate 54/min'), no('exam_sign', 'chest indrawing')] },
  { text: 'RR 54. cough', findings: [vital('respiratory rate 54/min'), symptom('cough')] },
  { text: 'temp 38.5. cough', findings: [vital('temperature 38.5 °C')] },
  { text: 'temp 39. cough', findings: [vital('temperature 39 °C')] },
  { text: 'fever 39. cough', findings: [vital('temperature 39 °C')] },
  { text: 'pulse 120. cough', findings: [vital('pulse 120/min')] },
  { text: 'HR 130/min. cough', findings: [vital('pulse 130/min')] },
  { text: 'age 3. cough', demographics: { ageYears: 3, ageMonths: 36 } },
  { text: 'woman 25. pregnant', demographics: { sex: 'female', ageYears: 25, pregnant: true } },
  { text: 'GA 32. headache', demographics: { sex: 'female', pregnant: true, gestationWeeks: 32, trimester: 3 } },
  // Still a decimal point when a digit follows, and a minus sign still rejects the number.
  { text: 'RR 5.4', absent: ['respiratory rate 5/min', 'respiratory rate 4/min'] },
  { text: 'temp -38. cough', absent: ['temperature 38 °C'] },
];

describe('extractFacts', () => {
  describe.each([
    ['a number at the end of a sentence', SENTENCE_END],
    ['diarrhoea signs in Pidgin', PIDGIN_DIARRHOEA],
    ['age', AGE],
    ['sex', SEX],
    ['pregnancy', PREGNANCY],
    ['weight, vital signs and MUAC', MEASUREMENTS],
    ['test results', TESTS],
    ['durations', DURATIONS],
    ['symptoms and signs with negation', SYMPTOMS],
    ['history, medicines and allergies', HISTORY],
    ['implausible numbers', IMPLAUSIBLE],
  ])('%s', (_name, cases) => {
    it.each(cases)('$text', ({ text, demographics, findings, absent }) => {
      const facts = extractFacts(text);
      if (demographics) expect(facts.demographics).toEqual(demographics);
      if (findings) expect(facts.findings).toEqual(expect.arrayContaining(findings.map((f) => expect.objectContaining(f))));
      for (const value of absent ?? []) {
        expect(facts.findings.map((finding) => finding.value)).not.toContain(value);
      }
    });
  });

  it('has at least 80 table cases', () => {
    const all = [AGE, SEX, PREGNANCY, MEASUREMENTS, TESTS, DURATIONS, SYMPTOMS, HISTORY, IMPLAUSIBLE];
    expect(all.reduce((sum, cases) => sum + cases.length, 0)).toBeGreaterThanOrEqual(80);
  });

  it('reads a whole message, findings in the order they were said', () => {
    const facts = extractFacts(
      'Girl 3 years, 12kg. Fever for 3 days, temp 39.2, RDT positive. No cough, vomiting everything.',
    );
    expect(facts.demographics).toEqual({ ageYears: 3, ageMonths: 36, sex: 'female', weightKg: 12 });
    expect(facts.sexCue).toBe('explicit');
    expect(facts.findings).toEqual([
      { category: 'symptom', value: 'fever' },
      { category: 'duration', value: 'fever for 3 days' },
      { category: 'vital_sign', value: 'temperature 39.2 °C' },
      { category: 'test_result', value: 'RDT positive' },
      { category: 'symptom', value: 'no cough', negated: true },
      { category: 'symptom', value: 'vomiting' },
      { category: 'symptom', value: 'vomits everything' },
    ]);
  });

  it('takes sex from "she"/"he" only as a weak cue', () => {
    expect(extractFacts('she has fever')).toMatchObject({ demographics: { sex: 'female' }, sexCue: 'pronoun' });
    expect(extractFacts('girl, she has fever').sexCue).toBe('explicit');
    expect(extractFacts('fever').sexCue).toBeUndefined();
  });

  it('marks a negated finding both in its value and its flag', () => {
    const [finding] = extractFacts('no fever').findings;
    expect(finding).toEqual({ category: 'symptom', value: 'no fever', negated: true });
  });
});

describe('negative and implausible measurements are rejected, not stored', () => {
  const cases: ReadonlyArray<{ text: string; rejected: RegExp; absent: RegExp }> = [
    { text: 'weight -14 kg', rejected: /-14/, absent: /14/ },
    { text: 'wt: -14kg', rejected: /-14/, absent: /14/ },
    { text: 'temp -38.5', rejected: /-38\.5/, absent: /38/ },
    { text: 'temp 45 C', rejected: /45/, absent: /45/ },
    { text: 'temperature 45 °C', rejected: /45/, absent: /45/ },
    { text: 'fever, 46 °C', rejected: /46/, absent: /46/ },
    { text: 'weight 400 kg', rejected: /400/, absent: /400/ },
    { text: 'RR 300', rejected: /300/, absent: /300/ },
    { text: 'pulse 400', rejected: /400/, absent: /400/ },
  ];
  for (const { text, rejected, absent } of cases) {
    it(`"${text}"`, () => {
      const facts = extractFacts(text);
      expect(facts.rejected?.join(' | ') ?? '').toMatch(rejected);
      expect(JSON.stringify(facts.demographics)).not.toMatch(absent);
      for (const f of facts.findings) expect(f.value).not.toMatch(absent);
    });
  }

  it('keeps ranges and plausible values', () => {
    expect(extractFacts('temp 38-39, weight 12-14 kg').rejected ?? []).toEqual([]);
    expect(extractFacts('temp 42.5').findings).toContainEqual(vital('temperature 42.5 °C'));
    expect(extractFacts('weight 14 kg').demographics.weightKg).toBe(14);
  });
});
