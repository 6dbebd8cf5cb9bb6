import { describe, expect, it } from 'vitest';
import type { ConsultSnapshot } from '../../../src/consult/consult-store.js';
import { extractFacts } from '../../../src/consult/offline/extract-facts.js';
import { describesAnotherPatient } from '../../../src/consult/turn/another-patient.js';
import { handleTurn } from '../../../src/consult/turn/handle-turn.js';
import { HELP_TEXT, NO_SOURCES_YET } from '../../../src/consult/turn/texts.js';
import type { LabelledSection } from '../../../src/rag/plan-writer.js';

const finished: ConsultSnapshot = {
  id: 'c1',
  chatRef: 'chat',
  startedAt: new Date('2026-12-01T09:00:00Z'),
  stage: 'done',
  offline: true,
  demographics: { ageYears: 29, sex: 'male' },
  findings: [{ category: 'symptom', value: 'cough 5 days' }],
  diagnoses: [{ condition: 'cough', confidence: null, rank: 1 }],
  urgentReferral: false,
  state: {},
  transcript: [],
};
const inbound = (text: string) => ({ id: 'm9', chatRef: 'chat', externalChatId: 'x', channel: 'telegram' as const, text, media: null, edited: false });

describe('a message after the plan', () => {
  it('is a follow-up question about the same patient when it states no other patient', async () => {
    for (const text of ['when should he come back?', 'he is 30 years old, does that change the dose?', 'the mother says he vomits the tablets']) {
      const outcome = await handleTurn({}, finished, inbound(text));
      expect(outcome.requestFollowUp?.question).toBe(text);
      expect(outcome.startNew).toBeUndefined();
    }
    const woman = { ...finished, demographics: { ageYears: 24, sex: 'female' as const } };
    expect((await handleTurn({}, woman, inbound('what if she is pregnant?'))).requestFollowUp).toBeDefined();
  });

  it('starts a new consult, and says so, when it states another age or sex: the new patient is never answered with the last one\'s demographics', async () => {
    const outcome = await handleTurn({}, finished, inbound('2 year old boy, 10.8 kg, MUAC 127 mm, on RUTF 6 weeks'));
    expect(outcome.requestFollowUp).toBeUndefined();
    expect(outcome.startNew).toBe(true);
    expect(outcome.replies[0]?.text).toMatch(/another patient/);
    expect(outcome.consult?.demographics).toMatchObject({ ageYears: 2, sex: 'male', weightKg: 10.8 });
    const woman = await handleTurn({}, finished, inbound('29 year old woman, fever 2 days'));
    expect(woman.startNew).toBe(true);
  });

  it('reads rounding between units as one age, and a pronoun or an unknown age as deciding nothing', () => {
    const child = { ageYears: 2, sex: 'male' as const };
    expect(describesAnotherPatient(child, extractFacts('he is 26 months'))).toBe(false);
    expect(describesAnotherPatient(child, extractFacts('she has a cough'))).toBe(false);
    expect(describesAnotherPatient({}, extractFacts('35 year old man'))).toBe(false);
    expect(describesAnotherPatient(child, extractFacts('35 year old man'))).toBe(true);
  });

  it('/sources re-sends the last answer\'s sources with their full titles, and is no follow-up question', async () => {
    const cited: LabelledSection[] = [
      { label: 'S1', section: { id: 'c', accession: 'NBK531285', bookTitle: 'WHO guidelines for malaria', sectionPath: 'Treatment > Uncomplicated malaria', titlePath: 'x', text: 't', contentHash: 'h' } },
    ];
    const asked: string[] = [];
    const outcome = await handleTurn({ lastAnswerSources: async (id) => (asked.push(id), cited) }, finished, inbound('/sources'));
    expect(asked).toEqual(['c1']);
    expect(outcome.requestFollowUp).toBeUndefined();
    expect(outcome.replies).toEqual([
      { text: '**Sources**\n- S1: WHO guidelines for malaria > Treatment > Uncomplicated malaria - https://www.ncbi.nlm.nih.gov/books/NBK531285/', kind: 'reply' },
    ]);
    expect((await handleTurn({ lastAnswerSources: async () => [] }, finished, inbound('/sources'))).replies[0]?.text).toBe(NO_SOURCES_YET);
    expect((await handleTurn({}, null, inbound('/sources'))).replies[0]?.text).toBe(NO_SOURCES_YET);
    expect(HELP_TEXT).toContain('/sources');
  });
});
