import { describe, expect, it } from 'vitest';
import type { LabelledSection } from '../../../src/rag/plan-writer.js';
import { checkPlanDraft, type RemovalReason } from '../../../src/rag/plan/check-plan.js';

function section(label: string, path: string, body: string): LabelledSection {
  const titlePath = `Test guideline > ${path}`;
  return { label, section: { id: `chunk-${label}`, accession: 'SAMPLE-TEST', bookTitle: 'Test guideline', sectionPath: path, titlePath, text: `${titlePath}\n\n${body}`, contentHash: `hash-${label}` } };
}

const sections = [
  section(
    'S1',
    'Malaria > Artemether-lumefantrine for children',
    'A child weighing 5 kg up to 15 kg takes one tablet per dose of artemether-lumefantrine (20 mg/120 mg tablet), twice a day for three days. ' +
      'Give ½ tablet of the dispersible formulation to a child under 5 kg only at the facility.\n\n' +
      'Table 3.1 Doses\nBody weight (kg): 5 to <15; Tablets per dose: 1\nBody weight (kg): 15 to <25; Tablets per dose: 2',
  ),
  section('S2', 'Fever > Paracetamol', 'For a high fever give paracetamol, about 15 mg per kg, every 6 hours. Zinc: 10–20 mg once a day for 10 days.'),
  section('S3', 'Severe malaria > Referral', 'Refer urgently a child with convulsions, who cannot drink or who vomits everything.'),
];

interface Case {
  name: string;
  draft: string;
  /** Expected text after the check. */
  text: string;
  removed?: Array<{ line: string; reason: RemovalReason }>;
  cited?: string[];
}

