/**
 * The IMCI classification of cough or difficult breathing in a child aged 2 months up to 5 years, by the
 * signs found: any general danger sign or stridor is severe pneumonia or very severe disease (pre-referral
 * treatment, refer); chest indrawing is chest-indrawing pneumonia, also when it raised the urgent referral;
 * fast breathing for the age (50 a minute or more from 2 up to 12 months, 40 or more from 12 months up to 5
 * years) is pneumonia with fast breathing (amoxicillin at home). A normal count is not used to downgrade a diagnosis of pneumonia: the count may
 * be repeated, and the health worker's judgement stands. Negated and past mentions count for nothing.
 */
import { ageGroupForMonths, ageInMonths } from './age.js';
import { normaliseClinicalText } from './clinical-text.js';
import * as signs from './danger-sign-patterns.js';
import type { Demographics, Finding } from './findings.js';
import { firstPresent } from './negation.js';

export type PneumoniaClass = 'severe' | 'chest indrawing' | 'fast breathing';

/** Breaths a minute from which breathing is fast: 60 under 2 months, 50 to 12 months, 40 to 5 years, 30 after. */
export function fastBreathingThreshold(ageMonths: number): number {
  const group = ageGroupForMonths(ageMonths);
  return group === 'young_infant' ? 60 : ageMonths < 12 ? 50 : group === 'child' ? 40 : 30;
}

/** Respiratory rates written in a finding ("respiratory rate 56/min", "RR 52", "breathing 48 per minute"). */
function respiratoryRates(text: string): number[] {
  return [...text.toLowerCase().matchAll(RATE)].map((m) => Number(m[1] ?? m[2])).filter((n) => n >= 5 && n <= 150);
}

const RATE = /\b(?:respiratory rate|resp(?:iratory)? rate|rr|breathing(?: rate)?|breaths?)\s*(?:of|is|=|:)?\s*(\d{1,3})\b|\b(\d{1,3})\s*(?:breaths?)\s*(?:per|\/|a)\s*min/g;
const STRIDOR = /\bstridor\b/;
const FAST_BREATHING_STATED = /\bfast breathing\b|\bbreathing (?:is )?(?:very )?(?:fast|rapid\w*)\b|\brapid breathing\b|\btachypn\w*/;

/** The class the signs give a child of 2 to 59 months; undefined when the age is outside or no sign decides. */
export function pneumoniaClass(demographics: Demographics, findings: readonly Finding[], hasDangerSign: boolean): PneumoniaClass | undefined {
  const found = coughClass(demographics, findings, hasDangerSign);
  return found === 'no pneumonia' ? undefined : found;
}

/**
 * The class of a child of 2 to 59 months brought for a cough (not yet called pneumonia): as pneumoniaClass,
 * and 'no pneumonia' (a cough or cold: home care, no antibiotic) when the breaths were counted and are not
 * fast, with no chest indrawing, stridor or danger sign. Undefined when the age is outside or the breaths
 * were not counted.
 */
export function coughClass(demographics: Demographics, findings: readonly Finding[], hasDangerSign: boolean): PneumoniaClass | 'no pneumonia' | undefined {
  const months = ageInMonths(demographics);
  if (months === undefined || ageGroupForMonths(months) !== 'child') return undefined;
  const texts = findings.filter((f) => !f.negated).map((f) => normaliseClinicalText(f.value));
  const present = (pattern: RegExp) => texts.some((t) => firstPresent(t, pattern) !== undefined);
  if (present(STRIDOR) || signs.GENERAL_DANGER_SIGNS.some(present)) return 'severe';
  // Chest indrawing is itself a reason to refer (triage raises the referral for it), so the referral
  // flag alone does not make it severe: IMCI's severe pneumonia needs a general danger sign or stridor.
  if (present(signs.CHEST_INDRAWING)) return 'chest indrawing';
  if (hasDangerSign) return 'severe';
  const rates = texts.flatMap((t) => respiratoryRates(t.text));
  if (rates.some((r) => r >= fastBreathingThreshold(months)) || present(FAST_BREATHING_STATED)) return 'fast breathing';
  return rates.length > 0 ? 'no pneumonia' : undefined;
}
