import type { Demographics } from '../../patient/findings.js';
import { pregnancyStatus } from '../../patient/pregnancy.js';
import { drugClassesNamed, drugsNamed } from './drug-names.js';
import { inGroup, populationsNamed, type Population, type PopulationGroup } from './population-groups.js';
import { tableCells } from './section-text.js';

/**
 * Prohibitions whose population is a group of patients, in the grammatical forms guidelines use: the
 * group as subject ("Children who weigh less than 15 kg are not given ivermectin", "Pregnant women
 * should not take doxycycline"), a restriction to a group ("nitrofurantoin ... before 36 weeks only",
 * "is used only in adults"), and a table row's own cell ("Pregnancy: not before 36 weeks", "Not for:
 * children under 2 years"). Each returns the medicines (full names and classes, lower case) this
 * patient must not be given.
 */

/**
 * In a prohibition, a pregnant woman whose weeks are not known is taken to be within a limit by weeks
 * (the safe side: the medicine is left out, and the plan does not hang on a question).
 */
function inForbiddenPopulation(population: Population, d: Demographics): boolean {
  const pregnant = pregnancyStatus(d).state === 'pregnant';
  return population.every((g) => inGroup(g, d) === true || (g.kind === 'pregnant' && pregnant && inGroup(g, d) === undefined));
}

/** True when the patient is in one of the populations a prohibition lists. */
export function inProhibitedGroup(populations: readonly Population[], d: Demographics): boolean {
  return populations.some((p) => inForbiddenPopulation(p, d));
}

/**
 * True when the patient is outside every population a restriction allows ("only before 36 weeks"): known
 * to be outside, or pregnant with the weeks unknown when the limit is by weeks.
 */
function outsideAllowedGroups(populations: readonly Population[], d: Demographics): boolean {
  if (populations.length === 0) return false;
  const pregnant = pregnancyStatus(d).state === 'pregnant';
  // A limit by weeks ("in pregnancy, before 36 weeks only") limits pregnancy, and leaves everyone else alone.
  const outside = (g: PopulationGroup) => (g.kind === 'pregnant' && g.weeks !== undefined ? pregnant && inGroup(g, d) !== true : inGroup(g, d) === false);
  return populations.every((p) => p.some(outside));
}

const medicinesIn = (text: string): string[] => [...drugsNamed(text), ...drugClassesNamed(text)];

