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

  it('leaves out a course of treatment at home, and keeps what is given before the journey', () => {
    const sent = planAfterReferral(
      [
        '**What to do now**',
        '- Give cefalexin 500 mg four times a day for 7 days. [S1]',
        '- Treat with a single dose of praziquantel 40 mg per kg. [S2]',
        '- Give the first dose of amoxicillin 250 mg before referral. [S1]',
        '- Keep the baby warm on the way. [S3]',
      ].join('\n'),
    );
    expect(sent).not.toMatch(/for 7 days|single dose of praziquantel/);
    expect(sent).toContain('first dose of amoxicillin 250 mg before referral');
    expect(sent).toContain('Keep the baby warm');
  });
});
