import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replies, runChat } from '../../support/run-chat.js';
import { seededDataDir } from '../../support/pglite-image.js';

describe('a whole consult in the terminal, offline protocol mode (npm run chat)', { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  it('interviews, triages, takes the stated diagnosis and replies with a cited plan, then answers a follow-up', async () => {
    const dataDir = await mkdtemp(join(tmpdir(), 'chat-offline-'));
    dirs.push(dataDir);
    const { code, stdout, stderr } = await runChat(
      [
        'child with fever',
        '3 years',
        'boy',
        '14 kg',
        'fever for 2 days, temp 38.9, RDT positive, no cough',
        'dx: uncomplicated malaria',
        'what should I tell the mother about when to come back?',
      ],
      { DATA_DIR: dataDir },
    );
    expect(stderr).not.toMatch(/error/i);
    expect(code).toBe(0);
    const r = replies(stdout);
    expect(stdout).toContain('Loaded the sample corpus');
    expect(r[0]).toMatch(/How old is the patient/);
    expect(r[1]).toMatch(/male or female/);
    expect(r[2]).toMatch(/weight in kg/);
    expect(r[3]).toMatch(/main findings/);
    expect(r[4]).toMatch(/Noted: .*RDT positive/);
    expect(r[4]).toMatch(/uncomplicated malaria/);
    expect(r[5]).toMatch(/Working diagnosis: uncomplicated malaria/);
    const plan = r[6] ?? '';
    expect(plan).toMatch(/\[S\d+\]/);
    expect(plan).toMatch(/Sources/);
    expect(plan).toMatch(/S1: Malaria at community level/);
    expect(plan).toMatch(/SAMPLE/);
    // Every citation in the plan names a listed source.
    const cited = new Set([...plan.matchAll(/\[(S\d+)(?:, ?(S\d+))*\]/g)].flatMap((m) => m.slice(1).filter(Boolean)));
    for (const label of cited) expect(plan).toContain(`${label}: `);
    const followUp = r[7] ?? '';
    expect(followUp).toMatch(/\[S\d+\]/);
    expect(r).toHaveLength(8);
  });

  it('answers a follow-up under the diagnosis the plan gave, and starts a new consult for a message about another patient', async () => {
    const dataDir = await seededDataDir('chat-next-patient-');
    dirs.push(dataDir);
    const { code, stdout } = await runChat(
      [
        '29 year old man, HIV+ on TLD, cough 5 days, sweat for night',
        'dx: cough',
        'when should he come back?',
        '2 year old boy, 10.8 kg, on RUTF at home for 6 weeks, MUAC 127 mm, no oedema',
        'dx: SAM follow up',
      ],
      { DATA_DIR: dataDir },
    );
    expect(code).toBe(0);
    const r = replies(stdout);
    const plans = r.filter((x) => /Assessment: /.test(x));
    // The plan for the man, a short answer to his follow-up from his plan's guideline, then the plan for
    // the child: never the man's diagnosis over the child.
    expect(plans).toHaveLength(2);
    expect(plans[0]).toMatch(/Assessment: presumptive tuberculosis: cough/);
    const answer = r[r.indexOf(plans[0] ?? '') + 1] ?? '';
    expect(answer).toMatch(/Sources[\s\S]*Tuberculosis screening and referral/);
    const answerLines = (answer.split(/\n\*{0,2}Sources/)[0] ?? '').split('\n').filter((l) => /^\s*[-•] /.test(l));
    expect(answerLines.length).toBeGreaterThan(0);
    expect(answerLines.length).toBeLessThanOrEqual(3);
    expect(r.some((x) => /describes another patient/.test(x))).toBe(true);
    expect(plans[1]).toMatch(/Assessment: uncomplicated SAM follow up/);
    expect(plans[1]).toMatch(/discharged as recovered/);
  });

  it('sends an urgent referral at once for a danger sign, and not for a negated one', async () => {
    const dataDir = await seededDataDir('chat-urgent-');
    dirs.push(dataDir);
    const { stdout } = await runChat(['2 year old girl, not able to drink, had convulsions this morning', 'no convulsions now, no vomiting'], {
      DATA_DIR: dataDir,
    });
    const r = replies(stdout);
    expect(r[0]).toMatch(/URGENT/);
    expect(r[0]).toMatch(/refer/i);
    expect(r[0]).toMatch(/convulsion/i);
    expect(r[1]).not.toMatch(/URGENT/);
    expect(r.filter((x) => x.includes('URGENT'))).toHaveLength(1);
  });

  it('resumes the consult where it was after a restart', async () => {
    const dataDir = await seededDataDir('chat-resume-');
    dirs.push(dataDir);
    await runChat(['35 year old man'], { DATA_DIR: dataDir });
    const { stdout } = await runChat(['fever 3 days, RDT negative, cough'], { DATA_DIR: dataDir });
    expect(replies(stdout)[0]).toMatch(/Noted: .*RDT negative/);
  });
});
