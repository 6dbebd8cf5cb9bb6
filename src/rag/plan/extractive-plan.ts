import { normaliseClinicalText } from '../../patient/clinical-text.js';
import { medicineNamesTaken, type Demographics, type Finding } from '../../patient/findings.js';
import { illnessBackAfterCourseIn, ILLNESS_BACK_HEADING } from '../../patient/illness-returned.js';
import { rowWithoutOtherGroupsCells } from './row-cells-for-her.js';
import { MALNUTRITION_COURSE_HEADINGS, MALNUTRITION_COURSE_WORDS, malnutritionTreatmentCourse } from '../../patient/malnutrition-treatment-course.js';
import { findMentions, negatedPhrases } from '../../patient/negation.js';
import type { CitedSection } from '../guideline-section.js';
import type { LabelledSection } from '../plan-writer.js';
import { formatCitation } from './citations.js';
import { dosesGiven, findDoses } from './doses.js';
import { drugsNamed } from './drug-names.js';
import { excludesPatient, linesForOlderPatients, parseWeightBand, rowBelowDoseTaken, rowFit, rowFitsMeasurements, startsMedicineTaken } from './patient-fit.js';
import { measuredFit, measurementsReported } from '../number-fit.js';
import { severityOf } from '../normalise-query.js';
import { populationPreference } from '../population-fit.js';
import { asksToConfirm, confirmingSection } from '../section-role.js';
import { GIVES_THE_SAME, asksForGivenTrimester, asksForTestAlreadyDone, coursePresupposed, doneAtEnrolment, forbiddenDrugs, givesForbiddenDrug, givesTreatmentHere, isTreatmentLine, lineForAnotherClassOrForm, lineForAnotherTypeOfDiabetes, lineForPeopleWithoutHerIllness, givesMedicineHere, refersHerBandForTreatment, namesForbiddenDrug, namesOnlyForbiddenDrugs, preventsAnotherIllness, preventsConditionSheHas, rowForAnotherClass, rowForPreventionOnly, sectionForOtherMeasurements, sectionForOtherPopulation, sectionOffTopic, namesPrevention, sendsHerTreatmentElsewhere, subheadingExcludesPatient, treatsIllnessAskedToPrevent, unitsForAnotherCourseStage, warnsAgainstForbidden } from './plan-fit.js';
import { restrictsMedicine } from './medicine-restrictions.js';
import { crossReferences, headedBy } from './cross-references.js';
import { sectionBody, sectionUnits, withConditionalListsJoined, type SectionUnit } from './section-text.js';

export interface ExtractivePlanInput {
  diagnoses: ReadonlyArray<{ condition: string; confidence?: number | null }>;
  demographics: Demographics;
  findings: readonly Finding[];
  /** Best first; the plan keeps their order. */
  sections: readonly LabelledSection[];
  /** Copied sentences at most, the assessment included; default 10, or FOLLOW_UP_LINES for a follow-up answer. */
  maxSentences?: number;
  /**
   * A follow-up question: the answer is its few lines, those sharing the question's words first, with no
   * assessment or headings (the plan it follows has them).
   */
  question?: string;
}

type Heading = 'now' | 'refer' | 'family' | 'followUp';

const HEADINGS: ReadonlyArray<[Heading, string]> = [
  ['now', 'What to do now'],
  ['refer', 'When to refer'],
  ['family', 'Tell the family'],
  ['followUp', 'Follow-up'],
];

const TREATS = /\b(?:treated with|treat with|takes?|give|given|start|receives?)\b/i;

/** Sentences taken from one section at most, so the best section cannot crowd out the rest. */
const PER_SECTION = 3;
/** Added to each sentence of a section another section sends the reader to. */
const REFERENCED_BONUS = 2;
/** A line under the guideline's heading for where the patient's treatment has got to ("Discharge criteria"). */
const COURSE_BONUS = 2;
/** Added to each sentence of the section on confirming a diagnosis not yet confirmed ("When to test for malaria" for "?malaria"). */
const CONFIRMING_BONUS = 2;
/** Added to each sentence of a section that restricts a medicine the patient already takes: as much as a dose row for her band. */
const MEDICINE_WARNING_BONUS = 6;
/**
 * Added to a sentence that says what to do about a range or cut-off holding what the health worker measured
 * ("If it is still below 3.9 mmol/L ..., give sugar again" for 3.0 mmol/L): it is about her reading, as a
 * dose row for her band is about her weight. One more when it says what the reading needs ("A glucose above
 * 18 mmol/L without any of these signs still needs a clinician review within one day" for 22 mmol/L), so
 * that it is not crowded out by the section's other lines.
 */
const MEASURED_BONUS = 2;
/** What a sentence with a cut-off says to do about a reading past it: "needs a clinician review", "are recommended", "refer". */
const NEEDS = /\b(?:needs?|recommended|requires?)\b/i;

