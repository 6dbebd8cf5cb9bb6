/**
 * Age: one conversion from any unit to months, and one age-group function.
 *
 * WHO boundaries (IMCI and WHO adolescent health):
 * - young infant: under 2 months (IMCI "sick young infant", 0-59 days);
 * - child: 2 months up to 5 years (IMCI "sick child", 2-59 months);
 * - older child: 5 up to 10 years;
 * - adolescent: 10 up to 20 years (WHO: 10-19 years);
 * - adult: 20 years and over; an older adult is 60 years and over (WHO).
 * Where they overlap, this code follows the sample guidelines' convention: text written for "children"
 * still applies to an adolescent under 15 years (paediatric dosing runs to about 15 years / by weight),
 * and text written for "adults" applies from 10 years ("adults and adolescents" in the malaria book);
 * among dose rows the weight band decides.
 */
import type { Demographics } from './findings.js';

export type AgeGroup = 'young_infant' | 'child' | 'older_child' | 'adolescent' | 'adult';

export const DAYS_PER_MONTH = 30.4375;
export const YOUNG_INFANT_UPPER_MONTHS = 2;
export const UNDER_FIVE_UPPER_MONTHS = 60;
export const ADOLESCENT_LOWER_MONTHS = 10 * 12;
export const ADULT_LOWER_MONTHS = 20 * 12;
export const OLDER_ADULT_LOWER_MONTHS = 60 * 12;
/** Text for children applies below this age (see the module comment). */
export const CHILD_TEXT_UPPER_MONTHS = 15 * 12;
/** Text for adults applies from this age. */
export const ADULT_TEXT_LOWER_MONTHS = ADOLESCENT_LOWER_MONTHS;

export type AgeUnit = 'day' | 'week' | 'month' | 'year';

/** An amount of days, weeks, months or years as months (a month is 30.4375 days). */
export function toMonths(amount: number, unit: AgeUnit): number {
  switch (unit) {
    case 'day':
      return amount / DAYS_PER_MONTH;
    case 'week':
      return (amount * 7) / DAYS_PER_MONTH;
    case 'month':
      return amount;
    case 'year':
      return amount * 12;
  }
}

/** Reads a unit word as written by health workers ("yrs", "mths", "wk", "d"...). */
export function ageUnitOf(word: string): AgeUnit | undefined {
  const w = word.trim().toLowerCase();
  if (w === '' ) return undefined;
  if (/^(?:y|yrs?|years?|yo)$/.test(w)) return 'year';
  if (/^(?:m(?:o|t|n)\w*|months?)$/.test(w)) return 'month';
  if (/^(?:w|wks?|weeks?)$/.test(w)) return 'week';
  if (/^(?:d|dys?|days?)$/.test(w)) return 'day';
  return undefined;
}

/** Age in months from completed years or total months, as stored; undefined when not said. */
export function ageInMonths(d: Demographics): number | undefined {
  if (d.ageMonths !== undefined) return d.ageMonths;
  if (d.ageYears !== undefined) return d.ageYears * 12;
  return undefined;
}

/**
 * Age in months for placing the patient in a band: the total months when given, else the middle of
 * the stated year of age (a child of "3 years" is 3 years 0-11 months).
 */
export function ageInMonthsForBands(d: Demographics): number | undefined {
  if (d.ageMonths !== undefined) return d.ageMonths;
  if (d.ageYears !== undefined) return d.ageYears * 12 + 6;
  return undefined;
}

/** Age in completed years, undefined when not said. */
export function ageInYears(d: Demographics): number | undefined {
  const months = ageInMonths(d);
  return months === undefined ? undefined : Math.floor(months / 12 + 1e-9);
}

/** The one WHO age group of a patient (see the module comment for the boundaries). */
export function ageGroupOf(d: Demographics): AgeGroup | undefined {
  const months = ageInMonths(d);
  return months === undefined ? undefined : ageGroupForMonths(months);
}

export function ageGroupForMonths(months: number): AgeGroup {
  if (months < YOUNG_INFANT_UPPER_MONTHS) return 'young_infant';
  if (months < UNDER_FIVE_UPPER_MONTHS) return 'child';
  if (months < ADOLESCENT_LOWER_MONTHS) return 'older_child';
  if (months < ADULT_LOWER_MONTHS) return 'adolescent';
  return 'adult';
}

export function isOlderAdult(d: Demographics): boolean {
  const months = ageInMonths(d);
  return months !== undefined && months >= OLDER_ADULT_LOWER_MONTHS;
}

/** Whether text written for children applies to this patient; undefined when the age is unknown. */
export function childTextApplies(d: Demographics): boolean | undefined {
  const months = ageInMonths(d);
  return months === undefined ? undefined : months < CHILD_TEXT_UPPER_MONTHS;
}

/** Whether text written for adolescents (10-19 years) applies to this patient; undefined when the age is unknown. */
export function adolescentTextApplies(d: Demographics): boolean | undefined {
  const months = ageInMonths(d);
  return months === undefined ? undefined : ageGroupForMonths(months) === 'adolescent';
}

/** Whether text written for adults applies to this patient; undefined when the age is unknown. */
export function adultTextApplies(d: Demographics): boolean | undefined {
  const months = ageInMonths(d);
  if (months === undefined) return d.pregnant === true || d.postpartum === true ? true : undefined;
  return months >= ADULT_TEXT_LOWER_MONTHS;
}
