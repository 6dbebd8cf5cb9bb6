import { beforeAll, describe, expect, it } from 'vitest';
import type { Demographics, Finding } from '../../../src/patient/findings.js';
import type { LabelledSection } from '../../../src/rag/plan-writer.js';
import { checkPlanDraft } from '../../../src/rag/plan/check-plan.js';
import { extractivePlan } from '../../../src/rag/plan/extractive-plan.js';
import { labelSections } from '../../../src/rag/plan/label-sections.js';
import { pickSections } from './sample-sections.js';

/** What retrieval plausibly returns for a child with malaria, best first. */
const MALARIA_CHILD_SECTIONS = [
  'Uncomplicated malaria in children',
  'Artemether-lumefantrine dosing for children by weight band',
  'Principles of treatment',
  'Danger signs of severe malaria',
  'The day-3 check',
  'Managing fever when the test is negative',
  'Relieving fever and discomfort',
];

const findings: Finding[] = [
  { category: 'symptom', value: 'fever' },
  { category: 'duration', value: 'fever for 2 days' },
  { category: 'test_result', value: 'RDT positive' },
];

describe('extractivePlan on the sample malaria guideline', () => {
  let sections: LabelledSection[];
  let dosing: LabelledSection;

  beforeAll(async () => {
    sections = labelSections(await pickSections('SAMPLE-MALARIA', MALARIA_CHILD_SECTIONS));
    const found = sections.find((s) => s.section.sectionPath.endsWith('Artemether-lumefantrine dosing for children by weight band'));
    if (!found) throw new Error('dosing section missing');
    dosing = found;
  });

  function planFor(demographics: Demographics): string {
    return extractivePlan({ diagnoses: [{ condition: 'uncomplicated malaria', confidence: 0.8 }], demographics, findings, sections });
  }

  it('gives a weighed child her row only, not a sentence restating every weight band', () => {
    const plan = extractivePlan({
      diagnoses: [{ condition: 'malaria' }],
      demographics: { ageYears: 3, sex: 'male', weightKg: 14 },
      findings,
      sections: sections.filter((s) => s.section.sectionPath.endsWith('Artemether-lumefantrine dosing for children by weight band')),
    });
    expect(plan).toContain('Body weight (kg): 5 to <15');
    expect(plan).not.toMatch(/15 kg to under 25 kg|25 kg to under 35 kg/);
  });

  it('gives a 12 kg child the artemether-lumefantrine row of the 5 to <15 kg band, cited, and no other band', () => {
    const plan = planFor({ ageYears: 2, ageMonths: 28, sex: 'male', weightKg: 12 });

    const doseLine = plan.split('\n').find((line) => line.includes('Table 3.1'));
    expect(doseLine).toBe(
      '- Table 3.1 Artemether-lumefantrine (20 mg/120 mg tablet) by weight band: Body weight (kg): 5 to <15; Approximate age: 6 months to <3 years; ' +
        `Tablets per dose: 1; Day 1: 1 at diagnosis, 1 after 8 hours; Day 2: 1 morning, 1 evening; Day 3: 1 morning, 1 evening; Total tablets: 6 [${dosing.label}]`,
    );
    expect(plan).not.toMatch(/Body weight \(kg\): (?:15 to <25|25 to <35|≥35)/);
    // Adult-only and pregnancy sentences are not about this child.
    expect(plan).not.toMatch(/pregnan|adults and adolescents/i);
  });

  it('passes checkPlanDraft unchanged: every line cited, every dose in its cited section', () => {
    const plan = planFor({ ageYears: 2, ageMonths: 28, sex: 'male', weightKg: 12 });
    const checked = checkPlanDraft(plan, sections);
    expect(checked.removed).toEqual([]);
    expect(checked.text).toBe(plan);
    expect(checked.kept).toBeGreaterThanOrEqual(4);
  });

  it('copies every line from the section it cites, under the plan headings, in section order', () => {
    const plan = planFor({ ageYears: 2, ageMonths: 28, sex: 'male', weightKg: 12 });
    const byLabel = new Map(sections.map((s) => [s.label, s]));
    const headings: string[] = [];
    let lastLabelNumber = 0;
    for (const line of plan.split('\n')) {
      if (line === '') {
        lastLabelNumber = 0;
        continue;
      }
      if (line.startsWith('**')) {
        headings.push(line);
        continue;
      }
      const match = /^- (.+) \[(S\d+)\]$/.exec(line);
      expect(match, line).not.toBeNull();
      const section = byLabel.get(match?.[2] ?? '');
      expect(copiedFrom(match?.[1] ?? '', section?.section.text ?? ''), line).toBe(true);
      const labelNumber = Number((match?.[2] ?? 'S0').slice(1));
      expect(labelNumber).toBeGreaterThanOrEqual(lastLabelNumber);
      lastLabelNumber = labelNumber;
    }
    expect(headings[0]).toBe('**Assessment: uncomplicated malaria (working diagnosis)**');
    expect(headings).toContain('**What to do now**');
    expect(headings).toContain('**When to refer**');
    expect(plan).toMatch(/\*\*When to refer\*\*\n(?:- .*\n)*- A single sign is enough to classify the illness as severe malaria .* and to refer urgently\. \[S\d\]/);
  });

  it('picks the band of a 20 kg child instead', () => {
    const plan = planFor({ ageYears: 6, weightKg: 20 });
    expect(plan).toContain('Body weight (kg): 15 to <25; Approximate age: 3 to <9 years; Tablets per dose: 2;');
    expect(plan).not.toContain('Body weight (kg): 5 to <15');
  });

  it('uses the age column when the child was not weighed, and no table row when neither is known', () => {
    expect(planFor({ ageYears: 5, ageMonths: 64 })).toContain('Body weight (kg): 15 to <25; Approximate age: 3 to <9 years');
    const unknown = planFor({});
    expect(unknown).not.toContain('Body weight (kg): ');
    expect(unknown).toContain('Weight not given: weigh the patient, then give the dose of the weight-band row in Table 3.1');
    expect(checkPlanDraft(unknown, sections).removed).toEqual([]);
  });

  it('shortens a long working diagnosis at a whole word, not mid-word', () => {
    const condition = 'suspected malaria treatment failure: fever back with vomiting and diarrhoea, some dehydration since yesterday evening';
    const plan = extractivePlan({ diagnoses: [{ condition }], demographics: { ageYears: 4, sex: 'female', weightKg: 16 }, findings, sections });
    const heading = plan.split('\n')[0] ?? '';
    expect(heading).toMatch(/^\*\*Assessment: suspected malaria treatment failure: fever back .*\b\w+… \(working diagnosis\)\*\*$/);
    expect(heading).not.toContain('dehydratio ');
    expect(heading.length).toBeLessThan(140);
  });

  it('leaves out a heading nothing fits under', () => {
    const plan = extractivePlan({
      diagnoses: [{ condition: 'malaria' }],
      demographics: { weightKg: 12, ageYears: 2 },
      findings,
      sections: sections.filter((s) => s.section.sectionPath.endsWith('Artemether-lumefantrine dosing for children by weight band')),
    });
    expect(plan).toContain('**What to do now**');
    expect(plan).not.toContain('**Follow-up**');
    expect(plan).not.toContain('**Tell the family**');
  });

  it('respects maxSentences', () => {
    const plan = extractivePlan({ diagnoses: [{ condition: 'malaria' }], demographics: { weightKg: 12, ageYears: 2 }, findings, sections, maxSentences: 3 });
    expect(plan.split('\n').filter((line) => line.startsWith('- '))).toHaveLength(3);
    expect(plan).toContain('Body weight (kg): 5 to <15');
  });
});