function saysWhatToDo(text: string): boolean {
  return ACTION.test(text) || NEEDS.test(text);
}

/** A unit needs this score to be a key sentence (see scoreUnit). */
const MIN_SCORE = 2;
/** The bar when no unit reaches MIN_SCORE: a unit that says to do something. */
const FALLBACK_MIN_SCORE = 1;

interface Candidate {
  unit: SectionUnit;
  section: LabelledSection;
  sectionIndex: number;
  position: number;
  score: number;
  heading: Heading;
}

/**
 * An Assessment & Plan made only of sentences copied from the sections, each ending with its [Sn]:
 * the dosing-table rows for this patient's weight (or age) band, and sentences with doses, actions
 * (give, refer, treat, advise, return, check, do not) and danger signs, in section order under
 * **What to do now**, **When to refer**, **Tell the family** and **Follow-up**. The assessment heading
 * states the working diagnosis as given; a heading with nothing under it is left out. Passes
 * checkPlanDraft unchanged by construction.
 */
export function extractivePlan(input: ExtractivePlanInput): string {
  const maxSentences = input.maxSentences ?? (input.question !== undefined ? FOLLOW_UP_LINES : 10);
  const conditionTerms = termsOf(input.diagnoses.map((d) => d.condition).join(' '), GENERIC_CONDITION_WORDS);
  const measured = measurementsReported(input.findings);
  const findingTerms = termsOf(input.findings.filter((f) => !f.negated).map((f) => f.value).join(' '), new Set());
  // Where a child's malnutrition treatment has got to is what the health worker needs answered: the
  // discharge criteria for a child who has recovered, when to refer for one losing weight on RUTF.
  const courses = input.diagnoses.flatMap((d) => malnutritionTreatmentCourse(d.condition, input.findings) ?? []);
  const asked = [input.question ?? '', ...courses.map((c) => MALNUTRITION_COURSE_WORDS[c])].join(' ').trim();
  const questionTerms = asked ? termsOf(asked, QUESTION_STOPWORDS) : new Set<string>();
  // ... and the sentences under the guideline's heading for that course ("Discharge criteria") answer it.
  // An illness back some time after a finished course: the lines under the guideline's heading for that
  // ("Fever returning weeks after treatment") answer it, and a line for another time since the course
  // ("more than 28 days after treatment ... treat again with the first-line ACT") is not hers.
  const illnessBack = illnessBackAfterCourseIn(input.findings) !== undefined;
  const courseHeadings = [...courses.map((c) => MALNUTRITION_COURSE_HEADINGS[c]), ...(illnessBack ? [ILLNESS_BACK_HEADING] : [])];

  const candidates: Candidate[] = [];
  const seenText = new Set<string>();
  const conditions = input.diagnoses.map((d) => d.condition);
  const forbidden = forbiddenDrugs(input.sections, input.demographics, input.findings, conditions);
  const weighFirst: Candidate[] = [];
  // Where the other sections send the reader ("as described in Plan B") is what to do: those lines count more.
  const references = input.sections.flatMap(({ section }) => crossReferences(section));
  // What a section says against a medicine she already takes (stop, switch) is what to do about it.
  const medicines = medicineNamesTaken(input.findings);
  // A diagnosis not yet confirmed: how to confirm it, or when and how to test for it, is what to do first.
  const unconfirmed = input.diagnoses.some((d) => asksToConfirm(d.condition));
  // A section for her own band that refers her for treatment ("Infants weighing less than 5 kg"): the
  // medicines and doses of the other sections are not hers.
  const referringOwnBand = input.sections.filter(({ section }) => refersHerBandForTreatment(section, input.demographics)).map(({ section }) => section);
  input.sections.forEach((labelled, sectionIndex) => {
    const { section } = labelled;
    const referenced = references.some((phrase) => headedBy(section, phrase)) ? REFERENCED_BONUS : 0;
    const warning = restrictsMedicine(section, medicines) ? MEDICINE_WARNING_BONUS : 0;
    const confirming = unconfirmed && confirmingSection(section) ? CONFIRMING_BONUS : 0;
    // "Preventing malaria in pregnancy" for a question about preventing bleeding after birth: none of it is asked.
    if (sectionOffTopic(section, input.demographics) || preventsAnotherIllness(section, conditions)) return;
    const otherPopulation = sectionForOtherPopulation(section, input.demographics);
    // "Preventing bleeding after birth" for a woman who is bleeding: its advice may be hers, its doses are not.
    // "Severe hypertension in pregnancy" (160/110 or more) for a reading of 150/100: its doses are not hers either.
    // "Uncomplicated malaria in the first trimester" for a question about preventing malaria, with no positive test: its treatment is not hers.
    const treatsWhatSheAsksToPrevent = treatsIllnessAskedToPrevent(section, conditions, input.findings);
    const preventionOfHers = preventsConditionSheHas(section, conditions, input.findings);
    const noDosesHere = preventionOfHers || sendsHerTreatmentElsewhere(section, conditions) || sectionForOtherMeasurements(section, measured);
    // A section written for her own trimester or her state after birth: its treatment comes first.
    const ownPopulation = populationPreference(section.sectionPath, input.demographics) === 1;
    // "... from Table 3.1 by the child's age or weight" with Table 3.1 in this section refers to nothing elsewhere.
    const tablesHere = new Set([...section.text.matchAll(/^Table\s+([\dA-Z]+(?:\.\d+)*)\b/gm)].map((m) => (m[1] ?? '').toLowerCase()));
    let askedWeight = false;
    let drugNamedBefore = false;
    // After a line giving a medicine forbidden for her, the section's next lines that name no medicine
    // ("The dose is about 10 mg per kg", "It is started ... from week 14") are about that medicine; a
    // danger sign or a referral is kept.
    let forbiddenDrugBefore = false;
    // After a line giving a medicine to another population ("... to children aged 2 months up to 6
    // years" for an adult), the next doses that name no medicine are that medicine's.
    let otherPopulationDrugBefore = false;
    // A section about nothing but medicines forbidden for her: its doses and "give it" lines are theirs.
    const onlyForbidden = namesOnlyForbiddenDrugs(section, forbidden);
    // A row's cells for groups she is known not to be in ("Up to the end of week 13: ..." at 26 weeks) are another patient's.
    const units = withConditionalListsJoined(sectionUnits(sectionBody(section)), (item) => !excludesPatient(item, input.demographics)).map((u) =>
      u.cells ? { ...u, text: rowWithoutOtherGroupsCells(u.text, u.cells, input.demographics) } : u,
    );
    // Fever back weeks after a finished course: the lines for the days of treatment, or for another time since it, are not hers.
    const otherCourseStage = unitsForAnotherCourseStage(units, input.findings, conditions);
    // "Older children and adults: ..." after a line whose age band holds her is not hers.
    const forOlder = linesForOlderPatients(units.map((u) => u.text), input.demographics);
    const bands = units.map((u) => (u.cells ? rowFit(u.cells, input.demographics) : 'no_band'));
    // Her own row by age says the medicine is not given ("6 years and older ... Do not give at community
    // level; refer immediately"): weighing her would not find her a dose.
    // So does her row by age in the top, open-ended band ("30 kg or more; 15 years and older" for a man of 45):
    // a weight would not change it.
    const ownRowWithholds = units.some(
      (u, i) => u.cells && bands[i] === 'fits' && (/\b(?:do not give|not used|refer)\b/i.test(u.text) || openEndedWeightBand(u.cells)),
    );
    units.forEach((unit, position) => {
      if (otherCourseStage[position] || forOlder[position]) return;
      if (treatsWhatSheAsksToPrevent && isTreatmentLine(unit.text) && !namesPrevention(unit.text)) return;
      const namesDrugItself = drugsNamed(unit.text).size > 0;
      // "An adult takes 4 tablets per dose" after "... is treated with artemether-lumefantrine": the
      // dose is that medicine's, as usable as a sentence that names it.
      const doseOfNamedDrug = !namesDrugItself && drugNamedBefore && TREATS.test(unit.text) && findDoses(unit.text).length > 0;
      drugNamedBefore ||= namesDrugItself;
      const key = unit.text.toLowerCase().replace(/\W+/g, ' ').trim();
      if (seenText.has(key)) return;
      seenText.add(key);
      // A sub-heading inside the chunk says who its lines are for, as a section title would ("Older
      // adults", "Finding high glucose in pregnancy" in a chapter that fitted one chunk whole).
      // ... or which class of the illness ("Persistent diarrhoea without dehydration: feeding").
      if (subheadingExcludesPatient(section, unit, input.demographics, conditions, input.findings)) return;
      if (givesForbiddenDrug(unit.text, forbidden, input.demographics, input.findings, conditions)) {
        // "... of artemether-lumefantrine or artesunate-amodiaquine, give the same dose again": what
        // follows is about the medicine she may have as much as the one she may not.
        forbiddenDrugBefore = [...drugsNamed(unit.text)].every((drug) => namesForbiddenDrug(drug, forbidden));
        return;
      }
      // "Give the dose at an antenatal contact, together with the daily iron" after the deworming dose
      // forbidden for her: the dose is still the forbidden medicine's, whatever it is given with.
      if (namesDrugItself && forbiddenDrugBefore && GIVES_THE_SAME.test(unit.text)) return;
      if (namesDrugItself) forbiddenDrugBefore = otherPopulationDrugBefore = false;
      else if (otherPopulationDrugBefore && findDoses(unit.text).length > 0) return;
      // A line that forbids her the medicine by its class ("Do not give deworming tablets in the first trimester") stays.
      else if (forbiddenDrugBefore && !hasDanger(unit.text) && !/\brefer/i.test(unit.text) && !warnsAgainstForbidden(unit.text, forbidden, input.demographics, input.findings, conditions)) return;
      else if (onlyForbidden && isTreatmentLine(unit.text)) return;
      // A row for her own band stays even in a section written for others (Table 5.1's "6 years and older").
      if (otherPopulation && givesTreatmentHere(unit.text) && bands[position] !== 'fits' && !warnsAgainstForbidden(unit.text, forbidden, input.demographics, input.findings, conditions)) return;
      // A sentence that restates the whole weight-band table: with a known weight her row says it.
      if (unit.kind !== 'row' && input.demographics.weightKg !== undefined && (unit.text.match(/\d\s*kg\b/gi) ?? []).length >= 3) return;
      if (!askedWeight && !ownRowWithholds && input.demographics.weightKg === undefined && unit.cells && [...unit.cells.keys()].some((h) => /weight/i.test(h))) {
        askedWeight = true;
        const table = /^(Table\s+[\dA-Z]+(?:\.\d+)*)/.exec(unit.text)?.[1] ?? 'the dosing table';
        // A birth weight is asked for (the child's card), not measured today.
        const byBirthWeight = [...unit.cells.keys()].some((h) => /birth ?weight/i.test(h));
        const text = byBirthWeight
          ? `Birth weight not given: ask for it (the child's health card), then give the dose of the birth-weight row in ${table}.`
          : `Weight not given: weigh the patient, then give the dose of the weight-band row in ${table} for that weight.`;
        weighFirst.push({
          unit: { kind: 'sentence', text },
          section: labelled,
          sectionIndex,
          position,
          score: 99,
          heading: 'now',
        });
      }
      const fit = bands[position] ?? 'no_band';
      if (fit === 'other_band' || fit === 'undecided') return;
      if (unit.cells && rowFitsMeasurements(unit.cells, measured) === 'other_band') return;
      if (unit.cells && rowBelowDoseTaken(unit.text, unit.cells, input.findings)) return;
      if (!unit.cells && startsMedicineTaken(unit.text, input.findings)) return;
      if (unit.cells && rowForPreventionOnly(unit.cells, conditions)) return;
      if (unit.cells && rowForAnotherClass(unit.cells, conditions)) return;
      const givesDose = dosesGiven(unit.text).length > 0;
      if (givesDose && (noDosesHere || (conditions.length > 0 && conditions.every((c) => lineForAnotherClassOrForm(unit.text, c))))) return;
      // Its medicine is prevention too, with a dose or without one: "pregnant women receive intermittent
      // preventive treatment with sulfadoxine-pyrimethamine" is not care for a woman who has malaria.
      if (preventionOfHers && namesDrugItself && isTreatmentLine(unit.text)) return;
      if (fit === 'no_band' && excludesPatient(unit.text, input.demographics)) {
        // "Rectal artesunate is given by CHWs to children aged 2 months up to 6 years ..." to an adult: the
        // next lines' doses that name no medicine ("The dose is about 10 mg per kg") are that medicine's.
        if (namesDrugItself) otherPopulationDrugBefore = true;
        return;
      }
      if (asksForGivenTrimester(unit.text, input.demographics)) return;
      // A child in follow-up: "At enrolment, give a course of amoxicillin" was done weeks ago.
      if (doneAtEnrolment(unit.text, conditions, input.findings)) return;
      // A man on TLD is not offered an HIV test, nor a child whose RDT is positive sent to be tested for malaria.
      if (asksForTestAlreadyDone(unit.text, conditions, input.findings)) return;
      // "People with type 1 diabetes need insulin from diagnosis" is not a line for type 2.
      if (lineForAnotherTypeOfDiabetes(unit.text, conditions)) return;
      // "To prevent anaemia, every pregnant woman without anaemia should take ..." is not a line for a woman with it.
      if (lineForPeopleWithoutHerIllness(unit.text, conditions, input.findings)) return;
      if (referringOwnBand.length > 0 && !referringOwnBand.includes(section) && givesMedicineHere(unit.text)) return;
      // The line that sends the reader to another section of the plan ("Treat the dehydration first,
      // following Plan B or Plan C, and then refer") says what to do with it: it counts as much.
      const sends = crossReferences(unit).some((phrase) => input.sections.some((other) => other !== labelled && headedBy(other.section, phrase))) ? REFERENCED_BONUS : 0;
      const course = unit.subheading !== undefined && courseHeadings.some((h) => h.test(unit.subheading ?? '')) ? COURSE_BONUS : 0;
      const placed = unit.kind !== 'row' && measured.length > 0 && saysWhatToDo(unit.text) && measuredFit(unit.text, measured) === 'fits' ? MEASURED_BONUS + (NEEDS.test(unit.text) ? 1 : 0) : 0;
      const score = scoreUnit(unit, fit === 'fits', { conditionTerms, findingTerms, questionTerms }, tablesHere) + placed + (ownPopulation && findDoses(unit.text).length > 0 ? 3 : 0) + (doseOfNamedDrug ? 2 : 0) + Math.max(referenced, sends) + warning + course + confirming + (ownTimedReferral(unit.text, section, conditionTerms) ? TIMED_REFERRAL_BONUS : 0);
      candidates.push({ unit, section: labelled, sectionIndex, position, score, heading: headingFor(unit, section, fit === 'fits') });
    });
  });

  if (input.question !== undefined) {
    const asked = termsOf(input.question, QUESTION_STOPWORDS);
    return withoutCoursesNotStarted(followUpLines([...weighFirst.slice(0, 1), ...candidates], asked, maxSentences), input.findings).map(planLine).join('\n');
  }

  // "cough or cold (no pneumonia)": a sentence classifying pneumonia is not her assessment.
  const negatedTerms = termsOf(input.diagnoses.flatMap((d) => negatedPhrases(d.condition)).join(' '), NEGATION_WORDS);
  const assessment = input.diagnoses.length > 0 ? assessmentSentence(candidates, conditionTerms, negatedTerms, input.diagnoses.every((d) => severityOf(d.condition) === 'not severe')) : undefined;
  const chosen = withoutCoursesNotStarted(
    withRowsWeightDecides(
      withTableStepsBetween(
        chooseKeySentences([...weighFirst.slice(0, 1), ...candidates.filter((c) => c !== assessment)], Math.max(0, maxSentences - (assessment ? 1 : 0))),
        candidates,
      ),
      candidates,
      input.demographics.weightKg !== undefined,
    ),
    input.findings,
  );

  const blocks: string[] = [];
  if (input.diagnoses.length > 0) {
    const lines = [`**Assessment: ${workingDiagnosis(input.diagnoses)} (working diagnosis)**`];
    if (assessment) lines.push(planLine(assessment));
    blocks.push(lines.join('\n'));
  }
  for (const [heading, title] of HEADINGS) {
    const under = chosen.filter((c) => c.heading === heading);
    if (under.length === 0) continue;
    blocks.push([`**${title}**`, ...under.map(planLine)].join('\n'));
  }
  return blocks.join('\n\n');
}

