import { describe, expect, it } from 'vitest';
import { classesWithSeveralRegimens, measurePlans, medicinesRecommended, quantile, textBeforeSources } from '../../eval/plans/plan-measures.js';

const plan = (lines: string[]) => [...lines, '', '**Sources**', '- S1: Malaria at community level 3.2'].join('\n');

describe('eval:plans measures', () => {
  it('counts two medicines of one class, both recommended, as two regimens', () => {
    const two = plan(['**What to do now**', '- Treat with artemether-lumefantrine, 4 tablets twice a day, or artesunate-amodiaquine, two tablets once a day. [S1]']);
    expect(classesWithSeveralRegimens(two)).toEqual(['antimalarial']);
    const acrossLines = plan(['- Give permethrin 5% cream tonight. [S1]', '- Give benzyl benzoate 25% lotion tonight. [S2]']);
    expect(classesWithSeveralRegimens(acrossLines)).toEqual(['scabicide']);
    // Two antibiotics are often one regimen (ceftriaxone with azithromycin): not counted.
    expect(classesWithSeveralRegimens(plan(['- Give ceftriaxone 1 g once. [S1]', '- Give azithromycin 1 g once. [S1]']))).toEqual([]);
  });

  it('does not count a medicine the line forbids, sets aside, refers for or offers only as a fallback', () => {
    expect([...medicinesRecommended('- Children who had chemoprevention should receive artemether-lumefantrine rather than artesunate-amodiaquine. [S1]')]).toEqual(['artemether-lumefantrine']);
    expect([...medicinesRecommended('- Do not give artesunate-amodiaquine to a child on zidovudine; give artemether-lumefantrine instead. [S1]')]).toEqual(['artemether-lumefantrine']);
    expect(medicinesRecommended('- Older children are referred for injectable artesunate. [S1]').size).toBe(0);
    expect(medicinesRecommended('- If artemether-lumefantrine is not available: artesunate-amodiaquine, two tablets once a day. [S1]').size).toBe(0);
    expect(medicinesRecommended('- If a patient vomits a dose of artemether-lumefantrine or artesunate-amodiaquine, give the same dose again. [S1]').size).toBe(0);
    // What to give before referral is not a regimen for the illness at home.
    expect(classesWithSeveralRegimens(plan(['- Treat with artemether-lumefantrine. [S1]', '**When to refer**', '- Give rectal artesunate once. [S2]']))).toEqual([]);
    const one = plan(['- Treat with artemether-lumefantrine, 4 tablets twice a day. [S1]', '- If artemether-lumefantrine is not available: artesunate-amodiaquine, two tablets once a day. [S1]']);
    expect(classesWithSeveralRegimens(one)).toEqual([]);
  });

  it('measures characters before the Sources block: median and 90th percentile, plans not made left out', () => {
    expect(textBeforeSources(plan(['- Give ORS. [S1]']))).toBe('- Give ORS. [S1]\n');
    expect(quantile([5, 1, 3, 2, 4], 0.5)).toBe(3);
    expect(quantile([1, 2, 3, 4, 5, 6, 7, 8, 9, 10], 0.9)).toBe(9);
    const m = measurePlans([plan(['- a [S1]']), '', plan(['- bbb [S1]'])]);
    expect(m.plans).toBe(2);
    expect(m.medianChars).toBe('- a [S1]\n'.length);
  });
});
