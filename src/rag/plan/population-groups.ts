import { ageGroupOf, ageInMonthsForBands, adultTextApplies, childTextApplies, toMonths, ageUnitOf } from '../../patient/age.js';
import type { Demographics } from '../../patient/findings.js';
import { pregnancyStatus, POSTPARTUM_DAYS } from '../../patient/pregnancy.js';
import { inBand, type Band } from '../../patient/weight.js';

/**
 * The groups of patients a guideline clause names, read as typed values: "pregnant women before 36
 * weeks", "children who weigh less than 15 kg", "women in the first week after birth", "breastfeeding
 * mothers". A clause may list several ("pregnant women, children under 2 years or women who are
 * breastfeeding"): a patient is in the clause's population when she is in any one item of the list,
 * and in an item when she is in every group it names ("non-pregnant adults").
 */
export type PopulationGroup =
  | { kind: 'pregnant'; weeks?: Band }
  | { kind: 'not_pregnant' }
  | { kind: 'after_birth'; days?: Band }
  | { kind: 'breastfeeding' }
  | { kind: 'age'; months: Band }
  | { kind: 'weight'; kg: Band }
  | { kind: 'young_infant' }
  | { kind: 'children' }
  | { kind: 'adults' };

/** Lower case, one space, number words read as digits. */
function prepare(text: string): string {
  return ` ${text
    .toLowerCase()
    .replace(/\bone\b/g, '1')
    .replace(/\btwo\b/g, '2')
    .replace(/\bthree\b/g, '3')
    .replace(/\bfour\b/g, '4')
    .replace(/\bsix\b/g, '6')
    .replace(/[‐-―]/g, '-')
    .replace(/\s+/g, ' ')} `;
}

const NUMBER = String.raw`(\d+(?:\.\d+)?)`;
const UNDER = String.raw`(?:under|below|less than|younger than|lighter than|<)`;
const AT_LEAST = String.raw`(?:at least|over|more than|older than|above|≥|>=|>)`;
const OR_MORE = String.raw`(?:or more|or older|and older|and over|and above|or above|or later|onwards|\+)`;

/** "Not pregnant", "non-pregnant", "who are not pregnant": said before pregnancy is read at all. */
const NOT_PREGNANT = /\b(?:non-?pregnant|not (?:be )?pregnant|who are not pregnant|who is not pregnant|not in pregnancy|outside pregnancy)\b/g;
const PREGNANT = /\b(?:pregnan\w*|antenatal|gestation\w*|before (?:all )?(?:the )?bab(?:y|ies) (?:is |are )?born|before (?:delivery|birth))\b/;
/** Week limits of a pregnancy: "before 36 weeks", "from 36 weeks", "at 36 weeks or more", "36 weeks or later", "after week 36". */
const WEEKS_BEFORE = new RegExp(String.raw`\b(?:before|${UNDER}|up to)\s+(?:week\s+)?${NUMBER}(?:\s*(?:completed\s+)?weeks?)?\b`, 'g');
const WEEKS_FROM = new RegExp(String.raw`\b(?:from|after|beyond|past|${AT_LEAST})\s+(?:week\s+)?${NUMBER}(?:\s*(?:completed\s+)?weeks?)?\b|\b${NUMBER}\s*weeks?\s*${OR_MORE}`, 'g');
/** "Up to the end of week 13" holds week 13; "week 14 until delivery", "from week 14 onwards" start at 14. */
const WEEKS_TO_END_OF = new RegExp(String.raw`\b(?:up to|until|to|by) the end of week\s+${NUMBER}\b`, 'g');
const WEEK_ONWARDS = new RegExp(String.raw`\bweek\s+${NUMBER}\s+(?:until|to) (?:delivery|birth|term)\b|\bweek\s+${NUMBER}\s+onwards?\b`, 'g');
const TRIMESTER_WEEKS: Record<string, Band> = { first: { low: 0, high: 14 }, second: { low: 14, high: 28 }, third: { low: 28, high: Infinity } };
const TRIMESTER = /\b(first|second|third|1st|2nd|3rd)[- ]trimester\b/g;
const TRIMESTER_WORD: Record<string, string> = { '1st': 'first', '2nd': 'second', '3rd': 'third' };
/** "Last month of pregnancy", "near term", "late pregnancy": from week 36. */
const LATE_PREGNANCY = /\b(?:last month of pregnancy|near term|late pregnancy|at term)\b/;
const EARLY_PREGNANCY = /\bearly pregnancy\b/;