/** Lines a follow-up answer copies at most: a short answer, not the plan again. */
export const FOLLOW_UP_LINES = 3;

/**
 * The lines of a follow-up answer: those sharing a word of the question first (then by score), else the
 * best by score; at most `limit`, one section at most PER_SECTION, in section order.
 */
function followUpLines(candidates: readonly Candidate[], asked: ReadonlySet<string>, limit: number): Candidate[] {
  const overlap = (c: Candidate) => [...asked].filter((t) => wordsOf(c.unit.text).has(t)).length;
  const answering = candidates.filter((c) => overlap(c) > 0 && c.score >= FALLBACK_MIN_SCORE);
  if (answering.length === 0) return chooseKeySentences(candidates, limit);
  const ranked = [...answering].sort((a, b) => overlap(b) - overlap(a) || b.score - a.score || a.sectionIndex - b.sectionIndex || a.position - b.position);
  return ranked.slice(0, limit).sort((a, b) => a.sectionIndex - b.sectionIndex || a.position - b.position);
}

/**
 * The chosen lines without those that presuppose a course of a medicine she is not taking (plan-fit's
 * coursePresupposed) unless another chosen line gives that medicine: the follow-up of pneumonia's
 * amoxicillin belongs in a plan that starts it, not in a plan for a fever with a negative RDT.
 */
