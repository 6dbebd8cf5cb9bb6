import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { isParseError, parseGuidelinePart, partKind, shouldIngestPart, type Block, type ParsedPart, type SectionNode } from '../../../src/ingest/parse/index.js';
import { BITS_DIR, BOOK_TITLE, bookPartXml, readBits } from './helpers.js';

function findSection(sections: SectionNode[], id: string): SectionNode {
  const found = searchSections(sections, id);
  if (found === undefined) throw new Error(`no section ${id}`);
  return found;
}

function searchSections(sections: SectionNode[], id: string): SectionNode | undefined {
  for (const section of sections) {
    const found = section.id === id ? section : searchSections(section.children, id);
    if (found !== undefined) return found;
  }
  return undefined;
}

function paragraphs(blocks: Block[]): string[] {
  return blocks.flatMap((block) => (block.kind === 'paragraph' ? [block.text] : []));
}

function parseBody(body: string): ParsedPart {
  return parseGuidelinePart(bookPartXml(body), { fileName: 'ch9.nxml' });
}

describe('parseGuidelinePart on a BITS chapter', () => {
  const part = parseGuidelinePart(readBits('ch1.nxml'), { fileName: 'ch1.nxml' });

  it('reads the book and part titles, label, id, accession and language', () => {
    expect(part).toMatchObject({
      kind: 'book-part',
      bookTitle: BOOK_TITLE,
      partTitle: 'Treatment of uncomplicated malaria',
      label: '2',
      partId: 'ch1',
      accession: 'SAMPLE-MALARIA',
      language: 'en',
    });
  });

  it('keeps the nested sec tree with ids and titles, and body text outside any sec as the part’s own blocks', () => {
    expect(part.sections.map((section) => [section.id, section.title])).toEqual([
      ['mal-tx-uncomplicated', 'Uncomplicated malaria'],
      ['mal-tx-followup', 'Follow-up'],
    ]);
    expect(part.sections[0]?.children.map((section) => section.id)).toEqual(['mal-tx-act-dosing', 'mal-tx-advice']);
    expect(paragraphs(part.blocks)).toEqual([
      'SAMPLE CONTENT - NOT CLINICAL GUIDANCE. This chapter explains how a community health worker treats a child or adult whose rapid test is positive and who has no danger sign.',
    ]);
  });

  it('removes citation markers with their brackets and keeps inline words apart', () => {
    const section = findSection(part.sections, 'mal-tx-uncomplicated');
    expect(paragraphs(section.blocks)).toEqual([
      'Confirm malaria with a rapid diagnostic test before giving any antimalarial. Treat every confirmed case with an artemisinin-based combination therapy (ACT).',
      'A bed net treated with insecticide covers about 2 m2 of sleeping space; the fever threshold is 37.5 °C and the tablet ratio is 20 mg/120 mg.',
    ]);
  });

  it('renders the dosing table as caption plus "header: value" rows, with the footnote marker removed and the footnote kept as a note', () => {
    const table = findSection(part.sections, 'mal-tx-act-dosing').blocks.find((block) => block.kind === 'table');
    expect(table).toEqual({
      kind: 'table',
      caption: 'Table 2.1 Artemether-lumefantrine dose by body weight',
      rows: [
        'Body weight (kg): 5 to <15; Dose: 1 tablet; Schedule: twice a day for 3 days',
        'Body weight (kg): 15 to <25; Dose: 2 tablets; Schedule: twice a day for 3 days',
        'Body weight (kg): 25 to <35; Dose: 3 tablets; Schedule: twice a day for 3 days',
        'Body weight (kg): ≥35; Dose: 4 tablets; Schedule: twice a day for 3 days',
      ],
      notes: ['Crush the tablet for a young child & give it with breast milk.'],
    });
  });

  it('renders lists as bullet lines with nested ordered items indented, and boxed text as its title then content', () => {
    const [list, box] = findSection(part.sections, 'mal-tx-advice').blocks;
    expect(list).toEqual({
      kind: 'list',
      title: null,
      items: [
        '- Give the first dose in front of you.',
        '- Return at once if the child:\n  1. cannot drink or breastfeed\n  2. vomits everything',
        '- Finish all doses even if the fever goes.',
      ],
    });
    expect(box).toEqual({
      kind: 'box',
      title: 'Box 2.1 When to refer',
      blocks: [
        { kind: 'paragraph', text: 'Refer urgently any patient with a danger sign.' },
        { kind: 'list', title: null, items: ['- Convulsions', '- Unusually sleepy or unconscious'] },
      ],
    });
  });

  it('drops footnote markers, keeps disp-quote text and appends the section’s fn-group as notes', () => {
    expect(paragraphs(findSection(part.sections, 'mal-tx-followup').blocks)).toEqual([
      'See the patient again on day 3.',
      'A fever that lasts beyond day 3 needs a second look.',
      'Note: Sooner if the caregiver is worried.',
    ]);
  });

  it('never includes the reference list', () => {
    expect(JSON.stringify(part)).not.toContain('Reference one');
  });
});

