import type { SearchGuidelinesInput } from '../../src/rag/search-guidelines.js';
import { readGoldSet } from '../../eval/gold-set.js';

/**
 * `count` realistic searchGuidelines inputs: the gold set's conditions, demographics and findings,
 * then variants of them (fewer findings, another age) once the gold set is used up.
 */
export async function benchQueries(count: number): Promise<SearchGuidelinesInput[]> {
  const gold = await readGoldSet();
  if (gold.length === 0) throw new Error('the gold set is empty');
  return Array.from({ length: count }, (_, i) => {
    const q = gold[i % gold.length] as (typeof gold)[number];
    const round = Math.floor(i / gold.length);
    const findings = round === 0 ? q.findings : q.findings.slice(0, Math.max(1, q.findings.length - round));
    const demographics = round % 2 === 1 && q.demographics.ageYears !== undefined ? { ...q.demographics, ageYears: q.demographics.ageYears + 1 } : q.demographics;
    return { condition: q.condition, demographics, findings };
  });
}
