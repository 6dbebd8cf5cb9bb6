import { describe, expect, it } from 'vitest';
import type { CitedSection } from '../../../src/rag/guideline-section.js';
import { crossReferences } from '../../../src/rag/plan/cross-references.js';
import { givesMedicineDoses } from '../../../src/rag/plan/doses.js';
import { enclosingKey, firstDosingSection, lacksMedicineToStart, loadEnclosingIntroductions, mergePlanSections, namedMedicineSections, referencedSections, referencedTables, sectionsOnTopic } from '../../../src/rag/plan/plan-sections.js';
import { namesInconclusiveResult, namesNegativeResult } from '../../../src/patient/test-result.js';
import { confirmingSection, exampleSection, managementSection, screeningSection, statesConfirmed, workupSection } from '../../../src/rag/section-role.js';

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

  it('reads "reduced" as a qualifier, not an illness: the TB book\'s "Reducing spread at home" is not about reduced fetal movements', () => {
    const PREGNANCY = 'Pregnancy care: pre-eclampsia, danger signs and referral';
    const TB = 'Tuberculosis screening and referral: sample guideline';
    const found = [
      section(PREGNANCY, 'Danger signs in pregnancy > Reduced fetal movements'),
      section(TB, 'Treatment support and side effects > Reducing spread at home'),
    ];
    expect(sectionsOnTopic('reduced fetal movement', found).map((s) => s.bookTitle)).toEqual([PREGNANCY]);
  });

  it('reads "first-line" as the line of a treatment, not an illness: "on first-line ART" is not the hypertension book\'s first-line medicines', () => {
    const HIV = 'HIV testing, treatment and prevention: sample guideline';
    const HYPERTENSION = 'Hypertension in adults: sample guideline';
    const found = [
      section(HIV, 'Antiretroviral therapy > Preferred first-line treatment'),
      section(HYPERTENSION, 'Medicines > Medicines for hypertension > First-line medicines and starting doses in adults'),
      section(HIV, 'Adherence and retention > Adherence and staying in care'),
    ];
    expect(sectionsOnTopic('unsuppressed HIV viral load on first-line ART', found).map((s) => s.bookTitle)).toEqual([HIV, HIV]);
    expect(sectionsOnTopic('first-line ART failure', found).map((s) => s.bookTitle)).toEqual([HIV, HIV]);
    expect(sectionsOnTopic('hypertension, first-line medicines', found).map((s) => s.bookTitle)).toEqual([HYPERTENSION]);
  });

  it('drops a book named only by an abbreviation\'s expansion when another names more: "HTN" is the hypertension book, not diabetes\' blood pressure advice', () => {
    const HYPERTENSION = 'Hypertension in adults: sample guideline';
    const found = [
      section(HYPERTENSION, 'Medicines > Medicines for hypertension > Stepping up treatment'),
      section(DIABETES, 'Treatment > Treatment of type 2 diabetes > Blood pressure, cholesterol and tobacco'),
      section(DIABETES, 'Treatment > Treatment of type 2 diabetes > Adding a sulfonylurea'),
      section(HYPERTENSION, 'Measuring blood pressure > Measuring blood pressure correctly'),
    ];
    expect(sectionsOnTopic('HTN not controlled', found).map((s) => s.bookTitle)).toEqual([HYPERTENSION, HYPERTENSION]);
    // Books that each name a word the other does not both stay.
    expect(sectionsOnTopic('hypertension and diabetes', found)).toHaveLength(4);
  });

  it('reads "side effects" as what happened with a treatment: the TB book, not every book with a side-effects section', () => {
    const TB = 'Tuberculosis screening and referral: sample guideline';
    const HYPERTENSION = 'Hypertension in adults: sample guideline';
    const found = [
      section(TB, 'Treatment support and side effects > Supporting people on TB treatment > Side effects to watch for'),
      section(MALARIA, 'Treatment of uncomplicated malaria > Side effects'),
      section(HYPERTENSION, 'Medicines > Medicines for hypertension > Side effects to ask about'),
    ];
    expect(sectionsOnTopic('side effects of TB treatment', found).map((s) => s.bookTitle)).toEqual([TB]);
    // A diagnosis whose own words head no section keeps the books its other words name.
    expect(sectionsOnTopic('ACE inhibitor side effect', found)).toHaveLength(3);
  });

  it('reads "rapid tests" as how the illness was tested for: discordant HIV tests are not the TB book\'s rapid molecular test', () => {
    const HIV = 'HIV testing, treatment and prevention: sample guideline';
    const TB = 'Tuberculosis screening and referral: sample guideline';
    const found = [
      section(HIV, 'HIV testing > HIV testing services > Inconclusive results'),
      section(TB, 'Sputum and referral for testing > Referral for a rapid molecular test'),
      section(MALARIA, 'Diagnosis of malaria > Malaria rapid diagnostic tests > Reading and recording the result'),
    ];
    expect(sectionsOnTopic('discordant HIV rapid tests', found).map((s) => s.bookTitle)).toEqual([HIV]);
    // A diagnosis of nothing but a test keeps the books its words name.
    expect(sectionsOnTopic('rapid test result', found)).toHaveLength(3);
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

  it('keeps the workup in its place for a diagnosis not yet confirmed, where confirming it is the first step', () => {
    const HYPERTENSION = 'Hypertension in adults (sample guideline)';
    const forCondition = [
      section(HYPERTENSION, 'Diagnosis and classification > Thresholds and classification > Confirming the diagnosis'),
      section(HYPERTENSION, 'Medicines > Medicines for hypertension > When to start medicines'),
    ];
    expect(mergePlanSections(forCondition, [], 2, 0, true).map((s) => s.sectionPath)).toEqual(forCondition.map((s) => s.sectionPath));
    expect(mergePlanSections(forCondition, [], 2, 0).map((s) => s.sectionPath)).toEqual([forCondition[1]?.sectionPath, forCondition[0]?.sectionPath]);
  });

  it('tells a section on confirming the diagnosis or doing its test from one on a result or the kits', () => {
    expect(confirmingSection(section(DIABETES, 'Diagnosis > Diagnosis > Confirming the diagnosis'))).toBe(true);
    expect(confirmingSection(section(MALARIA, 'Diagnosis of malaria > Testing every suspected case > When to test for malaria'))).toBe(true);
    expect(confirmingSection(section(MALARIA, 'Diagnosis of malaria > Testing every suspected case > Managing fever when the test is negative'))).toBe(false);
    expect(confirmingSection(section(MALARIA, 'Diagnosis of malaria > Malaria rapid diagnostic tests > Storing test kits'))).toBe(false);
    expect(confirmingSection(section(MALARIA, 'Diagnosis of malaria > Testing every suspected case > When no test is available'))).toBe(false);
    expect(confirmingSection(section(DIABETES, 'Treatment > Treatment of type 2 diabetes > Metformin'))).toBe(false);
    // A test in the guideline's chapter on testing, not a test for another illness among other care.
    expect(confirmingSection({ sectionPath: 'Sputum and referral for testing > Sputum collection and referral for testing > Referral for a rapid molecular test' })).toBe(true);
    expect(confirmingSection({ sectionPath: 'Other care during pregnancy > Other care during pregnancy > HIV testing in antenatal care' })).toBe(false);
    expect(confirmingSection({ sectionPath: 'Other care during pregnancy > Other care during pregnancy > Syphilis testing' })).toBe(false);
  });

  it('tells an example (another patient\'s referral note, a sample protocol, a sample form\'s fields) from guidance', () => {
    for (const path of ['Referral checklist and example note > Example referral note', 'Annex 1 > Example stepwise treatment protocol', 'Forms > Sample record form', 'Sample treatment protocol and visit record > What to record at each visit']) expect(exampleSection({ sectionPath: path }), path).toBe(true);
    for (const path of ['Referral checklist and example note', 'Referral checklist and example note > What to send', 'Severe pre-eclampsia', 'Taking a blood sample > Labelling the tube']) expect(exampleSection({ sectionPath: path }), path).toBe(false);
  });

  it('tells a medicine dose from a quantity of salt', () => {
    expect(givesMedicineDoses('Amlodipine; Usual starting dose: 5 mg once daily')).toBe(true);
    expect(givesMedicineDoses('Eat less than 5 g of salt a day, about one teaspoon.')).toBe(false);
  });

  it('tells management headings from workup and prevention', () => {
    expect(managementSection(section(MALARIA, 'Rehydration: Plans A, B and C > Plan B: treat some dehydration with ORS'))).toBe(true);
    expect(managementSection(section(MALARIA, 'Preventing malaria > Preventive treatment in pregnancy (IPTp)'))).toBe(false);
    expect(workupSection(section(MALARIA, 'Diagnosis of malaria > Testing every suspected case > Performing an RDT step by step'))).toBe(true);
    expect(workupSection(section(MALARIA, 'Malaria in pregnancy > Uncomplicated malaria in the first trimester'))).toBe(false);
  });
});

