import { describe, expect, it } from 'vitest';
import { measuredFit, measurementsIn, measurementsPlaced, statedBands } from '../../src/rag/number-fit.js';

describe('a cut-off written before its number ("above 18 mmol/L", "more than 160/110")', () => {
  it('holds the values past it and not the cut-off itself', () => {
    const sentence = 'A glucose above 18 mmol/L without any of these signs still needs a clinician review within one day.';
    expect(measuredFit(sentence, [{ unit: 'mmol/l', value: 22 }])).toBe('fits');
    expect(measuredFit(sentence, [{ unit: 'mmol/l', value: 18 }])).toBe('other_band');
    expect(measuredFit('Refer if the blood pressure is more than 160/110 mmHg.', [{ unit: 'systolic', value: 170 }, { unit: 'diastolic', value: 100 }])).toBe('fits');
    expect(measuredFit('Refer if the blood pressure is more than 160/110 mmHg.', [{ unit: 'systolic', value: 150 }, { unit: 'diastolic', value: 100 }])).toBe('other_band');
  });
});

describe('numbers that select a section', () => {
  it('reads what a health worker measured, in one unit per quantity', () => {
    expect(measurementsIn('MUAC 12cm, Hb 8.5g/dl, FBS 8.2 mmol/l, VL 2,400 copies/ml, diarrhoea 3 wks')).toEqual([
      { unit: 'mm', value: 120 },
      { unit: 'g/dl', value: 8.5 },
      { unit: 'mmol/l', value: 8.2 },
      { unit: 'copies/ml', value: 2400 },
      { unit: 'days', value: 21 },
    ]);
    expect(measurementsIn('Hb 85 g/l')).toEqual([{ unit: 'g/dl', value: 8.5 }]);
    // A number without a unit (a respiratory rate, a count of doses) says nothing a cut-off can place.
    expect(measurementsIn('rr 48, gave 2 doses')).toEqual([]);
  });

  it('reads lab shorthand typed without its unit, by what the quantity is and the size of the number', () => {
    expect(measurementsIn('MUAC 108 red')).toEqual([{ unit: 'mm', value: 108 }]);
    expect(measurementsIn('muac=11.5')).toEqual([{ unit: 'mm', value: 115 }]);
    expect(measurementsIn('RBS 16 mmol')).toEqual([{ unit: 'mmol/l', value: 16 }]);
    expect(measurementsIn('glucose 180')).toEqual([{ unit: 'mg/dl', value: 180 }]);
    expect(measurementsIn('Hb: 6, breathless')).toEqual([{ unit: 'g/dl', value: 6 }]);
    // Written with its unit, a value is read once.
    expect(measurementsIn('RBS 16mmol/L, MUAC 108mm')).toEqual([{ unit: 'mmol/l', value: 16 }, { unit: 'mm', value: 108 }]);
    // A number that is not the quantity's value, or no plausible value of it, is not read.
    expect(measurementsIn('sugar sickness since 2 years, glucose meter reads HI')).toEqual([]);
    expect(measurementsIn('hb 60 g/l')).toEqual([{ unit: 'g/dl', value: 6 }]);
    expect(measurementsIn('MUAC 2, Hb 40')).toEqual([]);
  });

  it('reads a range as one band, not also as the cut-off inside it', () => {
    expect(statedBands('MUAC: 115 mm to less than 125 mm; Colour: Yellow')).toEqual([{ unit: 'mm', band: { low: 115, high: 125 } }]);
    expect(statedBands('Below 6.1 mmol/L; 7.0 mmol/L or more; ≥35 kg; a cough for 2 weeks or longer')).toEqual([
      { unit: 'mmol/l', band: { low: 0, high: 6.1 } },
      { unit: 'kg', band: { low: 35, high: Infinity } },
      { unit: 'mmol/l', band: { low: 7, high: Infinity } },
      { unit: 'days', band: { low: 14, high: Infinity } },
    ]);
  });

  it('reads a blood pressure reading as two values, each placed against the thresholds a guideline states', () => {
    const reading = measurementsIn('BP 162/100 on two visits, seen 12/05');
    expect(reading).toEqual([
      { unit: 'systolic', value: 162 },
      { unit: 'diastolic', value: 100 },
    ]);
    expect(measurementsPlaced('Confirmed blood pressure of 140/90 mmHg or more', reading)).toBe(1);
    expect(measurementsPlaced('A reading of 180/110 mmHg or more is severe', reading)).toBe(0);
    expect(measurementsPlaced('Aim for below 140/90 mmHg', reading)).toBe(0);
    // Grade 1 is 140/90 to 159/109: the diastolic is in it, the systolic above it.
    expect(measurementsPlaced('Grade 1: 140/90 to 159/109', reading)).toBe(0.5);
  });

  it('places a measured value in the row of a threshold table that holds it, and only in the same unit', () => {
    const muacTable = ['MUAC: Less than 115 mm; Classification: SAM', 'MUAC: 115 mm to less than 125 mm; Classification: MAM', 'MUAC: 125 mm or more; Classification: none'].join('\n');
    expect(measurementsPlaced(muacTable, measurementsIn('MUAC 110 mm'))).toBe(1);
    expect(measurementsPlaced(muacTable, measurementsIn('weight 110 kg'))).toBe(0);
    expect(measurementsPlaced('Fasting glucose: 7.0 mmol/L or more', measurementsIn('fasting glucose 6.5 mmol/l'))).toBe(0);
    expect(measurementsPlaced('Fasting glucose: 7.0 mmol/L or more', measurementsIn('fasting 8.2 mmol/l, weight 70 kg'))).toBe(0.5);
    expect(measurementsPlaced('Any section text', [])).toBe(0);
  });

  it('places a blood pressure reading in a class as the guidelines class it: severe when either value reaches the cut-off', () => {
    const severe = 'Blood pressure of 160/110 mmHg or more must be lowered within an hour.';
    const moderate = 'Blood pressure: 140/90 to 159/109';
    const normal = 'Blood pressure below 140/90 mmHg';
    expect(measuredFit(severe, measurementsIn('BP 150/100'))).toBe('other_band');
    expect(measuredFit(severe, measurementsIn('BP 150/115'))).toBe('fits');
    expect(measuredFit(severe, measurementsIn('BP 172/96'))).toBe('fits');
    expect(measuredFit(moderate, measurementsIn('BP 150/115'))).toBe('other_band');
    expect(measuredFit(moderate, measurementsIn('BP 150/85'))).toBe('fits');
    expect(measuredFit(normal, measurementsIn('BP 150/85'))).toBe('other_band');
    expect(measuredFit(normal, measurementsIn('BP 128/78'))).toBe('fits');
  });

  it('judges only what was measured: no reading, or no band for it, decides nothing', () => {
    expect(measuredFit('Blood pressure of 160/110 mmHg or more', [])).toBe('no_band');
    expect(measuredFit('Blood pressure of 160/110 mmHg or more', measurementsIn('weight 60 kg, fever for 3 days'))).toBe('no_band');
    expect(measuredFit('Give 10 mg by mouth', measurementsIn('BP 150/100'))).toBe('no_band');
    expect(measuredFit('Hb below 7 g/dL: refer. BP 160/110 mmHg or more: refer.', measurementsIn('Hb 9 g/dL, BP 150/100'))).toBe('other_band');
  });
});
