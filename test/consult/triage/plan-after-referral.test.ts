import { describe, expect, it } from 'vitest';
import { planAfterReferral, REFERRAL_FIRST_LINE } from '../../../src/consult/triage/plan-after-referral.js';

describe('planAfterReferral', () => {
  const plan = [
    '**Assessment: chest-indrawing pneumonia (working diagnosis)**',
    '',
    '**What to do now**',
    '- Give the first dose of amoxicillin and refer the child the same day. [S1]',
    '- Treat the child at home with amoxicillin for 3 days. [S2]',
    '',
    '**Follow-up**',
    '- If there are no danger signs, see the child again on day 3. [S2]',
    '',
    '**Sources**',
    '- S1: Pneumonia > Chest-indrawing pneumonia',
    '- S2: Pneumonia > Treatment at home',
  ].join('\n');

  it('leads with the referral and leaves out the lines that assume no danger signs', () => {
    const sent = planAfterReferral(plan);
    expect(sent.startsWith(REFERRAL_FIRST_LINE)).toBe(true);
    expect(sent).toContain('refer the child the same day');
    expect(sent).not.toMatch(/at home with amoxicillin|no danger signs, see/);
    // Sources stay, also the one whose lines were left out.
    expect(sent).toContain('- S2: Pneumonia > Treatment at home');
  });

  it('leaves out a heading whose every line was left out, and keeps the assessment heading', () => {
    const sent = planAfterReferral(plan);
    expect(sent).not.toContain('**Follow-up**');
    expect(sent).toContain('**What to do now**');
    expect(sent).toContain('**Assessment: chest-indrawing pneumonia (working diagnosis)**');
  });
});
