import type { Demographics, Finding } from '../../patient/findings.js';
import type { LabelledSection } from '../plan-writer.js';
import { CITATION_GROUP, formatCitation, labelsInGroup, sortLabels } from './citations.js';
import { doseSupported, dosesGiven, dosesInText, findDoses } from './doses.js';
import { asksForTestAlreadyDone, comparable, givesForbiddenDrugBefore, coursePresupposed, doneAtEnrolment, forbiddenDrugs, linesForOtherPatients, givesForbiddenDrug, givesTreatmentHere, isTreatmentLine, lineForAnotherClassOrForm, lineForAnotherTypeOfDiabetes, lineForPeopleWithoutHerIllness, givesMedicineHere, refersHerBandForTreatment, namesOnlyForbiddenDrugs, preventsAnotherIllness, preventsConditionSheHas, rowForAnotherClass, rowForPreventionOnly, sectionForOtherMeasurements, sectionForOtherPopulation, sectionOffTopic, namesPrevention, sendsHerTreatmentElsewhere, treatsIllnessAskedToPrevent, warnsAgainstForbidden, type ForbiddenDrug } from './plan-fit.js';
import { drugsNamed } from './drug-names.js';
import { splitSentences, tableCells } from './section-text.js';
import { measurementsReported, type Measurement } from '../number-fit.js';
import { excludesPatient, rowBelowDoseTaken, rowFit, rowFitsMeasurements, rowForAnotherGroup, startsMedicineTaken } from './patient-fit.js';
import { givesAnotherBandsDose } from './weight-band-rows.js';

export type RemovalReason =
  | 'unknown_citation'
  | 'uncited_recommendation'
  | 'dose_not_in_cited_text'
  | 'off_topic_section'
  | 'section_for_other_population'
  | 'contraindicated_for_patient'
  | 'drug_not_in_cited_text'
  | 'dose_for_other_weight_band'
  | 'row_for_other_measurement'
  | 'prevention_dose_for_condition'
  | 'dose_for_other_measurement'
  | 'dose_for_another_class'
  | 'line_for_other_population'
  | 'dose_treated_in_another_guideline'
  | 'row_below_dose_taken'
  | 'start_of_medicine_taken'
  | 'course_not_started'
  | 'treatment_of_illness_to_prevent'
  | 'prevention_of_another_illness'
  | 'test_already_done'
  | 'line_for_another_form';

/** What the check knows about the patient's fit, from plan-fit.ts. */
interface PatientFit {
  demographics: Demographics;
  /** The findings, for prohibitions that name a test result ("a person with a negative RDT"). */
  findings: readonly Finding[];
  /** The diagnoses, for prohibitions that name a condition ("do not try to treat severe anaemia with iron"). */
  conditions: readonly string[];
  weightKg: number | undefined;
  /** What the health worker measured (MUAC, haemoglobin, glucose, blood pressure), for a quoted table row. */
  measured: readonly Measurement[];
  offTopic: ReadonlySet<string>;
  otherPopulation: ReadonlySet<string>;
  forbidden: readonly ForbiddenDrug[];
  /** Labels of sections whose every medicine is forbidden for her: their treatment lines are too. */
  onlyForbidden: ReadonlySet<string>;
  /** Labels of sections on preventing the illness she has, or whose preventive treatment a symptom rules out: their doses are not hers. */
  preventionOfHerCondition: ReadonlySet<string>;
  /** Labels of sections that send the treatment of her illness to another guideline: their doses are for others. */
  treatedElsewhere: ReadonlySet<string>;
  /** Sections treating the illness a question about prevention asks to prevent, for a patient found not to have it. */
  treatsWhatSheAsksToPrevent: ReadonlySet<string>;
  /** Sections preventing another illness than the one a question about prevention names. */
  preventsAnotherIllness: ReadonlySet<string>;
  /** Labels of sections whose every stated range leaves out what she measured: their doses are for other readings. */
  otherMeasurements: ReadonlySet<string>;
  /** Labels of sections for her own band that refer her for treatment: the other sections' medicines are not hers. */
  referringOwnBand: ReadonlySet<string>;
  /** Per label, the section's lines under a sub-heading for other patients (comparable text). */
  linesForOthers: ReadonlyMap<string, readonly string[]>;
}

