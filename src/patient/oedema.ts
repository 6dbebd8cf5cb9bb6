/**
 * Oedema as health workers write it, and the grade of nutritional oedema in a child, as the sample
 * malnutrition guideline grades it: grade + is both feet, ++ both feet and legs, hands or lower arms,
 * +++ generalised, "including the face and around the eyes". Bilateral pitting oedema of any grade is
 * severe acute malnutrition whatever the MUAC; grade +++, or any oedema with a MUAC below 115 mm, is a
 * sign that requires referral. CHWs write it in their own words: "both leg swell", "feet dey swell",
 * "face n eye swell too", "swollen feet". Negated and past mentions count for nothing (negation.ts).
 */
import { normaliseClinicalText } from './clinical-text.js';
import type { Finding } from './findings.js';
import { firstPresent } from './negation.js';

/** Swelling, in the words CHWs use: oedema, swollen, swelling, and Pidgin "swell" ("both leg swell"). */
const SWELL = String.raw`(?:o?edema(?:tous)?|swell(?:ing|s|ed)?|swollen)`;
/** What joins a body part to its swelling: "feet are swollen", "leg dey swell", "feet don swell". */
const LINK = String.raw`(?:(?:are|is|have|has|get|dey|don|don dey|also|too) )*`;
const FEET_OR_LEGS = String.raw`(?:feet|foot|legs?|ankles?|lower limbs?)`;
const FACE_OR_EYES = String.raw`(?:face|eyes?|eyelids?)`;
/** A second body part in the same phrase: "face n eye", "face and hands". */
const AND_ANOTHER = String.raw`(?: (?:n|and|&|\+) (?:the )?\w+)?`;

/** Oedema of both feet or legs: bilateral oedema, the sign that makes a child's malnutrition severe. */
export const BILATERAL_OEDEMA = new RegExp(
  [
    String.raw`\b(?:bilateral|bipedal|pedal) (?:pitting )?o?edema\b`,
    String.raw`\bo?edema (?:of |on |in |for )?(?:the )?both ${FEET_OR_LEGS}\b`,
    String.raw`\bboth ${FEET_OR_LEGS} ${LINK}${SWELL}`,
    String.raw`\b${SWELL} (?:of|on|in|for) (?:the )?both ${FEET_OR_LEGS}\b`,
    String.raw`\bo?edema (?:grade )?\+{1,3}`,
    String.raw`\bgrade \+{1,3} o?edema\b`,
  ].join('|'),
);

/** Generalised oedema (grade +++) as written: "generalised oedema", "oedema +++". */
const STATED_GENERALISED = new RegExp(String.raw`\bgenerali[sz]ed (?:pitting )?o?edema\b|\bo?edema (?:grade )?\+\+\+|\bgrade \+\+\+ o?edema\b`);

/** The face or around the eyes swollen: with oedema of the feet, the oedema is generalised. */
export const FACE_SWELLING = new RegExp(
  [
    String.raw`\b${FACE_OR_EYES}${AND_ANOTHER} ${LINK}${SWELL}`,
    String.raw`\b(?:puffy|swollen) ${FACE_OR_EYES}\b`,
    String.raw`\b${SWELL} (?:of|on|around|for) (?:the )?${FACE_OR_EYES}\b`,
  ].join('|'),
);

/** Any oedema or swelling of the feet, legs, hands or face, one side or both. */
export const OEDEMA = new RegExp(
  [
    String.raw`\bo?edema\b`,
    BILATERAL_OEDEMA.source,
    STATED_GENERALISED.source,
    FACE_SWELLING.source,
    String.raw`\b${SWELL} (?:of|on|in|for) (?:the |his |her |both )?(?:${FEET_OR_LEGS}|hands?)\b`,
    String.raw`\bswollen (?:${FEET_OR_LEGS}|hands?)\b`,
    String.raw`\b(?:${FEET_OR_LEGS}|hands?)${AND_ANOTHER} ${LINK}${SWELL}`,
  ].join('|'),
);

export type OedemaFound = 'generalised' | 'bilateral' | 'some';

/** The oedema the findings show, most extensive first; undefined when none is found. */
export function oedemaFound(findings: readonly Finding[]): OedemaFound | undefined {
  const present = findings.filter((f) => !f.negated).map((f) => normaliseClinicalText(f.value));
  const shows = (pattern: RegExp) => present.some((text) => firstPresent(text, pattern) !== undefined);
  if (!shows(OEDEMA)) return undefined;
  const feet = shows(BILATERAL_OEDEMA);
  // Nutritional oedema starts at the feet: a swollen face alone is not grade +++.
  if (shows(STATED_GENERALISED) || (feet && shows(FACE_SWELLING))) return 'generalised';
  return feet ? 'bilateral' : 'some';
}