/** True when the text is in the section verbatim, or is a table caption and a row joined by ": ". */
function copiedFrom(text: string, sectionText: string): boolean {
  if (sectionText.includes(text)) return true;
  const at = text.indexOf(': ');
  for (let i = at; i >= 0; i = text.indexOf(': ', i + 1)) {
    if (sectionText.includes(`${text.slice(0, i)}\n${text.slice(i + 2)}`)) return true;
  }
  return false;
}

describe('extractivePlan on the sample hypertension medicines table (Table 6.1, "for non-pregnant adults")', () => {
  let sections: LabelledSection[];
  const bp: Finding[] = [{ category: 'vital_sign', value: 'blood pressure 160/100 mmHg' }];

  beforeAll(async () => {
    sections = labelSections(await pickSections('SAMPLE-HYPERTENSION', ['When to start medicines', 'First-line medicines and starting doses in adults']));
  });

  const planFor = (demographics: Demographics) =>
    extractivePlan({ diagnoses: [{ condition: 'hypertension' }], demographics, findings: bp, sections });

  it('gives a man the first-line medicines with their starting doses: "non-pregnant adults" includes him', () => {
    const plan = planFor({ ageYears: 50, sex: 'male' });
    expect(plan).toMatch(/Medicine: Amlodipine;[^\n]*Usual starting dose: 5 mg once daily[^\n]*\[S\d\]/);
    expect(checkPlanDraft(plan, sections, { ageYears: 50, sex: 'male' }).removed).toEqual([]);
  });

  it('gives a pregnant woman no row of a table written for non-pregnant adults', () => {
    const plan = planFor({ ageYears: 30, sex: 'female', pregnant: true, gestationWeeks: 24 });
    expect(plan).not.toMatch(/Usual starting dose/);
    expect(plan).not.toMatch(/non-pregnant/);
  });
});

