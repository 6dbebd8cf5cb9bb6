/**
 * The illness came back after a course of treatment the patient finished: "finished AL 3 weeks ago, hot
 * body again". For malaria, fever back within 28 days of a completed ACT course is a suspected treatment
 * failure (refer for microscopy and a different ACT); later, it is usually a new infection (test, and
 * treat again with the first-line ACT). One place for the phrasings, read by the offline extraction, the
 * reranker and the malaria classification.
 */

/** A course said to be finished some time ago: "finished AL 3 weeks ago", "completed coartem 2 weeks ago". */
const COURSE_FINISHED_AGO = /\b(?:finished|completed|finish|done with)\b[^.;\n]{0,40}?\b(\d+|a|one|two|three|four)\s*(days?|weeks?|wks?)\s+ago\b/i;

/** A symptom or the illness said to be back: "fever again", "hot body came back", "it returned". */
const ILLNESS_BACK = /\b(?:fever|hot body|temperature|symptoms?|cough|diarrh\w*|malaria|it)\b[^.;\n]{0,15}?\b(?:again|came back|come back|returned|is back)\b/i;

/** Days from the end of an ACT course within which returning fever is a suspected treatment failure. */
export const TREATMENT_FAILURE_DAYS = 28;

const WORD_NUMBERS: Readonly<Record<string, number>> = { a: 1, one: 1, two: 2, three: 3, four: 4 };

export interface IllnessBackAfterCourse {
  /** Both as said, the course first: "finished al 3 weeks ago, fever again". */
  said: string;
  /** Where the course is mentioned in the text. */
  at: number;
  /** How many days ago the course ended. */
  daysSinceCourse: number;
}

/** When `text` says both that a course was finished some time ago and that the illness is back; undefined otherwise. */
export function illnessBackAfterCourse(text: string): IllnessBackAfterCourse | undefined {
  const finished = COURSE_FINISHED_AGO.exec(text);
  const back = finished ? ILLNESS_BACK.exec(text) : null;
  if (!finished || !back) return undefined;
  const amount = WORD_NUMBERS[(finished[1] ?? '').toLowerCase()] ?? Number(finished[1]);
  return { said: `${finished[0]}, ${back[0]}`, at: finished.index, daysSinceCourse: amount * ((finished[2] ?? '').toLowerCase().startsWith('d') ? 1 : 7) };
}
