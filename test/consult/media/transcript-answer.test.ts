import { describe, expect, it } from 'vitest';
import { readTranscriptAnswer } from '../../../src/consult/media/transcript-answer.js';

describe('the answer to an echoed voice-note transcript', () => {
  const heard = '3 year old boy, fever 2 days';

  it.each(['YES', 'yes', 'Yes.', 'ok', 'oui', 'ndiyo', 'sawa'])('%s accepts the transcript as typed', (answer) => {
    expect(readTranscriptAnswer(answer, heard)).toEqual({ text: heard, confirmed: true });
  });

  it.each(['3 year old girl, fever 2 days', 'yes but she is a girl', '/cancel', 'no'])('%s is a correction, used instead', (answer) => {
    expect(readTranscriptAnswer(answer, heard)).toEqual({ text: answer, confirmed: false });
  });
});
