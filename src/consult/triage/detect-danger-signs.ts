/**
 * Deterministic danger-sign triage, run on every message before any LLM call: the WHO/IMCI general
 * danger signs in children and the signs of severe illness in adults and in pregnancy.
 *
 * Choices that depend on who the patient is (all tested):
 * - "Not able to breastfeed/feed" counts only when the patient is not known to be 5 years or older
 *   (IMCI's range is 2 months to 5 years); "not able to drink" counts at any age.
 * - Chest pain counts unless the patient is known to be under 5 (IMCI does not use it).
 * - Any vaginal bleeding, severe abdominal pain, the baby moving less or not at all, and the waters
 *   broken with no pains or contractions, count as pregnancy danger signs only in the context of
 *   pregnancy: `context.pregnant`, or the message itself mentions pregnancy, delivery or abortion (a
 *   negated mention such as "not pregnant" overrides).
 *   Heavy vaginal bleeding counts in every woman; heavy bleeding elsewhere is reported as heavy bleeding.
 * - Headache with blurred vision counts for everyone; in pregnancy a severe headache or blurred
 *   vision alone also counts (WHO lists both for pre-eclampsia). In pregnancy or within six weeks of a
 *   birth, a blood pressure of 160/110 or more counts ("must be lowered within an hour"); otherwise,
 *   not known under 5, 180/110 or more with a severe headache, confusion, blurred vision or weakness of
 *   one side (a hypertensive emergency).
 * - A stiff neck counts unless fever is explicitly absent ("no fever", "afebrile").
 * - Fever (or a temperature of 37.5 °C or more) counts in a young infant, known to be under 2 months:
 *   IMCI's sign of very severe disease in a sick young infant, whom WHO says to refer, not treat at home.
 *   Fever alone never counts at an unknown age. So do fast breathing (60 a minute or more, or said) and
 *   feeding poorly in a young infant: "any infant under 2 months with fast breathing ... feeding poorly
 *   or not feeding ... must be referred urgently" (pneumonia sample, ch2); at 2 months and over they
 *   classify pneumonia or are asked about, and are not danger signs.
 * - Severe dehydration follows IMCI: two of lethargic/unconscious, sunken eyes, not able to drink
 *   or drinking poorly, skin pinch going back very slowly, with at least one of the two physical
 *   signs; or "severe dehydration" said outright.
 * When age or pregnancy is unknown the sign counts: a false alarm is the safe error.
 *
 * Limits: see negation.ts for negation scope; a question ("any fits?") counts as a mention; words
 * outside the phrasings in danger-sign-patterns.ts are not recognised.
 */
import { ageInMonths, UNDER_FIVE_UPPER_MONTHS, YOUNG_INFANT_UPPER_MONTHS } from '../../patient/age.js';
import { normaliseClinicalText, type ClinicalText } from '../../patient/clinical-text.js';
import { findMentions, firstDuringThisIllness, firstPresent, type Mention } from '../../patient/negation.js';
import * as patterns from '../../patient/danger-sign-patterns.js';
import { LABOUR_UNDER_WAY } from '../../patient/pregnancy.js';
import { BP_READING, inSevereRangeInPregnancy } from '../../patient/hypertension-in-pregnancy.js';
import { inAdultSevereRange } from '../../patient/adult-blood-pressure.js';

/** Every danger sign this module can report, in the order hits are returned. */
export const DANGER_SIGN_CODES = [
  'convulsions',
  'lethargic_or_unconscious',
  'unable_to_drink_or_breastfeed',
  'vomits_everything',
  'severe_difficulty_breathing',
  'chest_indrawing',
  'severe_dehydration',
  'stiff_neck_with_fever',
  'heavy_vaginal_bleeding',
  'vaginal_bleeding_in_pregnancy',
  'heavy_bleeding',
  'severe_headache_blurred_vision',
  'severe_abdominal_pain_in_pregnancy',
  'reduced_fetal_movements',
  'waters_broken_before_labour',
  'severe_blood_pressure_in_pregnancy',
  'hypertensive_emergency',
  'chest_pain',
  'fever_in_young_infant',
  'fast_breathing_in_young_infant',
  'feeding_poorly_in_young_infant',
] as const;

export type DangerSignCode = (typeof DANGER_SIGN_CODES)[number];

/** Which WHO list the sign belongs to, for this patient. */
export type DangerSignPopulation = 'child' | 'adult' | 'pregnancy' | 'any';

/** One danger sign found in a message. */
export interface DangerSignHit<Code extends string = string> {
  /** A code of this module (DangerSignCode) or of the danger-sign catalogue. */
  readonly code: Code;
  /** Short English label for the health worker. */
  readonly label: string;
  readonly population: DangerSignPopulation;
  /** The health worker's own words that matched (joined with " + " for a combination). */
  readonly matched: string;
  /** The catalogue's advice for the sign, in the message's language. */
  readonly advice?: string;
}

