/**
 * The first line of a plan: what to do, read from what the plan's own lines say about referral. A line
 * that sends the patient on, for her and not only if something happens, decides it: urgently ("refer
 * urgently", "immediately", "before referral") is "Refer now"; by a time or without one ("referred to a
 * hospital the same day") is "Treat and refer"; none is "Treat at home". A referral "if" a sign appears, for
 * "any of these" signs, or after an event ("a patient who vomits the repeated dose"), is not hers yet; nor
 * is one offered among other courses ("give iron ..., or refer"), one from a section on the severe or
 * emergency form of an illness her diagnosis does not say is severe, or one from a section on side effects.
 */
import type { Demographics } from '../../patient/findings.js';
import { inGroup, populationsNamed } from './population-groups.js';
import type { LabelledSection } from '../plan-writer.js';
import { severityOf } from '../normalise-query.js';
import { medicinesBlamed, sideEffectSection } from '../section-role.js';
import { formatCitation } from './citations.js';
import { labelsOf, type PlanTextLine } from './plan-text.js';

export type PlanActionKind = 'refer_now' | 'treat_and_refer' | 'treat_at_home';

export interface PlanAction {
  kind: PlanActionKind;
  /** For treat_and_refer: the day the referral is for ("the same day"), or none stated. */
  when?: 'same_day' | 'not_urgent';
  /** The labels of the lines that decided it (for treat_at_home: of a referral the plan makes only if a sign appears). */
  labels: string[];
}

/** A line that sends her on: to refer, to transfer, or a review by a clinician ("still needs a clinician review within one day"). */
const REFERS = /\brefer(?:s|red|ral)?\b|\btransfer(?:red)?\b|\bpre-referral\b|\bbefore (?:referral|transfer|the journey)\b|\b(?:clinician|doctor) review\b|\b(?:needs?|must|should) (?:see|be seen by) a (?:clinician|doctor)\b|\bsen[dt]\b[^.;]*\bto (?:a|the|the nearest) (?:health )?(?:facility|hospital|clinic|health cent(?:re|er))\b/i;
/** The referral is not needed: "does not need referral", "without referral". */
const NOT_NEEDED = /\b(?:no need|not need|does not need|do not need|need not|without)\b[^.;]*\b(?:refer|transfer)/i;
const URGENT = /(?<!\bnon-|\bnot )\burgent(?:ly)?\b|\bimmediately\b|\bat once\b|\bright away\b|\bwithout delay\b|\bemergency\b|\bnow\b|\bpre-referral\b|\bbefore (?:referral|transfer|the journey)\b/i;
const SAME_DAY = /\b(?:the same day|same-day|today|within (?:one|a|\d+|twenty-four) (?:day|hours?))\b/i;
/** What makes a referral depend on what may happen: a condition, a list of signs to look for. */
const CONDITION = /\b(?:if|when|whenever|unless|until|in case|otherwise|signs? of|danger signs?)\b|(?<!\bwithout )\bany (?:one )?of (?:these|the following)\b/i;
/**
 * A referral offered as one of several courses, or for one of several findings: "Give iron for some pallor,
 * or refer for severe pallor", "treat or refer according to ...", "a child with cough lasting more than 14
 * days, repeated episodes of wheeze, or pneumonia that does not improve".
 */
const ALTERNATIVES = /\bor\s+refer|,\s*or\b/i;
/**
 * A relative clause that states an event rather than who the patient is: "a patient who vomits the repeated
 * dose" (an event) against "an infant who weighs less than 5 kg", "who is very thin", "who has a positive
 * test" (who she is, which the plan's fit to the patient has already read).
 */
const EVENT_CLAUSE = /\bwho\s+(?!(?:is|are|was|were|weighs?|has|have|had|takes?|took|lives?|received?|receives)\b)[a-z]+\b|\bwho\s+(?:is|are)\s+(?:still\b|[a-z]+ing\b)/i;
/** A section's headings for the severe form of an illness or its pre-referral care. */
/**
 * The people a referral is for, when the line names them by what they have: "Patients with suspected
 * failure are therefore referred", "anyone with presumptive TB who ...". What they have must be something
 * her diagnosis names for the referral to be hers.
 */
const DESCRIBED = /\b(?:patients?|people|persons?|anyone|everyone|children|child|adults?|women|woman|men|man|infants?|babies|baby)\s+with\s+([^,;:.]+?)(?=\s+(?:are|is|should|must|who|needs?|can|may)\b)/i;
/** Words that grade or qualify an illness rather than name it. */
const QUALIFIERS = new Set(['severe', 'mild', 'moderate', 'acute', 'chronic', 'suspected', 'possible', 'probable', 'confirmed', 'with', 'without', 'very', 'some']);

function wordsNaming(text: string): Set<string> {
  return new Set((text.toLowerCase().match(/\p{L}{4,}/gu) ?? []).filter((w) => !QUALIFIERS.has(w)));
}

/** True when the line refers people with something none of her diagnoses names. */
/**
 * "A woman within 6 weeks after birth who has fever ... is referred urgently" for a woman known to be
 * three months after birth, or not to have given birth: the referral names a group she is known not to be in.
 */
