import { describe, expect, it } from 'vitest';
import { runTriageCase, summarise, type TriageCase } from '../../eval/triage/triage-eval.js';

const base = { source: { repo: 'smart-anc', table: 'ANC.DT.01', row: 'vaginal bleeding' }, style: [], sign: 'test' };
const triageCase = (id: string, messages: string[], expect: 'refer' | 'no_refer', age_group = 'adult'): TriageCase => ({ ...base, id, language: 'en', age_group, messages, expect });

describe('the triage eval', () => {
  it('re-reads earlier messages once a later one says she is pregnant', () => {
    const result = runTriageCase(triageCase('late-pregnancy', ['woman 25 yrs, some spotting of blood', 'she is 30 weeks pregnant'], 'refer', 'pregnant'));
    expect(result.referred).toBe(true);
    expect(result.correct).toBe(true);
  });

  it('counts a referral for a case that must not refer as a false alarm, per group', () => {
    const results = [
      runTriageCase(triageCase('pidgin-can', ['girl 3 yrs, fever 2 days, she fit drink'], 'no_refer', 'child')),
      runTriageCase(triageCase('fits', ['boy 2 yrs had convulsions this morning'], 'refer', 'child')),
      runTriageCase(triageCase('missed', ['boy 2 yrs, cough'], 'refer', 'child')),
    ];
    const summary = summarise(results);
    expect(summary.sensitivity).toEqual({ caught: 1, of: 2 });
    expect(summary.specificity).toEqual({ caught: 1, of: 1 });
    expect(summary.by.get('age group: child')?.sensitivity).toEqual({ caught: 1, of: 2 });
  });
});
