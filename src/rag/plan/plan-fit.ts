import { symptomaticTbContact } from '../../patient/tb-symptom-screen.js';
import { medicinesTaken, type Demographics, type Finding } from '../../patient/findings.js';
import { namesDiarrhoea, namesDysentery } from '../../patient/dehydration.js';
import { TYPE_1_DIABETES, TYPE_2_DIABETES } from '../../patient/diabetes-type.js';
import { DURING_TREATMENT_HEADING, ILLNESS_BACK_HEADING, illnessBackAfterCourseIn, noCourseStated, timeSinceCourseFits } from '../../patient/illness-returned.js';
import { livesWithHiv } from '../../patient/hiv-status.js';
import { malnutritionTreatmentCourse } from '../../patient/malnutrition-treatment-course.js';
import { namesPregnancy, pregnancyStatus, writtenForNonPregnant } from '../../patient/pregnancy.js';
import { withoutNegatedPhrases } from '../../patient/negation.js';
import { namesInconclusiveResult, reportsPositiveTest, reportsPositiveTestFor, resultPolarity, type ResultPolarity } from '../../patient/test-result.js';
import type { CitedSection } from '../guideline-section.js';
import type { LabelledSection } from '../plan-writer.js';
import { sectionFitsPatient, writtenForPregnancyOnly } from '../population-fit.js';
import { findDoses } from './doses.js';
import { forbiddenByRowCells, forbiddenOutsideOnlyGroup, forbiddenToGroupSubject, inProhibitedGroup, prohibitionClauses } from './group-prohibitions.js';
import { populationsNamed } from './population-groups.js';
import { lineForSubgroupSheIsNotIn } from './subgroup-lines.js';
import { excludesPatient, linesForOlderPatients, statedBandExcludes, statedBandHolds } from './patient-fit.js';
import { DRUG_CLASSES, drugClassesNamed, drugsAllergicTo, drugsNamed, drugsTaken, medicineCalled, medicinesAndClassMembersNamed } from './drug-names.js';
import { isSubheading, sectionBody, sectionUnits, splitSentences, type SectionUnit } from './section-text.js';
import { normaliseQueryText } from '../normalise-query.js';
import { asksForPrevention, preventionSection } from '../section-role.js';
import { measuredFit, type Measurement } from '../number-fit.js';
import { conditionWords, sameWord, sectionIsAbout } from '../condition-coverage.js';
import { conditionConcepts } from '../condition-words.js';

/**
 * Whether plan lines may come from a section for this patient, and which drugs the retrieved sections
 * forbid for her. Shared by the extractive plan and the check of a drafted plan, so both plan modes
 * obey the same rules:
 * - a section that is off-topic for any diagnosis (storing test kits, training, stock) gives no line;
 * - a section written for another population (see population-fit.ts), or for people who are "not
 *   pregnant" when she is pregnant, gives no treatment line;
 * - a drug that a retrieved section says is not to be given to her population ("do not give
 *   artesunate-amodiaquine ... during the first 13 weeks", "do not give X to children under 5 kg",
 *   "X is not given to pregnant women") never appears in a line.
 */

const OFF_TOPIC_TITLE = /\b(?:stor(?:ing|age)|stock|supplies|supply chain|training|supervis\w*|reporting|record[- ]keeping|registers?)\b/i;
const TRIMESTER_WORKUP_TITLE = /\bworking out the trimester\b|\bdating the pregnancy\b/i;
const PREGNANCY_TITLE = /\b(?:pregnan\w*|trimesters?|antenatal)\b/i;
const TREATMENT = /\b(?:treat(?:ed|ment)? with|takes?|receives?|give|given|dose|tablets?|course|prescribe|ACT)\b/i;

/** True when no line of the plan should come from this section (its subject is not patient care). */
export function sectionOffTopic(section: Pick<CitedSection, 'sectionPath'>, d: Demographics): boolean {
  const title = lastTitle(section.sectionPath);
  if (OFF_TOPIC_TITLE.test(title)) return true;
  // How to find the trimester is no plan line once she has given it.
  return TRIMESTER_WORKUP_TITLE.test(title) && trimesterGiven(d);
}

const TRIMESTER_WORKUP_LINE = /\bwork(?:ing)? out the trimester\b|\blast menstrual period\b|\bask whether (?:a|the) woman is pregnant\b/i;

/** True when a line asks for the pregnancy or trimester the health worker has already given ("Ask whether a woman is pregnant and work out the trimester"). */
export function asksForGivenTrimester(line: string, d: Demographics): boolean {
  return TRIMESTER_WORKUP_LINE.test(line) && trimesterGiven(d);
}

function trimesterGiven(d: Demographics): boolean {
  return pregnancyStatus(d).state === 'pregnant' && (d.trimester !== undefined || d.gestationWeeks !== undefined);
}

/**
 * True when the section is written for a population this patient is not in: by its titles, by saying it
 * is for people who are not pregnant, or by opening with its medicine given to others ("... children aged
 * 3 to 59 months receive seasonal malaria chemoprevention: ... sulfadoxine-pyrimethamine plus
 * amodiaquine" is not a plan for a pregnant woman; "rectal artesunate is given by CHWs to children aged 2
 * months up to 6 years" not for a man of 40).
 */
export function sectionForOtherPopulation(section: Pick<CitedSection, 'sectionPath' | 'text' | 'titlePath'>, d: Demographics): boolean {
  if (!sectionFitsPatient(section.sectionPath, d)) return true;
  if (opensForOtherPopulation(section, d)) return true;
  if (pregnancyStatus(d).state !== 'pregnant' || PREGNANCY_TITLE.test(section.sectionPath)) return false;
  return writtenForNonPregnant(sectionBody(section));
}

/**
 * True when the section's first sentence gives a medicine to a population this patient is not in, or,
 * in a section whose heading names a group of people, states an age or weight band for it that she is
 * outside: "Hypertension in older adults" opens "Treating hypertension in people aged 65 years and older
 * ...", and its "Start with low doses, such as amlodipine 2.5 mg" is not for a man of 60. A band in a
 * section not headed for a group may be one clause's ("a teaspoonful ... for a child under 2 years").
 */
function opensForOtherPopulation(section: Pick<CitedSection, 'text' | 'titlePath'>, d: Demographics): boolean {
  const first = splitSentences(sectionBody(section).split('\n').find((line) => line.trim() !== '') ?? '')[0] ?? '';
  if (drugsNamed(first).size > 0 && excludesPatient(first, d)) return true;
  return HEADING_FOR_A_GROUP.test(section.titlePath.split(' > ').at(-1) ?? '') && statedBandExcludes(first, d);
}

/** A heading that names the people it is written for ("Hypertension in older adults", "Treating children"). */
const HEADING_FOR_A_GROUP = /\b(?:older (?:adults|people|persons|patients)|elderly|adults?|adolescents?|children|child|infants?|newborns?|women|men|girls|boys)\b/i;

/**
 * A treatment line that gives the treatment rather than sending the patient on for it: "Older children and
 * adults are referred for injectable artesunate" is a referral for anyone, even in a section written for
 * younger children.
 */
export function givesTreatmentHere(text: string): boolean {
  return isTreatmentLine(text) && !REFERS.test(text);
}

const REFERS = /\brefer(?:s|red|ral)?\b/i;

/** A line that recommends a treatment: a dose, or a medicine given, taken or received. */
export function isTreatmentLine(text: string): boolean {
  return findDoses(text).length > 0 || TREATMENT.test(text);
}

export interface ForbiddenDrug {
  /** The drug as the section names it, lower case ("artesunate-amodiaquine"). */
  drug: string;
  /** Label of the section that forbids it. */
  label: string;
  /** Forbidden only until the birth ("Never give misoprostol before all babies are born"): given after it, it is hers. */
  untilBirth?: boolean;
  /** Forbidden by an allergy the findings state, not by a section: the allergen as the health worker said it ("penicillin"). */
  allergen?: string;
}

/** A prohibition that lasts until the birth: "before all babies are born", "before delivery". */
const BEFORE_BIRTH = /\bbefore (?:all )?(?:the )?bab(?:y|ies) (?:is |are )?born\b|\bbefore (?:delivery|birth)\b/i;
/** A line that gives its medicine once the baby is born: "immediately after the baby is born", "after delivery". */
const GIVEN_AFTER_BIRTH = /\bafter (?:the |all )?(?:baby|babies) (?:is |are |has been |have been )?born\b|\bafter (?:the )?(?:birth|delivery)\b/i;

const PROHIBITION = /\b(?:do not|don't|never|must not|should not)\s+(?:give|use|prescribe|start|offer|receive)\s+([^.;:]+?)(?=\s*,?\s*(?:(?:and|but)\s+)?(?:do not|don't|never|must not|should not)\b|[.;:]|$)/gi;
const PASSIVE_PROHIBITION = /\b([a-z][a-z-]+(?:[ -][a-z]+)?)(?:\s*\([^)]*\))?(?:,[^,]{1,80},)?\s+(?:is|are)\s+not\s+(?:to be\s+)?(?:given|used|recommended|safe)(?:\s+(?:at home|at community level|in the community|by (?:the )?(?:chws?|health workers?|community health workers?)))?\s+((?:to|in|for|during)\s+[^.;]+)/gi;
const MODAL_PROHIBITION = /\b(?:must|should)\s+not\s+be\s+(?:given|used|prescribed|taken|started|offered)\b\s*((?:to|in|for|during|before)\b[^.;,]*)?/gi;
const OBJECT_END = /\s+\b(?:to|during|in|before|for|until|if|because|while|unless|with|at|when|after|as)\b.*$/;
// "... to a child with SAM who is receiving RUTF, or to a child with sickle cell disease": the second
// population is not a medicine, so a piece that starts with a preposition names none.
const NOT_A_DRUG = /^(?:other|another|any|more|extra|the|this|that|it|them|anything|medicines?|tablets?|treatment|drugs?|doses?|food|fluids?|up|a|an|to|in|for|during|before|with|at|when|after|as|if|unless|until|because|while)\b/;

/**
 * The drugs the sections forbid for this patient's population: pregnancy or trimester, age, weight, and
 * the result of a test she has had ("a person with a negative RDT should not receive antimalarial
 * medicine").
 */