export interface PlanCheckResult {
  /** The draft with failing lines removed, unknown labels dropped, in the same neutral markup. */
  text: string;
  /** Recommendation lines (bullets, sentences) that passed. */
  kept: number;
  removed: Array<{ line: string; reason: RemovalReason }>;
  /** Labels of retrieved sections cited by kept lines, in label order. */
  citedLabels: string[];
  /** Labels cited in the draft that name no retrieved section (dropped wherever they appeared). */
  unknownLabels: string[];
  /** Drugs a retrieved section forbids for this patient (empty without demographics). */
  forbidden: ForbiddenDrug[];
}

type DraftLine =
  | { kind: 'blank' }
  | { kind: 'heading'; text: string }
  | { kind: 'item'; text: string }
  | { kind: 'paragraph'; sentences: string[] };

/**
 * Checks a drafted Assessment & Plan against the sections it may cite. Headings (a line that is only
 * **bold**, with no dose and no citation) pass. Every other bullet, and every sentence of a paragraph,
 * must cite a retrieved section as [Sn], and every dose it states must appear in one of the sections
 * it cites; a unit that fails is removed, labels naming no retrieved section are dropped, and headings
 * left empty by the removals go too. With the patient's demographics it also removes a unit that cites
 * only off-topic sections, a treatment line that cites only sections written for another population,
 * and any unit naming a drug a retrieved section forbids for this patient (plan-fit.ts), unless the unit
 * itself forbids it for her ("lisinopril must not be used in pregnancy").
 */