describe('extractivePlan on a list of signs under a condition ("Refer immediately if BP is 180/110 mmHg or more with any of these")', () => {
  let sections: LabelledSection[];
  const bp: Finding[] = [{ category: 'vital_sign', value: 'BP 186/112, feels well' }];

  beforeAll(async () => {
    sections = labelSections(await pickSections('SAMPLE-HYPERTENSION', ['Signs of a hypertensive emergency']));
  });

  const planFor = (demographics: Demographics) => extractivePlan({ diagnoses: [{ condition: 'severe hypertension' }], demographics, findings: bp, sections });

  it('gives the signs as one line under their condition, every one of them, not the few with a danger word as orders of their own', () => {
    const plan = planFor({ ageYears: 60, sex: 'male' });
    const line = plan.split('\n').find((l) => l.includes('Chest pain or pressure'));
    expect(line).toMatch(/^- Refer immediately if BP is 180\/110 mmHg or more with any of these: Chest pain or pressure; .*Weakness or numbness of the face, arm or leg on one side, or difficulty speaking; .*\[S1\]$/);
    expect(plan).not.toMatch(/^- Severe headache, confusion, drowsiness or fits/m);
    expect(checkPlanDraft(plan, sections, { ageYears: 60, sex: 'male' }).removed).toEqual([]);
  });

  it('leaves out a sign written for others: pregnancy is no sign for a man, and is one for a woman of 35', () => {
    expect(planFor({ ageYears: 60, sex: 'male' })).not.toMatch(/Pregnancy or recent childbirth/);
    expect(planFor({ ageYears: 35, sex: 'female' })).toMatch(/any of these: [^\n]*; Pregnancy or recent childbirth \(use the pregnancy guideline\)\. \[S1\]/);
  });
});

describe('extractivePlan on a list whose lead-in ends in its "if" ("Stop TB medicines and refer the same day if there is")', () => {
  it('gives the major side effects as one line under the order to stop, jaundice first', async () => {
    const sections = labelSections(await pickSections('SAMPLE-TB', ['Side effects to watch for']));
    const plan = extractivePlan({
      diagnoses: [{ condition: 'TB drugs side effect' }],
      demographics: { ageYears: 30, sex: 'male' },
      findings: [{ category: 'symptom', value: 'eyes yellow, vomiting' }],
      sections,
    });
    expect(plan).toMatch(/^- Stop TB medicines and refer the same day if there is: Yellow eyes or skin \(jaundice\)[^\n]*; Skin rash with itching/m);
    expect(plan).not.toMatch(/^- Yellow eyes or skin/m);
  });
});

