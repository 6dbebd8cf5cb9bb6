/**
 * The illness came back after a course of treatment the patient finished: "finished AL 3 weeks ago, hot
 * body again". For malaria, fever back within 28 days of a completed ACT course is a suspected treatment
 * failure (refer for microscopy and a different ACT); later, it is usually a new infection (test, and
 * treat again with the first-line ACT). One place for the phrasings, read by the offline extraction, the
 * reranker and the malaria classification.
 */
import { medicinesTaken, type Finding } from './findings.js';

/** A course said to be finished some time ago: "finished AL 3 weeks ago", "completed coartem 2 weeks ago". */
const COURSE_FINISHED_AGO = /\b(?:finished|completed|finish|done with)\b([^.;\n]{0,40}?)\b(\d+|a|one|two|three|four)\s*(days?|weeks?|wks?)\s+ago\b/i;

/**
 * A course said to be taken some time ago: "treated with AL 10 days ago", "took coartem 2 weeks ago". The
 * time is from its start; an ACT course ends ACT_COURSE_DAYS later, so the days since it ended are counted
 * that much fewer (a fever at the 28-day edge then reads as a failure, referred, not as a new infection).
 */
const COURSE_TAKEN_AGO = /\b(?:treated with|took|taken|given|received)\b([^.;\n]{0,40}?)\b(\d+|a|one|two|three|four)\s*(days?|weeks?|wks?)\s+ago\b/i;

/** Days an ACT course lasts. */
const ACT_COURSE_DAYS = 3;

/** A medicine for symptoms only: fever back after paracetamol is not a treatment that failed. */
const SYMPTOM_RELIEF_ONLY = /^[^a-z]*(?:(?:the|his|her|their|some|a|and|or|of|paracetamol|panadol|calpol|ibuprofen|brufen|aspirin|ors|zinc|cough syrup|syrup)\b[^a-z]*)+$/i;

/** An antimalarial named as the course: "AL", "coartem", "ACT", "artesunate-amodiaquine", "malaria tablets". */
const ANTIMALARIAL = /\b(?:al|acts?|coartem|artemether\S*|lumefantrine|artesunate\S*|amodiaquine|asaq|dha-?ppq|dihydroartemisinin\S*|piperaquine|quinine|antimalarials?|malaria (?:treatment|medicines?|tablets|drugs?))\b/i;

/** A course that names no medicine: "finished the drugs 3 weeks ago", "completed treatment 2 weeks ago". */
const UNNAMED_COURSE = /^[^a-z]*(?:(?:the|his|her|their|all|of|a|drugs?|medicines?|meds|tablets?|treatment|course|doses?|it|them)\b[^a-z]*)*$/i;

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
  /**
   * Whether the course may have been an antimalarial (what makes returning fever a malaria treatment
   * failure): one named ("AL", "coartem") or one that names no medicine ("finished the drugs").
   */
  possiblyAntimalarial: boolean;
}

/**
 * When `text` says both that a course was finished (or taken) some time ago and that the illness is back;
 * undefined otherwise, and when the only medicine named is for symptoms (paracetamol, ORS).
 */
export function illnessBackAfterCourse(text: string): IllnessBackAfterCourse | undefined {
  const finished = COURSE_FINISHED_AGO.exec(text);
  const course = finished ?? COURSE_TAKEN_AGO.exec(text);
  const back = course ? ILLNESS_BACK.exec(text) : null;
  if (!course || !back) return undefined;
  const medicine = (course[1] ?? '').trim();
  if (medicine !== '' && SYMPTOM_RELIEF_ONLY.test(medicine)) return undefined;
  const amount = WORD_NUMBERS[(course[2] ?? '').toLowerCase()] ?? Number(course[2]);
  const daysAgo = amount * ((course[3] ?? '').toLowerCase().startsWith('d') ? 1 : 7);
  const possiblyAntimalarial = ANTIMALARIAL.test(medicine) || UNNAMED_COURSE.test(medicine);
  const daysSinceCourse = finished ? daysAgo : Math.max(0, daysAgo - (possiblyAntimalarial ? ACT_COURSE_DAYS : 0));
  return { said: `${course[0]}, ${back[0]}`, at: course.index, daysSinceCourse, possiblyAntimalarial };
}

/**
 * A guideline sub-heading for the illness coming back some time after treatment ("Fever returning weeks
 * after treatment", "Discharge that persists or returns"): the lines under it are for a patient whose course is
 * finished and whose illness is back. "Persistent diarrhoea" is a class of the illness, not one of these.
 */
