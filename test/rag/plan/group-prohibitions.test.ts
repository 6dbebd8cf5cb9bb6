import { describe, expect, it } from 'vitest';
import type { Demographics } from '../../../src/patient/findings.js';
import type { LabelledSection } from '../../../src/rag/plan-writer.js';
import { forbiddenDrugs } from '../../../src/rag/plan/plan-fit.js';

// Sentences in the forms guidelines use, written for this test (no sample or evaluation book quoted).
const section = (text: string, sectionPath = 'Treatment > Medicines'): LabelledSection => ({
  label: 'S1',
  section: { id: 'S1', accession: 'TEST-BOOK', bookTitle: 'Test book', sectionPath, titlePath: sectionPath, text, contentHash: 'h1' },
});
const forbidden = (text: string, d: Demographics) => [...new Set(forbiddenDrugs([section(text)], d).map((f) => f.drug))];

const child12kg: Demographics = { sex: 'male', ageYears: 3, weightKg: 12 };
const child20kg: Demographics = { sex: 'female', ageYears: 6, weightKg: 20 };
const fiveDaysAfterBirth: Demographics = { sex: 'female', ageYears: 24, postpartum: true, daysSinceDelivery: 5 };
const pregnant37: Demographics = { sex: 'female', ageYears: 24, pregnant: true, gestationWeeks: 37 };
const pregnant30: Demographics = { sex: 'female', ageYears: 24, pregnant: true, gestationWeeks: 30 };
const man: Demographics = { sex: 'male', ageYears: 40, weightKg: 70 };

describe('prohibitions for a group, in the forms guidelines write them', () => {
  it('the group as subject: "Children who weigh less than 15 kg are not given ivermectin"', () => {
    const text = 'Children who weigh less than 15 kg are not given ivermectin; use permethrin cream instead.';
    expect(forbidden(text, child12kg)).toContain('ivermectin');
    expect(forbidden(text, child20kg)).not.toContain('ivermectin');
    expect(forbidden(text, man)).toEqual([]);
  });

  it('a list of groups forbids the medicine to every group listed, not only the first', () => {
    const text = 'Ivermectin is not given to pregnant women, to children who weigh less than 15 kg, or to women in the first week after birth.';
    expect(forbidden(text, fiveDaysAfterBirth)).toContain('ivermectin');
    expect(forbidden(text, child12kg)).toContain('ivermectin');
    expect(forbidden(text, man)).toEqual([]);
  });

  it('a list of groups after a colon, one per semicolon', () => {
    const text = 'Doxycycline must not be given to: pregnant women; children under 8 years; mothers in the first week after birth.';
    expect(forbidden(text, pregnant30)).toContain('doxycycline');
    expect(forbidden(text, child20kg)).toContain('doxycycline');
    expect(forbidden(text, fiveDaysAfterBirth)).toContain('doxycycline');
    expect(forbidden(text, man)).toEqual([]);
  });

  it('a limit by week of pregnancy in prose and in a table row', () => {
    const prose = 'In pregnancy, nitrofurantoin is used before 36 weeks only.';
    expect(forbidden(prose, pregnant37)).toContain('nitrofurantoin');
    expect(forbidden(prose, pregnant30)).toEqual([]);
    const row = 'Medicine: Nitrofurantoin; Dose: 100 mg twice daily for 5 days; Pregnancy: before 36 weeks only';
    expect(forbidden(row, pregnant37)).toContain('nitrofurantoin');
    expect(forbidden(row, pregnant30)).toEqual([]);
    expect(forbidden(row, man)).toEqual([]);
  });

  it('a table cell that forbids for a group', () => {
    const row = 'Medicine: Doxycycline; Dose: 100 mg twice daily; Not for: pregnant or breastfeeding women, children under 8 years';
    expect(forbidden(row, fiveDaysAfterBirth)).toContain('doxycycline');
    expect(forbidden(row, child20kg)).toContain('doxycycline');
    expect(forbidden(row, man)).toEqual([]);
  });

  it('an allergy said in the diagnosis forbids the whole class as one in the findings does', () => {
    const sections = [section('If the first choice is out of stock, give cloxacillin 250 mg four times a day for 5 days.')];
    expect(forbiddenDrugs(sections, child20kg, [], ['impetigo, allergic to penicillin']).map((f) => f.drug)).toContain('cloxacillin');
    expect(forbiddenDrugs(sections, child20kg, [], ['impetigo']).map((f) => f.drug)).toEqual([]);
  });

  it('a prohibition that says where before whom: "is not given at home to infants under 2 months"', () => {
    const text = 'Ibuprofen is not given in the community to infants under 2 months; refer them.';
    expect(forbidden(text, { sex: 'male', ageYears: 0, ageMonths: 1 })).toContain('ibuprofen');
    expect(forbidden(text, child12kg)).toEqual([]);
  });

  it('choosing a medicine for a group is no prohibition for others: "in the first trimester use X only"', () => {
    expect(forbidden('In the first trimester use quinine only and refer for review.', man)).toEqual([]);
  });
});

