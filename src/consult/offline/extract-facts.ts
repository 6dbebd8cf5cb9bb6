/**
 * Rule extraction for the offline protocol mode: what a health worker's free-text message says
 * about the patient, without an LLM. Pure and deterministic.
 *
 * Order matters, because each step claims the numbers it explains: measurements first (a keyword
 * before the number makes them the surest reading: "temp 102F" is not a 102-year-old woman, "BP
 * 160/110" is not two numbers), then demographics (gestation, age, weight), then history,
 * medicines and symptoms, and durations last, so "6 weeks old", "GA 30/40" and "BP 120/80" are
 * never taken for durations. See each step's module for its conventions and
 * limits; negation follows triage/negation.ts.
 */
import type { Demographics, Finding } from '../../patient/findings.js';
import { normaliseClinicalText } from '../../patient/clinical-text.js';
import { extractDemographics } from './extract-demographics.js';
import { extractDurations } from './extract-durations.js';
import { extractHistory } from './extract-history.js';
import { extractMeasurements } from './extract-measurements.js';
import { extractSymptoms } from './extract-symptoms.js';
import { Extraction } from './extraction.js';

/** What one message says about the patient. */
export interface ExtractedFacts {
  /** Only the fields the message states. */
  readonly demographics: Demographics;
  /** 'pronoun' when sex rests only on "she"/"he": confirm it before relying on it. */
  readonly sexCue?: 'explicit' | 'pronoun';
  /** In the order the health worker said them. */
  readonly findings: readonly Finding[];
  /** Values read but not stored because they cannot be right, in the health worker's words: ask again. */
  readonly rejected?: readonly string[];
}

/** Extracts demographics and findings from one free-text message. */
export function extractFacts(text: string): ExtractedFacts {
  const extraction = new Extraction(normaliseClinicalText(text));
  extractMeasurements(extraction);
  const { demographics, sexCue } = extractDemographics(extraction);
  extractHistory(extraction);
  const symptoms = extractSymptoms(extraction);
  extractDurations(extraction, symptoms);
  const findings = extraction.findings();
  const rejected = extraction.rejected();
  return { demographics, ...(sexCue ? { sexCue } : {}), findings, ...(rejected.length > 0 ? { rejected } : {}) };
}