export function forbiddenDrugs(sections: readonly LabelledSection[], d: Demographics, findings: readonly Finding[] = [], conditions: readonly string[] = []): ForbiddenDrug[] {
  const found: ForbiddenDrug[] = [];
  const infected = hasInfectionItPrevents(findings, conditions);
  for (const { label, section } of sections) {
    // The heading a passage is under: the section's own, or a subsection's heading line in its text.
    let heading = lastTitle(section.sectionPath);
    for (const line of sectionBody(section).split('\n')) {
      if (isSubheading(line)) {
        heading = line.trim();
        continue;
      }
      for (const drug of [...rowMedicineAvoided(line, findings), ...forbiddenByRowCells(line, d)]) found.push({ drug, label });
      for (const clause of splitSentences(line).flatMap(prohibitionClauses)) {
        const untilBirth = BEFORE_BIRTH.test(clause) && !/\bpregnan/i.test(clause);
        const forbidden = [...drugsForbiddenIn(clause, d, findings, conditions), ...drugsReplacedIn(clause, heading, d, findings), ...forbiddenToGroupSubject(clause, d), ...forbiddenOutsideOnlyGroup(clause, d)];
        for (const drug of forbidden) found.push({ drug, label, ...(untilBirth ? { untilBirth } : {}) });
      }
    }
    if (infected) for (const drug of drugsNamed(sectionBody(section))) if (HIV_PREVENTION.has(drug)) found.push({ drug, label });
  }
  // Whatever the sections say, nothing she is allergic to: "allergic to penicillin" rules out amoxicillin.
  // ... and said in the diagnosis too: "dx: AOM, allergic to penicillin".
  const saidInDiagnosis = conditions.map((value): Finding => ({ category: 'history', value }));
  for (const { drug, allergen } of drugsAllergicTo([...findings, ...saidInDiagnosis])) found.push({ drug, label: '', allergen });
  // A forbidden class forbids each of its medicines, however the line names it; a short form ("IPTp-SP")
  // forbids the medicine it stands for.
  return withEveryName(found);
}

/** What prevents HIV infection: PrEP before an exposure, PEP after one. */
const HIV_PREVENTION = new Set(['prep', 'pre-exposure prophylaxis', 'pep', 'post-exposure prophylaxis']);

/**
 * Pre- and post-exposure prophylaxis are for "people who do not have HIV" ("Before starting, an HIV test must be
 * negative on the same day", HIV sample ch8): never for a patient with a positive HIV test or a diagnosis
 * of HIV infection. The quick dose reference ("Oral PrEP: tenofovir 300 mg with emtricitabine 200 mg")
 * states it without the population.
 */
function hasInfectionItPrevents(findings: readonly Finding[], conditions: readonly string[]): boolean {
  if (reportedResult(findings, 'hiv test') === 'positive') return true;
  return conditions.some((dx) => /\bhiv\b/i.test(dx) && !/\b(?:exposed|exposure|negative|prevention|prep|pep|test(?:ing)?|risk)\b/i.test(dx));
}

/** The drugs one clause says are not to be given to a population this patient is in. */
function drugsForbiddenIn(clause: string, d: Demographics, findings: readonly Finding[], conditions: readonly string[]): string[] {
  const lower = clause.toLowerCase();
  const drugs: string[] = [];
  // "Do not try to treat severe anaemia with iron at home": a population defined by the diagnosis.
  for (const m of lower.matchAll(TREATMENT_PROHIBITION)) {
    if (conditionNamedApplies(m[1] ?? '', conditions)) drugs.push(...drugsIn(m[2] ?? ''), ...drugsNamed(m[2] ?? ''));
  }
  for (const m of lower.matchAll(PROHIBITION)) {
    const object = m[1] ?? '';
    // "Do not give amoxicillin dispersible tablets at home to a young infant": the medicine by its name too,
    // read in the clause's own case, since short forms are ("Do not use AS-AQ for a child who ...").
    const start = (m.index ?? 0) + m[0].indexOf(object);
    const named = clause.slice(start, start + object.length).replace(OBJECT_END, '');
    if (prohibitionApplies(`${object} ${lower}`, d, findings)) drugs.push(...drugsIn(object), ...drugsNamed(named));
  }
  for (const m of lower.matchAll(PASSIVE_PROHIBITION)) {
    if (prohibitionApplies(m[2] ?? '', d, findings)) drugs.push(...drugsIn(m[1] ?? ''));
  }
  // "A child with wheeze should not be given antibiotics for pneumonia before the response to a
  // bronchodilator has been checked": the population is the subject, the medicine the object; once what
  // must come first has been done (a bronchodilator given), the prohibition has run its course.
  for (const m of lower.matchAll(POPULATION_NOT_GIVEN)) {
    if (!withConditionsStated(`with ${m[1] ?? ''}`, findings) || doneFirst(lower.slice(m.index), findings)) continue;
    drugs.push(...drugsNamed(m[2] ?? ''), ...drugClassesNamed(m[2] ?? ''));
  }
  // "ACE inhibitors and angiotensin receptor blockers must not be used in pregnancy": the subject
  // may be long, so only the medicines and classes it names count.
  for (const m of lower.matchAll(MODAL_PROHIBITION)) {
    if (!prohibitionApplies(m[1] ?? '', d, findings)) continue;
    const subject = lower.slice(0, m.index);
    drugs.push(...drugsNamed(subject), ...drugClassesNamed(subject));
  }
  return [...new Set(drugs)];
}

/** "Sulfonylureas are usually replaced with insulin or metformin", "ACE inhibitors must be stopped and replaced". */
const REPLACED = /\b(?:is|are|must be|should be)\s+(?:usually\s+|always\s+)?(?:stopped(?:\s+and\s+replaced)?|replaced|switched)\b/g;

/**
 * The medicines a clause says are replaced or stopped, when the passage it is in is about a population
 * she is in: under "Referral and care in pregnancy", "Sulfonylureas are usually replaced with insulin or
 * metformin" takes gliclazide out of a pregnant woman's plan. The medicines it is replaced with are not
 * forbidden: only the subject, back to the previous comma ("..., and ACE inhibitors must be stopped").
 */
function drugsReplacedIn(clause: string, heading: string, d: Demographics, findings: readonly Finding[]): string[] {
  const lower = clause.toLowerCase();
  const drugs: string[] = [];
  for (const m of lower.matchAll(REPLACED)) {
    if (!prohibitionApplies(`${lower} ${heading.toLowerCase()}`, d, findings)) continue;
    const subject = (lower.slice(0, m.index).split(',').at(-1) ?? '').replace(/^\s*and\s+/, '');
    drugs.push(...drugsNamed(subject), ...drugClassesNamed(subject));
  }
  return drugs;
}

/** Forbidden drugs with every name they go by: a class's medicines, a short form's full name. */
function withEveryName(found: readonly ForbiddenDrug[]): ForbiddenDrug[] {
  return withClassMembers(withFullNames(found));
}

function withFullNames(found: readonly ForbiddenDrug[]): ForbiddenDrug[] {
  return found.flatMap((f) => {
    const full = medicineCalled(f.drug);
    return full && full !== f.drug ? [f, { ...f, drug: full }] : [f];
  });
}

function withClassMembers(found: readonly ForbiddenDrug[]): ForbiddenDrug[] {
  const all = found.flatMap((f) => [f, ...drugClassesNamed(f.drug).flatMap((name) => [...(name === f.drug ? [] : [{ ...f, drug: name }]), ...(DRUG_CLASSES[name] ?? []).map((drug) => ({ ...f, drug }))])]);
  // "Iron" is a medicine and its own class: each forbidden once per reason.
  return all.filter((f, i) => all.findIndex((g) => g.drug === f.drug && g.label === f.label && g.allergen === f.allergen && g.untilBirth === f.untilBirth) === i);
}

/** Words that turn a prohibition into a permission for some: "... must not be used in pregnancy, except ...". */
// "... unless iron deficiency has been confirmed at a facility" leaves the prohibition whole for the health
// worker: only a clinician may lift it. So does "refer instead": no other medicine is given.
const EXCEPTION = /\b(?:except|unless(?! [^.;]*\bconfirmed (?:at a facility|by a clinician)\b)|apart from|other than|only if|(?<!\brefer )instead|rather than|but|can be|may be|is safe|are safe)\b/i;

