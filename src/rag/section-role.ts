import { type Finding } from '../patient/findings.js';
import { conditionAsWritten } from '../patient/classify-by-findings.js';
import { diagnosisHead } from './normalise-query.js';
import { medicinesAndClassMembersNamed } from './plan/drug-names.js';
import type { GuidelineSection } from './guideline-section.js';

/**
 * What a guideline section is for, read from its headings: managing the illness (treat, give, dose,
 * refer) or working it up (performing or reading a test, measuring, screening). A plan is written from
 * the first kind; the second is how the diagnosis was reached.
 */

/**
 * A heading that says how to manage the illness: treat, give, dose, medicines, rehydration plans,
 * home care. "Preventive treatment" is prevention for people without the disease, not its management.
 */
const MANAGEMENT_TITLE = /\b(?:treat(?:s|ed|ing|ment)?|manag(?:e|ing|ement)|medicines?|drugs?|dos(?:e|es|ing)|giv(?:e|ing)|plan [a-c]\b|rehydrat\w*|ors\b|home care|first steps|refer(?:ral)?|insulin|metformin|antibiotics?)\b/i;
const PREVENTION_TITLE = /\b(?:chemo)?prevent(?:ive|ion|ing)\b|\bprophylaxis\b/i;

/** True when the section's own heading (the last title) is about managing the illness. */
export function managementSection(section: Pick<GuidelineSection, 'sectionPath'>): boolean {
  const segments = section.sectionPath.split(' > ');
  const title = segments.slice(-2).join(' > ');
  return MANAGEMENT_TITLE.test(title) && !PREVENTION_TITLE.test(section.sectionPath);
}

/**
 * A diagnosis that asks how to prevent an illness rather than how to treat one the patient has: prevention
 * itself, preventive medicine and supplements (chemoprevention, IPT, IPTp, TPT, SMC, PMC), vaccination, or
 * exposure without disease (a TB contact, an HIV-exposed infant, PrEP and PEP).
 */
const PREVENTION_INTENT = /\b(?:chemo)?prevent\w*|\b(?:chemo)?prophyla\w*|\bipt\w*|\btpt\b|\bsmc\b|\bpmc\b|\bcontacts?\b|\bexpos\w*|\bprep\b|\bpep\b|\bsupplement\w*|\bdeworm\w*|\bvaccin\w*/i;

/** True when the diagnosis asks for prevention (see PREVENTION_INTENT). */
export function asksForPrevention(condition: string): boolean {
  return PREVENTION_INTENT.test(condition);
}

/**
 * True when the section's own heading is about preventing the illness in people who do not have it
 * ("Preventing bleeding after birth"); a chapter named "Feeding and prevention" also holds care.
 */
export function preventionSection(section: Pick<GuidelineSection, 'sectionPath'>): boolean {
  return PREVENTION_TITLE.test(section.sectionPath.split(' > ').at(-1) ?? '');
}

/** Headings of HIV prevention for people without HIV: pre- and post-exposure prophylaxis. */
const HIV_PREVENTION_TITLE = /\b(?:prep|pep)\b|\b(?:pre|post)-exposure prophylaxis\b/i;

/** True when the section's own heading is about preventing HIV in people who do not have it ("Who may benefit from PrEP"). */
export function hivPreventionSection(section: Pick<GuidelineSection, 'sectionPath'>): boolean {
  return HIV_PREVENTION_TITLE.test(section.sectionPath.split(' > ').slice(-2).join(' > '));
}

/**
 * A section on how to find or confirm the condition (performing or reading a test, measuring, screening,
 * diagnostic thresholds): workup, which the plan follows rather than repeats once the diagnosis is made.
 */
const WORKUP_PATH = /\b(?:diagnosis of|diagnostic|diagnosis and classification|testing every|performing|reading|measuring|screening|recognising)\b|^diagnosis\b/i;

/** True when the section is about finding or confirming the condition rather than managing it. */
export function workupSection(section: Pick<GuidelineSection, 'sectionPath'>): boolean {
  return WORKUP_PATH.test(section.sectionPath) && !managementSection(section);
}

/** Assessing and classifying: how a health worker reaches the class she has already named. */
const ASSESSMENT_PATH = /\b(?:classifying|assessing|identifying|signs to look for)\b/i;

/**
 * True when the section is about assessing or classifying the illness ("Classifying dehydration > Some
 * dehydration") rather than managing it ("Plan B: treat some dehydration with ORS"). A plan still reads
 * such a section (its class may say what to do), but a diagnosis that names the class has been reached.
 */
export function assessmentSection(section: Pick<GuidelineSection, 'sectionPath'>): boolean {
  return ASSESSMENT_PATH.test(section.sectionPath) && !managementSection(section);
}