function forGroupSheIsNotIn(line: string, d: Demographics): boolean {
  const populations = populationsNamed(line).filter((p) => p.some((g) => g.kind !== 'children' && g.kind !== 'adults'));
  return populations.length > 0 && populations.every((p) => p.some((g) => inGroup(g, d) === false));
}

function forPeopleWithAnotherIllness(line: string, diagnosisWords: ReadonlySet<string>): boolean {
  const described = DESCRIBED.exec(line)?.[1];
  if (described === undefined) return false;
  return ![...wordsNaming(described)].some((w) => diagnosisWords.has(w));
}

/** A line for the patients of such a section who have none of its signs: "A glucose above 18 mmol/L without any of these signs still needs ...". */
const WITHOUT_THE_SIGNS = /\bwithout (?:any (?:of )?)?(?:these|the|danger) signs\b|\bno danger signs?\b/i;
const SEVERE_SECTION = /\bsevere\b|\bpre-referral\b|\bdanger signs?\b|\bcomplicated\b|\bemergenc(?:y|ies)\b/i;

/**
 * What the plan's lines say to do: the most urgent referral a line makes for the patient herself, or
 * treatment at home. `diagnoses` are the plan's (a referral from a section on the severe form of an
 * illness is hers only when her diagnosis is severe); `urgent` is true when triage already sent an urgent
 * referral in this consult.
 */
export function planAction(
  lines: readonly PlanTextLine[],
  sections: readonly LabelledSection[],
  diagnoses: ReadonlyArray<{ condition: string }>,
  urgent = false,
  demographics: Demographics = {},
): PlanAction {
  const byLabel = new Map(sections.map((s) => [s.label.toUpperCase(), s.section]));
  const severe = diagnoses.some((d) => severityOf(d.condition) === 'severe');
  // A side effect may come, or not: its referral is hers only when her diagnosis is the side effect.
  const asksAboutSideEffect = diagnoses.some((d) => medicinesBlamed(d.condition).length > 0);
  const diagnosisWords = new Set(diagnoses.flatMap((d) => [...wordsNaming(d.condition)]));
  const referrals = lines
    .filter((l) => l.kind === 'line' && REFERS.test(l.text) && !NOT_NEEDED.test(l.text))
    .map((l) => {
      const labels = labelsOf(l.text);
      const paths = labels.map((label) => byLabel.get(label)?.sectionPath ?? '');
      const forSevereForm = !severe && !WITHOUT_THE_SIGNS.test(l.text) && paths.length > 0 && paths.every((path) => SEVERE_SECTION.test(path));
      const forSideEffect = !asksAboutSideEffect && paths.length > 0 && paths.every((path) => sideEffectSection(path.split(' > ').at(-1) ?? ''));
      return {
        labels,
        unconditional:
          !CONDITION.test(l.text) &&
          !EVENT_CLAUSE.test(l.text) &&
          !ALTERNATIVES.test(l.text) &&
          !forSevereForm &&
          !forSideEffect &&
          !forPeopleWithAnotherIllness(l.text, diagnosisWords) &&
          !forGroupSheIsNotIn(l.text, demographics),
        urgency: URGENT.test(l.text) ? ('urgent' as const) : SAME_DAY.test(l.text) ? ('same_day' as const) : ('not_urgent' as const),
      };
    });
  const hers = referrals.filter((r) => r.unconditional);
  const urgentOnes = hers.filter((r) => r.urgency === 'urgent');
  if (urgent || urgentOnes.length > 0) return { kind: 'refer_now', labels: labelsIn(urgentOnes) };
  const sameDay = hers.filter((r) => r.urgency === 'same_day');
  if (sameDay.length > 0) return { kind: 'treat_and_refer', when: 'same_day', labels: labelsIn(sameDay) };
  if (hers.length > 0) return { kind: 'treat_and_refer', when: 'not_urgent', labels: labelsIn(hers) };
  return { kind: 'treat_at_home', labels: labelsIn(referrals).slice(0, 1) };
}

function labelsIn(referrals: ReadonlyArray<{ labels: string[] }>): string[] {
  return [...new Set(referrals.flatMap((r) => r.labels))].slice(0, 2);
}

/** The plan's first line for an action, in the neutral markup, cited to the lines that decided it. */
export function actionLine(action: PlanAction): string {
  const cite = action.labels.length > 0 ? ` ${formatCitation(action.labels)}` : '';
  if (action.kind === 'refer_now') return `**Refer now** (urgent)${cite}`;
  if (action.kind === 'treat_and_refer') return `**Treat and refer** (${action.when === 'same_day' ? 'the same day' : 'not urgent'})${cite}`;
  return action.labels.length > 0 ? `**Treat at home**; refer if the signs below appear${cite}` : '**Treat at home**';
}

/** The first lines actionLine writes, for a step that replaces one (the urgent referral's own first line). */
export const ACTION_LINE = /^\*\*(?:Refer now|Treat and refer|Treat at home)\*\*/;
