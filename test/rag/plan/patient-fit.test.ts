import { describe, expect, it } from 'vitest';
import { measurementsIn } from '../../../src/rag/number-fit.js';
import { excludesPatient, parseAgeBand, rowBelowDoseTaken, rowFitsMeasurements, startsMedicineTaken, titlesExcludePatient, linesForOlderPatients } from '../../../src/rag/plan/patient-fit.js';
import { tableCells } from '../../../src/rag/plan/section-text.js';

const man = { ageYears: 50, sex: 'male' as const };
const pregnantWoman = { ageYears: 30, sex: 'female' as const, pregnant: true, gestationWeeks: 24 };
const woman = { ageYears: 30, sex: 'female' as const, pregnant: false };

describe('excludesPatient: text that sets pregnancy aside', () => {
  const row = 'Table 6.1 First-line antihypertensive medicines for non-pregnant adults: Medicine: Amlodipine; Usual starting dose: 5 mg once daily';

  it('keeps a row of a table for non-pregnant adults for a man and a woman who is not pregnant', () => {
    expect(excludesPatient(row, man)).toBe(false);
    expect(excludesPatient(row, woman)).toBe(false);
  });

  it('leaves the same row out for a pregnant woman', () => {
    expect(excludesPatient(row, pregnantWoman)).toBe(true);
  });

  it('reads a caution "not in pregnancy" the same way', () => {
    const caution = 'Medicine: Losartan; Usual starting dose: 50 mg once daily; Main cautions: High potassium; not in pregnancy';
    expect(excludesPatient(caution, man)).toBe(false);
    expect(excludesPatient(caution, pregnantWoman)).toBe(true);
  });

  it('still leaves text about pregnancy out for a man', () => {
    expect(excludesPatient('Give methyldopa 250 mg twice daily to a pregnant woman with hypertension.', man)).toBe(true);
    expect(excludesPatient('This table does not apply in pregnancy: see Women who are or may become pregnant, below.', man)).toBe(true);
  });
});

describe('excludesPatient: a row that names pregnancy among the people it is for (HIV sample Table 3.1)', () => {
  const row = 'Table 3.1 Preferred first-line regimens: Group: Adults and adolescents weighing 30 kg or more, including pregnant and breastfeeding women; Regimen: TLD: tenofovir 300 mg + lamivudine 300 mg + dolutegravir 50 mg; Dose: One tablet once daily';

  it('keeps the row for a man and for a woman three weeks after birth, as for a pregnant woman', () => {
    expect(excludesPatient(row, man)).toBe(false);
    expect(excludesPatient(row, { ageYears: 26, sex: 'female', pregnant: false, postpartum: true, daysSinceDelivery: 21 })).toBe(false);
    expect(excludesPatient(row, pregnantWoman)).toBe(false);
  });

  it('still leaves out a line about pregnancy alone, though it names a trimester "including" it', () => {
    expect(excludesPatient('TLD is the preferred regimen in pregnancy, including the first trimester.', man)).toBe(true);
  });
});

describe('excludesPatient: a sentence for the weeks after birth that points back to pregnancy', () => {
  const sentence = 'A woman who has a severe headache or blurred vision after birth, or a blood pressure of 160/110 mmHg or more, needs the same urgent care as in pregnancy, including magnesium sulfate and referral.';

  it('keeps it for a woman who delivered five days ago, and for a pregnant woman', () => {
    expect(excludesPatient(sentence, { ageYears: 30, sex: 'female', postpartum: true, daysSinceDelivery: 5 })).toBe(false);
    expect(excludesPatient(sentence, pregnantWoman)).toBe(false);
  });

  it('still leaves out a sentence about pregnancy alone for her, and this one for a man', () => {
    expect(excludesPatient('Give methyldopa 250 mg twice daily to a pregnant woman with hypertension.', { ageYears: 30, sex: 'female', postpartum: true })).toBe(true);
    expect(excludesPatient(sentence, man)).toBe(true);
  });
});