describe('extractivePlan on the sample malnutrition guideline', () => {
  const child = { ageYears: 2, sex: 'female' as const, weightKg: 9 };

  it('gives a child with a MUAC of 120 mm the yellow MAM row of the MUAC table, not the red or green one', async () => {
    const sections = labelSections(await pickSections('SAMPLE-MALNUTRITION', ['Measuring mid-upper arm circumference (MUAC)']));
    const plan = extractivePlan({ diagnoses: [{ condition: 'moderate acute malnutrition' }], demographics: child, findings: [{ category: 'exam_sign', value: 'MUAC 120 mm' }], sections });
    expect(plan).toMatch(/MUAC: 115 mm to less than 125 mm; Colour on the tape: Yellow/);
    expect(plan).not.toMatch(/Colour on the tape: (?:Red|Green)/);
  });

  it('puts the RUTF ration of uncomplicated SAM under what to do now, not under when to refer', async () => {
    const sections = labelSections(await pickSections('SAMPLE-MALNUTRITION', ['Treating uncomplicated SAM at home > RUTF ration by body weight']));
    const plan = extractivePlan({ diagnoses: [{ condition: 'uncomplicated severe acute malnutrition' }], demographics: child, findings: [{ category: 'exam_sign', value: 'MUAC 108 mm' }], sections });
    const now = plan.slice(plan.indexOf('What to do now'), plan.indexOf('When to refer') >= 0 ? plan.indexOf('When to refer') : undefined);
    expect(now).toContain('Body weight (kg): 8.5 to <9.5; Sachets per day: 3½');
  });
});

describe('extractivePlan for a child in follow-up on RUTF', () => {
  const child = { ageYears: 2, sex: 'male' as const, weightKg: 10.8 };
  const followUp = (muac: string, history: string): Finding[] => [{ category: 'history', value: history }, { category: 'exam_sign', value: muac }];

  it('gives a child who reached a MUAC of 125 mm the discharge criteria, and not the course of amoxicillin given at enrolment', async () => {
    const sections = labelSections(await pickSections('SAMPLE-MALNUTRITION', ['Follow-up visits', 'Routine medicines for children treated at home']));
    const recovered = followUp('MUAC 127 mm, no oedema', 'on RUTF at home for 6 weeks');
    const plan = extractivePlan({ diagnoses: [{ condition: 'uncomplicated SAM follow up' }], demographics: child, findings: recovered, sections });
    expect(plan).toContain('can be discharged as recovered when the MUAC is 125 mm or more');
    expect(plan).not.toContain('At enrolment, give a course of amoxicillin');
    const draft = checkPlanDraft('- At enrolment, give a course of amoxicillin twice a day for 5 days, using the dose for the child\'s weight, where the national protocol includes it. [S2]', sections, child, recovered, ['uncomplicated SAM follow up']);
    expect(draft.text).not.toContain('amoxicillin');
  });
});

describe('extractivePlan for fever back after a finished malaria course', () => {
  const child = { ageYears: 4, sex: 'female' as const, weightKg: 16 };
  const back = (history: string): Finding[] => [{ category: 'history', value: history }, { category: 'test_result', value: 'RDT positive' }];
  const planFor = async (history: string, condition: string) => {
    const sections = labelSections(await pickSections('SAMPLE-MALARIA', ['Suspected treatment failure', 'Follow-up after treatment']));
    return extractivePlan({ diagnoses: [{ condition }], demographics: child, findings: back(history), sections });
  };

  it('gives the referral for microscopy and a different ACT within 28 days, not the lines for the days of treatment', async () => {
    const plan = await planFor('finished al 3 weeks ago, fever again', 'suspected malaria treatment failure: malaria again');
    expect(plan).toContain('where microscopy can confirm parasites and a different ACT');
    expect(plan).not.toContain('during the three days of treatment');
    expect(plan).not.toContain('treat again with the first-line ACT');
  });

  it('removes from a draft the line for fever back more than 28 days after treatment', async () => {
    const sections = labelSections(await pickSections('SAMPLE-MALARIA', ['Suspected treatment failure']));
    const line = '- When fever returns more than 28 days after treatment, it is usually a new infection: test with an RDT and, if positive and there are no danger signs, treat again with the first-line ACT. [S1]';
    expect(checkPlanDraft(line, sections, child, back('finished al 3 weeks ago, fever again'), ['suspected malaria treatment failure']).text).not.toContain('first-line ACT');
    expect(checkPlanDraft(line, sections, child, back('finished al 6 weeks ago, fever again'), ['malaria']).text).toContain('first-line ACT');
  });

  it('leaves out the lines for fever back within 28 days when the course ended six weeks ago', async () => {
    const plan = await planFor('finished al 6 weeks ago, fever again', 'malaria');
    expect(plan).not.toContain('within 28 days');
    expect(plan).not.toContain('where microscopy can confirm parasites');
  });
});