const AFTER_BIRTH = /\b(?:after (?:child)?birth|after (?:the )?delivery|after giving birth|postpartum|post-partum|postnatal|who have (?:just )?given birth|who (?:have )?recently (?:given birth|delivered)|newly delivered)\b/;
/** "In the first 7 days after birth", "within 6 weeks of delivery", "the first week after birth". */
const DAYS_AFTER_BIRTH = new RegExp(String.raw`\b(?:in the first|within(?: the first)?|during the first|for|less than|under)\s+${NUMBER}?\s*(days?|weeks?|months?)\s+(?:after|of|following|since)\s+(?:the\s+)?(?:child)?(?:birth|delivery|giving birth)\b`);
const FIRST_WEEK_AFTER_BIRTH = /\b(?:in|during|within) the first (week|month) (?:after|of|following) (?:the )?(?:birth|delivery)\b/;
const BREASTFEEDING = /\b(?:breast-?feeding|lactating|nursing mothers?|who breastfeed|breastfeed(?:s)? (?:a|her|their) bab(?:y|ies))\b/;

const AGE_UNIT = String.raw`(months?|years?|yrs?|weeks?)`;
const AGE_RANGE = new RegExp(String.raw`\b(?:aged?\s+)?${NUMBER}\s*${AGE_UNIT}?\s*(?:to|-|up to|and)\s*(?:<|under|less than)?\s*${NUMBER}\s*${AGE_UNIT}(?:\s+of age|\s+old)?`, 'g');
const AGE_UNDER = new RegExp(String.raw`\b(?:aged?\s+)?${UNDER}\s+${NUMBER}\s*${AGE_UNIT}(?:\s+of age|\s+old)?`, 'g');
const AGE_AT_LEAST = new RegExp(String.raw`\b(?:aged?\s+)?${AT_LEAST}\s+${NUMBER}\s*${AGE_UNIT}(?:\s+of age|\s+old)?|\b(?:aged\s+)?${NUMBER}\s*${AGE_UNIT}(?:\s+of age)?\s*${OR_MORE}`, 'g');
const WEIGHT_UNDER = new RegExp(String.raw`\b(?:weigh(?:s|ing)?\s+)?${UNDER}\s+${NUMBER}\s*kg\b`, 'g');
const WEIGHT_AT_LEAST = new RegExp(String.raw`\b(?:weigh(?:s|ing)?\s+)?(?:${AT_LEAST}\s+${NUMBER}\s*kg\b|${NUMBER}\s*kg\s*${OR_MORE})`, 'g');
const WEIGHT_RANGE = new RegExp(String.raw`\b(?:weigh(?:s|ing)?\s+)?${NUMBER}\s*(?:kg)?\s*(?:to|-|up to)\s*(?:<|under|less than)?\s*${NUMBER}\s*kg\b`, 'g');
/** A span of time, not an age: "for 2 to 3 months", "within 6 months". */
const DURATION_BEFORE = /\b(?:following|next|past|last|within|for|after|over|during|every|in the|first)\s*$/;
const YOUNG_INFANT = /\b(?:young infants?|newborns?|neonates?|new-born)\b/;
const CHILDREN = /\b(?:child|children|infants?|babies|baby|toddlers?|paediatric|pediatric)\b/;
const ADULTS = /\badults?\b/;

/** One item of a list of populations: every group it names at once. */
export type Population = PopulationGroup[];

/** Where a list of populations divides ("A, B or C"), but not "6 months and older" or "36 weeks or more". */
const LIST_SEPARATOR = /\s*[,;]\s*(?:or\s+|and\s+)?|\s+(?:or|and)\s+(?!more\b|older\b|over\b|above\b|later\b)/;

/** The populations a clause lists; none when it names no population. */
export function populationsNamed(clause: string): Population[] {
  return clause
    .split(LIST_SEPARATOR)
    .map((item) => groupsNamed(item))
    .filter((groups) => groups.length > 0);
}

/** The groups one item names, in no particular order; none when it names no population. */
export function groupsNamed(clause: string): PopulationGroup[] {
  let text = prepare(clause);
  const groups: PopulationGroup[] = [];
  if (NOT_PREGNANT.test(text)) {
    groups.push({ kind: 'not_pregnant' });
    text = text.replace(NOT_PREGNANT, ' ');
  }
  NOT_PREGNANT.lastIndex = 0;
  // Ages and weights first, so that "children under 2 years" is a band, not every child; spans of time are cut out.
  const bands = readBands(text);
  groups.push(...bands.groups);
  text = bands.rest;
  if (AFTER_BIRTH.test(text)) {
    const days = daysAfterBirth(text);
    groups.push({ kind: 'after_birth', ...(days ? { days } : {}) });
  }
  if (BREASTFEEDING.test(text)) groups.push({ kind: 'breastfeeding' });
  if (PREGNANT.test(text.replace(AFTER_BIRTH, ' ')) || TRIMESTER.test(text)) {
    TRIMESTER.lastIndex = 0;
    const weeks = pregnancyWeeks(text);
    groups.push({ kind: 'pregnant', ...(weeks ? { weeks } : {}) });
  }
  TRIMESTER.lastIndex = 0;
  // "Before all babies are born", "women who breastfeed their babies": the baby is the mother's, not the group.
  const mothers = groups.some((g) => g.kind === 'pregnant' || g.kind === 'after_birth' || g.kind === 'breastfeeding');
  if (mothers) return groups;
  if (YOUNG_INFANT.test(text)) groups.push({ kind: 'young_infant' });
  else if (CHILDREN.test(text) && !bands.groups.some((g) => g.kind === 'age' || g.kind === 'weight')) groups.push({ kind: 'children' });
  if (ADULTS.test(text) && !bands.groups.some((g) => g.kind === 'age')) groups.push({ kind: 'adults' });
  return groups;
}

