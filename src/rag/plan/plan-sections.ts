import { conditionWords, sectionIsAbout } from '../condition-coverage.js';
import { searchTerms } from '../normalise-query.js';
import { sameWord } from '../condition-words.js';
import type { CitedSection } from '../guideline-section.js';
import { findDoses } from './doses.js';
import { sectionForAnotherForm } from './plan-fit.js';
import { managementSection, workupSection } from '../section-role.js';
import { crossReferences, headedBy, tableReferences } from './cross-references.js';
import { drugsNamed } from './drug-names.js';
import { sectionBody } from './section-text.js';

/**
 * Words that say who the patient is rather than what she has: in "diabetes in pregnancy" the topic is
 * diabetes, and a malaria-in-pregnancy section is not about it. Used only when the condition also has
 * a word of its own ("dx: pregnancy" keeps pregnancy as its topic).
 */
const POPULATION_WORDS = new Set(['pregnancy', 'pregnant', 'antenatal', 'postpartum', 'postnatal', 'breastfeeding', 'mother', 'woman', 'women', 'elderly', 'older', 'adolescent', 'adolescents']);

/**
 * Words that say what happened with a treatment rather than which illness it treats: in "side effects of TB
 * treatment" the topic is TB, and the malaria and hypertension books' "Side effects" sections are not about
 * it. Used only when the condition also has a word of its own ("ACE inhibitor side effect" names no
 * guideline's heading, and keeps them).
 */
const TREATMENT_EVENT_WORDS = new Set(['side', 'effect', 'effects', 'adverse']);

/**
 * Words for a test and its result rather than the illness tested for: in "discordant HIV rapid tests" the
 * topic is HIV, and the TB book's "Referral for a rapid molecular test" and malaria's "Reading and
 * recording the result" are not about it. Used only when the condition also has a word of its own.
 */
const TEST_WORDS = new Set(['test', 'tests', 'testing', 'rapid', 'diagnostic', 'result', 'results', 'reactive', 'non-reactive']);

/**
 * Words of time, not of an illness: "postpartum haemorrhage" reads as "bleeding after birth", and the malaria
 * book's "Fever returning weeks after treatment" is not about it.
 */
const TIME_WORDS = new Set(['after', 'before', 'during']);

/** The words naming the condition itself, without the population it is stated for, what happened with its treatment, the test it was found by or when. */
export function topicWords(condition: string): string[] {
  const words = conditionWords(condition);
  const own = words.filter((w) => !POPULATION_WORDS.has(w) && !TREATMENT_EVENT_WORDS.has(w) && !TEST_WORDS.has(w) && !TIME_WORDS.has(w));
  return own.length > 0 ? own : words;
}

/**
 * The sections that can feed a plan for `condition`: those from a guideline book in which some
 * retrieved section (book title or headings) names the condition's own words. A section from another
 * book (malaria in pregnancy for "diabetes in pregnancy", diabetes' blood pressure advice for
 * "hypertension" when the hypertension book is there) would bring the doses of another disease. When no
 * section names the condition's own words, the books naming any of its words are kept; when none does,
 * nothing is dropped (coverage decides). Sections for a distinct form of the illness (dysentery for
 * watery diarrhoea) are dropped as well. Keeps the order.
 */
export function sectionsOnTopic<S extends Pick<CitedSection, 'bookTitle' | 'titlePath' | 'sectionPath'> & { text?: string }>(condition: string, sections: readonly S[]): S[] {
  const written = new Set(searchTerms(condition));
  let onTopic = booksNaming(sections, topicWords(condition), written);
  if (onTopic.size === 0) onTopic = booksNaming(sections, conditionWords(condition), written);
  return sections.filter((s) => (onTopic.size === 0 || onTopic.has(s.bookTitle)) && !sectionForAnotherForm(s.sectionPath, condition, s.text));
}

/**
 * The books whose sections name some of `words`, less a book that names only words the health worker did
 * not write (an abbreviation's expansion) and only part of what another book names: for "HTN not
 * controlled" (read as "hypertension high blood pressure") the diabetes book's "Blood pressure, cholesterol
 * and tobacco" names "blood pressure", which the hypertension book names too, with "hypertension"; its
 * "Adding a sulfonylurea" gave gliclazide to a man on amlodipine.
 */
