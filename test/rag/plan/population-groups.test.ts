import { describe, expect, it } from 'vitest';
import type { Demographics } from '../../../src/patient/findings.js';
import { groupsNamed, inAnyPopulation, populationsNamed } from '../../../src/rag/plan/population-groups.js';

const woman = (d: Partial<Demographics>): Demographics => ({ sex: 'female', ageYears: 27, ...d });
const inIt = (clause: string, d: Demographics) => inAnyPopulation(populationsNamed(clause), d);

describe('the groups a guideline clause names', () => {
  it('a list of groups holds a patient in any one of them, not only the first', () => {
    const clause = 'not given to pregnant women, children under 2 years or women who are breastfeeding';
    expect(inIt(clause, woman({ pregnant: false, postpartum: true, daysSinceDelivery: 5 }))).toBe(true);
    expect(inIt(clause, { sex: 'male', ageMonths: 18 })).toBe(true);
    expect(inIt(clause, { sex: 'male', ageYears: 7, weightKg: 22 })).toBe(false);
    expect(inIt(clause, woman({ pregnant: true, gestationWeeks: 20 }))).toBe(true);
  });

  it('a woman who is not pregnant is not in a group of pregnant women, and a pregnant one not in "women who are not pregnant"', () => {
    expect(inIt('in women who are not pregnant', woman({ pregnant: true, gestationWeeks: 12 }))).toBe(false);
    expect(inIt('in women who are not pregnant', woman({ pregnant: false }))).toBe(true);
    expect(inIt('for non-pregnant adults', woman({ pregnant: true, gestationWeeks: 30 }))).toBe(false);
  });

  it('reads limits by week of pregnancy', () => {
    expect(inIt('in pregnancy before 36 weeks only', woman({ pregnant: true, gestationWeeks: 37 }))).toBe(false);
    expect(inIt('in pregnancy before 36 weeks only', woman({ pregnant: true, gestationWeeks: 30 }))).toBe(true);
    expect(inIt('pregnant women from 36 weeks', woman({ pregnant: true, gestationWeeks: 37 }))).toBe(true);
    expect(inIt('pregnant women at 36 weeks or more', woman({ pregnant: true, gestationWeeks: 35 }))).toBe(false);
    expect(inIt('in the first trimester', woman({ pregnant: true, gestationWeeks: 9 }))).toBe(true);
    expect(inIt('in the first trimester', woman({ pregnant: true, gestationWeeks: 20 }))).toBe(false);
  });

  it('reads weight in the passive subject ("children who weigh less than 15 kg")', () => {
    expect(inIt('Children who weigh less than 15 kg', { sex: 'male', ageYears: 2, weightKg: 12 })).toBe(true);
    expect(inIt('Children who weigh less than 15 kg', { sex: 'male', ageYears: 6, weightKg: 19 })).toBe(false);
  });

  it('reads the days after birth, and counts a mother who just gave birth as breastfeeding unless she said not', () => {
    expect(inIt('women in the first week after birth', woman({ postpartum: true, daysSinceDelivery: 5 }))).toBe(true);
    expect(inIt('women in the first week after birth', woman({ postpartum: true, daysSinceDelivery: 20 }))).toBe(false);
    expect(inIt('breastfeeding mothers', woman({ postpartum: true, daysSinceDelivery: 5 }))).toBe(true);
    expect(inIt('breastfeeding mothers', woman({ postpartum: true, daysSinceDelivery: 5, breastfeeding: false }))).toBe(false);
  });

  it('a span of time is not an age, and an unknown fact places nobody', () => {
    expect(groupsNamed('repeat the test within 2 weeks')).toEqual([]);
    expect(inIt('children under 5 years', { sex: 'female' })).toBeUndefined();
  });
});
