import { describe, expect, it } from 'vitest';
import { featureReranker } from '../../src/rag/feature-reranker.js';
import type { RerankCandidate } from '../../src/rag/reranker.js';

const BOOK = 'Hypertension in adults';
const candidate = (path: string): RerankCandidate => ({
  accession: 'SAMPLE-HYPERTENSION',
  sectionId: path,
  titlePath: `${BOOK} > ${path}`,
  sectionPath: path,
  text: 'Blood pressure in adults.',
  fusedScore: 0.03,
});
const howToMeasure = candidate('Measuring blood pressure > Measuring blood pressure correctly > Cuff size and position');
const medicines = candidate('Medicines > Medicines for hypertension > First-line medicines and starting doses in adults');

async function firstOf(text: string): Promise<string> {
  const scores = await featureReranker().rerank({ condition: 'hypertension', text, demographics: { ageYears: 50, sex: 'male' } }, [howToMeasure, medicines]);
  return (scores[0] ?? 0) > (scores[1] ?? 0) ? howToMeasure.sectionPath : medicines.sectionPath;
}

describe('feature reranker: what the health worker asks for', () => {
  it('puts managing the illness before how to measure it when a reading is reported', async () => {
    expect(await firstOf('hypertension BP 150/95 on two visits')).toBe(medicines.sectionPath);
  });

  it('puts how to measure first when the health worker asks how to measure', async () => {
    expect(await firstOf('hypertension how to measure BP in a big arm')).toBe(howToMeasure.sectionPath);
  });

  it('does not read stock cubes in a diet as a question about test stock', async () => {
    expect(await firstOf('hypertension BP 150/95 eats salted fish and stock cubes daily')).toBe(medicines.sectionPath);
  });
});

describe('feature reranker: care for the illness the patient has, prevention for one she does not', () => {
  const pph = (path: string, fusedScore: number): RerankCandidate => ({
    accession: 'SAMPLE-PREGNANCY',
    sectionId: path,
    titlePath: `Pregnancy care > ${path}`,
    sectionPath: path,
    text: 'Bleeding after birth.',
    fusedScore,
  });
  // Prevention matches the words a little better, as "after birth" in both the query and its heading does.
  const preventing = pph('Bleeding after birth > Bleeding after birth > Preventing bleeding after birth', 0.032);
  const firstSteps = pph('Bleeding after birth > Bleeding after birth > First steps', 0.03);
  const rank = async (condition: string) => {
    const scores = await featureReranker().rerank({ condition, text: `${condition} woman postpartum after birth`, demographics: { ageYears: 28, sex: 'female' } }, [preventing, firstSteps]);
    return (scores[0] ?? 0) > (scores[1] ?? 0) ? 'preventing' : 'first steps';
  };

  it('puts the first steps before prevention for a woman who is bleeding after birth', async () => {
    expect(await rank('bleeding after birth')).toBe('first steps');
  });

  it('puts prevention first when the health worker asks how to prevent it', async () => {
    expect(await rank('preventing bleeding after birth')).toBe('preventing');
  });
});

describe('feature reranker: a section written for pregnancy alone', () => {
  const preeclampsia: RerankCandidate = {
    accession: 'SAMPLE-PREGNANCY',
    sectionId: 'pe',
    titlePath: 'Pregnancy care > Hypertensive disorders of pregnancy > Hypertensive disorders of pregnancy > Pre-eclampsia',
    sectionPath: 'Hypertensive disorders of pregnancy > Hypertensive disorders of pregnancy > Pre-eclampsia',
    text: 'Pre-eclampsia is a blood pressure of 140/90 mmHg or more after 20 weeks of pregnancy with protein in the urine.',
    fusedScore: 0.032,
  };
  const adherence: RerankCandidate = { ...candidate('Medicines > Medicines for hypertension > Helping people take medicines every day'), fusedScore: 0.03 };
  const first = async (condition: string, demographics: { ageYears: number; sex: 'female'; pregnant?: boolean }) => {
    const scores = await featureReranker().rerank({ condition, text: `${condition} BP 150/95 forgets her medicines`, demographics }, [preeclampsia, adherence]);
    return (scores[0] ?? 0) > (scores[1] ?? 0) ? 'pregnancy' : 'hypertension';
  };

  it('ranks below her own guideline for a woman not said to be pregnant, as her plan would leave it out', async () => {
    expect(await first('hypertension', { ageYears: 48, sex: 'female' })).toBe('hypertension');
  });

  it('keeps its place when she is pregnant or the diagnosis names pregnancy', async () => {
    expect(await first('hypertension', { ageYears: 28, sex: 'female', pregnant: true })).toBe('pregnancy');
    expect(await first('hypertension in pregnancy', { ageYears: 28, sex: 'female' })).toBe('pregnancy');
  });
});