describe('a line for a subgroup by condition or medicine', () => {
  it('is for her only when something said of her names it', async () => {
    const { lineForSubgroupSheIsNotIn } = await import('../../../src/rag/plan/subgroup-lines.js');
    const line = 'A pregnant woman living with HIV who takes cotrimoxazole every day continues it, and is treated like other pregnant women.';
    expect(lineForSubgroupSheIsNotIn(line, ['cystitis'], [{ category: 'test_result', value: 'HIV negative' }])).toBe(true);
    expect(lineForSubgroupSheIsNotIn(line, ['cystitis'], [{ category: 'history', value: 'HIV positive on ART' }])).toBe(false);
    expect(lineForSubgroupSheIsNotIn('People taking efavirenz should receive artemether-lumefantrine.', ['malaria'], [])).toBe(true);
    expect(lineForSubgroupSheIsNotIn('People taking efavirenz should receive artemether-lumefantrine.', ['malaria'], [{ category: 'medication', value: 'efavirenz' }])).toBe(false);
  });

  it('a line for people with an allergy is hers only with that allergy (or one to its class)', async () => {
    const { lineForSubgroupSheIsNotIn } = await import('../../../src/rag/plan/subgroup-lines.js');
    const row = 'Table 2.3 Erythromycin for sore throat in children allergic to penicillin: Weight: 10 to <15 kg; Dose: 125 mg four times a day';
    expect(lineForSubgroupSheIsNotIn(row, ['sore throat'], [])).toBe(true);
    expect(lineForSubgroupSheIsNotIn(row, ['sore throat'], [{ category: 'allergy', value: 'no known drug allergies', negated: true }])).toBe(true);
    expect(lineForSubgroupSheIsNotIn(row, ['sore throat'], [{ category: 'allergy', value: 'allergic to amoxicillin' }])).toBe(false);
    expect(lineForSubgroupSheIsNotIn(row, ['sore throat, allergic to penicillin'], [])).toBe(false);
  });
});

describe('sections for girls and boys', () => {
  it('are children\'s sections: not a plan for a woman of 24', async () => {
    const { sectionFitsPatient } = await import('../../../src/rag/population-fit.js');
    expect(sectionFitsPatient('Urinary infection in girls > When to refer a girl', { sex: 'female', ageYears: 24 })).toBe(false);
    expect(sectionFitsPatient('Urinary infection in girls > When to refer a girl', { sex: 'female', ageYears: 6 })).toBe(true);
  });
});

describe('a section for the illness back after treatment', () => {
  it('is no first visit\'s plan, and is the plan of one who says the course did not work', async () => {
    const { sectionForIllnessBackNotStated } = await import('../../../src/rag/plan/plan-fit.js');
    const back = { sectionPath: 'Ear discharge > Discharge that persists or returns' };
    expect(sectionForIllnessBackNotStated(back, [{ category: 'symptom', value: 'ear discharge' }], 'ear discharge')).toBe(true);
    expect(sectionForIllnessBackNotStated(back, [{ category: 'symptom', value: 'discharge back after finishing the tablets' }], 'ear discharge')).toBe(false);
    // A class of the illness is not a failed course.
    expect(sectionForIllnessBackNotStated({ sectionPath: 'Diarrhoea > Persistent diarrhoea' }, [], 'persistent diarrhoea')).toBe(false);
  });
});

describe('a table row with a column per group of patients', () => {
  it('shows her own group\'s cell only, when she is known to be outside the others', async () => {
    const { rowWithoutOtherGroupsCells } = await import('../../../src/rag/plan/row-cells-for-her.js');
    const { tableCells } = await import('../../../src/rag/plan/section-text.js');
    const line = 'Cause: Thrush; Up to the end of week 13: Nystatin pessary nightly; Week 14 until delivery: Miconazole cream nightly';
    const text = `Table 9 Treatment by stage of pregnancy: ${line}`;
    const cells = tableCells(line);
    if (!cells) throw new Error('not a row');
    expect(rowWithoutOtherGroupsCells(text, cells, { sex: 'female', pregnant: true, gestationWeeks: 10 })).not.toContain('Miconazole');
    expect(rowWithoutOtherGroupsCells(text, cells, { sex: 'female', pregnant: true, gestationWeeks: 30 })).not.toContain('Nystatin');
    // Weeks not known: both stay.
    expect(rowWithoutOtherGroupsCells(text, cells, { sex: 'female', pregnant: true })).toBe(text);
  });
});

describe('a section titled for women who are not pregnant', () => {
  it('is not a pregnant woman\'s, and is a non-pregnant woman\'s', async () => {
    const { sectionFitsPatient } = await import('../../../src/rag/population-fit.js');
    const path = 'Bladder infection in women who are not pregnant > First-line treatment';
    expect(sectionFitsPatient(path, { sex: 'female', ageYears: 25, pregnant: true, gestationWeeks: 16 })).toBe(false);
    expect(sectionFitsPatient(path, { sex: 'female', ageYears: 25, pregnant: false })).toBe(true);
    expect(sectionFitsPatient('Malaria > Non-pregnant adults', { sex: 'male', ageYears: 4 })).toBe(false);
  });
});