/** "<group> are not given / should not take / must not receive <medicine>". */
const GROUP_NOT_GIVEN = /^(.*?)\b(?:are|is|should|must|may|can)\s*(?:not|never)\s+(?:be\s+)?(?:given|take|receive|get|use|be treated with|treated with|offered|prescribed)\s+(.+)$/i;
/** "<group> cannot take", "<group> should avoid". */
const GROUP_AVOIDS = /^(.*?)\b(?:(?:cannot|can't)\s+(?:take|receive|be given)|should avoid|must avoid)\s+(.+)$/i;
/** "A child with wheeze", "women taking efavirenz": a group narrowed by a condition or medicine, read by the readers that know findings. */
const QUALIFIED_GROUP = /\b(?:with|who (?:has|have|had|is on|are on|takes?|receives?)|taking|receiving|living with)\b/i;

/** Medicines a clause forbids for a group that is its subject. */
export function forbiddenToGroupSubject(clause: string, d: Demographics): string[] {
  const m = GROUP_NOT_GIVEN.exec(clause) ?? GROUP_AVOIDS.exec(clause);
  if (!m) return [];
  const subject = m[1] ?? '';
  // "Ivermectin is not given to ..." has the medicine as subject: the other reader's.
  if (medicinesIn(subject).length > 0 || QUALIFIED_GROUP.test(subject)) return [];
  const populations = populationsNamed(subject);
  if (populations.length === 0 || !inProhibitedGroup(populations, d)) return [];
  return medicinesIn(m[2] ?? '');
}

/**
 * A restriction to some patients: "only" next to the group it allows ("only in adults", "before 36
 * weeks only", "reserved for children"). "Use X only" or "the only ACT" choose among medicines instead.
 */
const ONLY_BEFORE_GROUP = /\b(?:only|reserved|restricted)\s+(?:(?:be\s+)?(?:given|used)\s+)?(?:in|for|to|before|after|from|up to|until|during|between)\b(.*)$/i;
const GROUP_BEFORE_ONLY = /((?:[^\s,;:]+\s+){0,6}(?:weeks?|kg|months?|years?|pregnan\w*|women|men|girls|boys|adults?|adolescents?|children|infants?|birth|delivery|breastfeeding|trimester))\s+only\b/i;
const ONLY = /\bonly\b|\breserved for\b|\brestricted to\b/i;
/** "Only if", "only when": a condition, not a population; "the adult dose only for ...": a dose, not the medicine. */
const ONLY_CONDITION = /\bonly (?:if|when|after|once|until)\b|\b(?:adult|full|child(?:ren's)?|paediatric|pediatric|higher|lower|same|this) doses?\b/i;

/** The groups a restriction allows, or none when the clause restricts nothing to a group. */
function allowedGroups(clause: string): Population[] {
  if (ONLY_CONDITION.test(clause)) return [];
  const after = ONLY_BEFORE_GROUP.exec(clause);
  // "... with fast breathing only. For a child with cough ...": a title's last word, and the next sentence.
  const groupText = after && !/\bonly\s+[A-Z]/.test(after[0]) ? after[1] : GROUP_BEFORE_ONLY.exec(clause)?.[1];
  if (groupText === undefined) return [];
  // "In pregnancy, X is used before 36 weeks only": the weeks are the pregnancy's the clause opened with.
  const ofPregnancy = /\bweeks?\b/i.test(groupText) && !/\bpregnan/i.test(groupText) && /\bpregnan/i.test(clause);
  return populationsNamed(ofPregnancy ? `pregnant ${groupText}` : groupText);
}

/** Medicines a clause allows only to groups this patient is not in ("Nitrofurantoin ... before 36 weeks only"). */
export function forbiddenOutsideOnlyGroup(clause: string, d: Demographics): string[] {
  if (!ONLY.test(clause)) return [];
  const medicines = medicinesIn(clause);
  if (medicines.length === 0) return [];
  return outsideAllowedGroups(allowedGroups(clause), d) ? medicines : [];
}

/** A cell that forbids its row's medicine for a group: "Not for: ...", "Avoid in ...", "Contraindicated: ...". */
const CELL_FORBIDS = /\b(?:not for|not in|not to be used|do not (?:use|give)|avoid(?:ed)?(?: in)?|contraindicat\w*|not recommended|not safe|never)\b/i;

/**
 * Medicines a dosing or medicine table row forbids for this patient in one of its cells: the row names
 * its medicine (any cell), and a cell that restricts ("Pregnancy: before 36 weeks only") or forbids
 * ("Not for: children under 6 months") names a group she is outside of, or in.
 */
export function forbiddenByRowCells(line: string, d: Demographics): string[] {
  const cells = tableCells(line);
  if (!cells) return [];
  const medicines = medicinesIn(line);
  if (medicines.length === 0) return [];
  for (const [header, value] of cells) {
    const cell = `${header}: ${value}`;
    const populations = populationsNamed(/^\s*(?:pregnan\w*|in pregnancy)\s*$/i.test(header) ? `pregnant ${value}` : cell);
    if (populations.length === 0) continue;
    if (ONLY.test(value) && !ONLY_CONDITION.test(value) && outsideAllowedGroups(populations, d)) return medicines;
    if (CELL_FORBIDS.test(cell) && inProhibitedGroup(populations, d)) return medicines;
  }
  return [];
}

/** "Ivermectin is not given to:", "Do not give doxycycline to:": a prohibition whose groups follow as a list. */
const LISTED_AFTER_COLON = /^(.*\b(?:not|never)\b[^:;]{0,60}?\b(?:to|in|for|during))\s*:\s*(.+)$/i;

/**
 * A sentence's clauses for reading prohibitions: split at semicolons, except that each item of a list
 * after a prohibition's colon ("Ivermectin is not given to: children weighing less than 15 kg; pregnant
 * women ...; women in the first 7 days after giving birth") keeps the prohibition as its own clause.
 */
export function prohibitionClauses(sentence: string): string[] {
  const listed = LISTED_AFTER_COLON.exec(sentence);
  if (!listed) return sentence.split(';');
  const lead = listed[1] ?? '';
  return (listed[2] ?? '').split(';').map((item) => `${lead} ${item.trim()}`);
}