/**
 * Whether the patient is in a group: true, false, or undefined when what she has said cannot place her.
 * A woman who gave birth in the last six months and has not said she does not breastfeed is counted as
 * breastfeeding: most do, and a prohibition for breastfeeding mothers must not pass her by.
 */
export function inGroup(group: PopulationGroup, d: Demographics): boolean | undefined {
  const status = pregnancyStatus(d);
  switch (group.kind) {
    case 'not_pregnant':
      if (status.state === 'unknown') return undefined;
      return status.state !== 'pregnant';
    case 'pregnant':
      if (status.state === 'unknown') return undefined;
      if (status.state !== 'pregnant') return false;
      if (!group.weeks) return true;
      if (status.weeks !== undefined) return inBand(status.weeks, group.weeks);
      if (status.trimester !== undefined) {
        const own = Object.values(TRIMESTER_WEEKS)[status.trimester - 1];
        if (own && (own.high <= group.weeks.low || own.low >= group.weeks.high)) return false;
        if (own && own.low >= group.weeks.low && own.high <= group.weeks.high) return true;
      }
      return undefined;
    case 'after_birth':
      if (status.state === 'unknown') return undefined;
      if (status.state !== 'postpartum') return false;
      if (!group.days || status.daysSinceDelivery === undefined) return group.days ? undefined : true;
      return inBand(status.daysSinceDelivery, group.days);
    case 'breastfeeding':
      if (d.breastfeeding !== undefined) return d.breastfeeding;
      if (status.state === 'postpartum') return true;
      return status.state === 'unknown' ? undefined : false;
    case 'age': {
      const months = ageInMonthsForBands(d);
      return months === undefined ? undefined : inBand(months, group.months);
    }
    case 'weight':
      return d.weightKg === undefined ? undefined : inBand(d.weightKg, group.kg);
    case 'young_infant': {
      const age = ageGroupOf(d);
      return age === undefined ? undefined : age === 'young_infant';
    }
    case 'children':
      return childTextApplies(d);
    case 'adults':
      return adultTextApplies(d);
  }
}

/** Whether the patient is in every group of one item: false as soon as one is known not to hold. */
export function inPopulation(population: Population, d: Demographics): boolean | undefined {
  const verdicts = population.map((g) => inGroup(g, d));
  if (verdicts.includes(false)) return false;
  return verdicts.every((v) => v === true) ? true : undefined;
}

/**
 * Whether the patient is in a listed population: true when she is in any item, false when she is known
 * to be in none, undefined otherwise (also when the list is empty).
 */
export function inAnyPopulation(populations: readonly Population[], d: Demographics): boolean | undefined {
  if (populations.length === 0) return undefined;
  const verdicts = populations.map((p) => inPopulation(p, d));
  if (verdicts.includes(true)) return true;
  return verdicts.every((v) => v === false) ? false : undefined;
}

/** How a group reads to a supervisor ("pregnant, weeks 36 or more"). */
export function describeGroup(group: PopulationGroup): string {
  const band = (b: Band, unit: string) => (b.high === Infinity ? `${b.low} ${unit} or more` : b.low === 0 ? `under ${b.high} ${unit}` : `${b.low} to under ${b.high} ${unit}`);
  switch (group.kind) {
    case 'pregnant':
      return group.weeks ? `pregnant, ${band(group.weeks, 'weeks')}` : 'pregnant';
    case 'not_pregnant':
      return 'not pregnant';
    case 'after_birth':
      return group.days ? `after birth, ${band(group.days, 'days')}` : 'after birth';
    case 'breastfeeding':
      return 'breastfeeding';
    case 'age':
      return `aged ${band(group.months, 'months')}`;
    case 'weight':
      return `weighing ${band(group.kg, 'kg')}`;
    case 'young_infant':
      return 'young infants (under 2 months)';
    case 'children':
      return 'children';
    case 'adults':
      return 'adults';
  }
}

