/**
 * What `npm run eval:plans` measures of a plan's length and of the regimens it gives, besides its safety:
 * how much a health worker reads on a phone before the Sources block, and whether a plan recommends two
 * medicines of one class for the same illness (a CHW may give both).
 */
import { ALTERNATIVE_CLASSES, drugsNamed } from '../../src/rag/plan/drug-names.js';

/** The plan as sent, up to (not including) its Sources block. */
export function textBeforeSources(plan: string): string {
  return plan.split(/\n\*{0,2}Sources\*{0,2}\n/)[0] ?? '';
}

/** The value at quantile `q` (0..1) of `values`, nearest rank; NaN for none. */
export function quantile(values: readonly number[], q: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))] ?? Number.NaN;
}

/** A clause that forbids or sets aside what it names ("do not give X", "X must not be used"). */
const FORBIDS = /\b(?:do not|don't|never|must not|should not|cannot|can not|not be used|not used|avoid|not to be given|not given|stop)\b/i;
/** A clause that sends the patient on for a medicine ("referred for injectable artesunate") gives none here. */
const REFERS = /\brefer(?:s|red|ral)?\b/i;
/** What follows these is the medicine set aside: "receive X rather than Y", "use X instead of Y". */
const SET_ASIDE = /\b(?:rather than|instead of|in place of)\b/i;
/** A clause opening with its condition, up to its first comma ("If a patient vomits within 30 minutes of a dose of X,"). */
const CONDITION_FIRST = /^(?:if|when|whenever|unless)\b[^,]*,/i;
/** A line that offers a medicine only as a fallback: "If X is not available: Y". */
const FALLBACK = /^(?:-\s*)?if\b[^:]*\bnot available\b/i;

/**
 * The medicines a plan line recommends: those named in a clause that does not forbid them, not in the
 * condition of an "if" clause (a dose of X or Y, whichever was given), not after
 * "rather than" or "instead of", not one the patient is referred for, and not in a line that offers
 * them only when the first choice is not available. A clause ends at a semicolon, a colon or a full stop.
 */
export function medicinesRecommended(line: string): Set<string> {
  const recommended = new Set<string>();
  if (FALLBACK.test(line)) return recommended;
  for (const clause of line.replace(/^-\s*/, '').split(/[;:]|\.\s/)) {
    // The condition of "If a patient vomits a dose of X or Y, give the same dose again" recommends nothing.
    const consequence = CONDITION_FIRST.test(clause.trim()) ? clause.slice(clause.indexOf(',') + 1) : clause;
    const kept = consequence.split(SET_ASIDE)[0] ?? '';
    if (FORBIDS.test(kept) || REFERS.test(kept)) continue;
    for (const drug of drugsNamed(kept)) recommended.add(drug);
  }
  return recommended;
}

/**
 * The classes of alternatives (knowledge/medicines.yaml, `one_regimen: true`) of which the plan's lines above the Sources block, out
 * of a heading on referral, recommend two or more different medicines: "artemether-lumefantrine ... or artesunate-amodiaquine" is
 * two antimalarials, each a full course. Empty when the plan gives one regimen per class.
 */
export function classesWithSeveralRegimens(plan: string): string[] {
  const recommended = new Set<string>();
  let heading = '';
  for (const line of textBeforeSources(plan).split('\n')) {
    if (/^\*\*[^*]+\*\*:?$/.test(line.trim())) heading = line;
    // What to give before or on the way to a referral is not a regimen for the illness at home.
    if (!line.trimStart().startsWith('- ') || /refer/i.test(heading)) continue;
    for (const drug of medicinesRecommended(line)) recommended.add(drug);
  }
  return Object.entries(ALTERNATIVE_CLASSES)
    .filter(([, members]) => members.filter((drug) => recommended.has(drug)).length >= 2)
    .map(([drugClass]) => drugClass);
}

export interface PlanMeasures {
  plans: number;
  /** Characters before the Sources block: median and 90th percentile. */
  medianChars: number;
  p90Chars: number;
  /** Share (0..1) of the plans that recommend two medicines of one class. */
  severalRegimens: number;
}

/** The measures over a set of plans (empty texts, consults that made no plan, are left out). */
export function measurePlans(plans: readonly string[]): PlanMeasures {
  const made = plans.filter((plan) => plan.trim() !== '');
  const lengths = made.map((plan) => textBeforeSources(plan).length);
  return {
    plans: made.length,
    medianChars: quantile(lengths, 0.5),
    p90Chars: quantile(lengths, 0.9),
    severalRegimens: made.length === 0 ? 0 : made.filter((plan) => classesWithSeveralRegimens(plan).length > 0).length / made.length,
  };
}
