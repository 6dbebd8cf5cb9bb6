import { describe, expect, it } from 'vitest';
import type { LabelledSection } from '../../../src/rag/plan-writer.js';
import { compactSourceName, formatCompactSources, formatSources, shortBookName } from '../../../src/rag/plan/format-sources.js';

function section(label: string, accession: string, bookTitle: string, sectionPath: string): LabelledSection {
  return { label, section: { id: `${accession}/${label}`, accession, bookTitle, sectionPath, titlePath: `${bookTitle} > ${sectionPath}`, text: 'text', contentHash: `${accession}/${label}` } };
}

const sections = [
  section('S1', 'NBK531285', 'WHO guidelines for malaria', 'Treatment > Uncomplicated malaria'),
  section('S2', 'SAMPLE-MALARIA', 'Malaria at community level (sample guideline)', 'Severe malaria > Referral'),
  section('S3', 'GH-STG-2017', 'Ghana Standard Treatment Guidelines', 'Malaria > Treatment'),
  section('S4', 'NBK144125', 'Pocket book of hospital care for children', 'Fever > Malaria'),
];

describe('formatSources', () => {
  it('lists each cited label with book, section path and its NCBI Bookshelf link, in label order', () => {
    expect(formatSources(sections, ['S1', 'S4'])).toBe(
      [
        '**Sources**',
        '- S1: WHO guidelines for malaria > Treatment > Uncomplicated malaria - https://www.ncbi.nlm.nih.gov/books/NBK531285/',
        '- S4: Pocket book of hospital care for children > Fever > Malaria - https://www.ncbi.nlm.nih.gov/books/NBK144125/',
      ].join('\n'),
    );
  });

  it('says a sample section has no Bookshelf page and shows another source by its accession', () => {
    const text = formatSources(sections, ['S2', 'S3']);
    expect(text).toContain('- S2: Malaria at community level (sample guideline) > Severe malaria > Referral - (sample content, no Bookshelf page)');
    expect(text).toContain('- S3: Ghana Standard Treatment Guidelines > Malaria > Treatment - GH-STG-2017');
    expect(text).not.toContain('ncbi.nlm.nih.gov');
  });

  it('leaves out sections that were retrieved but not cited, and is empty when nothing is cited', () => {
    expect(formatSources(sections, ['S2'])).not.toContain('S1:');
    expect(formatSources(sections, [])).toBe('');
  });
});

describe('formatCompactSources', () => {
  const numbered = (label: string, bookTitle: string, sectionPath: string, sectionNumber: string | null): LabelledSection => ({
    label,
    section: { id: label, accession: 'SAMPLE-MALARIA', bookTitle, sectionPath, titlePath: `${bookTitle} > ${sectionPath}`, sectionNumber, text: 'text', contentHash: label },
  });

  it('names each cited section on one short phone line: the book title up to its first colon, parenthesis or comma, and the section number', () => {
    const cited = [
      numbered('S1', 'Malaria at community level: diagnosis, treatment and prevention (sample guideline)', 'Malaria in pregnancy > Uncomplicated malaria in the second trimester', '6.1.2'),
      numbered('S2', 'Pocket book of hospital care for children, second edition', 'Fever > Malaria', '6.2'),
      numbered('S3', 'WHO guidelines for malaria (2023)', 'Treatment', '4'),
    ];
    expect(formatCompactSources(cited, ['S1', 'S2', 'S3'])).toBe(
      ['**Sources**', '- S1: Malaria at community level 6.1.2', '- S2: Pocket book of hospital care for children 6.2', '- S3: WHO guidelines for malaria 4'].join('\n'),
    );
  });

  it('names a section stored without a number by its own heading, shortened at a word', () => {
    const old = numbered('S1', 'Malaria at community level: diagnosis (sample guideline)', 'Treatment > Uncomplicated malaria in adults and adolescents who weigh 35 kg or more', null);
    expect(compactSourceName(old.section)).toBe('Malaria at community level > Uncomplicated malaria in adults and…');
    expect(shortBookName('(sample) guideline')).toBe('(sample) guideline');
    expect(formatCompactSources([old], [])).toBe('');
  });
});
