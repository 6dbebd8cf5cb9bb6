import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chunkPart, estimateTokens, parseGuidelinePart, type ChunkDraft, type ParsedPart } from '../../../src/ingest/parse/index.js';
import { splitSentences } from '../../../src/ingest/parse/sentences.js';
import { BOOK_TITLE, bodyOf, bookPartXml, readBits } from './helpers.js';

const chapter = parseGuidelinePart(readBits('ch1.nxml'), { fileName: 'ch1.nxml' });

function chunk(part: ParsedPart, tokenBudget?: number, titlePrefix = [BOOK_TITLE]): ChunkDraft[] {
  return chunkPart(part, { titlePrefix, accession: 'SAMPLE-MALARIA', partFile: 'ch1', ...(tokenBudget === undefined ? {} : { tokenBudget }) });
}

function expectWithinBudget(chunks: ChunkDraft[], budget: number): void {
  for (const draft of chunks) {
    expect(draft.tokenCount).toBe(estimateTokens(draft.content));
    if (!draft.oversized) expect(draft.tokenCount, draft.content).toBeLessThanOrEqual(budget);
  }
}

describe('chunkPart on the sample chapter', () => {
  it('makes a section that fits the default budget one chunk, its subsections included under their titles', () => {
    const chunks = chunk(chapter);
    expect(chunks.map((draft) => draft.sectionId)).toEqual([null, 'mal-tx-uncomplicated', 'mal-tx-followup']);
    const [intro, uncomplicated, followup] = chunks;
    expect(intro?.content).toBe(
      `${BOOK_TITLE} > Treatment of uncomplicated malaria\n\nSAMPLE CONTENT - NOT CLINICAL GUIDANCE. This chapter explains how a community health worker treats a child or adult whose rapid test is positive and who has no danger sign.`,
    );
    expect(uncomplicated?.sectionPath).toEqual(['Treatment of uncomplicated malaria', 'Uncomplicated malaria']);
    expect(uncomplicated?.content).toContain(
      '\n\nDosing of artemether-lumefantrine\n\nGive the dose by body weight, twice a day for three days.\n\nTable 2.1 Artemether-lumefantrine dose by body weight\nBody weight (kg): 5 to <15; Dose: 1 tablet; Schedule: twice a day for 3 days\n',
    );
    expect(uncomplicated?.content).toContain('\n\nAdvice for caregivers\n\n- Give the first dose in front of you.\n- Return at once if the child:\n  1. cannot drink or breastfeed\n');
    expect(uncomplicated?.content).toContain('\n\nBox 2.1 When to refer\nRefer urgently any patient with a danger sign.\n- Convulsions');
    expect(followup?.content).toBe(
      `${BOOK_TITLE} > Treatment of uncomplicated malaria > Follow-up\n\nSee the patient again on day 3.\n\nA fever that lasts beyond day 3 needs a second look.\n\nNote: Sooner if the caregiver is worried.`,
    );
    expectWithinBudget(chunks, 512);
  });

  it('splits a section over budget into its own text and one chunk per fitting subsection', () => {
    const chunks = chunk(chapter, 200);
    expect(chunks.map((draft) => [draft.sectionId, draft.sectionPath.at(-1), draft.ordinal])).toEqual([
      [null, 'Treatment of uncomplicated malaria', 0],
      ['mal-tx-uncomplicated', 'Uncomplicated malaria', 0],
      ['mal-tx-act-dosing', 'Dosing of artemether-lumefantrine', 0],
      ['mal-tx-advice', 'Advice for caregivers', 0],
      ['mal-tx-followup', 'Follow-up', 0],
    ]);
    const own = chunks[1];
    expect(bodyOf(own?.content ?? '')).toBe(
      'Confirm malaria with a rapid diagnostic test before giving any antimalarial. Treat every confirmed case with an artemisinin-based combination therapy (ACT).\n\nA bed net treated with insecticide covers about 2 m2 of sleeping space; the fever threshold is 37.5 °C and the tablet ratio is 20 mg/120 mg.',
    );
    expect(chunks[2]?.content.startsWith(`${BOOK_TITLE} > Treatment of uncomplicated malaria > Uncomplicated malaria > Dosing of artemether-lumefantrine\n\n`)).toBe(true);
    expect(chunks[2]?.sectionPath).toEqual(['Treatment of uncomplicated malaria', 'Uncomplicated malaria', 'Dosing of artemether-lumefantrine']);
    expectWithinBudget(chunks, 200);
  });

  it("numbers every chunk as a reader cites its section: the chapter label, then each section's place, a section's own label first", () => {
    expect(chunk(chapter, 200).map((draft) => [draft.sectionPath.at(-1), draft.sectionNumber])).toEqual([
      ['Treatment of uncomplicated malaria', '2'],
      ['Uncomplicated malaria', '2.1'],
      ['Dosing of artemether-lumefantrine', '2.1.1'],
      ['Advice for caregivers', '2.1.2'],
      ['Follow-up', '2.2'],
    ]);
    const labelled = parseGuidelinePart(
      bookPartXml('<sec id="a"><title>First</title><p>One.</p></sec><sec id="b"><label>9.7</label><title>Labelled</title><p>Two.</p><sec id="c"><title>Under it</title><p>Three.</p></sec></sec>'),
      { fileName: 'ch9.nxml' },
    );
    expect(chunk(labelled, 20).map((draft) => [draft.sectionPath.at(-1), draft.sectionNumber])).toEqual([
      ['First', '9.1'],
      ['Labelled', '9.7'],
      ['Under it', '9.7.1'],
    ]);
    const unlabelled = parseGuidelinePart(bookPartXml('<sec id="a"><title>First</title><p>One.</p></sec>').replace('<label>9</label>', ''), { fileName: 'fm1.nxml' });
    expect(chunk(unlabelled).map((draft) => draft.sectionNumber)).toEqual([null]);
  });

  it('prefixes every chunk with its title path, hashes its content and is deterministic', () => {
    const first = chunk(chapter, 90, ['WHO', BOOK_TITLE]);
    for (const draft of first) {
      expect(draft.content.startsWith(`${['WHO', BOOK_TITLE, ...draft.sectionPath].join(' > ')}\n\n`)).toBe(true);
      expect(draft.contentHash).toBe(createHash('sha256').update(draft.content).digest('hex'));
      expect(draft).toMatchObject({ accession: 'SAMPLE-MALARIA', partFile: 'ch1' });
    }
    expect(chunk(chapter, 90, ['WHO', BOOK_TITLE])).toEqual(first);
  });

  it('numbers chunks from 0 within each section path, in document order', () => {
    const chunks = chunk(chapter, 70);
    const byPath = new Map<string, number[]>();
    for (const draft of chunks) {
      const key = draft.sectionPath.join(' > ');
      byPath.set(key, [...(byPath.get(key) ?? []), draft.ordinal]);
    }
    for (const ordinals of byPath.values()) expect(ordinals).toEqual(ordinals.map((_, index) => index));
    expect(byPath.get('Treatment of uncomplicated malaria > Uncomplicated malaria > Dosing of artemether-lumefantrine')?.length).toBeGreaterThan(2);
    expectWithinBudget(chunks, 70);
  });

  it('rejects a budget that is not a positive integer', () => {
    expect(() => chunk(chapter, 0)).toThrow(RangeError);
  });
});