export function checkPlanDraft(draft: string, sections: readonly LabelledSection[], demographics?: Demographics, findings: readonly Finding[] = [], conditions: readonly string[] = []): PlanCheckResult {
  const byLabel = new Map(sections.map((s) => [s.label.toUpperCase(), s]));
  const forbidden = demographics ? forbiddenDrugs(sections, demographics, findings, conditions) : [];
  const measured = measurementsReported(findings);
  const fit: PatientFit | undefined = demographics
    ? {
        demographics,
        findings,
        conditions,
        weightKg: demographics.weightKg,
        measured,
        offTopic: new Set(sections.filter((s) => sectionOffTopic(s.section, demographics)).map((s) => s.label.toUpperCase())),
        otherPopulation: new Set(sections.filter((s) => sectionForOtherPopulation(s.section, demographics)).map((s) => s.label.toUpperCase())),
        forbidden,
        onlyForbidden: new Set(sections.filter((s) => namesOnlyForbiddenDrugs(s.section, forbidden)).map((s) => s.label.toUpperCase())),
        preventionOfHerCondition: new Set(sections.filter((s) => preventsConditionSheHas(s.section, conditions, findings)).map((s) => s.label.toUpperCase())),
        treatedElsewhere: new Set(sections.filter((s) => sendsHerTreatmentElsewhere(s.section, conditions)).map((s) => s.label.toUpperCase())),
        treatsWhatSheAsksToPrevent: new Set(sections.filter((s) => treatsIllnessAskedToPrevent(s.section, conditions, findings)).map((s) => s.label.toUpperCase())),
        preventsAnotherIllness: new Set(sections.filter((s) => preventsAnotherIllness(s.section, conditions)).map((s) => s.label.toUpperCase())),
        otherMeasurements: new Set(sections.filter((s) => sectionForOtherMeasurements(s.section, measured)).map((s) => s.label.toUpperCase())),
        referringOwnBand: new Set(sections.filter((s) => refersHerBandForTreatment(s.section, demographics)).map((s) => s.label.toUpperCase())),
        linesForOthers: new Map(sections.map((s) => [s.label.toUpperCase(), linesForOtherPatients(s.section, demographics, conditions, findings)])),
      }
    : undefined;
  const supportedDoses = new Map<string, Set<string>>();
  const dosesOf = (label: string): Set<string> => {
    let set = supportedDoses.get(label);
    if (!set) {
      set = dosesInText(byLabel.get(label)?.section.text ?? '');
      supportedDoses.set(label, set);
    }
    return set;
  };

  // The medicines the draft itself starts (a treatment line that passes the check): a line presupposing
  // a course she is not taking ("give the next dose of amoxicillin") is hers only when one of them.
  // Each unit is judged once: the pre-pass and the check below read the same verdict.
  const verdicts = new Map<string, UnitVerdict>();
  const verdictOf = (unit: string): UnitVerdict => {
    let verdict = verdicts.get(unit);
    if (!verdict) verdicts.set(unit, (verdict = checkRecommendation(unit, byLabel, dosesOf, fit)));
    return verdict;
  };
  const draftUnits = parseDraft(draft).flatMap((l) => (l.kind === 'item' ? [l.text] : l.kind === 'paragraph' ? l.sentences : []));
  const started = new Set(
    draftUnits.filter((u) => isTreatmentLine(u) && coursePresupposed(u, findings).length === 0 && !verdictOf(u).reason).flatMap((u) => [...drugsNamed(u)]),
  );

  const removed: PlanCheckResult['removed'] = [];
  const cited = new Set<string>();
  const unknown = new Set<string>();
  let kept = 0;

  const checkUnit = (unit: string): string | null => {
    const verdict = verdictOf(unit);
    for (const label of verdict.unknownLabels) unknown.add(label);
    if (verdict.reason) {
      removed.push({ line: unit, reason: verdict.reason });
      return null;
    }
    if (verdict.text === null) return null;
    if (fit && coursePresupposed(unit, findings).some((drug) => !started.has(drug))) {
      removed.push({ line: unit, reason: 'course_not_started' });
      return null;
    }
    kept += 1;
    for (const label of verdict.labels) cited.add(label);
    return verdict.text;
  };

  // Each output block remembers whether the draft had content there, so only headings emptied by
  // the check are dropped; a heading the writer left empty on purpose is not ours to judge.
  const out: Array<{ kind: 'blank' } | { kind: 'heading'; text: string; hadContent: boolean; keptContent: boolean } | { kind: 'text'; text: string }> = [];
  let currentHeading: { hadContent: boolean; keptContent: boolean } | null = null;
  for (const line of parseDraft(draft)) {
    if (line.kind === 'blank') {
      out.push(line);
      continue;
    }
    if (line.kind === 'heading') {
      const heading = { kind: 'heading' as const, text: line.text, hadContent: false, keptContent: false };
      out.push(heading);
      currentHeading = heading;
      continue;
    }
    const units = line.kind === 'item' ? [line.text] : line.sentences;
    const keptUnits = units.map(checkUnit).filter((u): u is string => u !== null);
    if (currentHeading) {
      currentHeading.hadContent ||= units.length > 0;
      currentHeading.keptContent ||= keptUnits.length > 0;
    }
    if (keptUnits.length === 0) continue;
    out.push({ kind: 'text', text: keptUnits.join(' ') });
  }

  const lines = out
    .filter((l) => !(l.kind === 'heading' && l.hadContent && !l.keptContent))
    .map((l) => (l.kind === 'blank' ? '' : l.text));
  return { text: tidy(lines), kept, removed, citedLabels: sortLabels(cited), unknownLabels: sortLabels(unknown), forbidden: [...(fit?.forbidden ?? [])] };
}

interface UnitVerdict {
  /** The unit with unknown labels dropped; null when the unit is empty of substance. */
  text: string | null;
  labels: string[];
  unknownLabels: string[];
  reason?: RemovalReason;
}