function withoutCoursesNotStarted(chosen: readonly Candidate[], findings: readonly Finding[]): Candidate[] {
  const presupposed = chosen.map((c) => coursePresupposed(c.unit.text, findings));
  const started = new Set(chosen.flatMap((c, i) => ((presupposed[i] ?? []).length === 0 && isTreatmentLine(c.unit.text) ? [...drugsNamed(c.unit.text)] : [])));
  return chosen.filter((_, i) => (presupposed[i] ?? []).every((drug) => started.has(drug)));
}

function chooseKeySentences(candidates: readonly Candidate[], limit: number): Candidate[] {
  // With nothing at the usual bar, the sections' plainest instructions still beat an empty plan ("An
  // infant who is very thin ... should be referred" is all a 4-month-old's section says to do).
  const bar = candidates.some((c) => c.score >= MIN_SCORE) ? MIN_SCORE : FALLBACK_MIN_SCORE;
  const ranked = candidates
    .filter((c) => c.score >= bar)
    .sort((a, b) => b.score - a.score || a.sectionIndex - b.sectionIndex || a.position - b.position);
  const perSection = new Map<number, number>();
  const chosen: Candidate[] = [];
  for (const candidate of ranked) {
    if (chosen.length >= limit) break;
    const taken = perSection.get(candidate.sectionIndex) ?? 0;
    if (taken >= PER_SECTION) continue;
    perSection.set(candidate.sectionIndex, taken + 1);
    chosen.push(candidate);
  }
  return chosen.sort((a, b) => a.sectionIndex - b.sectionIndex || a.position - b.position);
}

