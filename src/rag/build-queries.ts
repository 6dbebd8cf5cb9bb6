import type { Demographics, Finding } from '../consult/findings.js';
import { normaliseQueryText } from './normalise-query.js';

export interface PatientContext {
  condition: string;
  demographics: Demographics;
  findings: readonly Finding[];
}

export interface QueryVariants {
  /** The condition alone: finds the right guideline. */
  condition: string;
  /** The condition with this patient's context: finds the right section of it. */
  contextual: string;
}

/** Age group words the guidelines use for populations. */
export function ageGroup(d: Demographics): string | undefined {
  const months = d.ageMonths ?? (d.ageYears !== undefined ? d.ageYears * 12 : undefined);
  if (months === undefined) return undefined;
  if (months < 2) return 'young infant newborn under 2 months';
  if (months < 12) return 'infant child under 5 years';
  if (months < 60) return 'child under 5 years';
  if (months < 120) return 'child';
  if (months < 216) return 'adolescent';
  if (months >= 720) return 'older adult';
  return 'adult';
}

const TRIMESTER_WORDS = { 1: 'first trimester', 2: 'second trimester', 3: 'third trimester' } as const;

/** Builds the two query texts of DESIGN.md: the condition alone, and with the patient's context. */
export function buildQueryVariants(input: PatientContext): QueryVariants {
  const d = input.demographics;
  const context: string[] = [];
  const group = ageGroup(d);
  if (group) context.push(group);
  if (d.pregnant) context.push('pregnancy pregnant woman', d.trimester ? TRIMESTER_WORDS[d.trimester] : '');
  else if (d.sex === 'female' && group === 'adult') context.push('woman');
  if (d.weightKg !== undefined && (d.ageYears ?? 99) < 15) context.push(`weight ${d.weightKg} kg dose by body weight`);
  for (const finding of salientFindings(input.findings)) context.push(withoutNegatedPhrases(finding.value));
  const condition = normaliseQueryText(input.condition);
  return { condition, contextual: normaliseQueryText([input.condition, ...context].filter(Boolean).join(' ')) };
}

/** Findings that shape the plan: present (not negated), most specific categories first, at most eight. */
export function salientFindings(findings: readonly Finding[]): Finding[] {
  const order: Record<Finding['category'], number> = {
    exam_sign: 0,
    test_result: 1,
    vital_sign: 2,
    severity: 3,
    symptom: 4,
    history: 5,
    medication: 6,
    allergy: 7,
    duration: 8,
  };
  return findings
    .filter((f) => !f.negated)
    .slice()
    .sort((a, b) => order[a.category] - order[b.category])
    .slice(0, 8);
}

/**
 * "alert, drinking normally, no sunken eyes" must not search for sunken eyes: a negated phrase (from
 * the cue to the next comma or semicolon) is dropped from the query.
 */
export function withoutNegatedPhrases(value: string): string {
  return value
    .replace(/\b(no|not|without|denies|never|nil|absent|negative for)\b[^,;.]*/gi, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}
