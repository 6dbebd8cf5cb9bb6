import { describe, expect, it } from 'vitest';
import { parseWeightBand } from '../../../src/rag/plan/patient-fit.js';
import { givesAnotherBandsDose } from '../../../src/rag/plan/weight-band-rows.js';
import { inBand } from '../../../src/patient/weight.js';

describe('parseWeightBand: the ways a dose table writes a weight band', () => {
  const holds = (cell: string, kg: number) => {
    const band = parseWeightBand(cell);
    if (!band) throw new Error(`"${cell}" was not read as a band`);
    return inBand(kg, band);
  };

  it('reads open-ended bands in their usual English forms', () => {
    for (const cell of ['40 kg and over', '40 kg or over', '40 kg or above', '40 and above', '40 kg or more', '≥ 40 kg', 'at least 40 kg', '40 kg or heavier', '40 kg+']) {
      expect(holds(cell, 40), cell).toBe(true);
      expect(holds(cell, 62), cell).toBe(true);
      expect(holds(cell, 15), cell).toBe(false);
    }
  });

  it('leaves the limit itself out of "more than" and "over", and in "N kg and over"', () => {
    expect(holds('more than 40 kg', 40)).toBe(false);
    expect(holds('over 40 kg', 40.5)).toBe(true);
    expect(holds('40 kg and over', 40)).toBe(true);
  });

  it('reads closed and upper bands, with or without "from"', () => {
    expect(holds('from 10 to 19 kg', 19)).toBe(true);
    expect(holds('from 10 to 19 kg', 9.5)).toBe(false);
    expect(holds('10 kg to less than 20 kg', 20)).toBe(false);
    expect(holds('lighter than 5 kg', 4.2)).toBe(true);
    expect(holds('under 5 kg', 5)).toBe(false);
  });
});

describe('givesAnotherBandsDose: a drafted line quoting a dose-table row', () => {
  const table = [
    'Table 3 Paracetamol by weight, every 6 hours: Weight: 10 to <20 kg; Dose: 250 mg',
    'Table 3 Paracetamol by weight, every 6 hours: Weight: 20 to <40 kg; Dose: 500 mg',
    'Table 3 Paracetamol by weight, every 6 hours: Weight: 40 kg and over; Dose: 1 g',
  ].join('\n');
  const adultRow = '- Table 3 Paracetamol by weight, every 6 hours: Weight: 40 kg and over; Dose: 1 g [S1]';

  it('is another band for a child of 15 kg when the row is the open-ended adult band, though the caption says "by weight"', () => {
    expect(givesAnotherBandsDose(adultRow, [table], 15)).toBe(true);
  });

  it('is her own band for a woman of 52 kg', () => {
    expect(givesAnotherBandsDose(adultRow, [table], 52)).toBe(false);
  });

  it('still reads the row of a closed band', () => {
    const childRow = '- Table 3 Paracetamol by weight, every 6 hours: Weight: 10 to <20 kg; Dose: 250 mg [S1]';
    expect(givesAnotherBandsDose(childRow, [table], 15)).toBe(false);
    expect(givesAnotherBandsDose(childRow, [table], 25)).toBe(true);
  });
});
