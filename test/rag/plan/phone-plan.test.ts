import { describe, expect, it } from 'vitest';
import type { CitedSection } from '../../../src/rag/guideline-section.js';
import type { LabelledSection } from '../../../src/rag/plan-writer.js';
import { composePlan } from '../../../src/rag/plan/compose-plan.js';
import { withDoseForWeight } from '../../../src/rag/plan/doses-for-weight.js';
import { labelSections } from '../../../src/rag/plan/label-sections.js';
import { medicinesGiven, splitAlternativeRegimens, statedFirstChoices, withOneRegimen } from '../../../src/rag/plan/one-regimen.js';
import { actionLine, planAction } from '../../../src/rag/plan/plan-action.js';
import { readPlanText, writePlanText } from '../../../src/rag/plan/plan-text.js';
import { withoutPointersElsewhere } from '../../../src/rag/plan/pointers-elsewhere.js';
import { pickSections } from './sample-sections.js';

/** A section of a book no rule was written for (an invented guideline on bacterial infections). */
function section(label: string, sectionPath: string, text: string, accession = 'NBK-TEST'): LabelledSection {
  const s: CitedSection = { id: label, accession, bookTitle: 'Bacterial infections in primary care: a test guideline', sectionPath, titlePath: `Bacterial infections > ${sectionPath}`, text, contentHash: label };
  return { label, section: s };
}

const plan = (...lines: string[]) => readPlanText(lines.join('\n'));

describe('the first line says what to do', () => {
  const sections = [
    section('S1', 'Skin infections > Treating cellulitis', 'Treat cellulitis.'),
    section('S2', 'Skin infections > Severe skin infection', 'Refer urgently.'),
    section('S3', 'Skin infections > Side effects of antibiotics', 'Refer.'),
  ];
  const diagnoses = [{ condition: 'cellulitis' }];

  it('an unconditional urgent referral in the plan is "Refer now", cited to its line', () => {
    const action = planAction(plan('**What to do now**', '- A person with cellulitis and a fever must be referred urgently to a hospital. [S1]'), sections, diagnoses);
    expect(actionLine(action)).toBe('**Refer now** (urgent) [S1]');
  });

  it('a referral for a group she is known not to be in is not hers', () => {
    const line = '- A woman within 6 weeks after birth who has a fever is referred urgently. [S1]';
    expect(planAction(plan(line), sections, diagnoses, false, { sex: 'female', ageYears: 25, postpartum: true, daysSinceDelivery: 90 }).kind).toBe('treat_at_home');
    expect(planAction(plan(line), sections, diagnoses, false, { sex: 'female', ageYears: 25, postpartum: true, daysSinceDelivery: 10 }).kind).toBe('refer_now');
    // Not known: the referral stands.
    expect(planAction(plan(line), sections, diagnoses, false, { sex: 'female' }).kind).toBe('refer_now');
  });

  it('a referral by a day, or with no time, is "Treat and refer"', () => {
    expect(actionLine(planAction(plan('- Give the first dose and refer the person to the health facility the same day for review. [S1]'), sections, diagnoses))).toBe('**Treat and refer** (the same day) [S1]');
    expect(actionLine(planAction(plan('- Refer for a wound review at the clinic. [S1]'), sections, diagnoses))).toBe('**Treat and refer** (not urgent) [S1]');
  });

  it('a referral only if a sign appears, one offered among other courses, or one from a section on the severe form or on side effects is "Treat at home"', () => {
    for (const line of [
      '- If the redness spreads quickly, refer urgently. [S1]',
      '- Refer urgently a person with any of these signs: fever, confusion. [S1]',
      '- Give the tablets for a small area, or refer for a large one. [S1]',
      '- A person who develops a rash on the tablets must be referred immediately. [S1]',
      '- Patients with diabetes are referred urgently. [S1]',
      '- Blistering with fever is an emergency: refer immediately. [S2]',
      '- Swelling of the lips is an emergency: stop the medicine and refer immediately. [S3]',
    ]) {
      expect(planAction(plan('**When to refer**', line), sections, diagnoses).kind, line).toBe('treat_at_home');
    }
    expect(actionLine(planAction(plan('- If the redness spreads quickly, refer urgently. [S1]'), sections, diagnoses))).toBe('**Treat at home**; refer if the signs below appear [S1]');
    expect(actionLine(planAction(plan('- Give the tablets for five days. [S1]'), sections, diagnoses))).toBe('**Treat at home**');
    // For a severe diagnosis its own section's referral is hers; so is every referral after triage found a danger sign.
    expect(planAction(plan('- Blistering with fever is an emergency: refer immediately. [S2]'), sections, [{ condition: 'severe skin infection' }]).kind).toBe('refer_now');
    expect(planAction(plan('- Give the tablets. [S1]'), sections, diagnoses, true).kind).toBe('refer_now');
  });
});