describe('parseGuidelinePart on other shapes', () => {
  it('reads an annex in a book-app-group, its def-list as "term: definition" lines', () => {
    const annex = parseGuidelinePart(readBits('annex1.nxml'), { fileName: 'annex1.nxml' });
    expect(annex).toMatchObject({ partTitle: 'Job aid for the rapid test', label: 'Annex 1', partId: 'annex1' });
    expect(annex.sections[0]?.blocks).toEqual([
      {
        kind: 'list',
        title: null,
        items: ['- Buffer: The liquid that carries the blood along the strip.', '- Control line: The line that shows the test worked.'],
      },
    ]);
  });

  it('removes every common citation style but keeps narrative author-year citations as words', () => {
    const part = parseBody(`<sec id="s1"><title>T</title>
      <p>Range [<xref ref-type="bibr" rid="r1">1</xref>, <xref ref-type="bibr" rid="r3">3</xref>&#x2013;<xref ref-type="bibr" rid="r5">5</xref>] here.</p>
      <p>Parenthesised <xref ref-type="bibr" rid="r2">(2)</xref>, bracketed inside <xref ref-type="bibr" rid="r4">[4]</xref>&#x2013;<xref ref-type="bibr" rid="r7">[7]</xref>.</p>
      <p>Author-year (<xref ref-type="bibr" rid="r8">Hites 2004</xref>; <xref ref-type="bibr" rid="r9">Law et al. 2006</xref>) and (e.g., <xref ref-type="bibr" rid="r8">Hites 2004</xref>).</p>
      <p>Superscript<sup><xref ref-type="bibr" rid="r1">1</xref>,<xref ref-type="bibr" rid="r2">2</xref></sup> style, as <xref ref-type="bibr" rid="r8">Hites (2004)</xref> showed.</p>
    </sec>`);
    expect(paragraphs(part.sections[0]?.blocks ?? [])).toEqual([
      'Range here.',
      'Parenthesised, bracketed inside.',
      'Author-year and.',
      'Superscript style, as Hites (2004) showed.',
    ]);
  });

  it('flattens inline markup with the source’s spacing and decodes entities', () => {
    const part = parseBody(
      '<p>a <italic>b</italic> c, m<sup>2</sup>, H<sub>2</sub>O, <bold>5&#x2013;10</bold>&#xa0;mg, &lt;15 &amp; <ext-link ext-link-type="uri" xlink:href="http://x.org">x.org</ext-link> <named-content>ok</named-content>.</p>' +
        '<p>Math <inline-formula><alternatives><tex-math>x=\\frac{4}{2}</tex-math><mml:math><mml:mi>x</mml:mi><mml:mo>=</mml:mo><mml:mn>2</mml:mn><mml:annotation>x equals two</mml:annotation></mml:math></alternatives></inline-formula> reads as text.</p>',
    );
    expect(paragraphs(part.blocks)).toEqual(['a b c, m2, H2O, 5–10 mg, <15 & x.org ok.', 'Math x=2 reads as text.']);
  });

  it('splits a paragraph around a table nested in it and keeps both sides', () => {
    const part = parseBody(
      '<p>Before the table.<table-wrap><label>Table 1</label><caption><title>Doses</title></caption><table><tr><th>Age</th><th>Dose</th></tr><tr><td>2 to 11 months</td><td>half</td></tr></table></table-wrap>After the table.</p>',
    );
    expect(part.blocks).toEqual([
      { kind: 'paragraph', text: 'Before the table.' },
      { kind: 'table', caption: 'Table 1 Doses', rows: ['Age: 2 to 11 months; Dose: half'], notes: [] },
      { kind: 'paragraph', text: 'After the table.' },
    ]);
  });

  it('handles tables without thead, with colspan, rowspan and group rows', () => {
    const part = parseBody(`<table-wrap><label>Table 2</label><caption><title>Mixed</title></caption><table><tbody>
      <tr><td>plain</td><td>values</td></tr>
      <tr><td>only</td><td>cells</td></tr></tbody></table></table-wrap>
      <table-wrap><caption><title>Spans</title></caption><table>
      <thead><tr><th rowspan="2">Weight</th><th colspan="2">Dose</th></tr><tr><th>tablets</th><th>syrup</th></tr></thead>
      <tbody><tr><td colspan="3">Children</td></tr>
      <tr><td rowspan="2">5 to &lt;10 kg</td><td>1</td><td>5 ml</td></tr>
      <tr><td>1 (second day)</td><td>5 ml</td></tr>
      <tr><td>10 kg or more</td><td colspan="2">refer</td></tr></tbody></table></table-wrap>`);
    expect(part.blocks).toEqual([
      { kind: 'table', caption: 'Table 2 Mixed', rows: ['plain | values', 'only | cells'], notes: [] },
      {
        kind: 'table',
        caption: 'Spans',
        rows: [
          'Children',
          'Weight: 5 to <10 kg; Dose tablets: 1; Dose syrup: 5 ml',
          'Weight: 5 to <10 kg; Dose tablets: 1 (second day); Dose syrup: 5 ml',
          'Weight: 10 kg or more; Dose tablets / Dose syrup: refer',
        ],
        notes: [],
      },
    ]);
  });

  it('keeps the label of a statement inside a box as a line of its own', () => {
    const part = parseBody(
      '<boxed-text><caption><title>Recommendations</title></caption><statement><label>Recommendation 1</label><p>Test before treating.</p></statement></boxed-text>',
    );
    expect(part.blocks).toEqual([
      {
        kind: 'box',
        title: 'Recommendations',
        blocks: [
          { kind: 'paragraph', text: 'Recommendation 1' },
          { kind: 'paragraph', text: 'Test before treating.' },
        ],
      },
    ]);
  });

  it('reads the part language from xml:lang', () => {
    expect(parseGuidelinePart(bookPartXml('<p>Bonjour.</p>', { lang: 'fr' }), { fileName: 'ch9.nxml' }).language).toBe('fr');
  });

  it('never lets markup into any block text', () => {
    const text = JSON.stringify(parseGuidelinePart(readBits('ch1.nxml'), { fileName: 'ch1.nxml' }));
    expect(text).not.toMatch(/<\/?[a-z][\w:-]*[\s/>]/i);
    expect(text).not.toMatch(/&(#x?[0-9a-f]+|[a-z]+);/i);
  });
});

describe('malformed and unexpected files', () => {
  it('throws a ParseError naming the file, line and column for malformed XML', () => {
    const broken = bookPartXml('<sec id="x"><title>T</title><p>unclosed paragraph</sec>');
    let caught: unknown;
    try {
      parseGuidelinePart(broken, { fileName: 'ch9.nxml' });
    } catch (error) {
      caught = error;
    }
    expect(isParseError(caught)).toBe(true);
    expect(caught).toMatchObject({ code: 'malformed_xml', details: { fileName: 'ch9.nxml' } });
    expect((caught as Error).message).toMatch(/^ch9\.nxml: malformed XML at line \d+, column \d+: .*'p'/);
  });

  it('rejects a well-formed file that is neither a book part nor an article', () => {
    expect(() => parseGuidelinePart('<html><body/></html>', { fileName: 'odd.nxml' })).toThrow(
      expect.objectContaining({ code: 'unsupported_root', message: 'odd.nxml: expected <book-part-wrapper> or <article>, found <html>' }),
    );
  });
});

describe('part selection by file name', () => {
  it('keeps chapters and annexes of the fixture book and skips TOC, front matter, reference list and acknowledgements', () => {
    const files = readdirSync(BITS_DIR).sort();
    expect(files).toEqual(expect.arrayContaining(['TOC.nxml', 'fm1.nxml', 'rl1.nxml', 'ak1.nxml']));
    expect(files.filter(shouldIngestPart)).toEqual(['annex1.nxml', 'ch1.nxml']);
  });

  it('classifies NCBI part prefixes', () => {
    expect(['ch12.nxml', 'annex2.nxml', 'app1.nxml', 'appendix3.nxml', 'article1.nxml', 'fm1.nxml', 'rl1.nxml', 'ak1.nxml', 'TOC.nxml', 'pone.0046493.nxml'].map(partKind)).toEqual([
      'chapter', 'annex', 'appendix', 'appendix', 'article', 'front-matter', 'reference-list', 'acknowledgements', 'toc', 'other',
    ]);
    expect(shouldIngestPart('dir/NBK1/fm2.nxml')).toBe(false);
    expect(shouldIngestPart('pone.0046493.nxml')).toBe(true);
  });
});
