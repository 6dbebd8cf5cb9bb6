/**
 * Severe anaemia by what the health worker saw or measured: severe palmar pallor ("very pale palms",
 * "palms almost white"), or a haemoglobin below 7 g/dL, the cut-off at which the sample guideline refers a
 * pregnant woman urgently and WHO's for severe anaemia in children of 6 to 59 months. Severe anaemia is
 * referred: "Do not try to treat severe anaemia with iron at home". Negated and past mentions count for
 * nothing (negation.ts).
 */
import { normaliseClinicalText } from './clinical-text.js';
import type { Finding } from './findings.js';
import { firstPresent } from './negation.js';

/** Haemoglobin (g/dL) below which anaemia is severe. */
export const SEVERE_ANAEMIA_HB_G_DL = 7;

/** True when a finding shows severe anaemia: severe pallor, or a haemoglobin below SEVERE_ANAEMIA_HB_G_DL. */
export function severeAnaemiaFound(findings: readonly Finding[]): boolean {
  return findings.some((f) => {
    if (f.negated) return false;
    if (firstPresent(normaliseClinicalText(f.value), SEVERE_PALLOR) !== undefined) return true;
    const haemoglobin = haemoglobinGPerDl(f.value);
    return haemoglobin !== undefined && haemoglobin < SEVERE_ANAEMIA_HB_G_DL;
  });
}

/**
 * True when a finding shows some palmar pallor, IMCI's class below severe pallor ("some pallor", "palms
 * slightly pale", in Pidgin "palm small pale"). A sign of severe anaemia outranks it (the caller asks
 * severeAnaemiaFound first). A pallor not graded ("pale palms") is neither: whether it is severe decides
 * between iron at home and urgent referral.
 */
export function somePallorFound(findings: readonly Finding[]): boolean {
  return findings.some((f) => !f.negated && firstPresent(normaliseClinicalText(f.value), SOME_PALLOR) !== undefined);
}

/**
 * Haemoglobin (g/dL) below which a child under five or a pregnant woman is anaemic (WHO); a reading from
 * SEVERE_ANAEMIA_HB_G_DL up to this is anaemia that is not severe.
 */
export const ANAEMIA_HB_G_DL = 11;

/**
 * True when a measured haemoglobin places the anaemia below severe: from 7 up to below 11 g/dL, with no
 * sign of severe anaemia (the caller asks severeAnaemiaFound first). "pale, Hb 9" is treated with iron,
 * not referred for a transfusion.
 */
export function nonSevereAnaemiaMeasured(findings: readonly Finding[]): boolean {
  return findings.some((f) => {
    if (f.negated) return false;
    const haemoglobin = haemoglobinGPerDl(f.value);
    return haemoglobin !== undefined && haemoglobin >= SEVERE_ANAEMIA_HB_G_DL && haemoglobin < ANAEMIA_HB_G_DL;
  });
}

/** The haemoglobin a text states, in g/dL ("Hb 6", "haemoglobin 6.5 g/dL", "Hb 65 g/L"). */
export function haemoglobinGPerDl(text: string): number | undefined {
  const match = HAEMOGLOBIN.exec(text.toLowerCase());
  if (!match) return undefined;
  const value = Number(match[1]);
  // g/L, said or implied by the size of the number (haemoglobin is 2 to 25 g/dL).
  return match[2] || value > 25 ? value / 10 : value;
}

/** Severe palmar pallor as health workers say it ("very pale palms", "palms very pale", "palms almost white"). */
export const SEVERE_PALLOR = new RegExp(
  [
    String.raw`\b(?:severe|very|extreme|marked)\s+(?:palmar\s+)?pallor\b`,
    String.raw`\b(?:very|extremely)\s+pale\b`,
    String.raw`\b(?:palms?|hands?|eyelids?|conjunctivae?)\s+(?:are\s+|is\s+|look\s+|looks\s+)?(?:very|extremely)\s+pale\b`,
    String.raw`\b(?:palms?|hands?)\s+(?:are\s+|is\s+)?(?:almost\s+|very\s+|completely\s+)?white\b`,
  ].join('|'),
);
const HAEMOGLOBIN = /\b(?:hb|haemoglobin|hemoglobin|hgb)(?:\s+level)?\s*(?:of|is|was|=|:)?\s*(\d+(?:\.\d+)?)\s*(g\s*\/\s*l\b)?/;

/** Some palmar pallor as health workers say it ("some pallor", "mild pallor", "palms slightly pale", "palm small pale"). */
export const SOME_PALLOR = new RegExp(
  [
    String.raw`\b(?:some|mild|slight)\s+(?:palmar\s+)?pallor\b`,
    String.raw`\b(?:slightly|a little|a bit|small(?: small)?|mildly|somewhat)\s+pale\b`,
  ].join('|'),
);