describe('extractivePlan for a patient on no course and after none', () => {
  const child = { ageYears: 4, sex: 'female' as const, weightKg: 16 };
  const planFor = async (findings: Finding[], condition: string) => {
    const sections = labelSections(await pickSections('SAMPLE-MALARIA', ['Suspected treatment failure']));
    return extractivePlan({ diagnoses: [{ condition }], demographics: child, findings, sections });
  };

  it('gives a fever with a negative RDT neither the lines for the days of treatment nor those for fever back after it', async () => {
    const plan = await planFor([{ category: 'symptom', value: 'fever' }, { category: 'test_result', value: 'RDT negative' }], 'fever');
    expect(plan).not.toContain('Refer urgently.');
    expect(plan).not.toContain('during the three days of treatment');
    expect(plan).not.toContain('a different ACT');
  });

  it('keeps the days of treatment for a positive RDT (her course starts today) and for a child still hot on day 2 of AL', async () => {
    expect(await planFor([{ category: 'test_result', value: 'RDT positive' }], 'malaria')).toContain('during the three days of treatment');
    expect(await planFor([{ category: 'symptom', value: 'still hot on day 2 of AL' }], 'malaria')).toContain('during the three days of treatment');
  });
});

describe('extractivePlan on the sample anaemia guideline (Table 3.1, headers with "; " inside brackets)', () => {
  it("gives a 2-year-old of 12 kg with some pallor her row of the iron table and the instruction that introduces it", async () => {
    const sections = labelSections(await pickSections('SAMPLE-ANAEMIA', ['Iron dosing for children by age']));
    const plan = extractivePlan({ diagnoses: [{ condition: 'anaemia' }], demographics: { ageYears: 2, sex: 'female', weightKg: 12 }, findings: [{ category: 'exam_sign', value: 'some palmar pallor' }], sections });
    expect(plan).toMatch(/Age: 12 months up to 3 years; Weight \(kg\): 10 to <14; Iron\/folate tablet \(ferrous sulfate 200 mg \+ folate 250 µg; 60 mg elemental iron\): ½ tablet; Iron syrup [^:]*: 2\.0 ml/);
    expect(plan).not.toMatch(/4 to <6|6 to <10|14 to <20/);
  });
});

describe('extractivePlan when its only section says little', () => {
  it('still gives "should be referred", under when to refer, for a 4-month-old from "Infants under 6 months"', async () => {
    const sections = labelSections(await pickSections('SAMPLE-MALNUTRITION', ['Follow-up and discharge > Infants under 6 months']));
    const plan = extractivePlan({ diagnoses: [{ condition: 'severe acute malnutrition' }], demographics: { ageMonths: 4, sex: 'male', weightKg: 3.8 }, findings: [{ category: 'exam_sign', value: 'visible severe wasting' }], sections });
    expect(plan).toMatch(/When to refer\*\*\n- An infant who is very thin[^\n]*should be referred to the health facility/);
  });
});