describe('rowFitsMeasurements: a classification row against what the health worker measured', () => {
  const cells = (muac: string) => new Map([['MUAC', muac], ['Colour on the tape', 'Red'], ['Classification', 'Severe acute malnutrition (SAM)']]);

  it('places a MUAC of 120 mm in the 115 to <125 mm row and not in the rows either side', () => {
    const measured = measurementsIn('MUAC 120 mm, no oedema');
    expect(rowFitsMeasurements(cells('115 mm to less than 125 mm'), measured)).toBe('fits');
    expect(rowFitsMeasurements(cells('Less than 115 mm'), measured)).toBe('other_band');
    expect(rowFitsMeasurements(cells('125 mm or more'), measured)).toBe('other_band');
  });

  it('reads a blood pressure row whose header gives the unit: 150/95 is grade 1, not grade 2 or severe', () => {
    const row = (systolic: string, diastolic: string) => new Map([['Category', 'x'], ['Systolic (mmHg)', systolic], ['Diastolic (mmHg)', diastolic]]);
    const measured = measurementsIn('BP 150/95');
    expect(rowFitsMeasurements(row('140 to 159', '90 to 99'), measured)).toBe('fits');
    expect(rowFitsMeasurements(row('160 to 179', '100 to 109'), measured)).toBe('other_band');
    expect(rowFitsMeasurements(row('180 or more', '110 or more'), measured)).toBe('other_band');
    expect(rowFitsMeasurements(row('<130', '<85'), measured)).toBe('other_band');
  });

  it('decides nothing without a measurement in the row\'s unit, or from weight or a duration', () => {
    expect(rowFitsMeasurements(cells('Less than 115 mm'), measurementsIn('Hb 9 g/dL'))).toBe('no_band');
    expect(rowFitsMeasurements(new Map([['Body weight (kg)', '5 to <15'], ['Tablets per dose', '1']]), measurementsIn('weight 20 kg'))).toBe('no_band');
    expect(rowFitsMeasurements(new Map([['Duration', '14 days or more']]), measurementsIn('cough 3 days'))).toBe('no_band');
  });
});

describe('titlesExcludePatient: the age or weight band a title path states, book title included', () => {
  const book = 'Acute malnutrition in children aged 6 to 59 months (sample guideline)';
  const infant = { ageMonths: 4, sex: 'male' as const, weightKg: 3.8 };

  it('leaves a 4-month-old out of the book for 6 to 59 months, but not out of its "Infants under 6 months"', () => {
    expect(titlesExcludePatient(`${book} > Severe acute malnutrition > Treating uncomplicated SAM at home > RUTF ration by body weight`, infant)).toBe(true);
    expect(titlesExcludePatient(`${book} > Follow-up and discharge > Infants under 6 months`, infant)).toBe(false);
    expect(titlesExcludePatient(`${book} > Severe acute malnutrition > The appetite test`, { ageMonths: 18, sex: 'male' })).toBe(false);
  });

  it('decides nothing for an unknown age or a path that states no band', () => {
    expect(titlesExcludePatient(`${book} > Severe acute malnutrition > The appetite test`, { sex: 'male' })).toBe(false);
    expect(titlesExcludePatient('Diarrhoea & dehydration in children and adults (sample guideline) > Plan A', infant)).toBe(false);
  });

  it('keeps a child or a man out of a book on pregnancy care, and a woman who may be pregnant in it', () => {
    const fit = 'Pregnancy care: pre-eclampsia, danger signs and referral > Care before and during referral > First aid during a fit';
    expect(titlesExcludePatient(fit, { ageYears: 3, sex: 'male' })).toBe(true);
    expect(titlesExcludePatient(fit, { ageYears: 45, sex: 'male' })).toBe(true);
    expect(titlesExcludePatient(fit, { ageYears: 6, sex: 'female' })).toBe(true);
    expect(titlesExcludePatient(fit, { ageYears: 25, sex: 'female' })).toBe(false);
    expect(titlesExcludePatient(fit, { ageYears: 25, sex: 'female', postpartum: true })).toBe(false);
    // A book on the baby's care too is not one for pregnancy alone.
    expect(titlesExcludePatient('Pregnancy, childbirth, postpartum and newborn care > Newborn care > Keeping the baby warm', { ageMonths: 0, sex: 'male' })).toBe(false);
  });

  it('keeps a child out of a book for adults, and an adolescent in it', () => {
    const path = 'Diabetes in adults: sample guideline for community health workers > Emergencies > Diabetes emergencies';
    expect(titlesExcludePatient(path, { ageYears: 8, sex: 'male' })).toBe(true);
    expect(titlesExcludePatient(path, { ageYears: 16, sex: 'male' })).toBe(false);
    expect(titlesExcludePatient('Diarrhoea & dehydration in children and adults (sample guideline) > Plan A', { ageYears: 8, sex: 'male' })).toBe(false);
  });

  it('reads "children under five" as under 5 years: the pneumonia book is for an infant, not for a man of 30', () => {
    const path = 'Cough and pneumonia in children under five (sample guideline) > Treating pneumonia and wheeze > Treating pneumonia with amoxicillin';
    expect(titlesExcludePatient(path, infant)).toBe(false);
    expect(titlesExcludePatient(path, { ageYears: 30, sex: 'male' })).toBe(true);
  });
});