/** What is already known about the patient; every field is optional. */
export interface TriageContext {
  readonly ageYears?: number;
  /** Total age in months (takes precedence over ageYears). */
  readonly ageMonths?: number;
  readonly pregnant?: boolean;
  /** Within six weeks of giving birth. */
  readonly postpartum?: boolean;
}

/** The label each code is reported under unless a variant says more ("Stiff neck with fever"). */
export const DANGER_SIGN_LABELS: Readonly<Record<DangerSignCode, string>> = {
  convulsions: 'Convulsions (fits)',
  lethargic_or_unconscious: 'Lethargic or unconscious',
  unable_to_drink_or_breastfeed: 'Not able to drink or breastfeed',
  vomits_everything: 'Vomits everything',
  severe_difficulty_breathing: 'Severe difficulty breathing',
  chest_indrawing: 'Chest indrawing',
  severe_dehydration: 'Severe dehydration',
  stiff_neck_with_fever: 'Stiff neck with fever',
  heavy_vaginal_bleeding: 'Heavy vaginal bleeding',
  vaginal_bleeding_in_pregnancy: 'Vaginal bleeding in pregnancy',
  heavy_bleeding: 'Heavy bleeding',
  severe_headache_blurred_vision: 'Severe headache with blurred vision',
  severe_abdominal_pain_in_pregnancy: 'Severe abdominal pain in pregnancy',
  reduced_fetal_movements: "Baby moving less or not at all in the womb",
  waters_broken_before_labour: 'Waters broken before labour has started',
  severe_blood_pressure_in_pregnancy: 'Blood pressure 160/110 or more in pregnancy or after birth',
  hypertensive_emergency: 'Blood pressure 180/110 or more with a sign of a hypertensive emergency',
  chest_pain: 'Chest pain',
  fever_in_young_infant: 'Fever in a young infant (under 2 months)',
  fast_breathing_in_young_infant: 'Fast breathing in a young infant (under 2 months)',
  feeding_poorly_in_young_infant: 'Feeding poorly in a young infant (under 2 months)',
};

const IMCI_UPPER_AGE_MONTHS = UNDER_FIVE_UPPER_MONTHS;

/** The message, what is known of the patient, and the hits found so far. */
class Triage {
  private readonly hits = new Map<DangerSignCode, DangerSignHit<DangerSignCode>>();
  readonly knownUnderFive: boolean;
  readonly knownFiveOrOver: boolean;
  readonly knownYoungInfant: boolean;
  readonly pregnancy: boolean;
  readonly afterBirth: boolean;

  constructor(
    readonly clinical: ClinicalText,
    context: TriageContext,
  ) {
    const months = ageInMonths(context);
    this.knownUnderFive = months !== undefined && months < IMCI_UPPER_AGE_MONTHS;
    this.knownFiveOrOver = months !== undefined && months >= IMCI_UPPER_AGE_MONTHS;
    this.knownYoungInfant = months !== undefined && months < YOUNG_INFANT_UPPER_MONTHS;
    this.pregnancy = inPregnancyContext(clinical, context);
    this.afterBirth = context.postpartum === true;
  }

  /** The first affirmed mention of `pattern`. */
  found(pattern: RegExp): Mention | undefined {
    return firstPresent(this.clinical, pattern);
  }

  /** The first mention of `pattern` in this illness, whether or not it is over now. */
  foundDuringThisIllness(pattern: RegExp): Mention | undefined {
    return firstDuringThisIllness(this.clinical, pattern);
  }

  add(code: DangerSignCode, population: DangerSignPopulation, spans: readonly Mention[], label?: string): void {
    if (this.hits.has(code) || spans.length === 0) return;
    const matched = spans
      .map((span) => this.clinical.originalSpan(span.start, span.end).trim())
      .join(' + ');
    this.hits.set(code, { code, label: label ?? DANGER_SIGN_LABELS[code], population, matched });
  }

  result(): DangerSignHit<DangerSignCode>[] {
    return DANGER_SIGN_CODES.flatMap((code) => {
      const hit = this.hits.get(code);
      return hit ? [hit] : [];
    });
  }
}

