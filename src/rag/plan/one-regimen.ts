/**
 * One regimen per illness in a plan a health worker reads on a phone: where a line, or the plan's lines,
 * give alternative regimens ("artemether-lumefantrine, 4 tablets twice a day ..., or artesunate-amodiaquine,
 * two tablets once a day ..."; the first-line medicine's table and the alternative's), she might give both.
 * The guideline's first choice is kept; an alternative written in the same line becomes "If <first> is not
 * available: <alternative>", and a line giving only an alternative of a medicine the plan already gives is
 * left out. Read from the text's structure (two medicines, each with its own dose, joined by "or"; two
 * medicines of one class side by side; across lines, two of a class whose members are alternatives,
 * ALTERNATIVE_CLASSES: never two antibiotics, which guidelines give together), never from a medicine's name.
 */
import type { LabelledSection } from '../plan-writer.js';
import { findDoses } from './doses.js';
import { ALTERNATIVE_CLASSES, DRUG_CLASSES, drugsNamed } from './drug-names.js';
import { headingOfEach, labelsOf, type PlanTextLine } from './plan-text.js';
import { sectionBody, splitSentences } from './section-text.js';

/** Where a medicine is named in a text: its full name and the span of the words naming it. */
interface Mention {
  drug: string;
  start: number;
  end: number;
}

/** Words a medicine's name takes at most ("rectal artesunate", "tranexamic acid", "pre-exposure prophylaxis"). */
const NAME_WORDS = 3;

/** The medicines a text names, where it names them, in order (an alias such as "AL" is its medicine). */
export function medicineMentions(text: string): Mention[] {
  const starts = [...text.matchAll(/\S+/g)].map((m) => ({ start: m.index, end: m.index + m[0].length }));
  const mentions: Mention[] = [];
  for (let w = 0; w < starts.length; w++) {
    const start = starts[w]?.start ?? 0;
    for (let n = 0; n < NAME_WORDS && w + n < starts.length; n++) {
      const end = starts[w + n]?.end ?? start;
      const [drug] = drugsNamed(text.slice(start, end));
      // The name starts at this word: "first-line ACT: artemether-lumefantrine" names it from its third word.
      if (drug === undefined || (n > 0 && drugsNamed(text.slice(starts[w + 1]?.start ?? end, end)).size > 0)) continue;
      mentions.push({ drug, start, end });
      w += n;
      break;
    }
  }
  return mentions;
}