function monthsOf(amount: number, unit: string): number {
  if (/^weeks?$/.test(unit)) return amount / 4.345;
  const u = ageUnitOf(unit);
  return u === undefined ? amount : toMonths(amount, u);
}

/** The age and weight bands a clause states, and the clause with them cut out. */
function readBands(text: string): { groups: PopulationGroup[]; rest: string } {
  const groups: PopulationGroup[] = [];
  let rest = text;
  const cut = (pattern: RegExp, read: (m: RegExpMatchArray) => PopulationGroup | undefined) => {
    rest = rest.replace(pattern, (...args: unknown[]) => {
      const offset = args[args.length - 2] as number;
      const whole = args[0] as string;
      const m = args.slice(0, -2) as unknown as RegExpMatchArray;
      if (DURATION_BEFORE.test(rest.slice(Math.max(0, offset - 24), offset))) return whole;
      // Weeks next to pregnancy are its weeks, not an age ("before 36 weeks of pregnancy").
      if (/weeks?/.test(whole) && /^\s*(?:of (?:pregnancy|gestation)|pregnan|gestation)/.test(rest.slice(offset + whole.length))) return whole;
      if (/weeks?/.test(whole) && /pregnan|gestation|trimester/.test(rest) && !/\b(?:child|infant|baby|babies|newborn)/.test(rest)) return whole;
      const group = read(m);
      if (!group) return whole;
      groups.push(group);
      return ' ';
    });
  };
  cut(WEIGHT_RANGE, (m) => ({ kind: 'weight', kg: { low: Number(m[1]), high: Number(m[2]) + 1e-9 } }));
  cut(WEIGHT_UNDER, (m) => ({ kind: 'weight', kg: { low: 0, high: Number(m[1]) } }));
  cut(WEIGHT_AT_LEAST, (m) => ({ kind: 'weight', kg: { low: Number(m[1] ?? m[2]), high: Infinity } }));
  cut(AGE_RANGE, (m) => {
    const highUnit = m[4] ?? '';
    const lowUnit = m[2] ?? highUnit;
    return { kind: 'age', months: { low: monthsOf(Number(m[1]), lowUnit), high: monthsOf(Number(m[3]), highUnit) + monthsOf(1, highUnit) } };
  });
  cut(AGE_UNDER, (m) => ({ kind: 'age', months: { low: 0, high: monthsOf(Number(m[1]), m[2] ?? '') } }));
  cut(AGE_AT_LEAST, (m) => {
    const amount = Number(m[1] ?? m[3]);
    const unit = m[2] ?? m[4] ?? '';
    return { kind: 'age', months: { low: monthsOf(amount, unit), high: Infinity } };
  });
  return { groups, rest };
}

/** The weeks of pregnancy a clause limits itself to, if any. */
function pregnancyWeeks(text: string): Band | undefined {
  let low = 0;
  let high = Infinity;
  for (const m of text.matchAll(TRIMESTER)) {
    const band = TRIMESTER_WEEKS[TRIMESTER_WORD[m[1] ?? ''] ?? m[1] ?? ''];
    if (band) return band;
  }
  if (EARLY_PREGNANCY.test(text)) return TRIMESTER_WEEKS.first;
  if (LATE_PREGNANCY.test(text)) low = 36;
  for (const m of text.matchAll(WEEKS_TO_END_OF)) high = Math.min(high, Number(m[1]) + 1);
  for (const m of text.matchAll(WEEK_ONWARDS)) low = Math.max(low, Number(m[1] ?? m[2]));
  for (const m of text.replace(WEEKS_TO_END_OF, ' ').matchAll(WEEKS_BEFORE)) high = Math.min(high, Number(m[1]));
  for (const m of text.matchAll(WEEKS_FROM)) {
    const weeks = Number(m[1] ?? m[2]);
    // "after 36 weeks" starts the week after 36; "from", "at least" and "or more" include it.
    low = Math.max(low, /^\s*(?:after|beyond|past|more than|over|>)\b|^\s*>/.test(m[0]) && !/>=/.test(m[0]) ? weeks + 1 : weeks);
  }
  return low === 0 && high === Infinity ? undefined : { low, high };
}

/** The days after birth a clause limits itself to, if any. */
function daysAfterBirth(text: string): Band | undefined {
  const first = FIRST_WEEK_AFTER_BIRTH.exec(text);
  if (first) return { low: 0, high: first[1] === 'week' ? 7 : 30 };
  const m = DAYS_AFTER_BIRTH.exec(text);
  if (!m) return undefined;
  const amount = m[1] === undefined ? 1 : Number(m[1]);
  const unit = m[2] ?? 'days';
  const days = /^weeks?$/.test(unit) ? amount * 7 : /^months?$/.test(unit) ? amount * 30 : amount;
  return { low: 0, high: days || POSTPARTUM_DAYS };
}