describe('one regimen', () => {
  it('keeps the first of two regimens joined by "or" and offers the other only if it is not available', () => {
    const line = '- Treat with the first-line antibiotic: amoxicillin, 500 mg three times a day for 5 days, or cotrimoxazole, 960 mg twice a day for 5 days. [S1]';
    expect(splitAlternativeRegimens(line)).toEqual({
      first: '- Treat with the first-line antibiotic: amoxicillin, 500 mg three times a day for 5 days. [S1]',
      fallback: '- If amoxicillin is not available: cotrimoxazole, 960 mg twice a day for 5 days. [S1]',
    });
    // Two side by side with no dose in a line that recommends ("... may be used"), too.
    expect(splitAlternativeRegimens('- Amoxicillin or ciprofloxacin may be used at the usual doses. [S2]')).toEqual({
      first: '- Amoxicillin may be used at the usual doses. [S2]',
      fallback: '- If Amoxicillin is not available: ciprofloxacin. [S2]',
    });
  });

  it('leaves a line naming two medicines about whichever was given ("a dose of X or Y") as it is', () => {
    expect(splitAlternativeRegimens('- If the person vomits a dose of amoxicillin or ciprofloxacin within 30 minutes, give the same dose again. [S1]')).toBeNull();
    expect(splitAlternativeRegimens('- Give amoxicillin 500 mg, or refer if the person cannot swallow. [S1]')).toBeNull();
  });

  it("keeps the guideline's stated first choice over the one written first", () => {
    const stated = statedFirstChoices([section('S9', 'Principles', 'This guideline uses ciprofloxacin as the first-line antibiotic, with amoxicillin as the alternative.')]);
    expect(stated.get('antibiotic')).toBe('ciprofloxacin');
    expect(splitAlternativeRegimens('- Give amoxicillin 500 mg three times a day, or ciprofloxacin 500 mg twice a day. [S1]', stated)?.fallback).toBe(
      '- If ciprofloxacin is not available: amoxicillin 500 mg three times a day. [S1]',
    );
  });

  it('leaves out a line giving only an alternative of a medicine the plan already gives, with its dose line, under the same heading and book', () => {
    const sections = [section('S1', 'Malaria > First-line treatment', 'x'), section('S2', 'Malaria > Alternative treatment', 'x'), section('S3', 'Other', 'x', 'NBK-OTHER')];
    const before = plan(
      '**What to do now**',
      '- Give artemether-lumefantrine 4 tablets twice a day for 3 days. [S1]',
      '- Where the programme supplies it, artesunate-amodiaquine is given instead. [S2]',
      '- The dose is 2 tablets once a day. [S2]',
      '- Do not give artesunate-amodiaquine to a child on zidovudine; give artemether-lumefantrine. [S2]',
      '- Give artesunate-amodiaquine 2 tablets once a day. [S3]',
      '',
      '**When to refer**',
      '- Refer a child who cannot take artesunate-amodiaquine by mouth. [S2]',
    );
    const chosen = withOneRegimen(before, sections);
    expect(chosen.removed).toEqual([
      { line: '- Where the programme supplies it, artesunate-amodiaquine is given instead. [S2]', reason: 'alternative_regimen' },
      { line: '- The dose is 2 tablets once a day. [S2]', reason: 'alternative_regimen' },
    ]);
    expect(writePlanText(chosen.lines, before)).toContain('- Give artesunate-amodiaquine 2 tablets once a day. [S3]');
    expect([...medicinesGiven('- Children who had a reaction should receive ciprofloxacin rather than amoxicillin. [S1]')]).toEqual(['ciprofloxacin']);
  });

  it('keeps two antibiotics given on separate lines for one illness: guidelines give them together', () => {
    const sections = [section('S1', 'Urethral discharge > Treatment', 'x')];
    const before = plan('**What to do now**', '- Give ceftriaxone 1 g by injection once. [S1]', '- Give azithromycin 1 g by mouth once. [S1]');
    expect(withOneRegimen(before, sections).removed).toEqual([]);
    // Nor is a line that gives neither ("are not given X or Y"), nor "who take X or Y": the medicines say who the line is for.
    expect(splitAlternativeRegimens('- Children with a penicillin allergy are not given cloxacillin or amoxicillin. [S1]')).toBeNull();
    expect(splitAlternativeRegimens('- People who take efavirenz or zidovudine should receive artemether-lumefantrine. [S1]')).toBeNull();
  });
});