/**
 * The chosen lines with every row of a table that lies between two chosen rows of it: the steps of a
 * titration are read in order, and "Week 1: 500 mg" then "After 2 more weeks: 1500 mg" without "Week 2:
 * 1000 mg" (left out by the per-section limit) reads as a jump from 500 to 1500 mg. Only rows that are
 * candidates (that fit her) are added.
 */
function withTableStepsBetween(chosen: readonly Candidate[], candidates: readonly Candidate[]): Candidate[] {
  const added = candidates.filter((c) => {
    if (c.unit.kind !== 'row' || chosen.includes(c)) return false;
    const table = tableOf(c);
    const positions = chosen.filter((o) => o.unit.kind === 'row' && o.sectionIndex === c.sectionIndex && tableOf(o) === table).map((o) => o.position);
    return positions.length >= 2 && Math.min(...positions) < c.position && c.position < Math.max(...positions);
  });
  return [...chosen, ...added].sort((a, b) => a.sectionIndex - b.sectionIndex || a.position - b.position);
}

/**
 * The chosen lines with every other row of a chosen row's table that fits what is known of her, when a
 * weight column decides between them and her weight is not known: "Birth to 6 weeks" has three rows of
 * Table 4.1 (infant prophylaxis), told apart by birth weight, and a plan with the two lighter ones (the
 * per-section limit) read as if 10 mg were the dose of a 3-week-old born at 3 kg, whose row says 15 mg.
 */
