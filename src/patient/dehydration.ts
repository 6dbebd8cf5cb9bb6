/**
 * The IMCI classification of diarrhoea by the signs the health worker found, for a diagnosis that does not
 * say it ("running stomach" with sunken eyes and a slow skin pinch is diarrhoea with some dehydration,
 * which Plan B treats). Two signs of a row classify, the severe row first:
 * - severe: lethargic or unconscious, sunken eyes, not able to drink or drinking poorly, skin pinch
 *   goes back very slowly;
 * - some: restless or irritable, sunken eyes, drinks eagerly (thirsty), skin pinch goes back slowly;
 * - none: a sign of dehydration said to be absent ("no sunken eyes") and not two of either row.
 * Diarrhoea for 14 days or more is persistent; with some or severe dehydration, severe persistent.
 * Negated and past mentions count for nothing (negation.ts).
 */
import { normaliseClinicalText } from './clinical-text.js';
import * as signs from './danger-sign-patterns.js';
import type { Finding } from './findings.js';
import { findMentions, firstPresent } from './negation.js';

export type DehydrationClass = 'severe' | 'some' | 'none';

const SEVERE_ROW = [signs.LETHARGIC_OR_UNCONSCIOUS, signs.SUNKEN_EYES, new RegExp(`${signs.UNABLE_TO_DRINK.source}|${signs.DRINKING_POORLY.source}`), signs.VERY_SLOW_SKIN_PINCH];
const SOME_ROW = [signs.RESTLESS_OR_IRRITABLE, signs.SUNKEN_EYES, signs.DRINKS_EAGERLY, signs.SLOW_SKIN_PINCH];
const SIGNS_OF_DEHYDRATION = [signs.SUNKEN_EYES, signs.SLOW_SKIN_PINCH, signs.VERY_SLOW_SKIN_PINCH];

/**
 * Dehydration as a health worker records its class: "severe dehydration", "some dehydration", and
 * dehydration not qualified, which said absent ("no dehydration", "not dehydrated") is the class of
 * no dehydration. "No severe dehydration" is not.
 */
export const STATED_SEVERE_DEHYDRATION = /\bsevere(?:ly)? dehydrat\w*/;
export const STATED_SOME_DEHYDRATION = /\bsome dehydrat\w*/;
export const DEHYDRATION_UNQUALIFIED = /(?<!\b(?:some|severe|severely|moderate|mild) )\bdehydrat\w*/;

/** Days from which diarrhoea is persistent. */
export const PERSISTENT_DIARRHOEA_DAYS = 14;

/** How dehydrated the findings show a patient with diarrhoea to be; undefined when they do not say. */
export function dehydrationClass(findings: readonly Finding[]): DehydrationClass | undefined {
  const texts = findings.map((f) => ({ clinical: normaliseClinicalText(f.value), negated: f.negated === true }));
  const present = (pattern: RegExp) => texts.some((t) => !t.negated && firstPresent(t.clinical, pattern) !== undefined);
  const count = (row: readonly RegExp[]) => row.filter(present).length;
  if (count(SEVERE_ROW) >= 2) return 'severe';
  if (count(SOME_ROW) >= 2) return 'some';
  // The class the health worker recorded ("severe dehydration", "some dehydration") when the signs do not give one.
  if (present(STATED_SEVERE_DEHYDRATION)) return 'severe';
  if (present(STATED_SOME_DEHYDRATION)) return 'some';
  const absent = (pattern: RegExp) => texts.some((t) => (t.negated ? pattern.test(t.clinical.text) : findMentions(t.clinical, pattern).some((m) => m.negated)));
  // A skin pinch that goes back at once is a sign checked and found normal, as "no sunken eyes" is (and
  // "eyes not sunken"); "no dehydration" is the class itself.
  const normal = [signs.NORMAL_SKIN_PINCH, signs.EYES_NOT_SUNKEN];
  return SIGNS_OF_DEHYDRATION.some(absent) || absent(DEHYDRATION_UNQUALIFIED) || normal.some(present) ? 'none' : undefined;
}

/** The longest time diarrhoea is said to have lasted, in days ("diarrhoea 3 weeks", "loose stools for 16 days"). */
export function diarrhoeaDays(texts: readonly string[]): number | undefined {
  const days = texts.flatMap((text) => {
    const lower = text.toLowerCase();
    if (!DIARRHOEA.test(lower)) return [];
    return [...lower.matchAll(DURATION)]
      .filter((m) => !isGestationOrAge(lower, m.index, m.index + m[0].length))
      .map((m) => Number(m[1]) * (DAYS_PER_UNIT[(m[2] ?? '').charAt(0)] ?? 0));
  });
  return days.length > 0 ? Math.max(...days) : undefined;
}

/** True when the text names diarrhoea, as written or typed ("loose stools", "running stomach", "purging"). */
export function namesDiarrhoea(text: string): boolean {
  return DIARRHOEA.test(text.toLowerCase());
}

/** True when the text names dysentery, diarrhoea with blood ("dysentery", "bloody diarrhoea", "blood in the stool"). */
export function namesDysentery(text: string): boolean {
  return DYSENTERY.test(text.toLowerCase());
}

export function isPersistentDiarrhoea(texts: readonly string[]): boolean {
  return (diarrhoeaDays(texts) ?? 0) >= PERSISTENT_DIARRHOEA_DAYS;
}

/**
 * A time that says how far along a pregnancy is, how old the patient is or how long since the birth, not
 * how long the diarrhoea has lasted: "acute watery diarrhoea, 30 weeks pregnant" is not persistent
 * diarrhoea, nor is "diarrhoea, baby 6 weeks old".
 */
function isGestationOrAge(text: string, start: number, end: number): boolean {
  return GESTATION_OR_AGE_BEFORE.test(text.slice(Math.max(0, start - 24), start)) || GESTATION_OR_AGE_AFTER.test(text.slice(end, end + 24));
}

const GESTATION_OR_AGE_BEFORE = /\b(?:pregnan\w*|preg|ga|ega|gestation(?:al age)?|aged?|at)\s*[:=-]?\s*$/;
const GESTATION_OR_AGE_AFTER = /^\s*(?:pregnan\w*|preg\b|of pregnancy|gestation\w*|of gestation|ga\b|old\b|of age\b|postpartum|post-?partum|(?:after|since|from) (?:the )?(?:delivery|birth))/;

/** Dysentery as health workers say it: blood in the stool ("bloody diarrhoea", "stools with blood", "diarrhoea with blood", "blood in the poo"). */
export const DYSENTERY = /\b(?:blood(?:y)? (?:in |for |inside |dey )?(?:the )?(?:stools?|diarr?h?o?e?a\w*|poo\w*|motions?)|(?:stools?|diarr?h?o?e?a\w*|poo\w*|motions?) (?:with|containing) blood|bloody (?:stools?|diarr?h?o?e?a\w*)|stooling blood|dysenter\w*)\b/;
const DIARRHOEA = /\bdiarrh\w*|\bloose stools?\b|\bwatery stools?\b|\brunning stomach\b|\bpurging\b|\bstooling\b/;
const DURATION = /\b(\d+(?:\.\d+)?)\s*(days?|d\b|weeks?|wks?|months?|mths?)\b/g;
const DAYS_PER_UNIT: Readonly<Record<string, number>> = { d: 1, w: 7, m: 30 };