function checkRecommendation(
  unit: string,
  byLabel: ReadonlyMap<string, LabelledSection>,
  dosesOf: (label: string) => Set<string>,
  fit: PatientFit | undefined,
): UnitVerdict {
  const groups = [...unit.matchAll(CITATION_GROUP)];
  const cited = groups.flatMap((g) => labelsInGroup(g[0]).map((l) => l.toUpperCase()));
  const valid = sortLabels(cited.filter((l) => byLabel.has(l)));
  const unknownLabels = sortLabels(cited.filter((l) => !byLabel.has(l)));
  const substance = unit.replace(CITATION_GROUP, '');
  if (!/[\p{L}\p{N}]/u.test(substance)) return { text: null, labels: [], unknownLabels };
  if (cited.length === 0) return { text: null, labels: [], unknownLabels, reason: 'uncited_recommendation' };
  if (valid.length === 0) return { text: null, labels: [], unknownLabels, reason: 'unknown_citation' };

  const row = fit ? quotedRow(substance) : null;
  if (fit) {
    const onTopic = valid.filter((label) => !fit.offTopic.has(label));
    if (onTopic.length === 0) return { text: null, labels: [], unknownLabels, reason: 'off_topic_section' };
    if (givesForbiddenDrug(substance, fit.forbidden, fit.demographics, fit.findings, fit.conditions)) return { text: null, labels: [], unknownLabels, reason: 'contraindicated_for_patient' };
    // "Give the dose ..." whose dose, in the cited section, is the forbidden medicine's.
    if (onTopic.some((label) => { const cited = byLabel.get(label); return cited !== undefined && givesForbiddenDrugBefore(substance, cited.section, fit.forbidden); })) {
      return { text: null, labels: [], unknownLabels, reason: 'contraindicated_for_patient' };
    }
    // A dose or "give it" from a section about nothing but medicines forbidden for her, naming none of them.
    if (isTreatmentLine(substance) && onTopic.every((label) => fit.onlyForbidden.has(label)) && !warnsAgainstForbidden(substance, fit.forbidden, fit.demographics, fit.findings, fit.conditions)) {
      return { text: null, labels: [], unknownLabels, reason: 'contraindicated_for_patient' };
    }
    // A quoted row for her own age or weight band stays ("6 years and older ... Do not give at community
    // level; refer immediately", from a section written for younger children).
    if (
      givesTreatmentHere(substance) &&
      onTopic.every((label) => fit.otherPopulation.has(label)) &&
      !(row && rowFit(row, fit.demographics) === 'fits') &&
      !warnsAgainstForbidden(substance, fit.forbidden, fit.demographics, fit.findings, fit.conditions)
    ) {
      return { text: null, labels: [], unknownLabels, reason: 'section_for_other_population' };
    }
    // A line evidently about other patients, as the extractive plan reads it ("After birth, women who had
    // gestational diabetes should be tested again" for a man; "aged 2 to 59 months" for an adult). A quoted
    // row is judged by its band below.
    if (!row && excludesPatient(substance, fit.demographics)) return { text: null, labels: [], unknownLabels, reason: 'line_for_other_population' };
    // A quoted row whose group is other patients ("Group: Children weighing 20 to 29.9 kg" for a man of 41).
    if (row && rowForAnotherGroup(row, fit.demographics)) return { text: null, labels: [], unknownLabels, reason: 'line_for_other_population' };
    // "At enrolment, give a course of amoxicillin" for a child weeks into home treatment.
    if (doneAtEnrolment(substance, fit.conditions, fit.findings)) return { text: null, labels: [], unknownLabels, reason: 'line_for_other_population' };
    // "Offer an HIV test to every person with presumptive or confirmed TB" for a man on TLD; "A pregnant
    // woman with fever should be tested for malaria" for a woman whose RDT is positive.
    if (asksForTestAlreadyDone(substance, fit.conditions, fit.findings)) return { text: null, labels: [], unknownLabels, reason: 'test_already_done' };
    // "People with type 1 diabetes need insulin from diagnosis" for a man with type 2.
    if (lineForAnotherTypeOfDiabetes(substance, fit.conditions)) return { text: null, labels: [], unknownLabels, reason: 'line_for_another_form' };
    // Table 3.2's "4.5 to <9 kg" row for a girl of 4.5 kg whose own section ("Infants weighing less than 5 kg") refers her.
    if (fit.referringOwnBand.size > 0 && !valid.some((label) => fit.referringOwnBand.has(label)) && givesMedicineHere(substance)) {
      return { text: null, labels: [], unknownLabels, reason: 'line_for_other_population' };
    }
    // "To prevent anaemia, every pregnant woman without anaemia should take ..." for a woman with anaemia.
    if (lineForPeopleWithoutHerIllness(substance, fit.conditions, fit.findings)) return { text: null, labels: [], unknownLabels, reason: 'line_for_another_form' };
    // A line quoted from under a sub-heading for other patients ("Older adults: ... avoid glibenclamide" for a man of 55).
    const quoted = comparable(substance).replace(/^[-*•]\s*/, '').replace(/[\s.]+$/, '');
    if (quoted.length >= 20 && onTopic.some((label) => (fit.linesForOthers.get(label) ?? []).some((line) => line.includes(quoted)))) {
      return { text: null, labels: [], unknownLabels, reason: 'line_for_other_population' };
    }
  }
  const doses = findDoses(substance);
  const supported = new Set(valid.flatMap((label) => [...dosesOf(label)]));
  if (doses.some((dose) => !doseSupported(dose, supported))) {
    return { text: null, labels: [], unknownLabels, reason: 'dose_not_in_cited_text' };
  }
  // A medicine the line names must be named by a section it cites: a citation is a claim of support.
  const citedText = valid.map((label) => byLabel.get(label)?.section.text ?? '').join('\n');
  const named = drugsNamed(citedText);
  if ([...drugsNamed(substance)].some((drug) => !named.has(drug))) {
    return { text: null, labels: [], unknownLabels, reason: 'drug_not_in_cited_text' };
  }
  if (fit?.weightKg !== undefined && givesAnotherBandsDose(substance, valid.map((label) => byLabel.get(label)?.section.text ?? ''), fit.weightKg)) {
    return { text: null, labels: [], unknownLabels, reason: 'dose_for_other_weight_band' };
  }
  // A quoted row of a dosing table for another age band, her weight not known ("Weight (age as a guide):
  // Less than 5 kg (under 6 months)" for a man of 38), or for another weight band by its own cells.
  if (fit && row && rowFit(row, fit.demographics) === 'other_band') {
    return { text: null, labels: [], unknownLabels, reason: 'dose_for_other_weight_band' };
  }
  // A quoted row of a classification table whose MUAC, haemoglobin or blood pressure band is not hers.
  if (fit && row && rowFitsMeasurements(row, fit.measured) === 'other_band') {
    return { text: null, labels: [], unknownLabels, reason: 'row_for_other_measurement' };
  }
  // A quoted row classifying her value as a class her diagnosis is not ("Classification: Moderate acute malnutrition" for complicated SAM).
  if (fit && row && rowForAnotherClass(row, fit.conditions)) {
    return { text: null, labels: [], unknownLabels, reason: 'row_for_other_measurement' };
  }
  // A titration step below the dose she already takes ("Week 1 (starting dose) ... 500 mg" on 2000 mg a day).
  if (fit && row && rowBelowDoseTaken(substance, row, fit.findings)) {
    return { text: null, labels: [], unknownLabels, reason: 'row_below_dose_taken' };
  }
  // A starting dose of a medicine she already takes ("Start with low doses, such as amlodipine 2.5 mg" on amlodipine 10 mg).
  if (fit && !row && startsMedicineTaken(substance, fit.findings)) {
    return { text: null, labels: [], unknownLabels, reason: 'start_of_medicine_taken' };
  }
  // Amounts to give, not concentrations: "below 11 g/dL" is a threshold the rules below leave alone.
  const given = dosesGiven(substance);
  // A prevention dose given to a patient who has the illness: a row for prevention only, or a dose
  // citing only sections on preventing her illness.
  // A prevention medicine named without a dose is still prevention ("receive intermittent preventive
  // treatment with sulfadoxine-pyrimethamine" for a woman with malaria).
  const givesMedicine = given.length > 0 || (drugsNamed(substance).size > 0 && isTreatmentLine(substance));
  if (fit && ((row && rowForPreventionOnly(row, fit.conditions)) || (givesMedicine && valid.every((label) => fit.preventionOfHerCondition.has(label))))) {
    return { text: null, labels: [], unknownLabels, reason: 'prevention_dose_for_condition' };
  }
  // "Every pregnant woman should take ... 30 to 60 mg of elemental iron" from a section whose treatment
  // doses for anaemia "are in the sample anaemia guideline", for a woman with anaemia.
  // "She is treated with artemether-lumefantrine" from "Uncomplicated malaria in the first trimester" for a
  // question about preventing malaria, with no positive test.
  if (fit && isTreatmentLine(unit) && !namesPrevention(unit) && valid.length > 0 && valid.every((label) => fit.treatsWhatSheAsksToPrevent.has(label))) {
    return { text: null, labels: [], unknownLabels, reason: 'treatment_of_illness_to_prevent' };
  }
  // Sulfadoxine-pyrimethamine from "Preventing malaria in pregnancy" for "prevention of postpartum haemorrhage".
  if (fit && isTreatmentLine(unit) && valid.length > 0 && valid.every((label) => fit.preventsAnotherIllness.has(label))) {
    return { text: null, labels: [], unknownLabels, reason: 'prevention_of_another_illness' };
  }
  if (fit && given.length > 0 && valid.every((label) => fit.treatedElsewhere.has(label))) {
    return { text: null, labels: [], unknownLabels, reason: 'dose_treated_in_another_guideline' };
  }
  // "An adult with some dehydration needs ORS ... 75 ml per kg" in a plan for no dehydration.
  if (fit && fit.conditions.length > 0 && given.length > 0 && fit.conditions.every((c) => lineForAnotherClassOrForm(substance, c))) {
    return { text: null, labels: [], unknownLabels, reason: 'dose_for_another_class' };
  }
  // "Give nifedipine immediate-release 10 mg" from "Severe hypertension in pregnancy" (160/110 mmHg or more) for 150/100.
  if (fit && given.length > 0 && valid.every((label) => fit.otherMeasurements.has(label))) {
    return { text: null, labels: [], unknownLabels, reason: 'dose_for_other_measurement' };
  }
  const text = unknownLabels.length === 0 ? unit : withoutUnknownLabels(unit, byLabel);
  return { text, labels: valid, unknownLabels };
}

