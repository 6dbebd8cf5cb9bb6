import { describe, expect, it } from 'vitest';
import type { ConsultSnapshot } from '../../../src/consult/consult-store.js';
import type { InterviewModel, InterviewTurnInput, InterviewTurnOutput } from '../../../src/consult/interview-model.js';
import { handleTurn } from '../../../src/consult/turn/handle-turn.js';

/** A model that records what the message literally says, as a careless model would. */
const literalModel = (output: InterviewTurnOutput): InterviewModel => ({
  model: 'fake',
  runTurn: async (_input: InterviewTurnInput) => output,
});

const consult: ConsultSnapshot = {
  id: 'c1',
  chatRef: 'chat',
  startedAt: new Date('2026-12-01T09:00:00Z'),
  stage: 'interview',
  offline: false,
  demographics: { ageYears: 5, sex: 'male', weightKg: 18 },
  findings: [],
  diagnoses: [],
  urgentReferral: false,
  state: {},
  transcript: [],
};
const inbound = (text: string) => ({ id: 'm1', chatRef: 'chat', externalChatId: 'x', channel: 'telegram' as const, text, media: null, edited: false });

describe('the LLM interview turn with an impossible value', () => {
  it('does not store a negative weight or a 45 °C temperature the model passed on, and asks again', async () => {
    const model = literalModel({
      actions: [
        { kind: 'demographics', demographics: { weightKg: 14 } },
        { kind: 'findings', findings: [{ category: 'vital_sign', value: 'temperature 45 °C' }, { category: 'symptom', value: 'cough' }] },
      ],
      reply: 'Any other symptoms?',
      rejectedToolCalls: 0,
    });
    const outcome = await handleTurn({ interview: model }, consult, inbound('weight -14 kg, temp 45 C, cough'));
    expect(outcome.replies[0]?.text).toMatch(/did not record .*-14/i);
    expect(outcome.replies[0]?.text).toMatch(/45/);
    expect(outcome.consult?.demographics?.weightKg).toBe(18);
    expect(outcome.findings?.map((f) => f.value)).toEqual(['cough']);
  });
});
