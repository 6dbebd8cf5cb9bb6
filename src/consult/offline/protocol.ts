import type { ConsultProtocolState } from '../consult-store.js';
import { ageInMonths, childTextApplies } from '../../patient/age.js';
import type { Demographics } from '../../patient/findings.js';
import { shouldAskPregnancy } from '../../patient/pregnancy.js';

export type DemographicQuestion = 'age' | 'sex' | 'pregnancy' | 'weight';

/** Questions a health worker may be unable to answer (no scale, sex not stated for a newborn). */
export const OPTIONAL_QUESTIONS: readonly DemographicQuestion[] = ['sex', 'weight'];

/**
 * The first demographic still unknown, in the order a clinician asks; null when enough is known. An
 * optional question the health worker said they cannot answer (`declined`) is not asked again.
 */
export function missingDemographic(d: Demographics, declined: readonly DemographicQuestion[] = []): DemographicQuestion | null {
  const ask = (question: DemographicQuestion): boolean => !(OPTIONAL_QUESTIONS.includes(question) && declined.includes(question));
  if (ageInMonths(d) === undefined) return 'age';
  if (d.sex === undefined && ask('sex')) return 'sex';
  if (shouldAskPregnancy(d)) return 'pregnancy';
  if (childTextApplies(d) === true && d.weightKg === undefined && ask('weight')) return 'weight';
  return null;
}

/** "no scale", "don't know", "not weighed": the question cannot be answered here and now. */
export function declinesAnswer(text: string): boolean {
  return /^\s*(?:no scale|no weight|not weighed|can'?t weigh|cannot weigh|unknown|not known|don'?t know|dont know|do not know|not sure|no idea|n\/a|skip)\b/i.test(text);
}

export const QUESTIONS: Record<DemographicQuestion | 'findings', string> = {
  age: 'How old is the patient? (for example: 3 years, 18 months, 25)',
  sex: 'Is the patient male or female?',
  pregnancy: 'Is she pregnant? If yes, how many weeks?',
  weight: "What is the child's weight in kg?",
  findings:
    'What are the main findings? Symptoms and for how long, temperature, breathing rate, test results (for example RDT), medicines taken, allergies.',
};

/**
 * Reads a bare answer to the question last asked ("25", "no", "F"), which rule extraction alone cannot
 * place. Returns only what the answer states.
 */
export function readBareAnswer(asked: ConsultProtocolState['asked'], text: string): Demographics {
  const t = text.trim().toLowerCase();
  const number = /^(\d{1,3}(?:\.\d+)?)\s*$/.exec(t)?.[1];
  switch (asked) {
    case 'age':
      return number !== undefined && Number(number) <= 120 ? { ageYears: Math.floor(Number(number)) } : {};
    case 'weight':
      return number !== undefined && Number(number) > 0.5 && Number(number) <= 200 ? { weightKg: Number(number) } : {};
    case 'sex':
      if (/^(f|female|girl|woman)\b/.test(t)) return { sex: 'female' };
      if (/^(m|male|boy|man)\b/.test(t)) return { sex: 'male' };
      return {};
    case 'pregnancy':
      if (/^(no|nope|n|not pregnant)\b/.test(t)) return { pregnant: false };
      if (/^(yes|y)\b/.test(t)) return { pregnant: true };
      return {};
    default:
      return {};
  }
}

/** `dx: malaria`, `diagnosis - severe malaria`, or the number of a suggestion shown. */
export function readStatedDiagnosis(text: string, suggestions: readonly string[] = []): string | null {
  const stated = /^\s*(?:dx|diagnosis|working diagnosis)\s*[:=-]\s*(.{2,120})$/im.exec(text)?.[1]?.trim();
  if (stated) return stated.replace(/[.!]+$/, '');
  const pick = /^\s*(\d)\s*$/.exec(text)?.[1];
  if (pick !== undefined) return suggestions[Number(pick) - 1] ?? null;
  return null;
}