function booksNaming(sections: ReadonlyArray<Pick<CitedSection, 'bookTitle' | 'titlePath'>>, words: readonly string[], written: ReadonlySet<string>): Set<string> {
  const named = new Map<string, Set<string>>();
  for (const section of sections) {
    for (const word of words) {
      if (!sectionIsAbout(section, [word])) continue;
      const book = named.get(section.bookTitle) ?? new Set<string>();
      named.set(section.bookTitle, book.add(word));
    }
  }
  const onlyExpanded = (book: Set<string>) => [...book].every((w) => ![...written].some((x) => sameWord(w, x)));
  const partOfAnother = (book: Set<string>) => [...named.values()].some((other) => other.size > book.size && [...book].every((w) => other.has(w)));
  return new Set([...named].filter(([, book]) => !(onlyExpanded(book) && partOfAnother(book))).map(([title]) => title));
}

/**
 * The sections a plan is written from: first the best `k` sections for the condition as stated (what
 * it is, for whom), then up to `extra` management sections (see managementSection) from the rest of
 * both lists, alternating between the treatment query's and the condition's next best: the dosing
 * table, the rehydration plan, the medicines, where to refer. A plan
 * answers "what do I do", and the sections ranking first for a bare condition name are often its
 * classification or how to measure it. Workup sections (see workupSection) come after the rest of
 * the condition's list, so a positive test in the findings does not fill the plan with how to read it.
 * When the diagnosis is not yet confirmed (`unconfirmed`), confirming it is the first thing to do and its
 * workup keeps its rank. Both lists best first, already fitted to the patient; no section twice.
 */
export function mergePlanSections<S extends Pick<CitedSection, 'id' | 'sectionPath'>>(forCondition: readonly S[], forTreatment: readonly S[], k: number, extra: number, unconfirmed = false): S[] {
  const ordered = unconfirmed ? [...forCondition] : [...forCondition.filter((s) => !workupSection(s)), ...forCondition.filter((s) => workupSection(s))];
  const chosen = ordered.slice(0, k);
  const ids = new Set(chosen.map((s) => s.id));
  const rest = ordered.slice(k);
  const alternating = forTreatment.flatMap((section, i) => [section, ...(rest[i] ? [rest[i]] : [])]).concat(rest.slice(forTreatment.length));
  for (const section of alternating) {
    if (chosen.length >= k + extra) break;
    if (ids.has(section.id) || !managementSection(section)) continue;
    ids.add(section.id);
    chosen.push(section);
  }
  return chosen;
}

/**
 * True when a plan from these sections could name no medicine to start: the patient takes none and no
 * section gives a dose. "Hypertension" and "hypertension treatment" rank the severe-hypertension,
 * stepping-up and when-to-start sections above the first-line medicines table, whose text never says
 * "treatment", so a man with confirmed hypertension got "treatment should start without delay" and no
 * medicine.
 */
export function lacksMedicineToStart(sections: readonly Pick<CitedSection, 'text'>[], medicinesTaken: readonly string[]): boolean {
  return medicinesTaken.length === 0 && !sections.some((s) => findDoses(s.text).length > 0);
}

/** The best management section that gives a dose and is not already chosen (the first-line medicines). */
export function firstDosingSection<S extends Pick<CitedSection, 'id' | 'sectionPath' | 'text'>>(ranked: readonly S[], chosen: readonly S[]): S | undefined {
  return ranked.find((s) => !chosen.some((c) => c.id === s.id) && managementSection(s) && findDoses(s.text).length > 0);
}

/**
 * The sections the best chosen section (the one that matches the diagnosis) sends the reader to, from
 * the same book and not chosen yet: the classification "some dehydration" says "as described in Plan
 * B", so Plan B and its subsections (the amounts by weight) join the plan. Only the best section's
 * references are followed: a lower one may be about another severity ("follow Plan C"). `find` lists
 * a book's sections whose path contains a heading.
 */
export async function referencedSections<S extends Pick<CitedSection, 'id' | 'accession' | 'sectionPath' | 'text'>>(
  chosen: readonly S[],
  find: (accession: string, phrase: string) => Promise<readonly S[]>,
  limits: { references: number; perReference: number } = { references: 2, perReference: 4 },
): Promise<S[]> {
  const best = chosen[0];
  if (!best) return [];
  const added: S[] = [];
  const ids = new Set(chosen.map((s) => s.id));
  for (const phrase of crossReferences(best, limits.references)) {
    // A section of it already chosen still leaves its others (the amounts, the preparation) to add.
    const targets = (await find(best.accession, phrase)).filter((s) => !ids.has(s.id) && headedBy(s, phrase)).slice(0, limits.perReference);
    for (const target of targets) ids.add(target.id);
    added.push(...targets);
  }
  return added;
}

