import { describe, expect, it } from 'vitest';
import { runPlanEval } from '../../../eval/plans/plan-eval.js';

/**
 * A health worker with no scale, or who did not say a newborn's sex, still gets a plan: the optional
 * question is not asked again and again, and the plan says what it could not use.
 */
describe('optional demographic answers in the offline protocol', { timeout: 120_000 }, () => {
  it('goes on without a weight after "no scale", and the plan asks to weigh the child and gives no row of another band', async () => {
    const summary = await runPlanEval({
      modes: ['offline'],
      scenarios: [
        { id: 'no-scale', book: 'malaria', population: 'child, no scale', messages: ['4 year old girl, fever, RDT positive', 'no scale', 'dx: uncomplicated malaria'] },
        { id: 'newborn-sex-unsaid', book: 'pneumonia', population: 'young infant, sex not said', messages: ['5 week old baby, 3.5 kg, cough and fast breathing RR 70', 'dx: pneumonia'] },
      ],
    });
    const [noScale, newborn] = summary.results;
    expect(noScale?.transcript.filter((reply) => /weight in kg/i.test(reply))).toHaveLength(1);
    expect(noScale?.plan).toMatch(/Sources/);
    expect(noScale?.plan).toMatch(/weigh/i);
    // With no scale the sample guideline says to use Table 3.1's age column as an estimate: a
    // 4-year-old's row is the 3 to <9 years row (2 tablets), never another band's.
    expect(noScale?.plan).not.toMatch(/Tablets per dose: [34]\b/);
    expect(noScale?.plan).not.toMatch(/Tablets per dose: 1\b/);
    expect(newborn?.transcript.filter((reply) => /male or female/i.test(reply))).toHaveLength(1);
    expect(newborn?.plan).toMatch(/refer/i);
  });
});
