/**
 * A table row whose columns are groups of patients ("Up to the end of week 13: clotrimazole ...; Week 14
 * until delivery: ...", "Children: ...; Adults: ..."): the cells for groups she is known not to be in are
 * another patient's doses, and are left out of the line she reads. A row whose every group column is
 * another's, or whose groups she may be in, is left as it is.
 */
import type { Demographics } from '../../patient/findings.js';
import { inGroup, populationsNamed, type Population } from './population-groups.js';

/** The groups a column header names; a header of weeks alone, in a table about pregnancy, names weeks of pregnancy. */
function headerPopulations(header: string, aboutPregnancy: boolean): Population[] {
  const named = populationsNamed(header);
  if (named.length > 0 || !aboutPregnancy || !/\bweeks?\b/i.test(header)) return named;
  return populationsNamed(`in pregnancy ${header}`);
}

export function rowWithoutOtherGroupsCells(text: string, cells: ReadonlyMap<string, string>, d: Demographics): string {
  const aboutPregnancy = /\bpregnan|\bgestation|\btrimester/i.test(text);
  const groupHeaders = [...cells.keys()].map((header) => ({ header, populations: headerPopulations(header, aboutPregnancy) })).filter((h) => h.populations.length > 0);
  const others = groupHeaders.filter((h) => h.populations.every((p) => p.some((g) => inGroup(g, d) === false)));
  if (others.length === 0 || others.length === groupHeaders.length) return text;
  let out = text;
  for (const { header } of others) {
    const cell = `${header}: ${cells.get(header) ?? ''}`;
    out = out.includes(`; ${cell}`) ? out.replace(`; ${cell}`, '') : out.replace(`${cell}; `, '');
  }
  return out;
}