/** A negated verb ("do not give", "must not be used", "is not given"): what a prohibition says. */
const NEGATED_VERB = /\b(?:do not|don't|never|must not|should not|cannot|not)\s+(?:to\s+)?(?:be\s+)?[a-z]+/gi;
/** A verb that recommends a medicine, once the negated verbs are taken out. */
const RECOMMENDS = /\b(?:give|giving|continue|continuing|start|starting|take|use|using|prescribe|keep|restart|resume|add|increase|offer|switch|change)\b/i;
/** "use" as a noun, after what is used or how: "heavy alcohol use", "long-term use", "its use". */
const NOUN_USE = /\b(?:alcohol|drug|substance|tobacco|cannabis|injecting|heavy|harmful|long-term|short-term|prolonged|regular|daily|previous|recent|its|their|the) use\b/gi;

/**
 * True when the line warns against the forbidden drugs it names rather than recommending them: every
 * one of them is forbidden, for a population she is in, by a clause of the line itself ("ACE inhibitors
 * (such as lisinopril) must not be used in pregnancy"), and the line has no dose, no exception and no
 * verb recommending a medicine besides the negated ones. Such a line tells the health worker what her
 * own medicine is not to be; "Do not give lisinopril" with no population, "... in pregnancy; give
 * enalapril instead" or "Continue lisinopril since ARBs must not be used in pregnancy" is not one.
 * "Metformin is not used in people with severe kidney or liver disease ... or heavy alcohol use" is one:
 * that "use" is a noun.
 */
export function warnsAgainstForbidden(text: string, forbidden: readonly ForbiddenDrug[], d: Demographics, findings: readonly Finding[] = [], conditions: readonly string[] = []): boolean {
  const named = forbidden.filter((f) => namesForbiddenDrug(text, [f]));
  if (named.length === 0 || findDoses(text).length > 0 || EXCEPTION.test(text)) return false;
  if (RECOMMENDS.test(text.replace(NEGATED_VERB, ' ').replace(NOUN_USE, ' '))) return false;
  const clauses = splitSentences(text).flatMap(prohibitionClauses);
  const own = new Set(withEveryName(clauses.flatMap((clause) => drugsForbiddenIn(clause, d, findings, conditions)).map((drug) => ({ drug, label: '' }))).map((f) => f.drug));
  return named.every((f) => own.has(f.drug));
}

/** A line that gives what the sentence before it gave, by a word that points back: "Give the dose ...", "Repeat it ...". */
export const GIVES_THE_SAME = /^\s*(?:give|take|repeat|continue)\s+(?:the\s+(?:same\s+)?(?:dose|tablets?|medicine|course)|it|them)\b/i;

/**
 * True for a line that gives, by a word pointing back (GIVES_THE_SAME), the medicine of the sentence
 * before it in the cited section when that medicine is forbidden for her: "Give the dose at an antenatal
 * contact, together with the daily iron" after the first-trimester woman's forbidden deworming dose. The
 * nearest earlier sentence of the section that names a medicine decides. For a drafted plan, whose lines
 * come without the sentences before them.
 */
export function givesForbiddenDrugBefore(line: string, section: Pick<CitedSection, 'text' | 'titlePath'>, forbidden: readonly ForbiddenDrug[]): boolean {
  const text = line.replace(/^\s*[-*•]\s*/, '');
  if (forbidden.length === 0 || !GIVES_THE_SAME.test(text)) return false;
  const sentences = sectionBody(section).split('\n').flatMap((l) => splitSentences(l));
  const wanted = comparable(text).replace(/[\s.]+$/, '');
  const at = sentences.findIndex((sentence) => comparable(sentence).includes(wanted));
  for (let i = at - 1; i >= 0; i -= 1) {
    const sentence = sentences[i] ?? '';
    const named = [...drugsNamed(sentence)];
    if (named.length > 0) return named.every((drug) => namesForbiddenDrug(drug, forbidden));
  }
  return false;
}

/**
 * True when the line names a drug forbidden for her other than to forbid it for her (warnsAgainstForbidden):
 * such a line never reaches a plan. The one rule of both plan modes, the extractive plan and the check
 * of a drafted plan.
 */
export function givesForbiddenDrug(text: string, forbidden: readonly ForbiddenDrug[], d: Demographics, findings: readonly Finding[] = [], conditions: readonly string[] = []): boolean {
  // "Every woman should receive a uterotonic immediately after the baby is born: ... or misoprostol 600
  // micrograms by mouth" keeps "Never give misoprostol before all babies are born" for a woman in labour.
  const applying = GIVEN_AFTER_BIRTH.test(text) ? forbidden.filter((f) => !f.untilBirth) : forbidden;
  return namesForbiddenDrug(text, applying) && !warnsAgainstForbidden(text, forbidden, d, findings, conditions);
}

/**
 * True when every medicine the section names is forbidden for her (and it names one): its treatment
 * lines are about a medicine she must not have even where they do not name it ("The dose is about 10 mg
 * per kg, given once" under "Rectal artesunate dosing" for a child whose RDT is negative).
 */
export function namesOnlyForbiddenDrugs(section: Pick<CitedSection, 'text' | 'titlePath'>, forbidden: readonly ForbiddenDrug[]): boolean {
  const named = drugsNamed(`${section.titlePath}\n${sectionBody(section)}`);
  return named.size > 0 && [...named].every((drug) => namesForbiddenDrug(drug, forbidden));
}

/** True when the line names one of the forbidden drugs (by name, alias, or all parts of a combination). */
export function namesForbiddenDrug(text: string, forbidden: readonly ForbiddenDrug[]): boolean {
  const lower = ` ${text.toLowerCase().replace(/[^a-z0-9/-]+/g, ' ')} `;
  // By any name the vocabulary knows: "PrEP" and "Coartem" name what they stand for. A short form in
  // the wrong case ("give sp") still names it here, where naming it by mistake only leaves a line out.
  const named = drugsNamed(text, true);
  return forbidden.some(({ drug }) => {
    if (named.has(drug)) return true;
    // A whole word, plural or not: "PrEP" is not in "preparing", "iron" is in "iron syrup".
    if (new RegExp(`(?<![a-z0-9])${escapeRegExp(drug)}(?:s|es)?(?![a-z0-9])`).test(lower)) return true;
    const parts = drug.split('-');
    return parts.length > 1 && parts.every((p) => new RegExp(`\\b${p}\\b`).test(lower));
  });
}

/**
 * "A person with a negative RDT", "anyone with a positive malaria test": a population defined by a test
 * result. The test named ("RDT", "malaria test", "HIV test") and the result.
 */
const TEST_RESULT_POPULATION = /\bwith (?:an? )?(negative|positive) ((?:malaria |hiv )?(?:rdt|test|microscopy)(?: result)?)\b/;

/** "Do not (try to) treat <condition> with <medicine>": the condition, and the medicine. */
const TREATMENT_PROHIBITION = /\b(?:do not|don't|never|must not|should not)\s+(?:try to\s+)?treat\s+([a-z][a-z -]{2,60}?)\s+with\s+([^.;:]+?)(?=\s+(?:at home|before|until|unless)\b|[.;:,]|$)/g;

/**
 * True when the condition a prohibition names is a class of a graded classification that one of the
 * patient's diagnoses names ("severe anaemia" for a diagnosis of severe anaemia). A diagnosis naming no
 * class, or another, is not in it: a bare "anaemia" is not forbidden the iron of some pallor.
 */
function conditionNamedApplies(condition: string, conditions: readonly string[]): boolean {
  for (const { classes } of GRADED_CLASSIFICATIONS) {
    const named = classes.flatMap((grade, level) => (grade.diagnosis.test(condition) ? [level] : []));
    if (named.length !== 1) continue;
    return conditions.some((dx) => {
      const stated = classes.flatMap((grade, level) => (grade.diagnosis.test(dx.toLowerCase()) ? [level] : []));
      return stated.length === 1 && stated[0] === named[0];
    });
  }
  return false;
}

/** Whether a prohibition's wording names a population this patient is in. Unknown facts: not applied. */
function prohibitionApplies(text: string, d: Demographics, findings: readonly Finding[]): boolean {
  const tested = TEST_RESULT_POPULATION.exec(text);
  if (tested) return reportedResult(findings, tested[2] ?? '') === tested[1];
  const onMedicine = medicinesOfPopulation(text);
  if (onMedicine.length > 0) {
    const taken = drugsTaken(findings);
    if (onMedicine.some((drug) => taken.has(drug))) return true;
    // "... to a child ... receiving RUTF, or to a child with sickle cell disease": the other population.
    return withConditionsStated(text, findings);
  }
  if (withConditionsStated(text, findings)) return true;
  // "Before the baby is born" is pregnancy; every group a list names counts, not only the first. A bare
  // "children" or "adults" in the clause's wider text is its topic, not the prohibition's population.
  const populations = populationsNamed(text.replace(BEFORE_BIRTH, ' in pregnancy ')).filter((p) => p.some((g) => g.kind !== 'children' && g.kind !== 'adults'));
  return inProhibitedGroup(populations, d);
}

/**
 * "A child with sickle cell disease": a population defined by a condition the health worker reported (a
 * finding, not negated, naming it: "known sickle cell disease"). Only a named condition of two words or
 * more is read; "a child with fever" or "with severe acute malnutrition" are read elsewhere or not at all.
 */
function withConditionsStated(text: string, findings: readonly Finding[]): boolean {
  const stated = findings.filter((f) => !f.negated).map((f) => f.value.toLowerCase()).join(' ; ');
  if (!stated) return false;
  return [...text.matchAll(/\bwith ([a-z][a-z ,-]+?)(?= who\b| unless\b| until\b|\.|;|$)/g)].some((m) =>
    conditionsListed(m[1] ?? '').some((condition) => stated.includes(condition)),
  );
}

/**
 * The conditions of CONDITION_POPULATIONS a list names, each as it names them: "severe kidney or liver
 * disease, heart failure with breathlessness at rest, or heavy alcohol use" names kidney disease, liver
 * disease and heart failure. A severity it states is not read: a condition reported without one is
 * treated as the population's (the cautious reading).
 */
function conditionsListed(list: string): string[] {
  const items = list.split(/\s*,\s*(?:or\s+|and\s+)?|\s+or\s+|\s+and\s+/).map((item) => item.trim()).filter(Boolean);
  const named: string[] = [];
  items.forEach((item, i) => {
    // "kidney or liver disease": "kidney" takes the noun of the item after it.
    const noun = /\b(disease|failure)\b/.exec(items[i + 1] ?? '')?.[1];
    const whole = CONDITION_POPULATIONS.test(item) || !noun ? item : `${item} ${noun}`;
    const found = CONDITION_POPULATIONS.exec(whole)?.[0];
    if (found) named.push(found);
  });
  return named;
}

const POPULATION_NOT_GIVEN = /\b(?:a|an|any)\s+(?:child|person|patient|woman|adult|infant)\s+with\s+([a-z][a-z ,-]*?)\s+(?:should|must)\s+not\s+be\s+given\s+([a-z][a-z -]*?)(?=\s+(?:for|before|until|unless|if|when)\b|[.;,]|$)/g;

/** What a prohibition says must come first, and the findings that say it was done. */
const DONE_FIRST: ReadonlyArray<{ before: RegExp; done: RegExp }> = [
  { before: /\bbefore the response to (?:a|an inhaled) bronchodilator\b/, done: /\b(?:salbutamol|bronchodilator|inhaler|ventolin|puffs?)\b/i },
];

/** True when the clause forbids something only until a step is done, and the findings say it was done. */
function doneFirst(clause: string, findings: readonly Finding[]): boolean {
  const said = findings.filter((f) => !f.negated).map((f) => f.value).join(' ; ');
  return DONE_FIRST.some(({ before, done }) => before.test(clause) && done.test(said));
}

/** The conditions a prohibition's population may name (kept as data): read only when the health worker reported them. */
const CONDITION_POPULATIONS = /\bsickle cell disease\b|\bkidney disease\b|\bliver disease\b|\bheart failure\b|\basthma\b|\bwheeze\b/;

/**
 * The medicine of a table row whose own cell says to avoid it in a condition she was reported to have:
 * "Medicine: Labetalol; Starting dose: 100 mg twice daily; ...; Notes: Avoid in asthma" for a pregnant
 * woman with known asthma (pregnancy sample Table 5.2). The row names its medicine in its "Medicine" cell.
 */
function rowMedicineAvoided(line: string, findings: readonly Finding[]): string[] {
  const medicine = /^\s*Medicine:\s*([^;]+)/i.exec(line)?.[1];
  if (!medicine) return [];
  const stated = findings.filter((f) => !f.negated).map((f) => f.value.toLowerCase()).join(' ; ');
  const avoided = [...line.toLowerCase().matchAll(/\bavoid(?:ed)?\s+in\s+([a-z][a-z ,-]*?)(?=[.;]|$)/g)].some((m) => conditionsListed(m[1] ?? '').some((condition) => stated.includes(condition)));
  return avoided ? [...drugsNamed(medicine)] : [];
}

/**
 * "A woman who takes cotrimoxazole every day", "people taking daily cotrimoxazole": a population defined
 * by a medicine its members take, or took ("a child who received amodiaquine as seasonal malaria
 * chemoprevention in the past four weeks": read whenever it was, the cautious reading). The medicines
 * named after a verb of taking, lower case.
 */
function medicinesOfPopulation(text: string): string[] {
  const found: string[] = [];
  for (const m of text.matchAll(/\b(?:who (?:takes?|is on|are on|receives?|(?:has |have )?received|had|was given)|taking|receiving)\s+(?:daily\s+|regular\s+)?([a-z][a-z-]+)/g)) {
    // The text is lower case here: a short form ("rutf") is read in any case.
    const word = m[1] ?? '';
    found.push(...drugsNamed(word, true));
  }
  return found;
}

/**
 * The result the health worker reported for the test a prohibition names, when every report of it
 * agrees: an RDT or malaria test is read from results naming RDT, malaria, microscopy or a blood film, an HIV test
 * from results naming HIV, "a test" from any result. Undefined when none was reported or they disagree.
 */
function reportedResult(findings: readonly Finding[], test: string): ResultPolarity | undefined {
  const kind = /\bhiv\b/.test(test) ? /\bhiv\b/i : /\b(?:rdt|malaria|microscopy)\b/.test(test) ? /\b(?:m?rdt|malaria|microscopy|blood (?:film|smear|slide)s?)\b/i : /./;
  const results = findings
    .filter((f) => f.category === 'test_result' && !f.negated && kind.test(f.value))
    .map((f) => resultPolarity(f.value));
  const first = results[0];
  return first !== undefined && results.every((r) => r === first) ? first : undefined;
}

function drugsIn(object: string): string[] {
  const pieces: string[] = [];
  // "... for a child taking zidovudine or efavirenz": once a piece names who takes a medicine, the
  // pieces after it are that population's medicines, not the ones forbidden.
  for (const piece of object.split(/,|\bor\b|\band\b|\bnor\b/)) {
    pieces.push(piece.trim().replace(OBJECT_END, '').trim());
    if (medicinesOfPopulation(piece).length > 0) break;
  }
  return pieces.filter((piece) => piece.length >= 4 && piece.split(/\s+/).length <= 3 && !NOT_A_DRUG.test(piece) && /[a-z]{4,}/.test(piece));
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

function lastTitle(sectionPath: string): string {
  const parts = sectionPath.split(' > ');
  return parts[parts.length - 1] ?? '';
}

/**
 * True when the section is written for pregnancy alone, the health worker has not said whether she is
 * pregnant, and the diagnosis names no pregnancy condition: "Severe hypertension in pregnancy" (nifedipine
 * to lower it within the hour) is not a plan for a 50-year-old woman with severe hypertension, whose own
 * guideline says not to bring the pressure down quickly. Retrieval still finds such sections for her (she
 * may be pregnant); a plan is written only from what applies. Said pregnant, or "dx: pre-eclampsia": kept.
 */
export function sectionForUnstatedPregnancy(section: Pick<CitedSection, 'sectionPath'>, d: Demographics, condition: string): boolean {
  return pregnancyStatus(d).state === 'unknown' && writtenForPregnancyOnly(section.sectionPath) && !namesPregnancy(condition);
}

const TEST_TITLE = /\b(?:tests?|rdts?|results?)\b/i;

/**
 * True when the section's own heading is for patients with the other test result than every result
 * the health worker reported: "Managing fever when the test is negative" is not a source for a child
 * whose RDT is positive. With no result, or results both ways, nothing is decided.
 */
export function sectionForAnotherTestResult(section: Pick<CitedSection, 'sectionPath' | 'text' | 'titlePath'>, findings: readonly Finding[]): boolean {
  if (givesForPositiveResult(section, findings)) return true;
  const title = lastTitle(section.sectionPath);
  const heading = TEST_TITLE.test(title) ? resultPolarity(title) : undefined;
  if (heading === undefined) return false;
  const reported = findings.filter((f) => f.category === 'test_result' && !f.negated).map((f) => resultPolarity(f.value));
  return reported.length > 0 && reported.every((result) => result !== undefined && result !== heading);
}

/**
 * True when the section's own heading is for a test whose results disagree ("Inconclusive results": "the
 * test could not give a clear answer ... return for a new test after 14 days") and every result the
 * health worker reported reads the same way: a negative HIV test is not an inconclusive one. Kept when
 * the diagnosis names such a result, when results were reported both ways, or when none was.
 */
export function sectionForClearResult(section: Pick<CitedSection, 'sectionPath'>, findings: readonly Finding[], condition: string): boolean {
  if (!namesInconclusiveResult(lastTitle(section.sectionPath)) || namesInconclusiveResult(condition)) return false;
  const reported = findings.filter((f) => f.category === 'test_result' && !f.negated).map((f) => resultPolarity(f.value));
  return reported.length > 0 && reported.every((r) => r !== undefined) && new Set(reported).size === 1;
}

/** A heading for patients whose test could not be done: "When no test is available", "If RDTs are not available". */
const NO_TEST_TITLE = /\b(?:no|without)\s+(?:an?\s+)?(?:m?rdts?|tests?|test kits?)\b|\b(?:m?rdts?|tests?|test kits?)\s+(?:is|are)\s+(?:not available|unavailable)\b/i;

/** True when the section's own heading is about what to do when the test could not be done. */
export function sectionForTestNotDone(section: Pick<CitedSection, 'sectionPath'>): boolean {
  return NO_TEST_TITLE.test(lastTitle(section.sectionPath));
}

/** "a positive RDT", "a positive malaria test": the test whose positive result a sentence's patients have. */
const POSITIVE_RESULT_OF = /\bpositive\s+((?:malaria\s+)?(?:rdts?|tests?|microscopy)|hiv test|syphilis test|xpert)\b/i;
/** A sentence that gives the treatment to those patients, not one that withholds it. */
const GIVES = /\b(?:is|are)\s+(?:treated|given)\b|\breceives?\b|\btreat\b/i;
const WITHHOLDS = /\b(?:do|does|should|must|will)\s+not\b|\bnever\b|\bnot\s+(?:be\s+)?(?:given|treated)\b/i;
/** Words that name a test kind, to match a reported result to the test a sentence names. */
const TEST_KINDS: ReadonlyArray<RegExp> = [/\b(?:m?rdts?|malaria|microscopy)\b/i, /\bhiv\b/i, /\bsyphilis\b/i, /\b(?:xpert|sputum)\b/i];

/**
 * True when the section gives its medicine to patients with a positive test she has not got: "A child
 * with uncomplicated malaria (fever and a positive RDT, with no danger signs) is given
 * artemether-lumefantrine" is not a plan for a child whose RDT is negative or could not be done (no RDT
 * available: the guideline sends her the same day to be tested). Her own weight-band row goes with it. A
 * malaria RDT counts as the malaria test of a sentence that names none ("a positive test").
 */
function givesForPositiveResult(section: Pick<CitedSection, 'text' | 'titlePath'>, findings: readonly Finding[]): boolean {
  return medicinesForPositiveResult(sectionBody(section), findings).size > 0;
}

/**
 * True when the section doses a medicine that the introduction of the section enclosing it gives only to
 * patients with a positive test she has not got: "Children with a positive malaria test and no danger
 * signs are treated at home with an ACT" introduces "Artesunate-amodiaquine dosing for children", whose
 * own text never says who the table is for, and "Giving the first dose to a young child", which names no
 * medicine. A section there that doses another medicine ("Relieving fever": paracetamol) is not decided
 * by the introduction.
 */
export function introGivesForPositiveResult(section: Pick<CitedSection, 'text' | 'titlePath'>, introduction: Pick<CitedSection, 'text' | 'titlePath'>, findings: readonly Finding[]): boolean {
  const given = medicinesForPositiveResult(sectionBody(introduction), findings);
  if (given.size === 0) return false;
  const named = medicinesAndClassMembersNamed(sectionBody(section));
  // "Give the first dose yourself ... crush an ordinary tablet": a dose of no named medicine is a dose of
  // the one the introduction gives.
  if (named.size === 0) return UNNAMED_DOSE.test(sectionBody(section));
  return [...named].some((drug) => given.has(drug));
}

const UNNAMED_DOSE = /\b(?:doses?|tablets?)\b/i;

/**
 * The medicines a text gives to patients with a positive test for which every result she reported (or
 * her test that could not be done) is not positive. Empty when she reported no result for that test.
 */
function medicinesForPositiveResult(text: string, findings: readonly Finding[]): Set<string> {
  const given = new Set<string>();
  const results = findings.filter((f) => f.category === 'test_result' && !f.negated);
  if (results.length === 0) return given;
  for (const sentence of splitSentences(text)) {
    const stated = POSITIVE_RESULT_OF.exec(sentence);
    if (!stated || !GIVES.test(sentence) || WITHHOLDS.test(sentence)) continue;
    const medicines = medicinesAndClassMembersNamed(sentence);
    if (medicines.size === 0) continue;
    const kind = TEST_KINDS.find((k) => k.test(stated[1] ?? '')) ?? (/malaria/i.test(sentence) ? TEST_KINDS[0] : undefined);
    const sameTest = results.filter((f) => kind !== undefined && kind.test(f.value));
    if (sameTest.length > 0 && sameTest.every((f) => resultPolarity(f.value) !== 'positive')) for (const drug of medicines) given.add(drug);
  }
  return given;
}

/**
 * Forms of an illness that a guideline treats on their own terms: a section about one of them (its
 * title names it) does not apply to a diagnosis that does not name it ("Treating dysentery with
 * ciprofloxacin" is not a plan line for watery diarrhoea). Kept as data.
 */
const DISTINCT_FORMS = ['dysentery', 'cholera', 'persistent diarrhoea', 'wheeze', 'eclampsia', 'hyperglycaemic emergenc', 'advanced hiv'];

/**
 * Conditions that share a book with others and have their own sections, each with the words that name it
 * in a heading and in a diagnosis (read with the lexicon: "PPH", "bleeding after delivery"). Their
 * sections feed only a diagnosis that names them; an exclusive one's diagnosis is fed only by the sections
 * its `exclusive` headings name.
 * Kept as data.
 */
const OWN_CONDITIONS: ReadonlyArray<{ heading?: RegExp; diagnosis: RegExp; exclusive?: RegExp }> = [
  { heading: /\bbleeding after birth\b|\bpostpartum haemorrhage\b/, diagnosis: /\bhaemorrhage\b|\bhemorrhage\b|\bbleed\w*\b|\bpph\b|\buterotonic\w*\b/ },
  // A fit (eclampsia until shown otherwise): "Fits" and "First aid during a fit" (magnesium sulfate) are not
  // a plan for bleeding in pregnancy, though the danger-sign search finds them together.
  { heading: /\bfits?\b|\bconvulsions?\b|\bseizures?\b/, diagnosis: /\bfit(?:s|ting)?\b|\bconvuls\w*|\bseizures?\b|eclampsia|\bjerk\w*/ },
  // Exclusive: a plan for hypoglycaemia is written from its own sections (and the emergencies'), never
  // from the treatment of diabetes ("Gliclazide is preferred: start 40 to 80 mg ... and increase").
  { heading: /\bhypoglyc\w*|\blow (?:blood )?(?:sugar|glucose)\b/, diagnosis: /\bhypoglyc\w*|\blow (?:blood )?(?:sugar|glucose)\b/, exclusive: /\bhypoglyc\w*|\blow (?:blood )?(?:sugar|glucose)\b|\bdiabetes emergencies\b/ },
  // Exclusive too: a hyperglycaemic emergency ("DKA", glucose 25 and drowsy) is referred urgently; the
  // metformin titration and gliclazide's starting dose are not its plan.
  { heading: /\bhyperglycaemic emergenc\w*|\bvery high glucose\b/, diagnosis: /\bhyperglycaemic emergenc\w*|\bketoacidosis\b|\bhyperosmolar\b|\bvery high glucose\b/, exclusive: /\bhyperglycaemic emergenc\w*|\bvery high glucose\b|\bdiabetes emergencies\b/ },
  // A hypertensive emergency is transferred at once ("do not give extra doses of blood pressure tablets to
  // bring the pressure down quickly"): Table 6.1's starting doses are not its plan. Exclusive only: the
  // signs of an emergency stay in every hypertension plan, so no heading is kept for it alone.
  { diagnosis: /\bhypertensive (?:emergenc\w*|crisis)\b|\bmalignant hypertension\b/, exclusive: /\bsevere (?:hypertension|blood pressure)\b|\bhypertensive emergenc\w*|\burgency and emergency\b/ },
];

/**
 * Types of one illness whose treatment differs, each with the words that name it in a heading and the
 * words of a diagnosis of another type, kept as data. A section headed for one type is not a plan for a
 * diagnosis that names another: "Treatment of type 2 diabetes > Metformin" (its titration) for type 1
 * diabetes, which is treated with insulin from diagnosis; its "When insulin is needed", which says
 * "People with type 1 diabetes need insulin from diagnosis", is. A diagnosis naming no type
 * ("diabetes") keeps both.
 */
const TYPES_OF_ONE_ILLNESS: ReadonlyArray<{ heading: RegExp; otherType: RegExp }> = [
  { heading: /\btype (?:2|ii|two) diabetes\b/, otherType: TYPE_1_DIABETES },
  { heading: /\btype (?:1|i|one) diabetes\b/, otherType: TYPE_2_DIABETES },
];

/**
 * True when the section is written for a band that holds her (its own heading states it) and says that a
 * patient of that band is referred rather than treated here: "Infants weighing less than 5 kg" ("An older
 * infant who weighs less than 5 kg and has a positive test should also be referred, because the tablets
 * in the community kit are not suited to such a small body weight") for a girl of 4 months and 4.5 kg.
 * The medicines and doses other sections give (Table 3.2's "4.5 to <9 kg" row of artesunate-amodiaquine)
 * are then not hers: `givesMedicineHere`.
 */
export function refersHerBandForTreatment(section: Pick<CitedSection, 'sectionPath' | 'titlePath' | 'text'>, d: Demographics): boolean {
  if (!statedBandHolds(section.sectionPath.split(' > ').at(-1) ?? '', d)) return false;
  return splitSentences(sectionBody(section)).some((sentence) => REFERRED_INSTEAD.test(sentence) && statedBandHolds(sentence, d));
}

const REFERRED_INSTEAD = /\b(?:must|should)(?: also)? be referred\b|\bdo not treat (?:at home|in the community)\b/i;

/** A line that names a medicine or gives a treatment ("give the dose again") and does not send the patient on: not for a patient referred for treatment. */
export function givesMedicineHere(text: string): boolean {
  return givesTreatmentHere(text) || (drugsNamed(text).size > 0 && !REFERS.test(text));
}

/**
 * True for a line addressed to people without an illness she has: "To prevent anaemia, every pregnant
 * woman without anaemia should take ... 30 to 60 mg of elemental iron" in the plan of a pregnant woman
 * with anaemia, whose own dose is 120 mg. Her illnesses are the words naming her diagnoses, leaving out
 * what a diagnosis negates itself ("persistent diarrhoea with no dehydration" keeps "without dehydration").
 */
export function lineForPeopleWithoutHerIllness(line: string, conditions: readonly string[], findings: readonly Finding[] = []): boolean {
  const hers = conditions.flatMap((condition) => conditionWords(withoutNegatedPhrases(condition)));
  const lower = line.toLowerCase();
  const withoutIllness = hers.length > 0 && [...lower.matchAll(WITHOUT_ILLNESS)].some((m) => {
    const named = normaliseQueryText(m[1] ?? '').toLowerCase();
    return hers.some((word) => sameWord(word, named));
  });
  return withoutIllness || lineForPeopleWithoutHerFinding(lower, findings) || lineForSubgroupSheIsNotIn(line, conditions, findings);
}

const WITHOUT_ILLNESS = /\b(?:without|who (?:do|does) not have)\s+(?:an?\s+)?([a-z][a-z-]+)/g;

/**
 * True for a line whose patients lack a sign she has: "For a child with cough, fast breathing ... and no
 * chest indrawing, give amoxicillin twice a day for 3 days" in the plan of a child with chest indrawing.
 * The sign's words must all be in one finding said present (its negated phrases left out).
 */
function lineForPeopleWithoutHerFinding(lowerLine: string, findings: readonly Finding[]): boolean {
  const present = findings.filter((f) => !f.negated).map((f) => wordsIn(withoutNegatedPhrases(f.value).toLowerCase()));
  if (present.length === 0) return false;
  return [...lowerLine.matchAll(LACKING_SIGN)].some((m) => {
    const sign = wordsIn(m[1] ?? '').filter((w) => w.length >= 3 && !SIGN_FILLER.has(w));
    return sign.length > 0 && present.some((words) => sign.every((w) => words.some((x) => sameWord(w, x))));
  });
}

/** "with no chest indrawing", "and no danger signs", "without fever": the sign a line's patients lack, up to the next clause. */
const LACKING_SIGN = /\b(?:with no|and no|without|who (?:do|does) not have)\s+(?:an?\s+|any\s+)?([a-z][a-z -]*?)(?=\s*[,.;:()]|\s+(?:and|or|but|is|are|has|have|who|should|can|may|give|gets?)\b|$)/g;
const SIGN_FILLER = new Set(['the', 'any', 'other', 'sign', 'signs']);

function wordsIn(text: string): string[] {
  return text.match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * True for a line about one type of diabetes when every diagnosis names the other type: "People with
 * type 1 diabetes need insulin from diagnosis" in the plan of a man with type 2. A line naming both types,
 * or a diagnosis naming no type, decides nothing.
 */
export function lineForAnotherTypeOfDiabetes(line: string, conditions: readonly string[]): boolean {
  const type1 = TYPE_1_DIABETES.test(line);
  if (type1 === TYPE_2_DIABETES.test(line)) return false;
  const lineType = type1 ? TYPE_1_DIABETES : TYPE_2_DIABETES;
  const otherType = type1 ? TYPE_2_DIABETES : TYPE_1_DIABETES;
  return conditions.length > 0 && conditions.every((condition) => {
    const dx = normaliseQueryText(condition);
    return otherType.test(dx) && !lineType.test(dx);
  });
}

/**
 * True when the section is about a distinct form of illness that the diagnosis does not name. The
 * deepest title naming a form decides ("Persistent diarrhoea, dysentery and cholera > Dysentery" is a
 * dysentery section); a title naming several forms fits a diagnosis naming any of them.
 */
export function sectionForAnotherForm(sectionPath: string, condition: string, text = ''): boolean {
  const dx = condition.toLowerCase();
  const segments = sectionPath.toLowerCase().split(' > ');
  // A condition of its own within a book: "Bleeding after birth" is not a plan for eclampsia after birth.
  const dxRead = normaliseQueryText(dx).toLowerCase();
  for (const c of OWN_CONDITIONS) {
    const heading = c.heading;
    const headed = heading !== undefined && segments.some((segment) => heading.test(segment));
    if (headed && !c.diagnosis.test(dxRead)) return true;
    const exclusive = c.exclusive;
    if (exclusive && c.diagnosis.test(dxRead) && !segments.some((segment) => exclusive.test(segment))) return true;
  }
  // ... unless its text speaks of her type too ("People with type 1 diabetes need insulin from diagnosis").
  const headedForAnotherType = TYPES_OF_ONE_ILLNESS.find((t) => t.otherType.test(dxRead) && segments.some((segment) => t.heading.test(segment)));
  if (headedForAnotherType && !headedForAnotherType.otherType.test(text)) return true;
  for (let i = segments.length - 1; i >= 0; i--) {
    // Read with the lexicon: "DKA" names the hyperglycaemic emergency its sections are headed by.
    const verdict = namesAnotherForm(segments[i] ?? '', dx, dxRead);
    if (verdict === undefined) continue;
    if (verdict) return true;
    break;
  }
  return sectionForGraverClass(segments, dx);
}

/**
 * Whether a heading or line (lower case) is about a distinct form the diagnosis does not have: undefined
 * when it names no form. "Treating pneumonia and wheeze" names the diagnosis itself as well as the other
 * form: it is for both. ("Persistent diarrhoea, dysentery and cholera" names only forms: its "diarrhoea"
 * is theirs.)
 */
function namesAnotherForm(text: string, dx: string, dxRead = dx): boolean | undefined {
  const named = DISTINCT_FORMS.filter((form) => text.includes(form));
  if (named.length === 0) return undefined;
  const ownWords = dx.split(/[^a-z-]+/).filter((word) => word.length >= 5);
  const rest = named.reduce((t, form) => t.split(form).join(' '), text);
  return !named.some((form) => dx.includes(form) || dxRead.includes(form)) && !ownWords.some((word) => rest.includes(word));
}

/**
 * Graded classifications, mildest class first, each with the words that name it in a diagnosis and in
 * a heading (IMCI dehydration: no dehydration -> Plan A, some -> Plan B, severe -> Plan C). Kept as data.
 * A heading naming the medicine of a class ("Treating pneumonia with amoxicillin") belongs to it.
 */
interface GradedClassification {
  classes: ReadonlyArray<{ diagnosis: RegExp; heading: RegExp }>;
  /**
   * Whether a milder class's sections still apply to a graver one: Plan A's home rules follow Plan B,
   * and a child with pneumonia gets a cough's home care too; but a child with SAM is not given MAM's
   * supplementary food, and a child referred with complicated SAM is not given the appetite test.
   */
  milderApply: boolean;
  /**
   * Whether a graver class's sections still apply to a milder one. Not for dehydration ("This is an
   * emergency: follow Plan C" is not a line for some dehydration); for malaria, what to do when danger
   * signs appear or treatment fails is part of every plan. Default false.
   */
  graverApply?: boolean;
  /**
   * The illness the classification grades, when a diagnosis naming it and none of its classes must be
   * classified before any one class's treatment is a plan for it: "diarrhoea" with no sign of
   * dehydration recorded either way is not yet Plan B's ORS in four hours, nor "This is an emergency:
   * follow Plan C". Only what applies to every class stays (Plan A's home rules follow every plan), with
   * the sections that name no class (how to classify, zinc). Unset, a bare diagnosis names no class and
   * decides nothing ("pneumonia" keeps amoxicillin and the pre-referral treatment).
   */
  classifyFirst?: (dx: string) => boolean;
}

const GRADED_CLASSIFICATIONS: readonly GradedClassification[] = [
  { milderApply: true, classifyFirst: (dx) => namesDiarrhoea(dx) || namesDysentery(dx), classes: [
    { diagnosis: /\b(?:no|without|not)\s+(?:signs? of\s+)?dehydrat/, heading: /\bno dehydration\b|\bplan a\b/ },
    { diagnosis: /\bsome dehydration\b/, heading: /\bsome dehydration\b|\bplan b\b/ },
    { diagnosis: /\bsevere dehydration\b/, heading: /\bsevere dehydration\b|\bplan c\b/ },
  ] },
  // Persistent diarrhoea (14 days or more): without dehydration it is fed and treated at home ("return
  // after 5 days"); with dehydration it is severe: treat the dehydration, then refer. What the severe
  // class says (also "infants under 6 months ... should be referred") still applies to the milder one.
  { milderApply: false, graverApply: true, classes: [
    { diagnosis: /(?<!\bsevere )\bpersistent diarrh/, heading: /\bpersistent diarrh\w* (?:without|and no|with no) dehydration\b/ },
    { diagnosis: /\bsevere persistent diarrh/, heading: /\bsevere persistent diarrh/ },
  ] },
  // IMCI cough or difficult breathing: no pneumonia (home care) -> fast breathing (amoxicillin at home)
  // -> chest indrawing or severe (pre-referral treatment, refer). A bare "pneumonia" names no class.
  { milderApply: true, classes: [
    // Wheeze alone (no fast breathing, no indrawing) is treated as a cough or cold with wheeze: no amoxicillin.
    { diagnosis: /\bno pneumonia\b|\bcough or cold\b|\bcommon cold\b|^(?!.*\b(?:pneumonia|fast breathing|chest[- ]indrawing)\b).*\bwheez/, heading: /\bno pneumonia\b|\bcough or cold\b/ },
    { diagnosis: /\bfast breathing\b/, heading: /\bfast breathing only\b|\bamoxicillin\b/ },
    { diagnosis: /\bchest[- ]indrawing\b|\bsevere pneumonia\b|\bvery severe disease\b/, heading: /\bchest[- ]indrawing\b|\bsevere pneumonia\b|\bvery severe disease\b/ },
  ] },
  // Acute malnutrition (CMAM): moderate (supplementary food) -> severe without complications (appetite
  // test, RUTF at home) -> complicated severe (refer for inpatient care). A bare "severe acute
  // malnutrition" names both severe classes: whether it is complicated decides between home and
  // hospital, so both stay, and MAM's supplementary food does not.
  { milderApply: false, classes: [
    // A MUAC in the green with no oedema: no acute malnutrition, none of the treatment of the classes above.
    { diagnosis: /\bmuac in the green\b|\bno acute malnutrition\b/, heading: /\bno acute malnutrition\b/ },
    { diagnosis: /\bmoderate acute malnutrition\b|\bmam\b/, heading: /\bmoderate acute malnutrition\b|\bmam\b/ },
    { diagnosis: /(?<!\bcomplicated )\b(?:sam|severe acute malnutrition)\b/, heading: /(?<!\bcomplicated )\b(?:sam|severe acute malnutrition)\b|\bappetite test\b|\brutf\b/ },
    { diagnosis: /(?<!\buncomplicated )\b(?:sam|severe acute malnutrition)\b/, heading: /\bcomplicated (?:sam|severe acute malnutrition)\b|\binpatient care\b/ },
  ] },
  // Anaemia (IMCI pallor): some pallor (iron at home) -> severe anaemia (refer; "do not give iron before
  // referral", so the milder class's iron does not carry over). A bare "anaemia" names no class.
  { milderApply: false, classes: [
    { diagnosis: /\b(?:mild|moderate|non-severe) anaemia\b|\bsome (?:palmar )?pallor\b/, heading: /\biron treatment\b|\btreating anaemia\b|\bsome (?:palmar )?pallor\b/ },
    { diagnosis: /(?<!\bnon-)\bsevere anaemia\b|\bsevere (?:palmar )?pallor\b/, heading: /\bsevere anaemia\b|\bsevere (?:palmar )?pallor\b/ },
  ] },
  // Malaria: uncomplicated (an ACT at home) -> treatment failure ("referred for microscopy and a different
  // treatment": the same ACT again is not the plan) -> severe (pre-referral artesunate, refer). The graver
  // classes' danger signs and referral stay in every plan. A bare "malaria" names no class.
  { milderApply: false, graverApply: true, classes: [
    { diagnosis: /\b(?:uncomplicated|non-severe) malaria\b|\bmalaria,? (?:not severe|uncomplicated|without danger signs)\b/, heading: /\buncomplicated malaria\b/ },
    { diagnosis: /\bmalaria\b.*\b(?:treatment failure|failed treatment|not responding)\b|\b(?:treatment failure|failed treatment)\b.*\bmalaria\b/, heading: /\btreatment failure\b/ },
    { diagnosis: /(?<!\bun)\b(?:severe|complicated) malaria\b/, heading: /\bsevere malaria\b|\bpre-referral\b/ },
  ] },
  // Hypertensive disorders of pregnancy: pre-eclampsia without severe features (weekly checks, "explain
  // the danger signs clearly before she leaves") -> severe pre-eclampsia or eclampsia (magnesium sulfate,
  // urgent transfer). The severe section's care and signs stay in a plan for pre-eclampsia; going home
  // is not a plan for a woman who has had a fit. Only a heading that is the class itself ("Pre-eclampsia",
  // not "Pre-eclampsia after birth") names the milder one.
  // Gestational hypertension (raised pressure without protein: "if protein appears, reclassify") is the
  // mildest class: its "one in four go on to develop pre-eclampsia" is not a line for a woman who has it.
  { milderApply: false, graverApply: true, classes: [
    { diagnosis: /\bgestational hypertension\b|\bpregnancy-induced hypertension\b/, heading: /\bgestational hypertension\b/ },
    { diagnosis: /(?<!\bsevere )\bpre-?eclampsia\b/, heading: /^pre-eclampsia$/ },
    { diagnosis: /\bsevere pre-?eclampsia\b|(?<!\bpre-?)\beclampsia\b/, heading: /\bsevere pre-eclampsia\b|(?<!\bpre-)\beclampsia\b/ },
  ] },
  // Adult blood pressure (hypertension Table 3.1): high-normal (lifestyle, recheck) -> grade 1 or 2
  // hypertension (confirm, start treatment) -> severe, 180/110 or more (same-day assessment, emergency
  // transfer with danger signs). The severe sections are not a plan for a grade 1 reading, nor starting
  // treatment one for high-normal.
  { milderApply: false, classes: [
    { diagnosis: /\bhigh-normal\b/, heading: /\bhigh-normal\b/ },
    { diagnosis: /\bgrade [12] hypertension\b/, heading: /\bgrade [12]\b/ },
    { diagnosis: /\bsevere hypertension\b|\bhypertensive (?:emergency|urgency)\b/, heading: /\bsevere (?:hypertension|blood pressure)\b|\bhypertensive (?:emergency|urgency)\b|\burgency and emergency\b/ },
  ] },
  // TB: infection or contact without symptoms (preventive treatment) -> presumptive or confirmed TB disease
  // (sputum, referral for testing, treatment support). "A single medicine will not cure it and may lead
  // to drug resistance": preventive treatment is never a plan for TB disease. A contact's plan keeps the
  // symptom screen and referral for testing.
  { milderApply: false, graverApply: true, classes: [
    { diagnosis: /\b(?:tb|tuberculosis)\b.*\b(?:contact|exposure|exposed|infection|preventive|prevention)\b|\b(?:contact|exposure|exposed|preventive|prevention)\b.*\b(?:tb|tuberculosis)\b|\b(?:ipt|tpt)\b/, heading: /\bpreventive treatment\b/ },
    { diagnosis: /^(?!.*\b(?:contact|exposure|exposed|infection|preventive|prevention|ipt|tpt)\b).*\b(?:tb|tuberculosis)\b/, heading: /\bsputum\b|\breferral for testing\b|\bon tb treatment\b/ },
  ] },
];

/**
 * True when the diagnosis names a class of a graded classification (or several: then the mildest and
 * gravest of them bound it) and the section's deepest heading naming a class names only other ones
 * that do not apply to it: "Plan B: treat some dehydration" and "Classifying dehydration >
 * Severe dehydration" are not sources for "diarrhoea with no dehydration". Milder classes stay where the
 * classification says they apply (after Plan B the child goes on to Plan A's home treatment), not
 * otherwise (MAM's supplementary food is not a plan for SAM). A heading naming no class decides nothing.
 */
function sectionForGraverClass(segments: readonly string[], dx: string): boolean {
  for (const { classes, milderApply, graverApply = false, classifyFirst } of GRADED_CLASSIFICATIONS) {
    const stated = classes.flatMap((grade, level) => (grade.diagnosis.test(dx) ? [level] : []));
    const unclassified = stated.length === 0 && classifyFirst?.(dx) === true;
    if (stated.length === 0 && !unclassified) continue;
    const [mildest, gravest] = [Math.min(...stated), Math.max(...stated)];
    // A level applies to a stated class by the classification's rules; unclassified, only a level that
    // applies to every class does.
    const appliesTo = (level: number, to: number) => level === to || (milderApply && level < to) || (graverApply && level > to);
    const applies = unclassified
      ? (level: number) => classes.every((_, to) => appliesTo(level, to))
      : (level: number) => !((!graverApply && level > gravest) || (!milderApply && level < mildest));
    for (let i = segments.length - 1; i >= 0; i--) {
      const named = classes.flatMap((grade, level) => (grade.heading.test(segments[i] ?? '') ? [level] : []));
      if (named.length > 0) return !named.some(applies);
    }
  }
  return false;
}

/**
 * True when a line speaks of patients with a distinct form of the illness, or a class of its graded
 * classification, that the diagnosis does not name and that does not apply to it (the same rules as
 * sectionForAnotherForm, read on the line): "An adult with some dehydration needs ORS ... about 75 ml per
 * kg" and "Adults with dysentery ... may be given ciprofloxacin 500 mg" in a plan for watery diarrhoea
 * with no dehydration. The extractive plan and the check drop such a line when it gives a dose; a line
 * naming her own condition as well ("wheeze and fast breathing" for pneumonia) is hers.
 */
export function lineForAnotherClassOrForm(line: string, condition: string): boolean {
  const text = line.toLowerCase();
  const dx = condition.toLowerCase();
  return namesAnotherForm(text, dx) === true || sectionForGraverClass([text], dx);
}

/**
 * True when a classification table's row classifies the patient's measurement as a class other than the
 * one her diagnosis states: "MUAC: 115 mm to less than 125 mm; ...; Classification: Moderate acute
 * malnutrition (MAM); Action: Supplementary feeding" for a child whose MUAC is 122 mm but whose oedema
 * makes her malnutrition severe and complicated. Her value places the row; her diagnosis overrules it. A
 * diagnosis naming no class (a bare "diarrhoea") is still to be classified, and keeps every row.
 */
export function rowForAnotherClass(cells: ReadonlyMap<string, string>, conditions: readonly string[]): boolean {
  const named = [...cells].filter(([header]) => CLASSIFICATION_HEADER.test(header.trim())).map(([, value]) => value);
  if (named.length === 0 || conditions.length === 0) return false;
  return conditions.every((condition) => {
    const dx = condition.toLowerCase();
    const statesClass = GRADED_CLASSIFICATIONS.some(({ classes }) => classes.some((grade) => grade.diagnosis.test(dx)));
    // "Severe acute malnutrition (SAM)" is hers when she has complicated SAM: the class her diagnosis narrows.
    const hers = (value: string) => dx.includes(value.toLowerCase().replace(/\([^)]*\)/g, '').trim());
    return statesClass && named.every((value) => !hers(value) && sectionForGraverClass([value.toLowerCase()], dx));
  });
}

/** A table header naming the class a row gives: "Classification", "Class". */
const CLASSIFICATION_HEADER = /^(?:classification|class)\b/i;

/**
 * True when the section is about preventing the illness the patient already has, and the diagnosis does
 * not ask for prevention: "Preventing bleeding after birth" (misoprostol 600 micrograms by mouth) for a
 * woman who is bleeding, "Preventive treatment in pregnancy (IPTp)" under "Preventing malaria" for a
 * woman with malaria, "Isoniazid preventive treatment" for TB disease. Its doses are prevention doses,
 * not her treatment; its advice ("regular meals" after hypoglycaemia) may still be hers.
 */
export function preventsConditionSheHas(section: Pick<CitedSection, 'sectionPath'>, conditions: readonly string[], findings: readonly Finding[] = []): boolean {
  if (preventiveTreatmentRuledOut(section, conditions, findings)) return true;
  if (conditions.length === 0 || conditions.some(asksForPrevention) || !preventionSection(section)) return false;
  // The prevention headings: the section's own and the ones above it that are prevention too ("Preventing
  // malaria > ... > Preventive treatment in pregnancy (IPTp)"). "Preventing pre-eclampsia" under "Other
  // care during pregnancy" is not about preventing hypertension; pregnancy is her state, not her illness.
  const headings = section.sectionPath.split(' > ');
  let top = headings.length - 1;
  while (top > 0 && preventionSection({ sectionPath: headings[top - 1] ?? '' })) top -= 1;
  // Read as a query is ("TB preventive treatment" names tuberculosis).
  const prevention = { titlePath: normaliseQueryText(headings.slice(top).join(' > ')) };
  return conditions.some((condition) => sectionIsAbout(prevention, conditionWords(condition).filter((w) => !PREGNANCY_STATE.test(w))));
}

const PREGNANCY_STATE = /^(?:pregnan\w*|antenatal|trimesters?)$/;

/**
 * True when the section is on TB preventive treatment and the diagnosis is TB exposure or its prevention
 * in a person with a symptom of TB disease (symptomaticTbContact): "TB contact" for a boy coughing for 3
 * weeks. "Anyone with a symptom is referred for assessment first": the isoniazid dose is not his yet.
 */
export function preventiveTreatmentRuledOut(section: Pick<CitedSection, 'sectionPath'>, conditions: readonly string[], findings: readonly Finding[]): boolean {
  if (!preventionSection(section) || !conditions.some((condition) => symptomaticTbContact(condition, findings))) return false;
  return sectionIsAbout({ titlePath: normaliseQueryText(section.sectionPath) }, ['tb', 'tuberculosis']);
}

/** A line that says it is about prevention ("Use: Prevention at home births", "preventive treatment"): what a question about prevention asks. */
export function namesPrevention(text: string): boolean {
  return /\bprevent\w*|\bprophyla\w*|\bchemoprevention\b/i.test(text);
}

/**
 * True when every diagnosis asks for prevention, nothing found shows she has the illness (no positive
 * test for it: an HIV test shows nothing of malaria), and the section's own heading is about the illness itself, not its prevention: "Uncomplicated
 * malaria in the first trimester" for "malaria prevention in pregnancy" at 12 weeks with no complaint.
 * Its treatment ("She is treated with artemether-lumefantrine, 4 tablets twice a day") is for a woman with
 * malaria, not hers.
 */
export function treatsIllnessAskedToPrevent(section: Pick<CitedSection, 'sectionPath'>, conditions: readonly string[], findings: readonly Finding[]): boolean {
  if (conditions.length === 0 || !conditions.every(asksForPrevention)) return false;
  if (conditions.some((condition) => reportsPositiveTestFor(findings, normaliseQueryText(condition)))) return false;
  const headings = section.sectionPath.split(' > ');
  if (headings.some((h) => preventionSection({ sectionPath: h }))) return false;
  const own = { titlePath: normaliseQueryText(headings.at(-1) ?? '') };
  return conditions.some((condition) => {
    const illness = conditionWords(condition).filter((w) => !PREGNANCY_STATE.test(w) && !asksForPrevention(w));
    return illness.length > 0 && sectionIsAbout(own, illness);
  });
}

/**
 * True when every diagnosis asks how to prevent an illness and the section is about preventing another
 * one that none of them names, in any of its headings or its book's title: "Other care during pregnancy > Preventing malaria
 * in pregnancy" (sulfadoxine-pyrimethamine at each antenatal contact) for "prevention of postpartum
 * haemorrhage" in a woman in labour. Its medicine is not what she asked for.
 */
export function preventsAnotherIllness(section: Pick<CitedSection, 'sectionPath' | 'titlePath'>, conditions: readonly string[]): boolean {
  if (conditions.length === 0 || !conditions.every(asksForPrevention) || !preventionSection(section)) return false;
  // The book's title counts: "Post-exposure prophylaxis" in the HIV book is about HIV.
  const path = { titlePath: normaliseQueryText(section.titlePath) };
  return conditions.every((condition) => {
    const words = conditionWords(condition).filter((w) => !asksForPrevention(w));
    return words.length > 0 && !sectionIsAbout(path, words);
  });
}

/** "Treatment doses for anaemia are in the sample anaemia guideline", "Treatment of malaria is described in the malaria guideline". */
const TREATMENT_ELSEWHERE = /\btreatment(?:\s+doses?)?\s+(?:for|of)\s+([a-z][a-z -]{2,60}?)\s+(?:are|is)\s+(?:given\s+|described\s+)?in\s+(?:the\s+)?[a-z -]*guidelines?\b/i;

/**
 * True when the section sends the treatment of the illness she has to another guideline: its doses are
 * for everyone else. "Every pregnant woman should take a daily tablet containing 30 to 60 mg of elemental
 * iron ... Treatment doses for anaemia are in the sample anaemia guideline": for a woman with anaemia the
 * 30 to 60 mg is not her dose (the anaemia guideline's 120 mg is). Not when the diagnosis asks for prevention.
 */
export function sendsHerTreatmentElsewhere(section: Pick<CitedSection, 'text' | 'titlePath'>, conditions: readonly string[]): boolean {
  if (conditions.length === 0 || conditions.some(asksForPrevention)) return false;
  for (const sentence of splitSentences(sectionBody(section))) {
    const named = TREATMENT_ELSEWHERE.exec(sentence)?.[1];
    if (named === undefined) continue;
    const about = { titlePath: normaliseQueryText(named) };
    if (conditions.some((condition) => sectionIsAbout(about, conditionWords(condition).filter((w) => !PREGNANCY_STATE.test(w))))) return true;
  }
  return false;
}

/**
 * True when a table row is for prevention only ("Misoprostol; Use: Prevention at home births without
 * oxytocin; 600 micrograms by mouth") and the diagnosis does not ask for prevention: the treatment rows
 * are hers ("Use: Treatment when oxytocin is not available"; "Prevention and first-line treatment").
 */
export function rowForPreventionOnly(cells: ReadonlyMap<string, string>, conditions: readonly string[]): boolean {
  if (conditions.length === 0 || conditions.some(asksForPrevention)) return false;
  const values = [...cells.values()];
  return values.some((v) => /^\s*(?:prevention|prophylaxis|preventive)\b/i.test(v)) && !values.some((v) => /\btreat/i.test(v));
}

/**
 * True when every range or cut-off the section states for what the health worker measured leaves her
 * value out: "Severe hypertension in pregnancy" (160/110 mmHg or more: nifedipine immediate-release 10 mg)
 * for a reading of 150/100, "Hypoglycaemia" (below 4.0 mmol/L) for a glucose of 9.4. Its doses are for
 * patients with other readings; what it says to watch for or when to refer may still be hers.
 */
export function sectionForOtherMeasurements(section: Pick<CitedSection, 'text' | 'titlePath'>, measured: readonly Measurement[]): boolean {
  if (measured.length === 0) return false;
  // A target ("Aim to bring the pressure below 160/110 mmHg") is where treatment takes the patient, not who it is for.
  return measuredFit(sectionBody(section).replace(TARGET, ' '), measured) === 'other_band';
}

/** A target clause: "aiming for about 135/85 mmHg", "Aim to bring the pressure below 160/110 mmHg". */
const TARGET = /\b(?:aim\w*|targets?|goals?)\b[^.;:,\n]*/gi;

/** A heading that steps a treatment up: adding a medicine to one already taken, the next line of treatment. */
const STEP_UP_TITLE = /\b(?:adding|add-on|stepping up|step up|second[- ]line|intensif\w*)\b/i;
/**
 * Headings that are a step up for one form of an illness only, kept as data: insulin is where type 2
 * diabetes goes when glucose stays high on two tablets, but type 1 diabetes starts with it.
 */
const STEP_UP_FOR_FORM: ReadonlyArray<{ heading: RegExp; form: RegExp }> = [
  { heading: /\binsulin\b/i, form: TYPE_2_DIABETES },
];

/**
 * True when the section steps up a treatment and the health worker reported none taken and nothing
 * failing: "Adding a sulfonylurea" (gliclazide 40 to 80 mg, after three months of metformin) is not a
 * plan for a man newly found to have diabetes; the first-line section is. Nor, for type 2 diabetes,
 * "When insulin is needed" (its plan opened with storing and injecting insulin).
 */
export function stepsUpTreatmentNotTaken(section: Pick<CitedSection, 'sectionPath'>, findings: readonly Finding[], condition = ''): boolean {
  const title = lastTitle(section.sectionPath);
  if (!STEP_UP_TITLE.test(title) && !STEP_UP_FOR_FORM.some((s) => s.heading.test(title) && s.form.test(condition))) return false;
  const failing = findings.some((f) => !f.negated && /\bnot improving\b|\bnot controlled\b|\buncontrolled\b/i.test(f.value));
  return medicinesTaken(findings).length === 0 && !failing;
}

/**
 * True when the sub-heading a unit is under inside its chunk says it is for patients she is not
 * ("Older adults" for a man of 55, "Finding high glucose in pregnancy" for a man), or for a class or form
 * of the illness none of her diagnoses is ("Persistent diarrhoea without dehydration: feeding" for severe
 * persistent diarrhoea): a chapter that fitted one chunk whole keeps its sub-headings as lines, and they
 * say who their lines are for as a section title would (the rules of sectionFitsPatient and
 * sectionForAnotherForm).
 */
export function subheadingExcludesPatient(
  section: Pick<CitedSection, 'sectionPath' | 'titlePath'>,
  unit: Pick<SectionUnit, 'subheading'>,
  d: Demographics,
  conditions: readonly string[] = [],
  findings: readonly Finding[] = [],
): boolean {
  const book = section.titlePath.split(' > ')[0] ?? '';
  if (headingForPeopleWithAnotherCondition(unit.subheading ?? lastTitle(section.sectionPath), book, conditions, findings)) return true;
  if (unit.subheading === undefined) return false;
  const path = `${section.sectionPath} > ${unit.subheading}`;
  return !sectionFitsPatient(path, d) || (conditions.length > 0 && conditions.every((c) => sectionForAnotherForm(path, c)));
}

/** A heading for the people who have a condition: "Cotrimoxazole for people with TB and HIV", "When to start HIV treatment in people with TB". */
const FOR_PEOPLE_WITH = /\b(?:for|in) (?:people|persons|patients|adults|children|women|those)(?: who have| with| living with)\s+(.+)$/i;

/**
 * True when a heading is for people with the illness its book is about, and neither her diagnoses nor her
 * findings name that illness: the TB book's "Cotrimoxazole for people with TB and HIV" is not a plan for a
 * man with HIV and no TB. A sign in such a heading ("Daily iron for children with some palmar pallor" in the
 * anaemia book) is not the book's topic, and decides nothing.
 */
export function headingForPeopleWithAnotherCondition(heading: string, bookTitle: string, conditions: readonly string[], findings: readonly Finding[]): boolean {
  const named = FOR_PEOPLE_WITH.exec(heading)?.[1];
  if (named === undefined || conditions.length === 0) return false;
  const bookWords = conditionWords(bookTitle);
  const hers = conditionWords([...conditions, ...findings.filter((f) => !f.negated).map((f) => f.value)].join(' ; '));
  const names = (words: readonly string[], concept: readonly string[]) => concept.some((word) => words.some((w) => sameWord(word, w)));
  return conditionConcepts(named).some((concept) => names(bookWords, concept) && !names(hers, concept));
}

/**
 * The section's lines under a sub-heading for other patients (see subheadingExcludesPatient), or for
 * another point of her treatment course (unitsForAnotherCourseStage), lower case with single spaces.
 */
export function linesForOtherPatients(section: Pick<CitedSection, 'sectionPath' | 'text' | 'titlePath'>, d: Demographics, conditions: readonly string[] = [], findings: readonly Finding[] = []): string[] {
  const units = sectionUnits(sectionBody(section));
  const otherStage = unitsForAnotherCourseStage(units, findings, conditions);
  const older = linesForOlderPatients(units.map((u) => u.text), d);
  return units.filter((unit, i) => otherStage[i] || older[i] || subheadingExcludesPatient(section, unit, d, conditions, findings)).map((unit) => comparable(unit.text));
}

/**
 * A section headed for the illness back after a course ("Discharge that persists or returns") when nothing
 * said puts her on a course or after one: a first visit's plan is the first treatment, not what to do when
 * it failed.
 */
export function sectionForIllnessBackNotStated(section: Pick<CitedSection, 'sectionPath'>, findings: readonly Finding[], condition: string): boolean {
  return ILLNESS_BACK_HEADING.test(lastTitle(section.sectionPath)) && noCourseStated(findings, [condition]);
}

/**
 * For an illness back after a finished course (illness-returned.ts), which units are for another point
 * of the course: those under a heading for the days of treatment ("Getting worse during treatment"), and
 * those for another time since the course ("When fever returns more than 28 days after treatment ... treat
 * again with the first-line ACT" for fever back after 21 days) with the lines after them under the same
 * sub-heading ("... within 28 days ..., the first treatment may have failed. Refer the patient ...").
 * Without such a finding, when nothing said puts her on a course or after one (noCourseStated), those under
 * a heading for the illness back after it, and, with no positive test to start a course today, those under
 * one for the days of treatment: "Getting worse during treatment ... Refer urgently" is no plan for a child
 * with a fever and a negative RDT. Otherwise all false.
 */
export function unitsForAnotherCourseStage(units: readonly SectionUnit[], findings: readonly Finding[], conditions: readonly string[] = []): boolean[] {
  const days = illnessBackAfterCourseIn(findings)?.daysSinceCourse;
  if (days === undefined) {
    // On no course and after none, the lines for an illness back after one are not hers; nor, unless a positive
    // test starts her course today ("Getting worse during treatment" is her follow-up then), those for its days.
    const none = conditions.length > 0 && noCourseStated(findings, conditions);
    const starts = reportsPositiveTest(findings);
    return units.map((unit) => none && (ILLNESS_BACK_HEADING.test(unit.subheading ?? '') || (!starts && DURING_TREATMENT_HEADING.test(unit.subheading ?? ''))));
  }
  let fits: boolean | undefined;
  let under: string | undefined;
  return units.map((unit) => {
    if (unit.subheading !== under) fits = undefined;
    under = unit.subheading;
    fits = timeSinceCourseFits(unit.text, days) ?? fits;
    return DURING_TREATMENT_HEADING.test(unit.subheading ?? '') || fits === false;
  });
}

/** A line that presupposes a course already running ("give the next dose of amoxicillin", "whether all the doses were given", "faster than before amoxicillin was started"). */
const PRESUPPOSES_COURSE = /\b(?:the next dose|all (?:the )?doses|(?:was|were) started)\b/i;

/**
 * The medicines a line presupposes the patient is already taking when her findings name none of them: a
 * plan that does not start that course itself has no next dose to give ("Refer urgently ..., and give the
 * next dose of amoxicillin" for a child with a fever and a negative RDT who was never given amoxicillin).
 */
export function coursePresupposed(text: string, findings: readonly Finding[]): string[] {
  if (!PRESUPPOSES_COURSE.test(text)) return [];
  const taken = drugsTaken(findings);
  return [...drugsNamed(text)].filter((drug) => !taken.has(drug));
}

/** Text compared as a quote: lower case, runs of spaces as one. */
export function comparable(text: string): string {
  return text.toLowerCase().replace(/\s+/g, ' ').trim();
}

/** A line offering an HIV test: "Offer an HIV test to every person with presumptive or confirmed TB". */
const OFFERS_HIV_TEST = /\boffer(?:s|ed)?\s+(?:an?\s+)?hiv test(?:s|ing)?\b/i;

/**
 * True for a line offering an HIV test when the consult says the patient lives with HIV (on TLD, HIV
 * positive): "Offer an HIV test to every person with presumptive or confirmed TB" is a test for a man whose
 * HIV is known. A line about testing someone else ("her baby should be tested") offers none.
 */
export function offersHivTestToPersonWithHiv(text: string, conditions: readonly string[], findings: readonly Finding[]): boolean {
  if (!OFFERS_HIV_TEST.test(text)) return false;
  return (conditions.length > 0 ? conditions : ['']).some((condition) => livesWithHiv(condition, findings));
}

/** A line that says to test for malaria: "should be tested for malaria", "Confirm malaria with a test before treating". */
const TESTS_FOR_MALARIA = /\btest(?:ed)?\s+for\s+malaria\b|\bconfirm malaria with a test\b/i;
/** A test for a later time, not for now: "a child on iron who develops fever", "at each visit". */
const LATER_TEST = /\bdevelops?\b|\beach visit\b|\bagain\b|\blater\b/i;

/**
 * True for a line saying to test for malaria now, when the findings already report a malaria test's
 * result: "A pregnant woman with fever should be tested for malaria" for a woman whose RDT is positive.
 * A line that says what to do with a result ("test for malaria and treat if positive") is hers, and so is
 * a test for a later time ("a child on iron who develops fever must be tested for malaria").
 */
export function asksForMalariaTestDone(text: string, findings: readonly Finding[]): boolean {
  return TESTS_FOR_MALARIA.test(text) && resultPolarity(text) === undefined && !LATER_TEST.test(text) && reportedResult(findings, 'malaria test') !== undefined;
}

/** True for a line asking for a test whose answer the consult already has: an HIV test she is known positive for, a malaria test with its result. */
export function asksForTestAlreadyDone(text: string, conditions: readonly string[], findings: readonly Finding[]): boolean {
  return offersHivTestToPersonWithHiv(text, conditions, findings) || asksForMalariaTestDone(text, findings);
}

/** A line about what is done once, when treatment starts ("At enrolment, give a course of amoxicillin"). */
const AT_ENROLMENT = /^\s*(?:[-*•]\s*)?(?:at|on) (?:enrolment|enrollment|admission|the first visit)\b/i;

/**
 * True for a line about enrolment when the findings show the patient already in follow-up on the
 * treatment (a child on RUTF with a follow-up MUAC or weight course, malnutrition-treatment-course.ts):
 * what is done once at enrolment was done weeks ago.
 */
export function doneAtEnrolment(text: string, conditions: readonly string[], findings: readonly Finding[]): boolean {
  return AT_ENROLMENT.test(text) && conditions.some((c) => malnutritionTreatmentCourse(c, findings) !== undefined);
}

/**
 * True when the sections name a medicine she takes (a combination by any of its parts, a class by its
 * members): they are about a condition she is on treatment for. "Missed doses" of TLD say nothing of the
 * hypertension found at the same visit, whose medicines are still to start.
 */
export function namesMedicineTaken(sections: ReadonlyArray<Pick<CitedSection, 'text'>>, medicines: readonly string[]): boolean {
  const parts = medicines.flatMap((m) => m.toLowerCase().split('-')).filter((p) => p.length > 2);
  return sections.some((section) => {
    const named = medicinesAndClassMembersNamed(section.text);
    return parts.some((p) => named.has(p));
  });
}