describe('doses worked out for her weight', () => {
  const paracetamol = '- For a child over 2 months with a temperature of 38.5 °C or more, give paracetamol, about 15 mg per kg, every 6 hours. [S5]';

  it("a 14 kg child's paracetamol line says 210 mg", () => {
    expect(withDoseForWeight(paracetamol, 14)).toBe('- For a child over 2 months with a temperature of 38.5 °C or more, give paracetamol, about 15 mg per kg (210 mg for 14 kg), every 6 hours. [S5]');
  });

  it('keeps the guideline text when the weight is unknown, the amount is left to a table, or the line gives two per-kg doses', () => {
    expect(withDoseForWeight(paracetamol, undefined)).toBe(paracetamol);
    const table = '- Give ciprofloxacin, about 15 mg per kg, twice daily, using 250 mg tablets as in Table 4.1. [S1]';
    expect(withDoseForWeight(table, 14)).toBe(table);
    const two = '- Children receive about 10 mg/kg daily and adults 5 mg/kg. [S1]';
    expect(withDoseForWeight(two, 14)).toBe(two);
  });

  it('works out a range, a daily dose and a stated maximum, in the units written (no tablet strength assumed)', () => {
    expect(withDoseForWeight('- Give 7 to 15 mg/kg daily. [S1]', 12)).toBe('- Give 7 to 15 mg/kg daily (84 to 180 mg a day for 12 kg). [S1]');
    expect(withDoseForWeight('- Give 10 mg/kg once a day, to a maximum of 300 mg. [S1]', 45)).toBe('- Give 10 mg/kg (300 mg, the maximum, for 45 kg) once a day, to a maximum of 300 mg. [S1]');
    expect(withDoseForWeight('- Give ORS, 75 ml per kg over 4 hours. [S1]', 8.5)).toBe('- Give ORS, 75 ml per kg (638 ml for 8.5 kg) over 4 hours. [S1]');
  });
});

describe('pointers to parts of the book she does not have', () => {
  it('are taken out where the line reads whole without them', () => {
    expect(withoutPointersElsewhere('- Refer at once for post-exposure prophylaxis (chapter 8). [S2]')).toBe('- Refer at once for post-exposure prophylaxis. [S2]');
    expect(withoutPointersElsewhere('- Give first aid as described in chapter 5 (First aid during a fit), and arrange transfer. [S1]')).toBe('- Give first aid, and arrange transfer. [S1]');
    expect(withoutPointersElsewhere('- Test the urine, and refer according to Annex 2. [S1]')).toBe('- Test the urine, and refer. [S1]');
    expect(withoutPointersElsewhere('- Give the loading dose (Table 5.1). [S1]')).toBe('- Give the loading dose (Table 5.1). [S1]');
  });

  it('leave a line out that cannot do without them', () => {
    expect(withoutPointersElsewhere('- Use chapter 4 to decide how severe the condition is. [S2]')).toBeNull();
    expect(withoutPointersElsewhere('- This annex collects the doses in one place. [S3]')).toBeNull();
  });
});

describe('composePlan for a phone (extractive, sample malaria book)', () => {
  it('opens with what to do, gives one regimen, works out the dose and names sources in one short line each', async () => {
    const sections = labelSections(await pickSections('SAMPLE-MALARIA', ['Uncomplicated malaria in the second trimester', 'Relieving fever and discomfort']));
    const composed = await composePlan({
      input: {
        demographics: { ageYears: 24, sex: 'female', pregnant: true, gestationWeeks: 20, trimester: 2, weightKg: 60 },
        findings: [{ category: 'test_result', value: 'RDT positive' }],
        diagnoses: [{ condition: 'uncomplicated malaria' }],
        sections,
      },
    });
    const lines = composed.text.split('\n');
    expect(lines[0]).toMatch(/^\*\*Treat at home\*\*/);
    const body = composed.text.split('**Sources**')[0] ?? '';
    expect(body).toContain('artemether-lumefantrine, 4 tablets twice a day for three days. [S1]');
    expect(body).toContain('- If artemether-lumefantrine is not available: artesunate-amodiaquine, two 100 mg/270 mg tablets once a day for three days. [S1]');
    expect(body).not.toMatch(/three days, or artesunate-amodiaquine/);
    expect(composed.text).toMatch(/\*\*Sources\*\*\n- S1: Malaria at community level \d+(?:\.\d+)+(?:\n|$)/);
  });
});