describe('rectal artesunate (for children aged 2 months up to 6 years) in a plan for an adult', () => {
  const man = { ageYears: 40, sex: 'male' as const };

  it("gives his own row, \"Do not give at community level; refer immediately\", no child's dose and no call to weigh him", async () => {
    const sections = labelSections(await pickSections('SAMPLE-MALARIA', ['Rectal artesunate dosing by age and weight']));
    const plan = extractivePlan({ diagnoses: [{ condition: 'severe malaria' }], demographics: man, findings: [], sections });
    expect(plan).toContain('Age: 6 years and older; Body weight (kg): 20 or more; Artesunate dose / Suppositories: Do not give at community level; refer immediately');
    expect(plan).not.toMatch(/about 10 mg per kg|weigh the patient/i);
  });

  it('removes the dose a draft copies from that section without naming the medicine', async () => {
    const sections = labelSections(await pickSections('SAMPLE-MALARIA', ['Rectal artesunate dosing by age and weight']));
    const draft = ['**Plan**', '- The dose is about 10 mg per kg, given once, using the suppositories in the community kit as shown in Table 5.1. [S1]', '- Refer immediately. [S1]'].join('\n');
    const checked = checkPlanDraft(draft, sections, man);
    expect(checked.removed.map((r) => r.reason)).toEqual(['section_for_other_population']);
    expect(checkPlanDraft(draft, sections, { ageYears: 3, sex: 'male', weightKg: 14 }).removed).toEqual([]);
  });
});

describe('a man of 45 with some dehydration and no weight (diarrhoea sample Table 2.1)', () => {
  it('gives his row by age, 2200 to 4000 ml, without asking to weigh him: the top band is open-ended', async () => {
    const sections = labelSections(await pickSections('SAMPLE-DIARRHOEA', ['How much ORS to give in the first 4 hours']));
    const plan = extractivePlan({ diagnoses: [{ condition: 'diarrhoea with some dehydration' }], demographics: { ageYears: 45, sex: 'male' }, findings: [], sections });
    expect(plan).toContain('ORS in 4 hours (ml): 2200 to 4000');
    expect(plan).not.toMatch(/weigh the patient/i);
  });

  it('still asks to weigh a 4-year-old with no weight', async () => {
    const sections = labelSections(await pickSections('SAMPLE-DIARRHOEA', ['How much ORS to give in the first 4 hours']));
    const plan = extractivePlan({ diagnoses: [{ condition: 'diarrhoea with some dehydration' }], demographics: { ageYears: 4, sex: 'male' }, findings: [], sections });
    expect(plan).toMatch(/weigh the patient/i);
  });
});

describe('extractivePlan: the line that sends the reader to another section of the plan', () => {
  it('keeps "treat the dehydration first, following Plan B ..., and then refer" for severe persistent diarrhoea beside Plan B itself', async () => {
    const sections = labelSections(
      await pickSections('SAMPLE-DIARRHOEA', [
        'Persistent diarrhoea',
        'How much ORS to give in the first 4 hours',
        'Giving ORS during Plan B',
        'Reassessing after 4 hours',
      ]),
    );
    const plan = extractivePlan({
      diagnoses: [{ condition: 'severe persistent diarrhoea with some dehydration', confidence: 0.8 }],
      demographics: { ageMonths: 20, sex: 'female', weightKg: 9 },
      findings: [{ category: 'duration', value: 'diarrhoea for 3 weeks' }, { category: 'exam_sign', value: 'restless or irritable' }, { category: 'exam_sign', value: 'sunken eyes' }],
      sections,
    });
    expect(plan).toContain('Treat the dehydration first, following Plan B or Plan C, and then refer the child to the health facility.');
    expect(plan).toContain('Plan B');
    expect(plan).not.toContain('return after 5 days');
  });
});

describe('extractivePlan for a reading past a cut-off the guideline acts on (diabetes sample ch4)', () => {
  it('keeps "a glucose above 18 mmol/L ... still needs a clinician review within one day" for a glucose of 22, not for 15', async () => {
    const sections = labelSections(await pickSections('SAMPLE-DIABETES', ['Very high glucose: hyperglycaemic emergencies', 'Referral for hyperglycaemic emergencies']));
    const plan = (glucose: number) =>
      extractivePlan({
        diagnoses: [{ condition: 'very high glucose (check for a hyperglycaemic emergency): type 2 diabetes, new', confidence: 0.8 }],
        demographics: { ageYears: 48, sex: 'male' },
        findings: [{ category: 'test_result', value: `blood glucose ${glucose} mmol/L` }],
        sections,
      });
    expect(plan(22)).toContain('still needs a clinician review within one day');
    expect(plan(15)).not.toContain('still needs a clinician review within one day');
  });
});