const cases: Case[] = [
  {
    name: 'keeps a cited line whose dose is in the cited section (number words and units normalised)',
    draft: '- Give 1 tablet per dose of artemether-lumefantrine (20 mg/120 mg) twice daily for 3 days [S1]',
    text: '- Give 1 tablet per dose of artemether-lumefantrine (20 mg/120 mg) twice daily for 3 days [S1]',
    cited: ['S1'],
  },
  {
    name: 'removes an unknown label from a line that also cites a retrieved section',
    draft: '- Refer urgently if the child has convulsions [S3, S9]',
    text: '- Refer urgently if the child has convulsions [S3]',
    cited: ['S3'],
  },
  {
    name: 'removes a line whose only citation names no retrieved section',
    draft: '- Refer urgently if the child has convulsions [S3]\n- Give amoxicillin for 5 days [S9]',
    text: '- Refer urgently if the child has convulsions [S3]',
    removed: [{ line: '- Give amoxicillin for 5 days [S9]', reason: 'unknown_citation' }],
  },
  {
    name: 'removes an uncited recommendation',
    draft: '- Give plenty of fluids\n- Refer urgently if the child cannot drink [S3]',
    text: '- Refer urgently if the child cannot drink [S3]',
    removed: [{ line: '- Give plenty of fluids', reason: 'uncited_recommendation' }],
  },
  {
    name: 'removes a dose absent from the cited section even when another, uncited section has it',
    draft: '- Give paracetamol 15 mg/kg every 6 hours [S1]',
    text: '',
    removed: [{ line: '- Give paracetamol 15 mg/kg every 6 hours [S1]', reason: 'dose_not_in_cited_text' }],
  },
  {
    name: 'keeps the same dose when the line cites the section that states it ("15 mg per kg")',
    draft: '- Give paracetamol 15 mg/kg every 6 hours [S2]',
    text: '- Give paracetamol 15 mg/kg every 6 hours [S2]',
  },
  {
    name: 'removes a dose no section states (the checker does not trust a plausible number)',
    draft: '- Give 2 tablets per dose of artemether-lumefantrine 40 mg [S1]',
    text: '',
    removed: [{ line: '- Give 2 tablets per dose of artemether-lumefantrine 40 mg [S1]', reason: 'dose_not_in_cited_text' }],
  },
  {
    name: 'matches fractions written as 1/2 or ½, and refuses ¾ that the section never says',
    draft: '- Give 1/2 tablet only at the facility [S1]\n- Give ¾ tablet at home [S1]',
    text: '- Give 1/2 tablet only at the facility [S1]',
    removed: [{ line: '- Give ¾ tablet at home [S1]', reason: 'dose_not_in_cited_text' }],
  },
  {
    name: 'accepts a range written with "to" when the section writes it with a dash',
    draft: '- Give zinc 10 to 20 mg once a day for 10 days [S2]',
    text: '- Give zinc 10 to 20 mg once a day for 10 days [S2]',
  },
  {
    name: 'does not count a frequency as a dose',
    draft: '- Give the tablets twice daily with food [S1]',
    text: '- Give the tablets twice daily with food [S1]',
  },
  {
    name: 'keeps headings and lets a line combine doses from the sections it cites ([S1][S2] and [S1, S2])',
    draft: '**What to do now**\n- Give 1 tablet per dose and paracetamol 15 mg/kg [S1][S2]\n- Same again: 1 tablet and 15 mg/kg [S1, S2]',
    text: '**What to do now**\n- Give 1 tablet per dose and paracetamol 15 mg/kg [S1][S2]\n- Same again: 1 tablet and 15 mg/kg [S1, S2]',
    cited: ['S1', 'S2'],
  },
  {
    name: 'drops a heading emptied by the check but keeps the rest of the plan',
    draft: '**What to do now**\n- Give 1 tablet per dose [S1]\n\n**When to refer**\n- Refer if anything looks wrong\n\n**Follow-up**\n- Check again on day 3 [S9]',
    text: '**What to do now**\n- Give 1 tablet per dose [S1]',
    removed: [
      { line: '- Refer if anything looks wrong', reason: 'uncited_recommendation' },
      { line: '- Check again on day 3 [S9]', reason: 'unknown_citation' },
    ],
  },
  {
    name: 'checks each sentence of a paragraph, also with the citation after the full stop',
    draft: 'Give one tablet per dose. [S1] Keep the child warm. Refer urgently if the child vomits everything [S3].',
    text: 'Give one tablet per dose. [S1] Refer urgently if the child vomits everything [S3].',
    removed: [{ line: 'Keep the child warm.', reason: 'uncited_recommendation' }],
  },
  {
    name: 'treats a bold line that states a dose as a recommendation, not a heading',
    draft: '**Give 2000 mg chloroquine now**\n- Give 1 tablet per dose [S1]',
    text: '- Give 1 tablet per dose [S1]',
    removed: [{ line: '**Give 2000 mg chloroquine now**', reason: 'uncited_recommendation' }],
  },
  {
    name: 'reads markdown headings and "*" bullets a model may write, as neutral markup',
    draft: '## When to refer\n* Refer urgently if the child has convulsions [s3]',
    text: '**When to refer**\n- Refer urgently if the child has convulsions [s3]',
    cited: ['S3'],
  },
];

describe('checkPlanDraft', () => {
  it.each(cases)('$name', ({ draft, text, removed, cited }) => {
    const result = checkPlanDraft(draft, sections);
    expect(result.text).toBe(text);
    if (removed) expect(result.removed).toEqual(removed);
    else expect(result.removed).toEqual([]);
    if (cited) expect(result.citedLabels).toEqual(cited);
  });

  it('counts the recommendation lines kept, not headings, and reports labels that name nothing', () => {
    const result = checkPlanDraft(
      '**Assessment**\n- Uncomplicated malaria [S1]\n\n**What to do now**\n- Give 1 tablet per dose [S1, S7]\n- Refer if convulsions [S3]\n- Drink water',
      sections,
    );
    expect(result.kept).toBe(3);
    expect(result.citedLabels).toEqual(['S1', 'S3']);
    expect(result.unknownLabels).toEqual(['S7']);
    expect(result.text).toContain('- Give 1 tablet per dose [S1]\n');
  });
});
