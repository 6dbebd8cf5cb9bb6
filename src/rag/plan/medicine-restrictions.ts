import type { CitedSection } from '../guideline-section.js';
import { sameWord } from '../condition-words.js';
import { searchTerms } from '../normalise-query.js';
import { medicinesAndClassMembersNamed } from './drug-names.js';
import { splitSentences } from './section-text.js';

/**
 * Whether a guideline sentence forbids or restricts a medicine: the plan adds such sentences for a
 * medicine the patient already takes (medicine-warnings), and the reranker lifts their sections.
 */

/** A sentence that forbids or restricts a medicine. */
const RESTRICTS = /\b(?:must not|do not|should not|never|avoid\w*|contraindicated|not (?:be )?(?:used|given|safe)|stop(?:ped)?|switch(?:ed)?)\b/i;

/** The sentences of a text that forbid or restrict something, in reading order. */
function restrictingSentences(text: string): string[] {
  if (!RESTRICTS.test(text)) return [];
  return text
    .split('\n')
    .flatMap((line) => splitSentences(line))
    .filter((sentence) => RESTRICTS.test(sentence));
}

/** True when one sentence of the section names one of the medicines and forbids or restricts it. */
export function restrictsMedicine(section: Pick<CitedSection, 'text'>, medicines: readonly string[]): boolean {
  const names = medicines.map((m) => new RegExp(`\\b${m.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i'));
  return restrictingSentences(section.text).some((sentence) => names.some((name) => name.test(sentence)));
}

/**
 * True when one sentence of the text forbids or restricts one of `medicines` (full names, lower case, as
 * drugsNamed reads them), by its own name or by its class, and, when `about` is given, also holds one of
 * those words (sameWord): "ACE inhibitors must not be used in pregnancy" restricts lisinopril for a
 * pregnant woman, "Metformin is not used in people with severe kidney disease" nobody whose consult
 * says nothing of kidneys.
 */
export function restrictsMedicineOrClass(text: string, medicines: ReadonlySet<string>, about?: readonly string[]): boolean {
  if (medicines.size === 0) return false;
  return restrictingSentences(text).some(
    (sentence) =>
      [...medicinesAndClassMembersNamed(sentence)].some((m) => medicines.has(m)) &&
      (about === undefined || searchTerms(sentence).some((w) => about.some((a) => sameWord(a, w)))),
  );
}
