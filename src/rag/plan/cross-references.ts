import type { CitedSection } from '../guideline-section.js';

/**
 * Where a section sends the reader for what to do ("as described in Plan B", "see Malaria in
 * pregnancy", "as described in chapter 5 (First aid during a fit)"): the referenced heading's first
 * words, in order, at most `limit`. A chapter number alone names no heading; the heading in brackets
 * after it does.
 */
const CROSS_REFERENCE = /\b(?:as described in|described in|see|follow(?:ing)?|as in)\s+(?:chapter\s+\d+\s*\(\s*)?(Plan [A-C]\b|[A-Z][\w-]*(?:[ ][a-z][\w-]*){0,4})/g;

export function crossReferences(section: Pick<CitedSection, 'text'>, limit = 2): string[] {
  const found = [...section.text.matchAll(CROSS_REFERENCE)].map((m) => (m[1] ?? '').trim()).filter((phrase) => phrase.length >= 5 && !/^(?:Table|Figure|Box|Annex|Chapter)\b/.test(phrase));
  return [...new Set(found)].slice(0, limit);
}

/**
 * True when one of the section's headings begins with the referenced words: "Plan B" heads "Plan B:
 * treat some dehydration with ORS" and its subsections (the amounts by weight).
 */
export function headedBy(section: Pick<CitedSection, 'sectionPath'>, phrase: string): boolean {
  const wanted = phrase.toLowerCase();
  return section.sectionPath
    .toLowerCase()
    .split(' > ')
    .some((heading) => heading.startsWith(wanted) || (heading.length >= 5 && wanted.startsWith(heading)));
}

/**
 * The tables a text points to ("give the loading dose (Table 5.1)") and does not itself hold, each as a
 * test for the chunk that holds it (its caption line begins with the label).
 */
export function tablesReferenced(text: string): RegExp[] {
  return tableReferences(text).map((t) => t.holds);
}

/** As tablesReferenced, with each table's label ("Table 5.1") to look the chunk up by. */
export function tableReferences(text: string): Array<{ label: string; holds: RegExp }> {
  const labels = new Set([...text.matchAll(/\bTable\s+(\d+(?:\.\d+)*)\b/g)].map((m) => m[1] ?? ''));
  return [...labels]
    .map((label) => ({ label: `Table ${label}`, holds: new RegExp(`(?:^|\\n)Table\\s+${label.replaceAll('.', '\\.')}\\b`) }))
    .filter((table) => !table.holds.test(text));
}
