/**
 * What a simulated health worker types in one consult, and how many replies each message gets, for the
 * consult and channel benches. No message holds a danger sign, so triage adds no urgent reply and every
 * turn's reply count is fixed.
 */

export interface ScriptedMessage {
  text: string;
  /** Replies the message gets: 1, or 2 for the message that ends the interview (reply, then the plan). */
  replies: 1 | 2;
  /** This message ends the interview; its second reply is the Assessment & Plan. */
  endsInterview: boolean;
}

/**
 * One consult. `llm`: the last message asks the (scripted) model to conclude, which calls
 * generate_differentials; offline: the health worker states the working diagnosis. A consult after the
 * first opens with /new, since a message after a finished consult is a follow-up question.
 */
export function consultScript(options: { llm: boolean; first: boolean; ageYears: number; feverDays: number }): ScriptedMessage[] {
  const turn = (text: string): ScriptedMessage => ({ text, replies: 1, endsInterview: false });
  return [
    ...(options.first ? [] : [turn('/new')]),
    turn(`${options.ageYears} year old man`),
    turn(`fever for ${options.feverDays} days, RDT positive`),
    turn('no cough, no rash'),
    {
      text: options.llm ? 'that is all I found, what do you think?' : 'dx: uncomplicated malaria',
      replies: 2,
      endsInterview: true,
    },
  ];
}