describe('following the guideline\'s own cross-references (diarrhoea sample ch1 -> ch2)', () => {
  const DIARRHOEA = 'Diarrhoea & dehydration (sample guideline)';
  const withText = (sectionPath: string, text: string): CitedSection => ({ ...section(DIARRHOEA, sectionPath), text });
  const someDehydration = withText(
    'Classifying dehydration > Some dehydration',
    'The fluid lost can be replaced by mouth with ORS given over four hours, as described in Plan B, without the need for a drip.',
  );
  const severe = withText('Classifying dehydration > Severe dehydration', 'This is an emergency: follow Plan C and refer urgently.');
  const book = [
    withText('Rehydration > Plan B: treat some dehydration with ORS', 'Plan B is for a person with some dehydration.'),
    withText('Rehydration > Plan B: treat some dehydration with ORS > How much ORS to give in the first 4 hours', 'Table 2.1'),
    withText('Rehydration > Plan C: treat severe dehydration quickly', 'Plan C is for severe dehydration.'),
  ];
  const find = async (_accession: string, phrase: string) => book.filter((s) => s.sectionPath.toLowerCase().includes(phrase.toLowerCase()));

  it('reads the headings a section sends the reader to, not tables or a clinician', () => {
    expect(crossReferences(someDehydration)).toEqual(['Plan B']);
    expect(crossReferences(withText('x', 'See Table 2.1 for amounts; the mother should see a clinician.'))).toEqual([]);
    // A chapter number names no heading; the heading in brackets after it does.
    expect(crossReferences(withText('Fits', 'Give first aid as described in chapter 5 (First aid during a fit), and arrange emergency transfer.'))).toEqual(['First aid during a fit']);
  });

  it('brings Plan B and its amounts for the best section only, not Plan C from a lower one', async () => {
    const added = await referencedSections([someDehydration, severe], find);
    expect(added.map((s) => s.sectionPath)).toEqual([book[0]?.sectionPath, book[1]?.sectionPath]);
  });

  it('adds the parts of Plan B not chosen yet when one of them is (the amounts, when the introduction is there)', async () => {
    expect((await referencedSections([someDehydration, book[0] as CitedSection], find)).map((s) => s.sectionPath)).toEqual([book[1]?.sectionPath]);
    expect(await referencedSections([someDehydration, book[0] as CitedSection, book[1] as CitedSection], find)).toEqual([]);
  });

  it('brings the table a chosen section leaves the dose to, found by its caption, and not one a chosen section holds', async () => {
    const PREGNANCY = 'Pregnancy care (sample guideline)';
    const severe = { ...section(PREGNANCY, 'Hypertensive disorders > Severe pre-eclampsia'), text: 'Give the magnesium sulfate loading dose before transfer (Table 5.1) and refer.' };
    const table = { ...section(PREGNANCY, 'Care before referral > Magnesium sulfate > Loading dose'), text: 'The loading dose is given by a trained health worker.\nTable 5.1 Magnesium sulfate loading dose\nDose | 10 g in total' };
    // The lookup by label also finds the sentence that points to the table: only the caption decides.
    const mentioning = async () => [severe, table];
    expect(await referencedTables([severe], mentioning)).toEqual([table]);
    expect(await referencedTables([severe, table], mentioning)).toEqual([]);
    expect(await referencedTables([table], mentioning)).toEqual([]);
  });

  it('brings the sections of a medicine the best section gives by name, when the book has a section headed by it', async () => {
    const PREGNANCY = 'Pregnancy care (sample guideline)';
    const afterBirth = { ...section(PREGNANCY, 'Care before referral > Pre-eclampsia after birth'), text: 'A woman with a severe headache after birth needs the same urgent care as in pregnancy, including magnesium sulfate and referral.' };
    const book = [
      { ...section(PREGNANCY, 'Care before referral > Magnesium sulfate'), text: 'Magnesium sulfate is the medicine of choice.' },
      { ...section(PREGNANCY, 'Care before referral > Magnesium sulfate > Loading dose before referral'), text: 'Table 5.1 Magnesium sulfate loading dose\nDose | 10 g in total' },
      // Names the medicine in a heading that is not about it alone.
      { ...section(PREGNANCY, 'Severe pre-eclampsia > Before magnesium sulfate is given'), text: 'Check the reflexes.' },
    ];
    const byHeading = async (_accession: string, heading: string) => book.filter((s) => s.sectionPath.toLowerCase().includes(heading));
    expect((await namedMedicineSections([afterBirth], byHeading)).map((s) => s.sectionPath)).toEqual([book[0]?.sectionPath, book[1]?.sectionPath]);
    // One of them is chosen already (the loading dose ranked among the best): the others still come, up to three in all.
    const monitoring = { ...section(PREGNANCY, 'Care before referral > Magnesium sulfate > Monitoring after the loading dose'), text: 'Count the breathing rate every 30 minutes.' };
    const toxicity = { ...section(PREGNANCY, 'Care before referral > Magnesium sulfate > Signs of too much magnesium'), text: 'Stop if breathing falls below 16 per minute.' };
    book.push(monitoring, toxicity);
    expect((await namedMedicineSections([afterBirth, book[1] as CitedSection], byHeading)).map((s) => s.sectionPath)).toEqual([book[0]?.sectionPath, monitoring.sectionPath]);
    expect(await namedMedicineSections([afterBirth, book[0] as CitedSection, book[1] as CitedSection, monitoring], byHeading)).toEqual([]);
    // Only the best section's medicines are followed.
    expect(await namedMedicineSections([withText('Severe dehydration', 'Refer.'), afterBirth], byHeading)).toEqual([]);
  });

  it('follows "following Plan A" as well as "as described in Plan B"', () => {
    const none = withText('Classifying dehydration > No dehydration', 'The aim of treatment is to prevent dehydration by giving extra fluids, zinc and continued feeding at home, following Plan A.');
    expect(crossReferences(none)).toEqual(['Plan A']);
  });
});