function withRowsWeightDecides(chosen: readonly Candidate[], candidates: readonly Candidate[], weightKnown: boolean): Candidate[] {
  if (weightKnown) return [...chosen];
  const tables = new Set(chosen.filter((c) => c.unit.kind === 'row' && [...(c.unit.cells?.keys() ?? [])].some((h) => /weight/i.test(h))).map((c) => `${c.sectionIndex} ${tableOf(c)}`));
  const added = candidates.filter((c) => c.unit.kind === 'row' && !chosen.includes(c) && tables.has(`${c.sectionIndex} ${tableOf(c)}`));
  return [...chosen, ...added].sort((a, b) => a.sectionIndex - b.sectionIndex || a.position - b.position);
}

/** The table a row belongs to ("Table 3.1"), from the caption the chunker writes before each row. */
function tableOf(c: Candidate): string | undefined {
  return /^Table\s+[\dA-Z]+(?:\.\d+)*/.exec(c.unit.text)?.[0];
}

/** The first sentence, in section order, that says what the condition is ("... means ...", "is a ..."). */
/** Negation cues long enough to count as terms: what a negated phrase says is absent is the rest. */
const NEGATION_WORDS = new Set(['without', 'denies', 'never', 'absent', 'negative']);

/** True when the text names a negated word of the diagnosis other than as "no <word>". */
function classifiesNegated(text: string, negatedTerms: ReadonlySet<string>): boolean {
  const lower = text.toLowerCase();
  return [...negatedTerms].some((term) => lower.replace(new RegExp(`\\bno\\s+${term}`, 'g'), ' ').includes(term));
}

function assessmentSentence(candidates: readonly Candidate[], conditionTerms: ReadonlySet<string>, negatedTerms: ReadonlySet<string>, notSevere: boolean): Candidate | undefined {
  return candidates.find(
    (c) =>
      c.unit.kind === 'sentence' &&
      // "Any one of these means the patient has severe malaria" does not assess uncomplicated malaria.
      !(notSevere && findMentions(normaliseClinicalText(c.unit.text), /\bsevere\b/g).some((m) => !m.negated)) &&
      mentionsAny(c.unit.text, conditionTerms) &&
      !classifiesNegated(c.unit.text, negatedTerms) &&
      /\b(?:means|is defined as|is classified|classify|is (?:a|an) (?:\w+ )?(?:illness|disease|infection|condition))\b/i.test(c.unit.text) &&
      !REFERS_ELSEWHERE.test(c.unit.text),
  );
}