/** A diagnosis just made ("newly confirmed", "new diagnosis", "newly dx"), or treatment asked to start. */
const NEW_DIAGNOSIS = /\bnew(?:ly)?\s+(?:diagnos\w*|dx|confirmed|found|detected)\b|\bnew diagnosis\b|\bdiagnosed (?:today|this week)\b|\bstart(?:ing)?\s+(?:art|treatment|medicines?|metformin|insulin|tablets?)\b/i;
/** A medication finding that says none is taken: "no current medicines", "no drugs", "not on treatment". */
const NO_MEDICINE = /^\s*(?:no|none|nil|not on)\b(?:\s+(?:current|regular|any))?\s*(?:medicines?|medications?|drugs|treatment|tablets)?\s*$/i;

/**
 * True when the health worker has a diagnosis just made and nothing taken for it yet: the patient
 * needs treatment started ("First-line medicines and starting doses"), not the diagnosis confirmed again.
 */
export function asksToStartTreatment(condition: string, findings: readonly Finding[]): boolean {
  const saysNone = findings.some((f) => f.category === 'medication' && (f.negated || NO_MEDICINE.test(f.value)));
  const takes = findings.some((f) => f.category === 'medication' && !f.negated && !NO_MEDICINE.test(f.value));
  if (takes) return false;
  return saysNone || NEW_DIAGNOSIS.test(condition) || findings.some((f) => !f.negated && NEW_DIAGNOSIS.test(f.value));
}

/** What precedes a medicine's name in a finding that she does not take it: "no ART", "not on metformin". */
const NOT_TAKEN = /^\s*(?:no|not on|never (?:started|took|taken|on)|not (?:started|taking|given))\s+/i;

/**
 * The medicines the findings name as not taken ("never started ART": antiretroviral therapy), not a generic
 * "no medicines". For a patient whose treatment is to start (asksToStartTreatment), starting them is what
 * is asked, though the finding is a negation.
 */
export function medicinesNotTaken(findings: readonly Finding[]): string[] {
  return findings
    .filter((f) => f.category === 'medication' && f.negated && !NO_MEDICINE.test(f.value))
    .map((f) => f.value.replace(NOT_TAKEN, '').trim())
    .filter(Boolean);
}

/**
 * A diagnosis the health worker has not confirmed: "presumptive pulmonary tuberculosis", "raised blood
 * pressure reading, not yet confirmed", "?malaria", "sugar sickness?". A question mark counts at the
 * start, or at the end of a single diagnosis; after a list ("diarrhoea, antibiotics?") it asks about the
 * treatment instead.
 */
const UNCONFIRMED = /^\s*\?|^[^,;:]+\?\s*$|\b(?:presumptive|presumed|suspected|possible|probable|unconfirmed|not (?:yet )?confirmed)\b/i;

/**
 * True when the diagnosis is not yet confirmed: how to confirm it is part of what is asked. The question
 * is read in the health worker's own words, after any class the findings gave it: "grade 1 hypertension:
 * BP high?" is still her question about one reading.
 */
export function asksToConfirm(condition: string): boolean {
  return UNCONFIRMED.test(condition) || UNCONFIRMED.test(conditionAsWritten(condition));
}

/**
 * A diagnosis the health worker states as established: "pulmonary TB, confirmed", "known diabetic",
 * "diagnosed with hypertension". A screen looks for people who may have the illness; it is not her plan.
 */
export function statesConfirmed(condition: string): boolean {
  return CONFIRMED.test(condition) && !asksToConfirm(condition);
}
const CONFIRMED = /\b(?:confirmed|diagnosed|known)\b/i;

/**
 * A section on screening people for an illness they are not known to have: "Screening for TB > Finding
 * people who may have tuberculosis > The symptom screen in adults", "Symptoms and screening > Whom to
 * test". The screening of a patient's contacts is theirs ("Contact screening record"), not a screen of her.
 */
export function screeningSection(section: Pick<GuidelineSection, 'sectionPath'>): boolean {
  return SCREENING_TITLE.test(section.sectionPath) && !CONTACT_SCREENING.test(section.sectionPath);
}
const SCREENING_TITLE = /\bscreen(?:ing)?\b|\bfinding people who may have\b|\bwhom to test\b/i;
const CONTACT_SCREENING = /\bcontacts?\b/i;

/** A heading on confirming the diagnosis or testing for it: "Confirming the diagnosis", "Referral for a rapid molecular test". */
const CONFIRMING_TITLE = /\bconfirm\w*|\btest(?:s|ing)?\b|\bdiagnos\w*/i;