/** A clause that forbids, stops or sends the patient on for what it names gives her none of it here; nor does "as for X" (a reference to X's row). */
const NOT_GIVEN = /\b(?:do not|don't|never|must not|should not|cannot|not be used|not used|avoid|not to be given|not given|stop|refer(?:s|red|ral)?|pre-referral|before referral|as for)\b/i;
/** What follows these is set aside: "receive X rather than Y". */
const SET_ASIDE = /\b(?:rather than|instead of|in place of)\b/i;
/** A line offering a medicine only as the fallback this step writes. */
const FALLBACK = /^(?:-\s*)?if\b[^:]*\bnot available\b/i;

/**
 * The medicines a plan line gives the patient here: named in a clause that neither forbids them, stops
 * them nor sends her on for them, not after "rather than" or "instead of", and not in a line offering them
 * only when the first choice is not available.
 */
export function medicinesGiven(line: string): Set<string> {
  const given = new Set<string>();
  if (FALLBACK.test(line)) return given;
  for (const clause of line.split(/[;:]|\.\s/)) {
    const kept = clause.split(SET_ASIDE)[0] ?? '';
    if (NOT_GIVEN.test(kept)) continue;
    for (const drug of drugsNamed(kept)) given.add(drug);
  }
  return given;
}

/** The drug classes a medicine belongs to. */
function classesOf(drug: string): string[] {
  return Object.entries(DRUG_CLASSES)
    .filter(([, members]) => members.includes(drug))
    .map(([drugClass]) => drugClass);
}

/** The classes a medicine belongs to whose members, given for one illness, are alternatives. */
function alternativeClassesOf(drug: string): string[] {
  return Object.entries(ALTERNATIVE_CLASSES)
    .filter(([, members]) => members.includes(drug))
    .map(([drugClass]) => drugClass);
}

const FIRST_CHOICE = /\bfirst[- ]line\b|\bfirst choice\b|\bpreferred\b/gi;
const ALTERNATIVE = /\balternative\b|\bsecond[- ]line\b|\bsecond choice\b/gi;
/** A sentence that makes a medicine first-line only under a policy ("If X is the national first-line medicine"). */
const CONDITIONAL_START = /^(?:if|where|when|unless|in areas?)\b/i;

/**
 * The medicine a section's own words make the first choice over another of its class: "uses
 * artemether-lumefantrine (AL) as the first-line ACT, with artesunate-amodiaquine (AS-AQ) as the
 * alternative" names AL first. Per class, from the first sentence (of any of `sections`) that names two
 * medicines of one class with a first-line word and an alternative word; the medicine nearer the
 * first-line word is the first choice.
 */
export function statedFirstChoices(sections: readonly LabelledSection[]): Map<string, string> {
  const chosen = new Map<string, string>();
  for (const { section } of sections) {
    for (const sentence of sectionBody(section).split('\n').flatMap((line) => splitSentences(line))) {
      if (CONDITIONAL_START.test(sentence.trim())) continue;
      const first = [...sentence.matchAll(FIRST_CHOICE)].map((m) => m.index);
      const alternative = [...sentence.matchAll(ALTERNATIVE)].map((m) => m.index);
      if (first.length === 0 || alternative.length === 0) continue;
      const mentions = medicineMentions(sentence);
      const distance = (m: Mention, at: number[]) => Math.min(...at.map((i) => Math.abs(i - m.start)));
      for (const drugClass of new Set(mentions.flatMap((m) => classesOf(m.drug)))) {
        if (chosen.has(drugClass)) continue;
        const members = mentions.filter((m) => classesOf(m.drug).includes(drugClass));
        if (new Set(members.map((m) => m.drug)).size < 2) continue;
        const nearest = members.filter((m) => distance(m, first) < distance(m, alternative)).sort((a, b) => distance(a, first) - distance(b, first))[0];
        if (nearest) chosen.set(drugClass, nearest.drug);
      }
    }
  }
  return chosen;
}

export interface SplitAlternative {
  /** The line with the first choice only. */
  first: string;
  /** "If <first> is not available: <alternative>", with the line's citations. */
  fallback: string;
}

/** A line about a circumstance: the medicines it names are whichever was given. */
const CIRCUMSTANCE = /^(?:if|when|whenever|unless|after|before)\b/i;
/** "People who take efavirenz or zidovudine should receive ...": the medicines say who, not what to give. */
const TAKEN_BEFORE = /\b(?:takes?|taking|took|on|receiving|receives?|received|had|using|uses?)\s*$/i;

function sameClass(a: string, b: string): boolean {
  return classesOf(a).some((c) => classesOf(b).includes(c));
}

/** ", or " / " or " between two regimens; " and " when what follows says both may be used. */
const OR = /,?\s+(or|and)\s+/g;
/** "X and Y can both be used", "X and Y are both suitable": two regimens offered, not one given with the other. */
const BOTH = /^\s*(?:can|may|could|are)\s+both\b|^\s*(?:can|may)\s+(?:either|each)\b/i;
/** Where the alternative's clause ends: the end of its sentence, or a semicolon. */
const CLAUSE_END = /[.;](?=\s|$)/;

/**
 * A line giving two regimens joined by "or", each a different medicine with its own dose ("... the
 * national first-line ACT: artemether-lumefantrine, 4 tablets twice a day for three days, or
 * artesunate-amodiaquine, two 100 mg/270 mg tablets once a day for three days."), split into the line with
 * the first choice and a fallback line. `firstChoice` names the class's first choice when the guideline
 * states one; otherwise the medicine written first is. Null when the line gives no such pair ("a dose of
 * artemether-lumefantrine or artesunate-amodiaquine" gives no dose of either).
 */
export function splitAlternativeRegimens(line: string, firstChoice: ReadonlyMap<string, string> = new Map()): SplitAlternative | null {
  const citations = /(\s*(?:\[[^\]]*\]\s*)+)$/.exec(line)?.[1] ?? '';
  const body = line.slice(0, line.length - citations.length);
  // "... are not given cefalexin, amoxicillin or amoxicillin-clavulanic acid" offers no regimen at all.
  const given = medicinesGiven(body);
  for (const or of body.matchAll(OR)) {
    const before = body.slice(0, or.index);
    const afterStart = or.index + or[0].length;
    const after = body.slice(afterStart);
    const second = medicineMentions(after)[0];
    // The alternative opens with its medicine ("or artesunate-amodiaquine, two tablets ...").
    if (!second || after.slice(0, second.start).trim() !== '') continue;
    const first = medicineMentions(before).at(-1);
    if (!first || first.drug === second.drug || !given.has(first.drug)) continue;
    const joinedByAnd = or[1]?.toLowerCase() === 'and';
    if (joinedByAnd && !BOTH.test(after.slice(second.end))) continue;
    const end = CLAUSE_END.exec(after)?.index ?? after.length;
    const firstRegimen = before.slice(first.start);
    const secondRegimen = after.slice(0, end).trim();
    // Each with its own dose; or two of one class side by side in a line that recommends ("artemether-
    // lumefantrine or artesunate-amodiaquine may be used"), not one about a circumstance ("If a patient
    // vomits ... a dose of artemether-lumefantrine or artesunate-amodiaquine").
    const dosed = findDoses(firstRegimen).length > 0 && findDoses(secondRegimen).length > 0;
    const sideBySide =
      before.slice(first.end).trim() === '' && sameClass(first.drug, second.drug) && !CIRCUMSTANCE.test(body.replace(/^\s*-\s+/, '')) && !TAKEN_BEFORE.test(before.slice(0, first.start));
    if (!dosed && !sideBySide) continue;
    if (sideBySide && !dosed) {
      const namedFirst = before.slice(first.start, first.end);
      const namedSecond = after.slice(second.start, second.end).replace(/[,;:.]+$/, '');
      const bullet = /^\s*-\s+/.exec(line)?.[0] ?? '';
      const restOfLine = joinedByAnd ? after.slice(second.end).replace(/\b(both|either|each)\s+/i, '') : after.slice(second.end);
      return { first: `${before}${restOfLine}${citations}`, fallback: `${bullet}If ${namedFirst.replace(/[,;:.]+$/, '')} is not available: ${namedSecond}.${citations}` };
    }
    const rest = after.slice(end);
    const lead = before.slice(0, first.start);
    const namedFirst = before.slice(first.start, first.end).replace(/[,;:.]+$/, '');
    const namedSecond = after.slice(second.start, second.end).replace(/[,;:.]+$/, '');
    const prefersSecond = classesOf(second.drug).some((c) => firstChoice.get(c) === second.drug) && !classesOf(first.drug).some((c) => firstChoice.get(c) === first.drug);
    const bullet = /^\s*-\s+/.exec(line)?.[0] ?? '';
    const chosen = prefersSecond ? `${lead}${secondRegimen}${rest}` : `${before}${rest}`;
    const fallback = prefersSecond ? `If ${namedSecond} is not available: ${firstRegimen.replace(/[,;\s]+$/, '')}.` : `If ${namedFirst} is not available: ${secondRegimen}.`;
    return { first: `${chosen}${citations}`, fallback: `${bullet}${fallback}${citations}` };
  }
  return null;
}

