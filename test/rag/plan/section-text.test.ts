import { describe, expect, it } from 'vitest';
import { isSubheading, sectionUnits, tableCells } from '../../../src/rag/plan/section-text.js';

describe('tableCells: a table row as the chunker writes it', () => {
  it('keeps a header whose brackets hold "; " as one cell', () => {
    const cells = tableCells('Age: 12 months up to 3 years; Weight (kg): 10 to <14; Iron/folate tablet (ferrous sulfate 200 mg + folate 250 µg; 60 mg elemental iron): ½ tablet');
    expect(cells && [...cells.entries()]).toEqual([
      ['Age', '12 months up to 3 years'],
      ['Weight (kg)', '10 to <14'],
      ['Iron/folate tablet (ferrous sulfate 200 mg + folate 250 µg; 60 mg elemental iron)', '½ tablet'],
    ]);
  });

  it('is not fooled by a sentence with a colon and a semicolon', () => {
    expect(tableCells('Continue for up to two months; if the pallor has not improved by then, refer the child.')).toBeNull();
    expect(tableCells('Remember the four rules of home treatment for a child who has diarrhoea and is going home today: give extra fluid; continue feeding')).toBeNull();
  });
});

describe('tableCells: a merged cell', () => {
  it('keeps "; " inside a value that follows a cell', () => {
    const cells = tableCells('Age: 6 years and older; Body weight (kg): 20 or more; Artesunate dose / Suppositories: Do not give at community level; refer immediately');
    expect(cells?.get('Artesunate dose / Suppositories')).toBe('Do not give at community level; refer immediately');
    expect(cells?.size).toBe(3);
  });
});

describe('sub-headings inside a chunk', () => {
  it('go with the units under them, and are not units themselves', () => {
    const units = sectionUnits(['Before any sub-heading.', '', 'Older adults', '', 'Prefer metformin at low doses.', '- Check kidney function', '', 'Table 6.1 Targets', 'Group: older; Fasting (mmol/L): up to 8'].join('\n'));
    expect(units.map((u) => [u.text, u.subheading])).toEqual([
      ['Before any sub-heading.', undefined],
      ['Prefer metformin at low doses.', 'Older adults'],
      ['Check kidney function', 'Older adults'],
      ['Table 6.1 Targets: Group: older; Fasting (mmol/L): up to 8', 'Older adults'],
    ]);
    expect(isSubheading('Older adults')).toBe(true);
    expect(isSubheading('Prefer metformin at low doses.')).toBe(false);
    expect(isSubheading('- Check kidney function')).toBe(false);
    expect(isSubheading('Group: older; Fasting (mmol/L): up to 8')).toBe(false);
  });
});


describe('an order that says nothing of whom it is for', () => {
  it('stays with the sentence before it, which says for whom', () => {
    const units = sectionUnits(['Getting worse during treatment', '', 'A patient who develops any danger sign during treatment has an early treatment failure. Refer urgently. For a child with danger signs, give rectal artesunate.'].join('\n'));
    expect(units.map((u) => [u.text, u.subheading])).toEqual([
      ['A patient who develops any danger sign during treatment has an early treatment failure. Refer urgently.', 'Getting worse during treatment'],
      ['For a child with danger signs, give rectal artesunate.', 'Getting worse during treatment'],
    ]);
    // An order at the start of a paragraph, or one that says whom and why, is a unit of its own.
    expect(sectionUnits('Refer urgently. Then call the facility.').map((u) => u.text)).toEqual(['Refer urgently.', 'Then call the facility.']);
    expect(sectionUnits('Check the child. Refer urgently if the child cannot drink.').map((u) => u.text)).toEqual(['Check the child.', 'Refer urgently if the child cannot drink.']);
  });
});