/**
 * The sections holding the tables the chosen sections point to and no chosen section holds ("Give the
 * magnesium sulfate loading dose before transfer (Table 5.1)"): the dose the sentence leaves to the table
 * is the plan's. Looked up in the same book by the table's label; at most `limit` tables, one section each.
 */
export async function referencedTables<S extends Pick<CitedSection, 'id' | 'accession' | 'text'>>(
  chosen: readonly S[],
  find: (accession: string, label: string) => Promise<readonly S[]>,
  limit = 2,
): Promise<S[]> {
  const added: S[] = [];
  const ids = new Set(chosen.map((s) => s.id));
  const held = (holds: RegExp) => chosen.some((s) => holds.test(s.text)) || added.some((s) => holds.test(s.text));
  for (const section of chosen) {
    for (const table of tableReferences(section.text)) {
      if (added.length >= limit) return added;
      if (held(table.holds)) continue;
      const holder = (await find(section.accession, table.label)).find((s) => !ids.has(s.id) && table.holds.test(s.text));
      if (!holder) continue;
      ids.add(holder.id);
      added.push(holder);
    }
  }
  return added;
}

/**
 * The sections of a medicine the best section tells to give by name, when its book has a section headed
 * by the medicine alone: "needs the same urgent care as in pregnancy, including magnesium sulfate and
 * referral" leaves the loading dose, and what to watch after it, to "Magnesium sulfate > Loading dose
 * before referral" and "Monitoring after the loading dose". In reading order, at most `perMedicine` of
 * each, counting those already chosen.
 */
export async function namedMedicineSections<S extends Pick<CitedSection, 'id' | 'accession' | 'sectionPath' | 'titlePath' | 'text'>>(
  chosen: readonly S[],
  find: (accession: string, heading: string) => Promise<readonly S[]>,
  perMedicine = 3,
): Promise<S[]> {
  const best = chosen[0];
  if (!best) return [];
  const headedByMedicine = (section: S, medicine: string) => section.sectionPath.toLowerCase().split(' > ').some((heading) => heading.trim() === medicine);
  const added: S[] = [];
  const ids = new Set(chosen.map((s) => s.id));
  for (const medicine of drugsNamed(sectionBody(best))) {
    // Its sections already chosen count towards perMedicine: a loading dose ranked among the best still
    // wants the medicine's introduction and its monitoring beside it.
    const already = chosen.filter((s) => headedByMedicine(s, medicine)).length;
    if (already >= perMedicine) continue;
    const targets = (await find(best.accession, medicine)).filter((s) => !ids.has(s.id) && headedByMedicine(s, medicine)).slice(0, perMedicine - already);
    for (const target of targets) ids.add(target.id);
    added.push(...targets);
  }
  return added;
}

/** Where a section's enclosing section sits: the key of its introduction in an `introductions` map. */
export function enclosingKey(section: Pick<CitedSection, 'accession' | 'sectionPath'>): string | undefined {
  const segments = section.sectionPath.split(' > ');
  return segments.length < 2 ? undefined : `${section.accession}/${segments.slice(0, -1).join(' > ')}`;
}

/**
 * Looks up, by heading, the introduction (own text) of the section enclosing each of `sections` that
 * `known` does not hold yet, and records it there (null when the book has none): what an introduction
 * says of its patients ("Children with a positive malaria test ... are treated with an ACT") holds for
 * the subsections it introduces.
 */
export async function loadEnclosingIntroductions<S extends Pick<CitedSection, 'accession' | 'sectionPath'>>(
  sections: readonly S[],
  find: (accession: string, heading: string) => Promise<readonly S[]>,
  known: Map<string, S | null>,
): Promise<void> {
  const wanted = new Map<string, { accession: string; path: string }>();
  for (const section of sections) {
    const key = enclosingKey(section);
    if (key === undefined || known.has(key)) continue;
    wanted.set(key, { accession: section.accession, path: section.sectionPath.split(' > ').slice(0, -1).join(' > ') });
  }
  await Promise.all(
    [...wanted].map(async ([key, { accession, path }]) => {
      const found = await find(accession, path.split(' > ').at(-1) ?? path);
      known.set(key, found.find((s) => s.sectionPath === path) ?? null);
    }),
  );
}