describe('a plan that would name no medicine to start', () => {
  const HYPERTENSION = 'Hypertension in adults: sample guideline';
  const withText = (sectionPath: string, text: string): CitedSection => ({ ...section(HYPERTENSION, sectionPath), text });
  const whenToStart = withText('Medicines for hypertension > When to start medicines', 'For grade 2 hypertension treatment should start without delay.');
  const severe = withText('Severe hypertension: urgency and emergency', 'A blood pressure of 180/110 mmHg or more is severe.');
  const firstLine = withText('Medicines for hypertension > First-line medicines and starting doses in adults', 'Medicine: Amlodipine; Usual starting dose: 5 mg once daily');
  const measuring = withText('Measuring blood pressure correctly > Taking and recording readings', 'Take two readings 1 to 2 minutes apart; a cuff of 12 cm suits most adults.');

  it('is one for a patient on no medicine whose sections give no dose (a blood pressure is not a dose)', () => {
    expect(lacksMedicineToStart([whenToStart, severe], [])).toBe(true);
  });

  it('is not one when a section gives a dose, or when the patient already takes a medicine', () => {
    expect(lacksMedicineToStart([whenToStart, firstLine], [])).toBe(false);
    expect(lacksMedicineToStart([whenToStart, severe], ['amlodipine'])).toBe(false);
  });

  it('adds the best management section with a dose that is not chosen yet, never a how-to section', () => {
    expect(firstDosingSection([whenToStart, measuring, firstLine], [whenToStart, severe])).toBe(firstLine);
    expect(firstDosingSection([whenToStart, measuring], [whenToStart, severe])).toBeUndefined();
    expect(firstDosingSection([firstLine], [firstLine])).toBeUndefined();
  });
});