/** The cells of a table row a line quotes ("- Table 5.1 Caption: Age: 6 years and older; ..."), if it is one. */
function quotedRow(line: string): ReadonlyMap<string, string> | null {
  return tableCells(line.trim().replace(/^(?:-|\d{1,2}[.)])\s+/, '').replace(/^Table\s+[\dA-Z]+(?:\.\d+)*[^:]*:\s*/, ''));
}

function withoutUnknownLabels(unit: string, byLabel: ReadonlyMap<string, LabelledSection>): string {
  return unit
    .replace(new RegExp(`\\s*${CITATION_GROUP.source}`, 'gi'), (group) => {
      const known = [...new Set(labelsInGroup(group.trim()).map((l) => l.toUpperCase()))].filter((l) => byLabel.has(l));
      return known.length === 0 ? '' : ` ${formatCitation(known)}`;
    })
    .replace(/\s+([.,;:!?])/g, '$1')
    .trim();
}

const BOLD_ONLY = /^\*\*(?=\S)([^*]*\S)\*\*\s*:?$/;

/** Reads the draft into headings, list items and paragraphs, accepting the markdown a model may use. */
function parseDraft(draft: string): DraftLine[] {
  return draft
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((raw): DraftLine => {
      let line = raw.trim();
      if (line === '') return { kind: 'blank' };
      const markdownHeading = /^#{1,6}\s+(.+?)\s*#*$/.exec(line);
      if (markdownHeading) line = `**${(markdownHeading[1] ?? '').replace(/\*\*/g, '')}**`;
      line = line.replace(/^[*•+]\s+/, '- ');
      const heading = BOLD_ONLY.exec(line);
      if (heading && line.search(CITATION_GROUP) < 0 && findDoses(line).length === 0) return { kind: 'heading', text: line };
      if (/^(?:-|\d{1,2}[.)])\s+/.test(line)) return { kind: 'item', text: line };
      return { kind: 'paragraph', sentences: splitSentences(line) };
    });
}

/** Joins lines, with at most one blank line between blocks and none at either end. */
function tidy(lines: string[]): string {
  return lines
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}
