import type { Demographics, Finding } from '../patient/findings.js';
import { normaliseQueryText, searchTerms } from './normalise-query.js';
import type { SearchGuidelinesInput, SearchGuidelinesResult } from './search-guidelines.js';

/**
 * Whether the guideline library covers a stated condition, measured on the headings, not on a score:
 * a section is about the condition when one of the condition's own words (after spelling and
 * abbreviation expansion, without modifiers such as "severe" or "acute") is a word of its title path
 * (book title and headings). A condition no retrieved section is about is "not covered": no plan and
 * no dose comes from the unrelated sections that happen to rank first ("dx: asdfgh", "dx: broken leg").
 */
export interface Coverage {
  covered: boolean;
  /** The covered topics nearest to this consult (book topics of the top sections), best first. */
  closest: string[];
}

/** Words that qualify a condition but do not name one; matching only these says nothing. */
const MODIFIERS = new Set([
  'acute', 'chronic', 'severe', 'mild', 'moderate', 'uncomplicated', 'complicated', 'suspected', 'possible', 'probable',
  'simple', 'persistent', 'recurrent', 'early', 'late', 'disease', 'disorder', 'infection', 'syndrome', 'condition',
  'problem', 'child', 'children', 'adult', 'adults', 'infant', 'baby', 'newborn', 'kid', 'toddler', 'patient', 'treatment',
  'management', 'care', 'signs', 'sign', 'test', 'testing', 'diagnosis', 'prevention', 'screening', 'referral', 'guideline',
  'very', 'some', 'other', 'cause', 'high', 'low', 'positive', 'negative', 'serious',
]);

/** The words that name the condition. */
export function conditionWords(condition: string): string[] {
  const words = searchTerms(normaliseQueryText(condition)).filter((w) => /[a-z]/.test(w));
  return words.filter((w) => !MODIFIERS.has(w));
}

/** Same word, or the same stem for words of five letters or more ("malarial" ~ "malaria", "infants" ~ "infant"). */
function sameWord(a: string, b: string): boolean {
  if (a === b) return true;
  if (a.length < 5 || b.length < 5) return false;
  const stem = (w: string) => w.slice(0, Math.max(5, w.length - 2));
  return b.startsWith(stem(a)) || a.startsWith(stem(b));
}

/** Whether a section's headings name the condition. */
export function sectionIsAbout(section: { titlePath: string }, words: readonly string[]): boolean {
  // "pre-eclampsia" is also "eclampsia".
  const heading = searchTerms(section.titlePath).flatMap((w) => (w.includes('-') ? [w, ...w.split('-').filter((p) => p.length >= 3)] : [w]));
  return words.some((w) => heading.some((h) => sameWord(w, h)));
}

/** A book's topic as a health worker would name it: its title before a colon or bracket. */
function topicOf(section: { bookTitle: string }): string {
  return section.bookTitle.split(/:|\s\(/)[0]?.trim() ?? section.bookTitle;
}

/** Coverage of `condition` by sections retrieved for it (best first). */
export function coverageOf(condition: string, sections: ReadonlyArray<{ titlePath: string; bookTitle: string }>): Coverage {
  const words = conditionWords(condition);
  const covered = words.length > 0 && sections.some((s) => sectionIsAbout(s, words));
  const closest = [...new Set(sections.map(topicOf))].slice(0, 4);
  return { covered, closest };
}

/** The coverage check over the guideline search: what the turn asks before it requests a plan. */
export function guidelineCoverage(search: (input: SearchGuidelinesInput) => Promise<SearchGuidelinesResult>) {
  return async (condition: string, patient: { demographics: Demographics; findings: readonly Finding[] }): Promise<Coverage> => {
    const result = await search({ condition, demographics: patient.demographics, findings: patient.findings, k: 8 });
    return coverageOf(condition, result.sections.map((s) => s.section));
  };
}