describe('a diagnosis with "follow-up" in it', () => {
  it('keeps to the condition\'s own book: "follow-up" names no condition', () => {
    const sections = [
      { bookTitle: 'Hypertension in adults', titlePath: 'Hypertension in adults > Follow-up and special groups', sectionPath: 'Follow-up and special groups' },
      { bookTitle: 'Malaria at community level', titlePath: 'Malaria at community level > Follow-up and treatment failure > Follow-up after treatment', sectionPath: 'Follow-up and treatment failure > Follow-up after treatment' },
    ];
    expect(sectionsOnTopic('hypertension follow-up', sections).map((s) => s.bookTitle)).toEqual(['Hypertension in adults']);
  });
});

describe('the introduction of the section enclosing a section', () => {
  const intro = section(MALARIA, 'Treatment of uncomplicated malaria > Uncomplicated malaria in children');
  const asaq = section(MALARIA, 'Treatment of uncomplicated malaria > Uncomplicated malaria in children > Artesunate-amodiaquine dosing for children');
  const al = section(MALARIA, 'Treatment of uncomplicated malaria > Uncomplicated malaria in children > Artemether-lumefantrine dosing for children by weight band');
  const chapter = section(MALARIA, 'Treatment of uncomplicated malaria');

  it('is looked up once per enclosing heading, found by its own path, and recorded as absent when the book has none', async () => {
    const asked: string[] = [];
    const find = async (_accession: string, heading: string) => {
      asked.push(heading);
      // In reading order: the enclosing section first, its subsections after it.
      return [intro, asaq, al].filter((s) => s.sectionPath.includes(heading));
    };
    const known = new Map<string, CitedSection | null>();
    await loadEnclosingIntroductions([asaq, al, chapter], find, known);
    expect(asked).toEqual(['Uncomplicated malaria in children']);
    expect(known.get(enclosingKey(asaq) ?? '')?.sectionPath).toBe(intro.sectionPath);
    expect(enclosingKey(chapter)).toBeUndefined();

    await loadEnclosingIntroductions([intro], find, known);
    expect(asked).toEqual(['Uncomplicated malaria in children', 'Treatment of uncomplicated malaria']);
    expect(known.get(enclosingKey(intro) ?? '')).toBeNull();
  });
});