export interface RegimenChoice {
  lines: PlanTextLine[];
  /** Lines left out as an alternative regimen of a medicine the plan already gives. */
  removed: Array<{ line: string; reason: 'alternative_regimen' }>;
}

/**
 * The plan's lines with one regimen per illness: a line with two regimens joined by "or" keeps the first
 * choice and is followed by its "If ... is not available" line; a line that gives (medicinesGiven) only a
 * medicine of a class of which the plan gives another first choice, under the same heading and from the
 * same book, is left out, with the lines citing the same section right after it that give a dose and name
 * no medicine (the alternative's dose). The first choice of a class is the one a section states, else the
 * one the plan gives first.
 */
export function withOneRegimen(lines: readonly PlanTextLine[], sections: readonly LabelledSection[]): RegimenChoice {
  const stated = statedFirstChoices(sections);
  const books = new Map(sections.map((s) => [s.label.toUpperCase(), s.section.accession]));
  const bookOf = (line: string) => new Set(labelsOf(line).map((l) => books.get(l)).filter((b): b is string => b !== undefined));
  const split: PlanTextLine[] = lines.flatMap((line) => {
    if (line.kind !== 'line') return [line];
    const parts = splitAlternativeRegimens(line.text, stated);
    return parts ? [{ kind: 'line', text: parts.first }, { kind: 'line', text: parts.fallback }] : [line];
  });
  const headings = headingOfEach(split);
  // A part of a combination named in the same line ("artesunate/amodiaquine" in an AS-AQ row) is that combination.
  const given = split.map((line) => {
    const drugs = line.kind === 'line' ? [...medicinesGiven(line.text)] : [];
    return drugs.filter((drug) => !drugs.some((other) => other !== drug && other.includes(drug)));
  });
  // Per class: the medicine chosen (the one a section states, if the plan gives it; else the one it gives
  // first), with the heading and books of the first line that gives it.
  const choice = new Map<string, { drug: string; heading: string; books: Set<string> }>();
  const givenAnywhere = new Set(given.flat());
  given.forEach((drugs, i) => {
    for (const drug of drugs) {
      for (const drugClass of alternativeClassesOf(drug)) {
        const statedFirst = stated.get(drugClass);
        if (choice.has(drugClass) || (statedFirst !== undefined && statedFirst !== drug && givenAnywhere.has(statedFirst))) continue;
        choice.set(drugClass, { drug, heading: headings[i] ?? '', books: bookOf(split[i]?.text ?? '') });
      }
    }
  });
  const alternativeOnly = (i: number): boolean => {
    const drugs = given[i] ?? [];
    const text = split[i]?.text ?? '';
    return (
      drugs.length > 0 &&
      drugs.every((drug) =>
        alternativeClassesOf(drug).some((drugClass) => {
          const chosen = choice.get(drugClass);
          return chosen !== undefined && chosen.drug !== drug && !drugs.includes(chosen.drug) && chosen.heading === (headings[i] ?? '') && [...bookOf(text)].some((b) => chosen.books.has(b));
        }),
      )
    );
  };
  const removed: RegimenChoice['removed'] = [];
  const kept: PlanTextLine[] = [];
  let droppedLabels: string[] | null = null;
  split.forEach((line, i) => {
    if (line.kind !== 'line') {
      droppedLabels = null;
      kept.push(line);
      return;
    }
    // The dose right after a left-out alternative, naming no medicine, is the alternative's.
    const dropped: string[] | null = droppedLabels;
    if (dropped !== null && drugsNamed(line.text).size === 0 && findDoses(line.text).length > 0 && labelsOf(line.text).some((l) => dropped.includes(l))) {
      removed.push({ line: line.text, reason: 'alternative_regimen' });
      return;
    }
    droppedLabels = null;
    if (alternativeOnly(i)) {
      removed.push({ line: line.text, reason: 'alternative_regimen' });
      droppedLabels = labelsOf(line.text);
      return;
    }
    kept.push(line);
  });
  return { lines: kept, removed };
}