export const ILLNESS_BACK_HEADING = /\b(?:return(?:s|ing|ed)?|comes? back|came back|again)\b.*\bafter\b|\b(?:persists?|persisting)\s+(?:or|and)\s+(?:returns?|recurs?|comes back)\b/i;

/**
 * A guideline sub-heading for the days of treatment itself ("Getting worse during treatment": early
 * treatment failure): not for a patient whose course is finished and whose illness came back after it.
 */
export const DURING_TREATMENT_HEADING = /\bduring (?:the )?(?:treatment|course)\b/i;

/**
 * How long after treatment a guideline line is for: "within 28 days of a completed ACT course", "more
 * than 28 days after treatment".
 */
const TIME_SINCE_COURSE = /\b(within|more than|over|less than|under)\s+(\d+)\s*(days?|weeks?)\s+(?:of|after|from)\s+(?:a |an |the )?(?:completed |finished |first )?(?:[A-Za-z-]+\s+)?(?:course|treatment)\b/gi;

/**
 * Whether the times since the course a line is for include the patient's ("When fever returns more than
 * 28 days after treatment, ... treat again with the first-line ACT" does not, for fever back 21 days after
 * the course); undefined when it names none.
 * The lines after one that names a time go with it ("... within 28 days of a completed ACT course, the
 * first treatment may have failed. Refer the patient ..."), until one names another.
 */
export function timeSinceCourseFits(line: string, daysSinceCourse: number): boolean | undefined {
  const times = [...line.matchAll(TIME_SINCE_COURSE)];
  if (times.length === 0) return undefined;
  return !times.every((m) => {
    const limit = Number(m[2]) * ((m[3] ?? '').toLowerCase().startsWith('w') ? 7 : 1);
    const within = /^(?:within|less than|under)$/i.test(m[1] ?? '');
    return within ? daysSinceCourse > limit : daysSinceCourse <= limit;
  });
}

/** The first finding (not negated) that says the illness is back after a course; undefined when none does. */
export function illnessBackAfterCourseIn(findings: ReadonlyArray<{ value: string; negated?: boolean }>): IllnessBackAfterCourse | undefined {
  return findings.filter((f) => !f.negated).map((f) => illnessBackAfterCourse(f.value)).find((back) => back !== undefined);
}

/**
 * Words that put the patient on a course or after one: a medicine or treatment named, an illness still
 * there, worse or not improving, back again, or a failure. Read broadly: a line for a patient on treatment
 * is dropped only when nothing of the consult says she is, or was, on one.
 */
const ON_OR_AFTER_A_COURSE = /\b(?:on|taking|takes|took|taken|given|started|finished|completed|treated|treatment|course|dose[sd]?|tablets?|still|again|back|returned|not (?:improving|improved|better|responding)|no improvement|worse|fail\w*|relapse\w*|day \d)\b/i;

/**
 * True when nothing the health worker said (findings, or the diagnosis) puts the patient on a course of
 * treatment or after one, and she names no medicine taken: a child with a fever and a negative RDT. The
 * guideline's lines for the days of treatment ("Getting worse during treatment ... Refer urgently") and for
 * an illness back after one are then for other patients.
 */
export function noCourseStated(findings: readonly Finding[], conditions: readonly string[]): boolean {
  const said = [...conditions, ...findings.filter((f) => !f.negated).map((f) => f.value)];
  return medicinesTaken(findings).length === 0 && !said.some((text) => ON_OR_AFTER_A_COURSE.test(text));
}

/**
 * The treatment given is not working: the patient is still ill, not improving, worse or uncontrolled on it
 * ("still fever", "not improving", "not gaining" on RUTF, "VL unsuppressed"). Also read by the reranker.
 */
export const NOT_RESPONDING = /\b(?:still|not (?:improving|improved|better|responding|gaining|increasing|controlled|suppressed)|no improvement|(?:getting )?worse|unsuppressed|uncontrolled)\b/i;

/**
 * True when the patient takes an antimalarial now (a medicine recorded as taken) and a finding says she is
 * still ill or worse on it: "took AL 2 days, still fever day 3" is a suspected early treatment failure,
 * referred ("Getting worse during treatment"), not a course to start again.
 */
export function stillIllOnAntimalarial(findings: readonly Finding[]): boolean {
  return medicinesTaken(findings).some((m) => ANTIMALARIAL.test(m)) && findings.some((f) => !f.negated && f.category !== 'medication' && NOT_RESPONDING.test(f.value));
}
