import type { Demographics, Finding } from '../patient/findings.js';
import { isClinicalWordForm } from '../patient/clinical-word-parts.js';
import { isKnownWord } from '../patient/known-words.js';
import { detectMessageLanguage } from '../patient/message-language.js';
import { conditionStatedAbsent } from '../patient/negation.js';
import { CHW_LEXICON } from './chw-lexicon.js';
import { conditionWords, sameWord, sameWordOrSlip } from './condition-words.js';
import { searchTerms } from './normalise-query.js';

export { conditionWords, sameWord };
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
  /** Not covered because the diagnosis says what the patient does not have ("no anaemia" -> "anaemia"). */
  statedAbsent?: string;
}

/** Whether a section's headings name the condition, also as mistyped by one slip ("pnuemonia", "maleria"). */
export function sectionIsAbout(section: { titlePath: string }, words: readonly string[]): boolean {
  // "pre-eclampsia" is also "eclampsia".
  const heading = searchTerms(section.titlePath).flatMap((w) => (w.includes('-') ? [w, ...w.split('-').filter((p) => p.length >= 3)] : [w]));
  return words.some((w) => heading.some((h) => sameWordOrSlip(w, h)));
}

/** A book's topic as a health worker would name it: its title before a colon or bracket. */
function topicOf(section: { bookTitle: string }): string {
  return section.bookTitle.split(/:|\s\(/)[0]?.trim() ?? section.bookTitle;
}

/**
 * Coverage of `condition` by sections retrieved for it (best first). A diagnosis that says what the
 * patient does not have ("no anaemia") is covered only by a section headed by that absence ("No
 * dehydration", "No pneumonia: cough or cold"): the condition's own sections would treat what she has not got.
 */
export function coverageOf(condition: string, sections: ReadonlyArray<{ titlePath: string; bookTitle: string; text?: string }>): Coverage {
  const closest = [...new Set(sections.map(topicOf))].slice(0, 4);
  const absent = conditionStatedAbsent(condition);
  if (absent !== undefined) {
    const absentWords = conditionWords(absent);
    const covered = absentWords.length > 0 && sections.some((s) => headedByAbsence(s, absentWords));
    return covered ? { covered, closest } : { covered, closest, statedAbsent: absent };
  }
  const words = conditionWords(condition);
  const covered = words.length > 0 && sections.some((s) => sectionIsAbout(s, words)) && !namesSomethingUnread(condition, words, sections);
  return { covered, closest };
}

/**
 * True when the condition holds a word that is no word of English or French and that no retrieved
 * section writes, mistyped or not: "zorblax fever of mars" names an illness the guidelines never speak
 * of, and its "fever" must not bring the malaria plan.
 */
function namesSomethingUnread(condition: string, words: readonly string[], sections: ReadonlyArray<{ titlePath: string; text?: string }>): boolean {
  // Pidgin, Kiswahili and the health workers' lexicon have words no dictionary lists ("pikin blood no dey").
  if (detectMessageLanguage(condition) !== 'en') return false;
  // Nor is a clinical word the dictionary lacks ("periorbital", "omphalitis") unread.
  const unknown = words.filter((w) => w.length >= 4 && /^[a-z]+$/.test(w) && !isKnownWord(w) && !lexiconWords().has(w) && !isClinicalWordForm(w));
  if (unknown.length === 0) return false;
  const written = new Set(sections.flatMap((s) => searchTerms(`${s.titlePath} ${s.text ?? ''}`)));
  return unknown.some((w) => ![...written].some((x) => sameWordOrSlip(w, x)));
}

/** Whether a section's own heading states the absence of the condition: "No dehydration" for "no dehydration". */
function headedByAbsence(section: { titlePath: string }, words: readonly string[]): boolean {
  const heading = section.titlePath.split(' > ').at(-1) ?? '';
  return /^\s*(?:no|without)\b/i.test(heading) && sectionIsAbout({ titlePath: heading }, words);
}

/** The coverage check over the guideline search: what the turn asks before it requests a plan. */
export function guidelineCoverage(search: (input: SearchGuidelinesInput) => Promise<SearchGuidelinesResult>) {
  return async (condition: string, patient: { demographics: Demographics; findings: readonly Finding[] }): Promise<Coverage> => {
    const result = await search({ condition, demographics: patient.demographics, findings: patient.findings, k: 8 });
    return coverageOf(condition, result.sections.map((s) => s.section));
  };
}

let lexicon: Set<string> | undefined;
function lexiconWords(): Set<string> {
  lexicon ??= new Set(CHW_LEXICON.flatMap(([phrase]) => phrase.toLowerCase().match(/[a-z]+/g) ?? []));
  return lexicon;
}
