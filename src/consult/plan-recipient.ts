/**
 * Whom an answer is for, when it arrives after the chat has moved on to another patient (`/new`,
 * `/cancel`, a message about someone else): the patient as the consult knows them and when the consult
 * began, never a name.
 */
import type { Demographics } from '../patient/findings.js';
import type { ConsultSnapshot } from './consult-store.js';

/** The heading line: "For the earlier patient: 3-year-old boy, seen 3 Dec 10:42 UTC (malaria)". */
export function earlierPatientHeading(consult: Pick<ConsultSnapshot, 'demographics' | 'startedAt' | 'diagnoses'>): string {
  const conditions = consult.diagnoses.map((d) => d.condition).slice(0, 3);
  const seen = `seen ${consult.startedAt.getUTCDate()} ${MONTHS[consult.startedAt.getUTCMonth()]} ${pad(consult.startedAt.getUTCHours())}:${pad(consult.startedAt.getUTCMinutes())} UTC`;
  return `For the earlier patient: ${describePatient(consult.demographics)}, ${seen}${conditions.length > 0 ? ` (${conditions.join(', ')})` : ''}`;
}

/** "3-year-old boy", "7-month-old girl", "pregnant woman, 24 years", "man of unknown age". */
export function describePatient(demographics: Demographics): string {
  const { ageYears, ageMonths, sex, pregnant } = demographics;
  const months = ageMonths ?? (ageYears !== undefined ? Math.round(ageYears * 12) : undefined);
  const child = months !== undefined && months < 15 * 12;
  const person = pregnant ? 'pregnant woman' : sex === 'female' ? (child ? 'girl' : 'woman') : sex === 'male' ? (child ? 'boy' : 'man') : child ? 'child' : 'patient';
  if (months === undefined) return `${person} of unknown age`;
  if (pregnant) return `${person}, ${Math.floor(months / 12)} years`;
  return months < 24 ? `${months}-month-old ${person}` : `${Math.floor(months / 12)}-year-old ${person}`;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function pad(n: number): string {
  return String(n).padStart(2, '0');
}