describe('chunkPart splitting', () => {
  const rows = Array.from({ length: 30 }, (_, index) => ({ weight: `${index + 3} to <${index + 4}`, dose: `${(index + 3) * 25} mg` }));
  const tablePart = parseGuidelinePart(
    bookPartXml(`<sec id="amox-dose"><title>Amoxicillin dosing</title>
      <table-wrap><label>Table 9.1</label><caption><title>Amoxicillin dose by weight</title></caption><table>
        <thead><tr><th>Body weight (kg)</th><th>Dose</th></tr></thead>
        <tbody>${rows.map((row) => `<tr><td>${row.weight.replace('<', '&lt;')}</td><td>${row.dose}</td></tr>`).join('')}</tbody>
      </table><table-wrap-foot><fn id="f1"><p>Give twice a day for 5 days.</p></fn></table-wrap-foot></table-wrap></sec>`),
    { fileName: 'ch9.nxml' },
  );
  const renderedRows = rows.map((row) => `Body weight (kg): ${row.weight}; Dose: ${row.dose}`);

  it('splits a table bigger than the budget between rows, repeating the caption line in every piece', () => {
    const chunks = chunk(tablePart, 150);
    expect(chunks.length).toBeGreaterThan(2);
    const seenRows: string[] = [];
    for (const draft of chunks) {
      expect(draft.sectionId).toBe('amox-dose');
      expect(draft.oversized).toBe(false);
      const [caption, ...lines] = bodyOf(draft.content).split('\n');
      expect(caption).toBe('Table 9.1 Amoxicillin dose by weight');
      for (const line of lines) {
        if (line.startsWith('Note: ')) expect(line).toBe('Note: Give twice a day for 5 days.');
        else seenRows.push(line);
      }
    }
    // Every row whole, once, in order: nothing was cut inside a row.
    expect(seenRows).toEqual(renderedRows);
    expectWithinBudget(chunks, 150);
  });

  it('gives a single row larger than the budget its own chunk, marked oversized', () => {
    const wide = parseGuidelinePart(
      bookPartXml(`<sec id="wide"><title>Wide</title><table-wrap><caption><title>Wide table</title></caption><table>
        <thead><tr><th>Item</th><th>Detail</th></tr></thead>
        <tbody><tr><td>short</td><td>fine</td></tr><tr><td>long</td><td>${'dose '.repeat(120)}</td></tr><tr><td>after</td><td>fine</td></tr></tbody>
      </table></table-wrap></sec>`),
      { fileName: 'ch9.nxml' },
    );
    const chunks = chunk(wide, 80);
    expect(chunks.map((draft) => draft.oversized)).toEqual([false, true, false]);
    expect(bodyOf(chunks[1]?.content ?? '')).toBe(`Wide table\nItem: long; Detail: ${'dose '.repeat(120).trim()}`);
    expect(bodyOf(chunks[2]?.content ?? '')).toBe('Wide table\nItem: after; Detail: fine');
  });

  it('splits an oversized leaf by paragraph, then by sentence, and marks only an unsplittable sentence oversized', () => {
    const shortOne = 'Check the temperature of every child with fever.';
    const shortTwo = 'Ask the caregiver how many days the fever has lasted.';
    const sentences = Array.from({ length: 12 }, (_, index) => `Step ${index + 1} tells the health worker to look for one more danger sign before deciding.`);
    const giant = `This sentence never ends because it lists ${'fever and cough and '.repeat(60)}more`;
    const part = parseGuidelinePart(
      bookPartXml(`<sec id="long"><title>Long leaf</title><p>${shortOne}</p><p>${shortTwo}</p><p>${sentences.join(' ')}</p><p>${giant}.</p></sec>`),
      { fileName: 'ch9.nxml' },
    );
    const chunks = chunk(part, 120);
    const bodies = chunks.map((draft) => bodyOf(draft.content));
    // The two short paragraphs travel together, as whole paragraphs.
    expect(bodies[0]?.startsWith(`${shortOne}\n\n${shortTwo}\n\n`)).toBe(true);
    // The long paragraph is cut only between sentences, and nothing is lost or repeated.
    const pieces = bodies.flatMap((body) => body.split('\n\n')).filter((piece) => piece.startsWith('Step'));
    expect(pieces.length).toBeGreaterThan(1);
    for (const piece of pieces) expect(sentences.some((sentence) => piece.startsWith(sentence))).toBe(true);
    expect(pieces.join(' ')).toBe(sentences.join(' '));
    // The sentence that cannot fit is alone and flagged.
    expect(chunks.at(-1)).toMatchObject({ oversized: true, content: `${BOOK_TITLE} > Test chapter > Long leaf\n\n${giant}.` });
    expect(chunks.filter((draft) => draft.oversized)).toHaveLength(1);
    expect(chunks.map((draft) => draft.ordinal)).toEqual(chunks.map((_, index) => index));
    expectWithinBudget(chunks, 120);
  });
});

describe('estimateTokens and splitSentences', () => {
  it('counts the larger of chars/4 and letter runs, digit runs and symbols', () => {
    expect(estimateTokens('')).toBe(0);
    expect(estimateTokens('The quick brown fox')).toBe(5); // ceil(19 / 4) beats 4 words
    expect(estimateTokens('5 to <15 kg; 1 tablet')).toBe(8); // 8 pieces beat ceil(21 / 4)
  });

  it('splits at sentence ends but not after abbreviations, initials or decimals', () => {
    expect(splitSentences('Give 2.5 mg daily. Dr. Mensah agrees, e.g. for adults (see Fig. 2). J. Smith et al. 2004 said so! Then stop.')).toEqual([
      'Give 2.5 mg daily.',
      'Dr. Mensah agrees, e.g. for adults (see Fig. 2).',
      'J. Smith et al. 2004 said so!',
      'Then stop.',
    ]);
  });
});