describe('extractivePlan on a titration table (diabetes sample ch3, Table 3.1)', () => {
  it('gives the steps in order, none skipped between two it gives', async () => {
    const sections = labelSections(await pickSections('SAMPLE-DIABETES', ['Treatment of type 2 diabetes > Metformin']));
    const plan = extractivePlan({
      diagnoses: [{ condition: 'type 2 diabetes' }],
      demographics: { ageYears: 52, sex: 'male' },
      findings: [{ category: 'test_result', value: 'fasting glucose 9.1 mmol/L' }],
      sections,
    });
    const steps = plan.split('\n').filter((line) => line.includes('Metformin titration'));
    const totals = steps.map((line) => Number(/Total per day: (\d+) mg/.exec(line)?.[1]));
    expect(totals.length).toBeGreaterThanOrEqual(2);
    // Consecutive steps of 500 mg a day: no jump from 500 to 1500 mg.
    expect(totals.slice(1).every((total, i) => total - (totals[i] ?? 0) === 500)).toBe(true);
  });
});

describe('extractivePlan on the section of her own condition (pregnancy sample ch3, Pre-eclampsia)', () => {
  it('keeps the section\'s referral by a time, though it names neither the condition nor a danger sign', async () => {
    const sections = labelSections(await pickSections('SAMPLE-PREGNANCY', ['Hypertensive disorders of pregnancy > Pre-eclampsia']));
    const plan = extractivePlan({
      diagnoses: [{ condition: 'pre-eclampsia' }],
      demographics: { ageYears: 24, sex: 'female', pregnant: true, gestationWeeks: 34 },
      findings: [{ category: 'exam_sign', value: 'BP 150/100' }, { category: 'test_result', value: 'protein 2+ in urine' }],
      sections,
    });
    expect(plan).toContain('should be referred to a hospital the same day');
  });
});

describe('extractivePlan on preventing malaria in pregnancy, for a woman who has malaria', () => {
  let sections: LabelledSection[];
  const woman: Demographics = { ageYears: 23, sex: 'female', pregnant: true, gestationWeeks: 30 };
  const findings: Finding[] = [{ category: 'test_result', value: 'RDT positive' }];

  beforeAll(async () => {
    sections = labelSections(await pickSections('SAMPLE-PREGNANCY', ['Preventing malaria in pregnancy']));
  });

  it('gives her no preventive medicine, with a dose or without one, and keeps it when prevention is the question', () => {
    const severe = extractivePlan({ diagnoses: [{ condition: 'severe malaria in pregnancy' }], demographics: woman, findings, sections });
    expect(severe).not.toMatch(/sulfadoxine-pyrimethamine/);
    const prevention = extractivePlan({ diagnoses: [{ condition: 'malaria prevention in pregnancy' }], demographics: woman, findings: [], sections });
    expect(prevention).toMatch(/sulfadoxine-pyrimethamine/);
  });
});

describe('extractivePlan for a table whose rows a birth weight decides (sample HIV Table 4.1)', () => {
  it('shows every row that fits her age when the birth weight is not known, and asks for it', async () => {
    const sections = labelSections(await pickSections('SAMPLE-HIV', ['Infant prophylaxis']));
    const plan = extractivePlan({ diagnoses: [{ condition: 'HIV exposed infant' }], demographics: { ageYears: 0, ageMonths: 0.7 }, findings: [], sections });
    // Three rows for "Birth to 6 weeks": the two lighter ones alone read as if 10 mg were every baby's dose.
    expect(plan).toContain('birth weight less than 2000 g');
    expect(plan).toContain('birth weight 2000 to 2499 g');
    expect(plan).toContain('birth weight 2500 g or more; Nevirapine (once daily): 15 mg (1.5 ml)');
    expect(plan).not.toContain('6 to 12 weeks (high-risk infants)');
    expect(plan).toContain("Birth weight not given: ask for it (the child's health card)");
  });
});
