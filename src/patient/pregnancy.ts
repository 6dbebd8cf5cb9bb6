/**
 * Pregnancy status as one value. Trimesters follow the sample guidelines: first up to the end of week
 * 13, second weeks 14-27, third from week 28. A patient cannot be pregnant when male or aged under 10
 * or over 55 years. Postpartum covers the six weeks (42 days) after delivery.
 */
import { ageInMonths } from './age.js';
import type { Demographics } from './findings.js';

export type Trimester = 1 | 2 | 3;

export type PregnancyStatus =
  | { state: 'pregnant'; weeks?: number; trimester?: Trimester }
  | { state: 'postpartum'; daysSinceDelivery?: number }
  | { state: 'not_pregnant' }
  | { state: 'cannot_be_pregnant'; reason: 'male' | 'too_young' | 'too_old' }
  | { state: 'unknown' };

export const MIN_PREGNANCY_AGE_YEARS = 10;
export const MAX_PREGNANCY_AGE_YEARS = 55;
export const POSTPARTUM_DAYS = 42;

/** Trimester for a gestational age in completed weeks (1: <14, 2: 14-27, 3: >=28). */
export function trimesterForWeeks(gestationWeeks: number): Trimester {
  if (gestationWeeks < 14) return 1;
  if (gestationWeeks < 28) return 2;
  return 3;
}

/** Words health workers use for a woman who has just delivered (for the mother, not the baby). */
export const POSTPARTUM_PATTERN =
  /\b(?:postpartum|post-partum|post partum|postnatal|post-natal|(?:just|recently|has|had|she) delivered|delivered (?:a |her |the |at |this |yesterday|today|last|\d)|gave birth|given birth|giving birth|after (?:the )?(?:birth|delivery|giving birth|childbirth)|baby (?:was )?just born|just born|born (?:at home|yesterday|today|this morning|last night)|born \d+ (?:hours?|days?) ago|p\/?p\b|born for house|don born|don born pikin)/g;

/** Labour under way: "in labour", "labour pains", "contractions" (the waters alone may break before it). */
const LABOUR_UNDER_WAY_WORDS = String.raw`in (?:active |early |established |preterm |premature )?labou?r|labou?ring|labou?r (?:pains?|has started|started)|(?:uterine )?contractions?`;
export const LABOUR_UNDER_WAY = new RegExp(String.raw`\b(?:${LABOUR_UNDER_WAY_WORDS})\b`);

/**
 * Words for a woman in labour now: labour under way, or "her waters broke". A woman in labour is pregnant,
 * and about to give birth (birthIsNear).
 */
export const LABOUR_PATTERN = new RegExp(String.raw`\b(?:${LABOUR_UNDER_WAY_WORDS}|(?:her |the )?waters? (?:has |have )?(?:broken|broke)|ruptured membranes)\b`, 'g');

/** Completed weeks from which a pregnancy is at term: the birth can come any day. */
export const TERM_WEEKS = 37;

/**
 * True when a pregnant woman is in labour or at term (37 weeks or more): preventing what comes after
 * the birth ("Preventing bleeding after birth": a uterotonic as soon as the baby is born) is hers to
 * prepare now (population-fit.ts); treating it is not, until she has delivered.
 */
export function birthIsNear(d: Demographics): boolean {
  const status = pregnancyStatus(d);
  return status.state === 'pregnant' && (d.inLabour === true || (status.weeks ?? 0) >= TERM_WEEKS);
}

export function pregnancyStatus(d: Demographics): PregnancyStatus {
  if (d.sex === 'male') return { state: 'cannot_be_pregnant', reason: 'male' };
  const months = ageInMonths(d);
  if (months !== undefined && months < MIN_PREGNANCY_AGE_YEARS * 12) return { state: 'cannot_be_pregnant', reason: 'too_young' };
  if (months !== undefined && months >= (MAX_PREGNANCY_AGE_YEARS + 1) * 12 && d.pregnant !== true && d.postpartum !== true) {
    return { state: 'cannot_be_pregnant', reason: 'too_old' };
  }
  if (d.pregnant === true) {
    const trimester = d.trimester ?? (d.gestationWeeks !== undefined ? trimesterForWeeks(d.gestationWeeks) : undefined);
    return {
      state: 'pregnant',
      ...(d.gestationWeeks !== undefined ? { weeks: d.gestationWeeks } : {}),
      ...(trimester !== undefined ? { trimester } : {}),
    };
  }
  if (d.postpartum === true) return { state: 'postpartum', ...(d.daysSinceDelivery !== undefined ? { daysSinceDelivery: d.daysSinceDelivery } : {}) };
  if (d.pregnant === false) return { state: 'not_pregnant' };
  return { state: 'unknown' };
}

/** True when text about pregnancy cannot be about this patient. */
export function cannotBePregnant(d: Demographics): boolean {
  const s = pregnancyStatus(d).state;
  return s === 'cannot_be_pregnant' || s === 'not_pregnant' || s === 'postpartum';
}

/**
 * A diagnosis that only a pregnancy has ("pre-eclampsia", "anaemia in pregnancy", "IPTp", "threatened
 * abortion"): stated for a woman whose pregnancy was not said, it says she is pregnant.
 */
