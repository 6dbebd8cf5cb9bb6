import { describe, expect, it } from 'vitest';
import { tableCells } from '../../../src/rag/plan/section-text.js';

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
