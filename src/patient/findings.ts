/**
 * The clinical facts a consult collects, shared by the LLM interview tools, the offline rule
 * extraction and the plan. The categories match the `FindingCategory` enum of the database.
 */
import { medicineName } from './medicine-dose.js';

export const FINDING_CATEGORIES = [
  'symptom',
  'duration',
  'severity',
  'vital_sign',
  'test_result',
  'exam_sign',
  'history',
  'medication',
  'allergy',
] as const;

export type FindingCategory = (typeof FINDING_CATEGORIES)[number];

/** One fact about the patient, in a short normalised English phrase. */
export interface Finding {
  readonly category: FindingCategory;
  /**
   * Normalised phrase, e.g. 'fever', 'RDT positive', 'temperature 39.2 °C', 'fever for 3 days'.
   * A negated finding reads as such ('no cough') and also sets `negated`.
   */
  readonly value: string;
  /** True when the health worker said the finding is absent. */
  readonly negated?: boolean;
}

/** The medicines the health worker says the patient takes (not those said to be absent), as recorded. */
export function medicinesTaken(findings: readonly Finding[]): string[] {
  return findings.filter((f) => f.category === 'medication' && !f.negated).map((f) => f.value);
}

/** The names of the medicines she takes, without the doses recorded with them ("metformin 1 g twice daily" -> "metformin"). */
export function medicineNamesTaken(findings: readonly Finding[]): string[] {
  return [...new Set(medicinesTaken(findings).map(medicineName))];
}

/** Who the patient is; every field is optional until the health worker has said it. */
export interface Demographics {
  /** Completed years of age (0 for a baby). */
  ageYears?: number;
  /** Total age in months (not the remainder after ageYears), set for children under 5. */
  ageMonths?: number;
  sex?: 'female' | 'male';
  pregnant?: boolean;
  /** 1: under 14 weeks, 2: 14 to 27 weeks, 3: 28 weeks or more. */
  trimester?: 1 | 2 | 3;
  gestationWeeks?: number;
  /** In labour now (the mother): she is pregnant and about to give birth. */
  inLabour?: boolean;
  /** Delivered within the last six weeks (the mother). */
  postpartum?: boolean;
  /** Days since delivery, when said. */
  daysSinceDelivery?: number;
  /** Breastfeeding a baby now (the mother), when said either way. */
  breastfeeding?: boolean;
  /** Body weight in kilograms. */
  weightKg?: number;
}