const DANGER = /danger sign|\burgent|immediately|at once|\bsevere\b|convuls|unconscious|not able to (?:drink|breastfeed)|unable to (?:drink|breastfeed)|vomits everything|lethargic/gi;
const ACTION = /\b(?:give|refer(?:s|red)?|treat|advise|return|check|weigh|test|repeat|stop|continue|explain|tell|counsel|follow up|ask)\b|\bdo not\b|\bnever\b|\bmust\b|\bshould\b/i;
const IMPERATIVE_START = /^(?:give|refer|treat|advise|ask|check|confirm|weigh|test|repeat|wait|crush|stop|continue|explain|tell|counsel|keep|dress|do not|never|if)\b/i;
const NATIONAL_ALTERNATIVE = /^if\b[^,]*\b(?:is|are) the (?:national|local) (?:first[- ]line|policy|choice)\b/i;
const REFERS_ELSEWHERE = /\b(?:below|above|this (?:book|guideline|annex|chapter)|see [A-Z]|table \d)/i;

function scoreUnit(
  unit: SectionUnit,
  fitsPatientBand: boolean,
  terms: { conditionTerms: ReadonlySet<string>; findingTerms: ReadonlySet<string>; questionTerms: ReadonlySet<string> },
  tablesHere: ReadonlySet<string> = new Set(),
): number {
  const text = unit.text;
  let score = 0;
  if (fitsPatientBand) score += 6;
  else if (findDoses(text).length > 0) score += 2;
  if (hasDanger(text)) score += 2;
  // The sentence that names the medicine ("is treated with artemether-lumefantrine") is what makes a
  // dose line ("an adult takes 4 tablets") usable; without it the plan gives a dose of nothing named.
  // A row of a medicines table ("Medicine: Amlodipine; ... Usual starting dose: 5 mg once daily") names
  // the medicine and its dose in one line, as usable as a sentence that says to give it.
  if (drugsNamed(text).size > 0 && (TREATS.test(text) || needsMedicine(text) || (unit.kind === 'row' && findDoses(text).length > 0))) score += 2;
  if (ACTION.test(text)) score += 1;
  if (IMPERATIVE_START.test(text)) score += 1;
  if (mentionsAny(text, terms.conditionTerms)) score += 1;
  if (mentionsAny(text, terms.findingTerms)) score += 1;
  score += Math.min(3, [...terms.questionTerms].filter((t) => wordsOf(text).has(t)).length);
  if (unit.kind !== 'row' && REFERS_ELSEWHERE.test(referencesOutside(text, tablesHere))) score -= 2;
  // "If artesunate-amodiaquine is the national first-line medicine, ...": an alternative that depends
  // on a policy the plan does not know comes after the guideline's own first choice.
  if (NATIONAL_ALTERNATIVE.test(text)) score -= 2;
  if (text.length > 320) score -= 1;
  if (text.length < 25) score -= 1;
  return score;
}

/**
 * "People with type 1 diabetes need insulin from diagnosis": who needs a medicine says to give it, as
 * "is treated with" does. Only "need(s)" followed by the medicine's name: "RUTF ... needs no cooking"
 * and "may need a blood transfusion" say nothing of the kind.
 */
function needsMedicine(text: string): boolean {
  return [...text.matchAll(NEEDS_WORD)].some((m) => drugsNamed(m[1] ?? '').size > 0);
}
const NEEDS_WORD = /\bneeds?\s+([a-z][\w-]*)/gi;

/** True when the row's weight band has no upper end ("30 kg or more", "≥35"). */
function openEndedWeightBand(cells: ReadonlyMap<string, string>): boolean {
  const weight = [...cells.entries()].find(([header]) => /weight/i.test(header))?.[1];
  return weight !== undefined && parseWeightBand(weight)?.high === Infinity;
}

/** The text without its references to tables printed in the same section. */
function referencesOutside(text: string, tablesHere: ReadonlySet<string>): string {
  return text.replace(/\btable\s+([\dA-Z]+(?:\.\d+)*)/gi, (reference, id: string) => (tablesHere.has(id.toLowerCase()) ? '' : reference));
}

/**
 * A section on severe illness or referral, by its headings. "Severe acute malnutrition" is the name of
 * a condition, not a grade: its "Treating uncomplicated SAM at home" is today's treatment. A deepest
 * heading that says the care is at home or uncomplicated is not a referral whatever its chapter says.
 */
function referralSection(sectionPath: string): boolean {
  const path = sectionPath.replace(/severe acute malnutrition/gi, 'SAM');
  const own = path.split(' > ').at(-1) ?? '';
  return /pre-referral|\bsevere\b|\brefer(?:ral)?\b|\binpatient\b/i.test(path) && !/\buncomplicated\b|\bat home\b/i.test(own);
}