const PREGNANCY_CONDITION = /\b(?:pregnan\w*|antenatal|anc|trimesters?|pre-?eclampsia|eclampsia|gestational|iptp|labou?r|miscarriage|abortion|ectopic|obstetric\w*|placenta\w*)\b/i;

/** True when a diagnosis names pregnancy or a condition only a pregnancy has. */
export function namesPregnancy(condition: string): boolean {
  return PREGNANCY_CONDITION.test(condition);
}

/**
 * Wording that says a text is for people who are not pregnant: "for non-pregnant adults", "women who are
 * not pregnant", "this table does not apply in pregnancy". A section saying it is written for everyone
 * except a pregnant woman.
 */
const FOR_NON_PREGNANT = String.raw`\bnon-?pregnant\b|\b(?:are|is|who are) not pregnant\b|\b(?:does|do) not apply (?:in|during) pregnancy\b`;
/** The same, and a caution within a line: "not in pregnancy" in a medicines table, "except in pregnancy". */
const SETS_PREGNANCY_ASIDE = String.raw`${FOR_NON_PREGNANT}|\bnot (?:in|during) pregnancy\b|\bexcept (?:in|during) pregnancy\b`;

/** True when a section's text says it is for people who are not pregnant. */
export function writtenForNonPregnant(text: string): boolean {
  return new RegExp(FOR_NON_PREGNANT, 'i').test(text);
}

/** True when a line sets pregnancy aside ("non-pregnant adults", "not in pregnancy"): it is not for a pregnant woman. */
export function setsPregnancyAside(text: string): boolean {
  return new RegExp(SETS_PREGNANCY_ASIDE, 'i').test(text);
}

/**
 * Wording that names pregnancy among others a line is for: "Adults and adolescents weighing 30 kg or more,
 * including pregnant and breastfeeding women" is for a man and a woman after birth as well.
 */
const INCLUDES_PREGNANCY = String.raw`\b(?:including|as well as|also (?:in|for|during)|even (?:in|during))\s+(?:(?:in|during|the)\s+)*(?:pregnan\w*|breastfeeding|lactating)(?:\s*(?:,|and|or)\s*(?:pregnan\w*|breastfeeding|lactating))*(?:\s+(?:women|woman|mothers|girls))?`;

/**
 * The text without the wording that sets pregnancy aside or names it among others: what is left speaks of
 * pregnancy alone, if anything does.
 */
export function withoutPregnancyAsideOrInclusion(text: string): string {
  return text.replace(new RegExp(`${SETS_PREGNANCY_ASIDE}|${INCLUDES_PREGNANCY}`, 'gi'), ' ');
}

/**
 * The diagnosis without its words for the weeks after birth when the demographics already say she is in
 * them: "BP high after delivery" for a woman 5 days after birth is about her blood pressure, and her state
 * is the population rules' to place ("after delivery" is not a topic that "Bleeding after birth" shares).
 * The whole diagnosis when nothing else is left ("postpartum").
 */
export function withoutStatedPostpartum(condition: string, d: Demographics): string {
  if (pregnancyStatus(d).state !== 'postpartum') return condition;
  const rest = condition.replace(new RegExp(POSTPARTUM_PATTERN.source, 'gi'), ' ').replace(/\s+/g, ' ').trim();
  return rest || condition;
}

/**
 * The demographics after a later message, for pregnancy: a bare pregnancy word after a delivery the consult
 * already knows of ("HIV known since her pregnancy" after "delivered 3 weeks ago") speaks of the pregnancy
 * that ended; a delivery said later ends a pregnancy known before (its weeks go with it), and a gestation
 * said later replaces a delivery (a correction).
 */
export function withLaterDemographics(earlier: Demographics, later: Demographics): Demographics {
  const merged: Demographics = { ...earlier, ...later };
  const laterGestation = later.gestationWeeks !== undefined || later.trimester !== undefined;
  if (earlier.postpartum === true && later.pregnant === true && !laterGestation && later.postpartum === undefined) {
    return { ...merged, pregnant: false, postpartum: true };
  }
  if (later.postpartum === true) {
    delete merged.gestationWeeks;
    delete merged.trimester;
    delete merged.inLabour;
  } else if (later.pregnant === true && laterGestation) {
    delete merged.postpartum;
    delete merged.daysSinceDelivery;
  }
  return merged;
}

/** A woman or girl who could be pregnant and has not said: pregnancy text is kept for her. */
export function mayBePregnant(d: Demographics): boolean {
  const s = pregnancyStatus(d).state;
  return s === 'pregnant' || s === 'unknown';
}

export function trimesterOf(d: Demographics): Trimester | undefined {
  const status = pregnancyStatus(d);
  return status.state === 'pregnant' ? status.trimester : undefined;
}

/** Whether the offline interview should ask about pregnancy (a female of 12-50 years who has not said). */
export function shouldAskPregnancy(d: Demographics): boolean {
  const months = ageInMonths(d);
  if (d.sex !== 'female' || months === undefined || d.pregnant !== undefined || d.postpartum === true) return false;
  return months >= 12 * 12 && months < 51 * 12;
}