/** Danger signs affirmed in `text` (negated mentions never count), one hit per code, in code order. */
export function detectDangerSigns(text: string, context: TriageContext = {}): DangerSignHit<DangerSignCode>[] {
  const triage = new Triage(normaliseClinicalText(text), context);
  addGeneralDangerSigns(triage);
  addBreathingSigns(triage);
  addStiffNeck(triage);
  addBleeding(triage);
  addPregnancySigns(triage);
  if (triage.knownYoungInfant) {
    const fever = triage.found(patterns.FEVER) ?? triage.found(patterns.YOUNG_INFANT_FEVER_TEMPERATURE);
    if (fever) triage.add('fever_in_young_infant', 'child', [fever]);
    const fastBreathing = triage.found(patterns.YOUNG_INFANT_FAST_BREATHING);
    if (fastBreathing) triage.add('fast_breathing_in_young_infant', 'child', [fastBreathing]);
    const feedingPoorly = triage.found(patterns.FEEDING_POORLY);
    if (feedingPoorly) triage.add('feeding_poorly_in_young_infant', 'child', [feedingPoorly]);
  }
  if (!triage.knownUnderFive) {
    const chestPain = triage.found(patterns.CHEST_PAIN);
    if (chestPain) triage.add('chest_pain', 'adult', [chestPain]);
    addHypertensiveEmergency(triage);
  }
  return triage.result();
}

function addGeneralDangerSigns(triage: Triage): void {
  const childOrAny: DangerSignPopulation = triage.knownUnderFive ? 'child' : 'any';
  // Convulsions during this illness count even when the child is alert now ("fit yesterday, now alert").
  const convulsions = triage.foundDuringThisIllness(patterns.CONVULSIONS);
  if (convulsions) triage.add('convulsions', 'any', [convulsions]);

  const lethargic = triage.found(patterns.LETHARGIC_OR_UNCONSCIOUS);
  if (lethargic) triage.add('lethargic_or_unconscious', 'any', [lethargic]);

  const unableToDrink = triage.found(patterns.UNABLE_TO_DRINK);
  if (unableToDrink) {
    triage.add('unable_to_drink_or_breastfeed', childOrAny, [unableToDrink]);
  } else if (!triage.knownFiveOrOver) {
    const unableToBreastfeed = triage.found(patterns.UNABLE_TO_BREASTFEED);
    if (unableToBreastfeed) triage.add('unable_to_drink_or_breastfeed', 'child', [unableToBreastfeed]);
  }

  const vomitsEverything = triage.found(patterns.VOMITS_EVERYTHING);
  if (vomitsEverything) triage.add('vomits_everything', childOrAny, [vomitsEverything]);

  const dehydration = severeDehydration(triage, lethargic, unableToDrink);
  if (dehydration) triage.add('severe_dehydration', 'any', dehydration);
}

/** IMCI: two of the four signs, at least one of them physical; or said outright. */
function severeDehydration(
  triage: Triage,
  lethargic: Mention | undefined,
  unableToDrink: Mention | undefined,
): Mention[] | undefined {
  const stated = triage.found(patterns.SEVERE_DEHYDRATION_STATED);
  if (stated) return [stated];
  const sunkenEyes = triage.found(patterns.SUNKEN_EYES);
  const verySlowPinch = triage.found(patterns.VERY_SLOW_SKIN_PINCH);
  if (!sunkenEyes && !verySlowPinch) return undefined;
  const drinking = unableToDrink ?? triage.found(patterns.DRINKING_POORLY);
  const signs = [lethargic, sunkenEyes, drinking, verySlowPinch].filter(
    (sign): sign is Mention => sign !== undefined,
  );
  return signs.length >= 2 ? signs.sort((a, b) => a.start - b.start) : undefined;
}

function addBreathingSigns(triage: Triage): void {
  const breathing = triage.found(patterns.SEVERE_DIFFICULTY_BREATHING);
  if (breathing) triage.add('severe_difficulty_breathing', 'any', [breathing]);
  const indrawing = triage.found(patterns.CHEST_INDRAWING);
  if (indrawing) triage.add('chest_indrawing', 'child', [indrawing]);
}

function addStiffNeck(triage: Triage): void {
  const stiffNeck = triage.found(patterns.STIFF_NECK);
  if (!stiffNeck) return;
  const fever = triage.found(patterns.FEVER);
  if (fever) {
    triage.add('stiff_neck_with_fever', 'any', [stiffNeck, fever]);
    return;
  }
  const feverAbsent =
    triage.found(patterns.AFEBRILE) !== undefined ||
    findMentions(triage.clinical, patterns.FEVER).some((mention) => mention.negated);
  if (!feverAbsent) triage.add('stiff_neck_with_fever', 'any', [stiffNeck], 'Stiff neck (fever not reported)');
}