function headingFor(unit: SectionUnit, section: CitedSection, fitsPatientBand: boolean): Heading {
  const text = unit.text;
  // A pre-referral dose belongs with the referral it prepares, not with today's treatment.
  if (fitsPatientBand) return /pre-referral|before referral/i.test(text) || referralSection(section.sectionPath) ? 'refer' : 'now';
  if (/follow[- ]?up|\bday[- ]?3\b|\breturn (?:on|after|in|for|if|at once)|come back|revisit|within \d+ days|\bon day \d/i.test(text)) return 'followUp';
  // "... should be referred to the health facility" under "Follow-up and discharge" is a referral.
  if (/\brefer(?:red)?\b|\burgent(?:ly)?\b/i.test(text)) return 'refer';
  if (/follow[- ]?up|\bday[- ]?3\b/i.test(section.sectionPath)) return 'followUp';
  if (referralSection(section.sectionPath)) return 'refer';
  if (IMPERATIVE_START.test(text) && !/^if\b/i.test(text)) return 'now';
  if (/\b(?:is|are) (?:given|treated)\b|\breceives?\b|\btakes?\b/i.test(text)) return 'now';
  if (/\b(?:tell|explain|counsel|advise|caregiver|family|mother|parents?)\b/i.test(text)) return 'family';
  if (hasDanger(text) && findDoses(text).length === 0) return 'refer';
  return 'now';
}

/**
 * What a sentence that sends her on by a time ("should be referred to a hospital the same day") in the
 * section headed by her own condition adds to its score. Pre-eclampsia's "It can worsen quickly ..., so
 * the woman should be referred to a hospital the same day" names neither the condition nor a danger sign
 * and was left out of its plan (score 1). Given in any section, not only hers, the side effects' "stop
 * the medicine and refer the patient the same day" displaced treatment lines across the malaria plans.
 */
const TIMED_REFERRAL_BONUS = 2;

/** A sentence that sends her on by a time ("refer ... the same day"), in the section headed by her own condition. */
function ownTimedReferral(text: string, section: { titlePath: string }, conditionTerms: ReadonlySet<string>): boolean {
  return TIMED_REFERRAL.test(text) && mentionsAny(section.titlePath.split(' > ').at(-1) ?? '', conditionTerms);
}

const TIMED_REFERRAL = /\brefer(?:s|red|ral)?\b[^.;]*\b(?:the same day|today|within (?:one|a|\d+) (?:day|hours?))\b/i;

/**
 * Danger wording that is not negated: "no danger signs" and "no signs of severe malaria" do not count
 * (the negation rules of src/patient/negation.ts).
 */
function hasDanger(text: string): boolean {
  // "makes it less severe" says the opposite of a danger sign.
  return findMentions(normaliseClinicalText(text.replace(/\bless severe\b/gi, 'milder')), DANGER).some((mention) => !mention.negated);
}

function planLine(candidate: Candidate): string {
  return `- ${candidate.unit.text} ${formatCitation([candidate.section.label])}`;
}

/** Characters of the working diagnosis the assessment heading shows at most. */
const DIAGNOSIS_HEADING_MAX = 100;

/**
 * The diagnoses as the consult states them, made safe for a heading line (no markup, short): a long one
 * ends at a whole word with an ellipsis ("suspected malaria treatment failure: ..."), never mid-word.
 */
function workingDiagnosis(diagnoses: ExtractivePlanInput['diagnoses']): string {
  const stated = diagnoses
    .map((d) => d.condition.replace(/[*[\]\r\n]+/g, ' ').replace(/\s+/g, ' ').trim())
    .filter((c) => c !== '')
    .join('; ');
  if (stated.length <= DIAGNOSIS_HEADING_MAX) return stated;
  const cut = stated.slice(0, DIAGNOSIS_HEADING_MAX);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > DIAGNOSIS_HEADING_MAX / 2 ? cut.slice(0, lastSpace) : cut).replace(/[\s;:,]+$/, '')}…`;
}

const GENERIC_CONDITION_WORDS = new Set(['acute', 'severe', 'uncomplicated', 'suspected', 'possible', 'probable', 'mild', 'moderate', 'chronic', 'with', 'without', 'disease', 'infection']);
const QUESTION_STOPWORDS = new Set(['what', 'which', 'when', 'should', 'does', 'have', 'with', 'this', 'that', 'from', 'there', 'they', 'their', 'give', 'much', 'many', 'child', 'patient']);

function termsOf(text: string, stopwords: ReadonlySet<string>): Set<string> {
  return new Set([...wordsOf(text)].filter((w) => w.length >= 4 && !stopwords.has(w)));
}

function wordsOf(text: string): Set<string> {
  return new Set(text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []);
}

function mentionsAny(text: string, terms: ReadonlySet<string>): boolean {
  if (terms.size === 0) return false;
  const words = wordsOf(text);
  return [...terms].some((t) => words.has(t));
}