describe('a test whose results disagree settles nothing', () => {
  it('reads inconclusive, indeterminate and discordant results, and not a result that settles it', () => {
    expect(namesInconclusiveResult('inconclusive HIV test result')).toBe(true);
    expect(namesInconclusiveResult('discordant HIV rapid tests')).toBe(true);
    expect(namesInconclusiveResult('indeterminate result')).toBe(true);
    expect(namesInconclusiveResult('HIV positive, confirmed')).toBe(false);
    expect(namesInconclusiveResult('serodiscordant couple')).toBe(false);
  });

  it('reads a negative screen or test, and not a negative finding about something else', () => {
    for (const negative of ['TB screen negative', 'malaria test negative', 'negative RDT', 'HIV negative', 'sputum smear -ve', 'RDT neg']) {
      expect(namesNegativeResult(negative), negative).toBe(true);
    }
    for (const other of ['malaria', 'HIV positive', 'Rh negative mother', 'TB screen positive']) expect(namesNegativeResult(other), other).toBe(false);
  });
});

describe('a screen is for people not known to have the illness', () => {
  it('reads a diagnosis stated as confirmed, diagnosed or known, and not one still to be confirmed', () => {
    expect(statesConfirmed('pulmonary TB, confirmed')).toBe(true);
    expect(statesConfirmed('known diabetic')).toBe(true);
    expect(statesConfirmed('tuberculosis')).toBe(false);
    expect(statesConfirmed('raised BP, not yet confirmed')).toBe(false);
  });

  it('reads the symptom screen and whom to test as screening, and not the screening of contacts', () => {
    expect(screeningSection({ sectionPath: 'Screening for TB > Finding people who may have tuberculosis > The symptom screen in adults and adolescents' })).toBe(true);
    expect(screeningSection({ sectionPath: 'Symptoms and screening > Recognising diabetes > Whom to test' })).toBe(true);
    expect(screeningSection({ sectionPath: 'Household contacts > Contact screening record' })).toBe(false);
    expect(screeningSection({ sectionPath: 'Treatment support and side effects > Supporting people on TB treatment > Side effects to watch for' })).toBe(false);
  });
});