describe('parseAgeBand: "up to" ends where the next row begins', () => {
  it('reads "6 months up to 5 years" as 6 to 59 months', () => {
    expect(parseAgeBand('6 months up to 5 years')).toEqual({ low: 6, high: 60 });
    expect(parseAgeBand('2 months up to 6 months')).toEqual({ low: 2, high: 6 });
    expect(parseAgeBand('1 to 5 years')).toEqual({ low: 12, high: 72 });
  });
});

describe('rowBelowDoseTaken: titration steps she has passed', () => {
  const row = (text: string) => [text, tableCells(text.slice(text.indexOf(': ') + 2)) ?? new Map<string, string>()] as const;
  const metformin = (total: string) => row(`Table 3.1 Metformin titration using 500 mg tablets: Step: Week 2; With breakfast: 500 mg; With evening meal: 500 mg; Total per day: ${total}`);
  const on = (value: string) => [{ category: 'medication' as const, value }];

  it('leaves out a step whose total a day is below what she takes, and keeps her own and the next', () => {
    expect(rowBelowDoseTaken(...metformin('1000 mg'), on('metformin 1 g twice daily'))).toBe(true);
    expect(rowBelowDoseTaken(...metformin('2000 mg (usual maximum)'), on('metformin 1 g twice daily'))).toBe(false);
    expect(rowBelowDoseTaken(...metformin('1500 mg'), on('metformin 500 mg bd'))).toBe(false);
  });

  it('reads the dose written after the medicine in a protocol row', () => {
    const [text, cells] = row('Table A1.1 Sample protocol steps: Step: 1; Medicine and dose: Amlodipine 5 mg once daily');
    expect(rowBelowDoseTaken(text, cells, on('amlodipine 10 mg daily'))).toBe(true);
    expect(rowBelowDoseTaken(text, cells, on('amlodipine 5 mg daily'))).toBe(false);
  });

  it('decides nothing without how often she takes it, or for another medicine', () => {
    expect(rowBelowDoseTaken(...metformin('1000 mg'), on('metformin'))).toBe(false);
    expect(rowBelowDoseTaken(...metformin('1000 mg'), on('metformin 1 g'))).toBe(false);
    expect(rowBelowDoseTaken(...metformin('1000 mg'), on('gliclazide 80 mg twice daily'))).toBe(false);
  });
});


describe('a line for patients older than those of the age bands before it', () => {
  const lines = [
    'Give extra fluid as much as the person will take.',
    'Children under 2 years: 50 to 100 ml after each loose stool.',
    'Children aged 2 years up to 10 years: 100 to 200 ml after each loose stool.',
    'Older children and adults: as much as they want, at least 200 to 400 ml after each loose stool.',
  ];

  it('is not for a patient one of those bands holds', () => {
    expect(linesForOlderPatients(lines, { ageMonths: 4 })).toEqual([false, false, false, true]);
    expect(linesForOlderPatients(lines, { ageYears: 5 })).toEqual([false, false, false, true]);
  });

  it('is for a patient older than every band before it, or when no band comes right before it', () => {
    expect(linesForOlderPatients(lines, { ageYears: 30 })).toEqual([false, false, false, false]);
    expect(linesForOlderPatients(['Weigh the child to choose the dose.', 'Older children and adults who are contacts may also receive it.'], { ageYears: 3 })).toEqual([false, false]);
  });
});

describe('startsMedicineTaken: a starting dose of what she already takes', () => {
  const on = (value: string) => [{ category: 'medication' as const, value }];
  const line = 'Start with low doses, such as amlodipine 2.5 mg once daily, increase slowly, and review more often.';
  it('is not hers when every medicine it starts is one she takes', () => {
    expect(startsMedicineTaken(line, on('amlodipine 10 mg daily'))).toBe(true);
  });
  it('is hers when she takes none of them, or it starts another beside hers, or gives no dose', () => {
    expect(startsMedicineTaken(line, [])).toBe(false);
    expect(startsMedicineTaken(line, on('metformin 500 mg twice daily'))).toBe(false);
    expect(startsMedicineTaken('Start hydrochlorothiazide 12.5 mg once daily beside amlodipine 10 mg.', on('amlodipine 10 mg daily'))).toBe(false);
    expect(startsMedicineTaken('Amlodipine is started by the clinician.', on('amlodipine 10 mg daily'))).toBe(false);
  });
});

