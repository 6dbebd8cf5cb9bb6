import { rm } from 'node:fs/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { replies, runChat } from '../../support/run-chat.js';
import { seededDataDir } from '../../support/pglite-image.js';

/**
 * Issue 9's acceptance consults, through the real consult engine in offline mode (npm run chat) over
 * the sample corpus. What is right comes from the sample malaria and pregnancy books: in the first
 * trimester artemether-lumefantrine is the only ACT, "do not give artesunate-amodiaquine or other ACTs
 * during the first 13 weeks, and do not give sulfadoxine-pyrimethamine" (Malaria in pregnancy >
 * Uncomplicated malaria in the first trimester); bleeding after birth is in Pregnancy care > Bleeding
 * after birth.
 */
describe('plans that fit the patient (issue 9 acceptance, offline consult)', { timeout: 120_000 }, () => {
  const dirs: string[] = [];
  afterAll(async () => {
    for (const dir of dirs) await rm(dir, { recursive: true, force: true });
  });

  /**
   * The plan as sent, its Sources block (compact on the phone: "S1: Malaria at community level 4.1.2")
   * replaced by what /sources answers after it: the same labels with their full titles.
   */
  async function planFor(script: string[]): Promise<string> {
    const dataDir = await seededDataDir('chat-fit-');
    dirs.push(dataDir);
    const { stdout } = await runChat([...script, '/sources'], { DATA_DIR: dataDir });
    const r = replies(stdout);
    const isSources = (reply: string) => reply.includes('**Sources**') || reply.includes('\nSources\n') || /^\**Sources\**\n/.test(reply);
    const plan = r.find(isSources) ?? r[r.length - 2] ?? '';
    const full = r[r.length - 1] ?? '';
    return `${plan.split(/\n\*{0,2}Sources\*{0,2}\n/)[0] ?? plan}\n\n${full}`;
  }

  function sourcesOf(plan: string): Map<string, string> {
    return new Map([...plan.matchAll(/^- (S\d+): (.+)$/gm)].map((m) => [m[1] ?? '', m[2] ?? '']));
  }

  function linesOf(plan: string): string[] {
    const body = plan.split(/\n\*{0,2}Sources\*{0,2}\n/)[0] ?? plan;
    return body.split('\n').filter((line) => line.startsWith('- '));
  }

  function expectFirstTrimesterMalariaPlan(plan: string): void {
    const sources = sourcesOf(plan);
    const labels = [...sources.keys()];
    // Source labels are numbered without gaps.
    expect(labels).toEqual(labels.map((_, i) => `S${i + 1}`));
    expect(labels.length).toBeGreaterThan(0);
    const lines = linesOf(plan);
    // Artemether-lumefantrine, cited to the first-trimester section.
    const al = lines.filter((line) => /artemether-lumefantrine/i.test(line) && /\bgive|treated|tablets\b/i.test(line));
    expect(al.length).toBeGreaterThan(0);
    const alLabels = al.flatMap((line) => [...line.matchAll(/S\d+/g)].map((m) => m[0]));
    expect(alLabels.some((label) => /Uncomplicated malaria in the first trimester$/.test((sources.get(label) ?? '').replace(/ - .*$/, '')))).toBe(true);
    // No other ACT and no SP: the first-trimester section forbids them.
    for (const line of lines) expect(line).not.toMatch(/amodiaquine|AS-AQ|sulfadoxine|pyrimethamine|\bSP\b|IPTp/i);
    // No section for another trimester, no kit storage; the section for adults who "are not pregnant"
    // gives no treatment line.
    for (const source of sources.values()) expect(source).not.toMatch(/second trimester|third trimester|Storing test kits/);
    for (const [label, source] of sources) {
      if (!/in adults and adolescents/.test(source)) continue;
      for (const line of lines.filter((l) => l.includes(label))) expect(line).not.toMatch(/artemether|lumefantrine|tablets|\bmg\b|treated with|\bgive\b/i);
    }
    expect(plan).not.toMatch(/storing|store the kits|cassette/i);
    // She gave the weeks: no question about the trimester.
    expect(plan).not.toMatch(/last menstrual period|work out the trimester|Working out the trimester/i);
  }

  it('(a) 10 weeks pregnant, fever, RDT positive, dx: uncomplicated malaria -> AL only, cited to the first trimester', async () => {
    const plan = await planFor(['25 year old woman, 10 weeks pregnant, fever, RDT positive', 'dx: uncomplicated malaria']);
    expectFirstTrimesterMalariaPlan(plan);
  });

  it('(b) the same woman with dx: malaria -> the first-trimester treatment, not the test kit', async () => {
    const plan = await planFor(['25 year old woman, 10 weeks pregnant, fever, RDT positive', 'dx: malaria']);
    expectFirstTrimesterMalariaPlan(plan);
  });

  it('(c) a woman who gave birth at home and is bleeding gets the bleeding-after-birth sections', async () => {
    const plan = await planFor(['28 year old woman, gave birth at home this morning, bleeding a lot', 'dx: postpartum haemorrhage']);
    const sources = [...sourcesOf(plan).values()];
    expect(sources.some((s) => /Bleeding after birth/.test(s))).toBe(true);
    expect(sources.some((s) => /postpartum haemorrhage|Bleeding after birth > (First steps|Medicines)/i.test(s))).toBe(true);
    expect(plan).toMatch(/uterotonic|oxytocin|misoprostol|rub the womb/i);
    for (const source of sources) expect(source).not.toMatch(/HIV|Hypertension in adults/);
  });

  it('(d) a 64-year-old woman: her plan cites no pregnancy section', async () => {
    for (const dx of ['hypertension', 'anaemia']) {
      const plan = await planFor(['64 year old woman, tired, headache, BP 170/100', `dx: ${dx}`]);
      // The section path, after the book title ("Anaemia in children and pregnant women" is a book).
      const paths = [...sourcesOf(plan).values()].map((s) => s.slice(s.indexOf(' > ') + 3));
      expect(paths.length).toBeGreaterThan(0);
      for (const path of paths) expect(path).not.toMatch(/pregnan|trimester|antenatal|after birth/i);
    }
  });
});