function addBleeding(triage: Triage): void {
  const { clinical, pregnancy } = triage;
  const heavy = findMentions(clinical, patterns.HEAVY_BLEEDING).find(
    (mention) => !mention.negated && !mention.historical && !patterns.EXCRETION_SITE.test(clauseText(clinical, mention)),
  );
  if (heavy) {
    const clause = clauseText(clinical, heavy);
    const vaginal = patterns.VAGINAL_CUE.test(clause) || triage.found(patterns.VAGINAL_BLEEDING) !== undefined;
    if (vaginal || (pregnancy && !patterns.NON_VAGINAL_SITE.test(clause))) {
      // Heavy vaginal bleeding says everything "bleeding in pregnancy" would.
      triage.add('heavy_vaginal_bleeding', pregnancy ? 'pregnancy' : 'adult', [heavy]);
      return;
    }
    triage.add('heavy_bleeding', 'any', [heavy]);
  }
  if (!pregnancy) return;
  const vaginalBleeding =
    triage.found(patterns.VAGINAL_BLEEDING) ??
    findMentions(clinical, patterns.BLEEDING_ANY_SITE).find(
      (mention) => !mention.negated && !mention.historical && !patterns.EXCRETION_SITE.test(clauseText(clinical, mention)),
    );
  if (vaginalBleeding) triage.add('vaginal_bleeding_in_pregnancy', 'pregnancy', [vaginalBleeding]);
}

function addPregnancySigns(triage: Triage): void {
  const { pregnancy } = triage;
  const headache = triage.found(patterns.SEVERE_HEADACHE) ?? triage.found(patterns.HEADACHE);
  const severeHeadache = triage.found(patterns.SEVERE_HEADACHE);
  const blurredVision = triage.found(patterns.BLURRED_VISION);
  const code = 'severe_headache_blurred_vision';
  if (headache && blurredVision) {
    triage.add(code, pregnancy ? 'pregnancy' : 'adult', [headache, blurredVision]);
  } else if (pregnancy && severeHeadache) {
    triage.add(code, 'pregnancy', [severeHeadache], 'Severe headache in pregnancy');
  } else if (pregnancy && blurredVision) {
    triage.add(code, 'pregnancy', [blurredVision], 'Blurred vision in pregnancy');
  }
  if (pregnancy) {
    const abdominalPain = triage.found(patterns.SEVERE_ABDOMINAL_PAIN);
    if (abdominalPain) triage.add('severe_abdominal_pain_in_pregnancy', 'pregnancy', [abdominalPain]);
    const fewerMovements = triage.found(patterns.REDUCED_FETAL_MOVEMENTS);
    if (fewerMovements) triage.add('reduced_fetal_movements', 'pregnancy', [fewerMovements]);
    // "Water breaking before labour has started": with pains or contractions, she is in labour.
    const waters = triage.found(patterns.WATERS_BROKEN);
    if (waters && !triage.found(LABOUR_UNDER_WAY)) triage.add('waters_broken_before_labour', 'pregnancy', [waters]);
  }
  // "Blood pressure of 160/110 mmHg or more in pregnancy or after birth must be lowered within an hour."
  if (pregnancy || triage.afterBirth) {
    const severeReading = readingIn(triage, inSevereRangeInPregnancy);
    if (severeReading) triage.add('severe_blood_pressure_in_pregnancy', 'pregnancy', [severeReading]);
  }
}

/** The first blood-pressure reading written in the message that `inRange` accepts. */
function readingIn(triage: Triage, inRange: (systolic: number, diastolic: number) => boolean): Mention | undefined {
  return findMentions(triage.clinical, BP_READING).find((m) => !m.negated && inRange(Number(m.groups[0]), Number(m.groups[1])));
}

/**
 * "Refer immediately if BP is 180/110 mmHg or more with any of these" (hypertension sample): a severe
 * headache, confusion, blurred vision, weakness of one side or difficulty speaking. Chest pain, severe
 * breathlessness and fits are danger signs of their own; in pregnancy 160/110 alone already counts.
 */
function addHypertensiveEmergency(triage: Triage): void {
  if (triage.pregnancy || triage.afterBirth) return;
  const severeReading = readingIn(triage, inAdultSevereRange);
  if (!severeReading) return;
  const sign = [patterns.SEVERE_HEADACHE, patterns.CONFUSION, patterns.BLURRED_VISION, patterns.ONE_SIDED_WEAKNESS].map((p) => triage.found(p)).find((m) => m !== undefined);
  if (sign) triage.add('hypertensive_emergency', 'adult', [severeReading, sign]);
}

function inPregnancyContext(clinical: ClinicalText, context: TriageContext): boolean {
  const mentions = findMentions(clinical, patterns.PREGNANCY);
  if (mentions.some((mention) => !mention.negated)) return true;
  if (mentions.some((mention) => mention.negated)) return false;
  return context.pregnant === true;
}

function clauseText(clinical: ClinicalText, mention: Mention): string {
  const clause = clinical.clauseAt(mention.start);
  return clinical.text.slice(clause.start, Math.max(clause.end, mention.end));
}