/** A heading on one result of the test, on its supplies, or on going without it, rather than on doing it. */
const TEST_RESULT_OR_SUPPLY_TITLE = /\b(?:negative|positive|results?|stor\w*|kits?|stock\w*|no test|not available|unavailable)\b/i;

/**
 * True when the section's own heading (its last title) is about confirming the diagnosis or doing the
 * test for it ("When to test for malaria"), not about what one result means, how kits are stored or
 * what to do when no test is available, and it sits in the guideline's chapter on diagnosis or testing
 * ("Diagnosis of malaria", "Sputum and referral for testing"): "Other care during pregnancy > HIV testing
 * in antenatal care" tests for another illness than the pregnancy guideline's pre-eclampsia.
 */
export function confirmingSection(section: Pick<GuidelineSection, 'sectionPath'>): boolean {
  const titles = section.sectionPath.split(' > ');
  const heading = titles.at(-1) ?? '';
  return CONFIRMING_TITLE.test(titles[0] ?? '') && CONFIRMING_TITLE.test(heading) && !TEST_RESULT_OR_SUPPLY_TITLE.test(heading);
}

/** A heading for a worked example or a sample of a form: "Example referral note", "Sample protocol steps". */
const EXAMPLE_TITLE = /^(?:an?\s+)?(?:worked\s+)?(?:example|sample)\b/i;

/**
 * True when the section's own heading, or one enclosing it, says it is an example ("Example referral
 * note": "28-year-old, 35 weeks pregnant. BP 168/112 at 10:05 ... Magnesium sulfate 10 g IM at 10:30";
 * "Sample treatment protocol and visit record > What to record at each visit": the fields of a form).
 * Its lines are another patient's, a form's, or a protocol the guideline says is not for use: read into a
 * plan, they would state as this patient's what was never observed ("Missed doses, side effects and
 * danger signs asked about" for a woman seen once).
 */
export function exampleSection(section: Pick<GuidelineSection, 'sectionPath'>): boolean {
  return section.sectionPath.split(' > ').some((heading) => EXAMPLE_TITLE.test(heading.trim()));
}

/** A heading on starting treatment: "Starting dose and titration", "First-line medicines", "When to start medicines". */
const STARTING_TITLE = /\bstart(?:s|ing)?\b|\bfirst-line\b|\binitiat\w*/i;

/** True when the section's own heading (its last title) is about starting treatment, not preventing an illness. */
export function startingSection(section: Pick<GuidelineSection, 'sectionPath'>): boolean {
  return STARTING_TITLE.test(section.sectionPath.split(' > ').at(-1) ?? '') && !PREVENTION_TITLE.test(section.sectionPath);
}

/** A diagnosis that asks about a medicine rather than an illness it treats: its dose, its prevention use, or taking it with others. */
const NOT_AN_EFFECT = /\b(?:dos(?:e|es|ing)|loading|start\w*|prophylaxis|prevent\w*|routine|with other|deficiency)\b|\band\b/i;
/** Generic words for the medicines a patient is on. */
const GENERIC_MEDICINE = /\b(?:drugs?|medicines?|medications?|tablets?|treatment)\b/i;

/**
 * The medicines a diagnosis says the problem comes from ("ACE inhibitor cough", "isoniazid peripheral
 * neuropathy", "iron syrup making stool black"), or ['*'] for a generic one ("drug-induced hepatitis", "TB
 * drugs red urine"); none when the diagnosis asks for a dose, for prevention or about taking medicines
 * together.
 */
export function medicinesBlamed(condition: string): string[] {
  // "hypoglycaemia on sulfonylurea": what she is on is context, not the problem.
  const head = diagnosisHead(condition);
  if (NOT_AN_EFFECT.test(head)) return [];
  const named = [...medicinesAndClassMembersNamed(head)];
  if (named.length > 0) return named;
  return GENERIC_MEDICINE.test(head) ? ['*'] : [];
}

/** A heading on the side effects of medicines. */
const SIDE_EFFECT_TITLE = /\bside[- ]effects?\b|\badverse\b/i;

/** True when the section's own heading is about side effects. */
export function sideEffectSection(title: string): boolean {
  return SIDE_EFFECT_TITLE.test(title);
}

/** Headings of the care of people treated for TB disease: "Supporting people on TB treatment". */
const TB_DISEASE_TREATMENT_PATH = /\bpeople (?:on|receiving|taking) (?:tb|tuberculosis) treatment\b/i;

/** True when the section is about the care of people treated for TB disease, not its prevention. */
export function tbDiseaseTreatmentSection(section: Pick<GuidelineSection, 'sectionPath'>): boolean {
  return TB_DISEASE_TREATMENT_PATH.test(section.sectionPath);
}
