/**
 * The triage eval: each case is a short consult a health worker might type, with whether WHO's
 * decision tables say the patient needs an urgent referral. Every message goes through what the bot
 * does with it: the offline extractor reads who the patient is, then triage reads the message against
 * what is known, and the earlier messages again when who the patient is changed.
 */
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import { extractFacts } from '../../src/consult/offline/extract-facts.js';
import { triageMessage } from '../../src/consult/triage/triage-message.js';
import type { Demographics } from '../../src/patient/findings.js';

export const triageCase = z
  .object({
    id: z.string(),
    half: z.enum(['dev', 'report']).optional(),
    source: z.object({ repo: z.string(), file: z.string().optional(), table: z.string(), row: z.string() }).passthrough(),
    language: z.string(),
    style: z.array(z.string()).default([]),
    age_group: z.string(),
    messages: z.array(z.string()).min(1),
    expect: z.enum(['refer', 'no_refer']),
    sign: z.string(),
  })
  .passthrough();
export type TriageCase = z.infer<typeof triageCase>;

export interface TriageCaseResult {
  readonly case: TriageCase;
  readonly referred: boolean;
  readonly signs: readonly string[];
  readonly correct: boolean;
}

/** The cases of a JSONL file; a bad line stops the eval naming it. */
export function readTriageCases(path: string): TriageCase[] {
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line, index) => {
      const parsed = triageCase.safeParse(JSON.parse(line));
      if (!parsed.success) throw new Error(`${path}:${index + 1}: ${parsed.error.issues[0]?.path.join('.')}: ${parsed.error.issues[0]?.message}`);
      return parsed.data;
    });
}

/** Runs one case's messages through triage as the consult engine does. */
export function runTriageCase(triage: TriageCase): TriageCaseResult {
  let known: Demographics = {};
  const earlier: string[] = [];
  const signs = new Set<string>();
  for (const text of triage.messages) {
    const stated = extractFacts(text).demographics;
    const hits = signs.size > 0 ? [] : triageMessage({ text, before: known, stated, earlier });
    for (const hit of hits) signs.add(hit.code);
    known = { ...known, ...stated };
    earlier.push(text);
  }
  const referred = signs.size > 0;
  return { case: triage, referred, signs: [...signs], correct: referred === (triage.expect === 'refer') };
}

export interface Rate {
  readonly caught: number;
  readonly of: number;
}

export interface TriageSummary {
  readonly sensitivity: Rate;
  readonly specificity: Rate;
  readonly by: ReadonlyMap<string, { sensitivity: Rate; specificity: Rate }>;
}

/** Sensitivity and specificity overall and per source, age group and language. */
export function summarise(results: readonly TriageCaseResult[]): TriageSummary {
  const rates = (rows: readonly TriageCaseResult[]): { sensitivity: Rate; specificity: Rate } => {
    const refer = rows.filter((r) => r.case.expect === 'refer');
    const keep = rows.filter((r) => r.case.expect === 'no_refer');
    return {
      sensitivity: { caught: refer.filter((r) => r.referred).length, of: refer.length },
      specificity: { caught: keep.filter((r) => !r.referred).length, of: keep.length },
    };
  };
  const by = new Map<string, { sensitivity: Rate; specificity: Rate }>();
  const groups: Array<[string, (r: TriageCaseResult) => string]> = [
    ['source', (r) => r.case.source.repo],
    ['age group', (r) => r.case.age_group],
    ['language', (r) => r.case.language],
  ];
  for (const [name, key] of groups) {
    for (const value of [...new Set(results.map(key))].sort()) by.set(`${name}: ${value}`, rates(results.filter((r) => key(r) === value)));
  }
  return { ...rates(results), by };
}

export const percent = (rate: Rate): string => (rate.of === 0 ? '  -  ' : `${((100 * rate.caught) / rate.of).toFixed(1)}%`);
