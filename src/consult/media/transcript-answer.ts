/** Words that accept an echoed transcript as it is (English, French, Kiswahili, Pidgin). */
const ACCEPT = /^(yes|y|yeah|yep|ok|okay|correct|oui|ndiyo|ndio|sawa|na so)[.!]*$/i;

/**
 * Reads the health worker's answer to an echoed transcript: YES uses the transcript as if typed, any
 * other text is the correction and is used instead (a command such as /new or /cancel as itself).
 */
export function readTranscriptAnswer(answer: string, transcript: string): { text: string; confirmed: boolean } {
  return ACCEPT.test(answer.trim()) ? { text: transcript, confirmed: true } : { text: answer, confirmed: false };
}
