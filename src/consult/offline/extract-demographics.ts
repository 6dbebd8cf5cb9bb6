/**
 * Age, sex, pregnancy and weight from a health worker's free text, for the offline protocol mode.
 *
 * Conventions (see findings.ts): ageYears is completed years; ageMonths is the total age in months,
 * set only under 5 years, to one decimal (6 weeks -> 1.4, counting a month as 30.44 days).
 * A bare "2 years" is an age only next to a word for the patient ("boy 2 years", "she is 25
 * years") or alone at the start of a clause ("2 years, fever"); "cough 2 weeks" is a duration.
 * Trimester from weeks: 1 below 14, 2 from 14 to 27, 3 from 28; "5 months pregnant" gives the
 * trimester only (months are too coarse for gestational weeks). Sex comes from explicit words
 * ("woman", "boy", "female", "25F"); "she"/"he" is a weak cue used only when nothing else is said,
 * and conflicting explicit words leave sex unset rather than guess.
 * Implausible numbers (age over 120 years, weight outside 0.3-250 kg, gestation over 45 weeks)
 * are ignored.
 */
import { toMonths, UNDER_FIVE_UPPER_MONTHS } from '../../patient/age.js';
import type { Demographics } from '../../patient/findings.js';
import { LABOUR_PATTERN, MIN_PREGNANCY_AGE_YEARS, POSTPARTUM_DAYS, POSTPARTUM_PATTERN, trimesterForWeeks } from '../../patient/pregnancy.js';
import { findMentions, type Mention } from '../../patient/negation.js';
import { clauseIndexAt } from '../../patient/clinical-text.js';
import { isIntended } from '../../patient/temporality.js';
import type { Extraction, Match } from './extraction.js';
import { parseQuantity, QUANTITY, roundToTenth } from './numbers.js';

export interface DemographicsExtraction {
  readonly demographics: Demographics;
  /** How sex was inferred: from an explicit word, or only from "she"/"he". */
  readonly sexCue?: 'explicit' | 'pronoun';
}

const re = (source: string): RegExp => new RegExp(source, 'g');

const MAX_AGE_YEARS = 120;

const AGE_UNIT = String.raw`(years?|yrs?|yr|y|months?|mths?|mnths?|mos?|weeks?|wks?|wk|w|days?|dys?|d)`;
const PATIENT_WORD = String.raw`(?:child|baby|infant|newborn|neonate|toddler|boy|girl|son|daughter|woman|lady|man|patient|pt|client|he|she)`;
const SEX_WORD = String.raw`(?:old|boy|girl|child|baby|female|male|woman|man|f|m)`;

const AGE_PATTERNS: readonly RegExp[] = [
  // "6 weeks baby boy", "7 wk girl", "3 days old newborn": an age written before the word for the patient.
  re(String.raw`\b${QUANTITY}\s*-?\s*(weeks?|wks?|wk|days?|dys?|months?|mths?|mnths?|mos?)\s*-?\s*(?:old\s+)?(?=(?:baby|infant|newborn|neonate|boy|girl|child|son|daughter|male|female)\b)`),
  re(String.raw`\b${QUANTITY}\s*-?\s*${AGE_UNIT}\s*-?\s*old\b`),
  re(String.raw`\b(\d+(?:\.\d+)?)\s*(y)(?:\/o|o|oa|ro|\.o\.?)(?![a-z])`),
  // "woman 30y, 8 weeks pregnant": a bare "y" after a number, closing its phrase.
  re(String.raw`\b(\d{1,3})\s*(y)(?=\s*(?:$|[.,;\n]))`),
  re(String.raw`\b(?:age|aged|age is|age of)\s*[:=-]?\s*(\d+(?:\.\d+)?)\s*(?:${AGE_UNIT}\b)?(?![\d\/]|\.\d)`),
  re(String.raw`\b(?:age|aged)\s*[:=]?\s*(\d{1,2})\s*\/\s*(12|52)\b`),
  re(String.raw`\b(\d{1,2})\s*\/\s*(12|52)\s*(?:old|baby|infant|child|boy|girl|male|female|[mf])\b`),
  // "man 40y HIV+": a bare "y" right after a word for the patient is years, whatever follows it.
  re(String.raw`\b${PATIENT_WORD}\s*(?:,\s*)?(?:(?:is|was|of|aged|about|approx)\s+)*${QUANTITY}\s*-?\s*(years?|yrs?|yr|y|months?|mths?|mnths?|mos?)\b(?!\s+ago)`),
  // "baby 6 weeks, cough", "baby 6 weeks 4kg": weeks or days beside the patient closing the phrase, or before her weight.
  re(String.raw`\b${PATIENT_WORD}\s*(?:,\s*)?(?:(?:is|was|of|aged|about)\s+)*${QUANTITY}\s*-?\s*(weeks?|wks?|wk|days?|dys?)(?=\s*(?:$|[.,;\n]|old\b|\d+(?:\.\d+)?\s*(?:kgs?|g)\b))`),
  // "2 years, fever", "6 mo 6kg fever": an age opening its clause, closing it or before the sex or the weight.
  re(String.raw`(?:^|[.,;\n]\s*)(\d+(?:\.\d+)?)\s*(years?|yrs?|yr|months?|mths?|mos?)(?=\s*(?:$|[.,;\n]|${SEX_WORD}\b|\d+(?:\.\d+)?\s*kgs?\b))`),
];

// "2 yrs 3 months", "1y 6m": one age in two units.
const YEARS_AND_MONTHS = re(String.raw`\b(\d{1,2})\s*(?:years?|yrs?|yr|y)\s*,?\s*(?:and\s+)?(\d{1,2})\s*(?:months?|mths?|mnths?|mos?|m)\b(?!\s+ago)`);
const YEARS_AFTER_A_NAME = re(String.raw`(?<!\b(?:for|since|past|last|over|x|than|in|of|after|before|within|ago)\s{1,3})\b(\d{1,3})\s*(?:years?|yrs?|yr)\b(?!\s+(?:ago|back|before|since))`);

// "25F", "30 yo M": after the age the letter must be a capital in the original text, because a lower-case
// "18m" is more often months than male. "F/25", "f/28", "m 67": a letter opening its clause before the
// age is the sex in either case (not "f 39.2", a temperature).
const AGE_THEN_SEX = re(
  String.raw`\b(\d{1,3})\s*(?:y|yo|y\/o|yrs?|years?|(?:yrs?|years?|y) old)?\s*[\/,]?\s*(f|m)\b(?![\/.]?\d)`,
);
// "F 19y G1P0", "M 35y, farmer": the years may carry their "y" whatever follows.
const SEX_THEN_AGE = re(String.raw`(?:^|[.,;\n]\s*)(f|m)\s*[\/,]?\s*(\d{1,3})(?:\s*(?:y|yo|yrs?|years?)\b|\b)(?!\s*(?:kg|cm|mm|\/)|\.\d)`);
const GRAVIDA_PARA = re(String.raw`\bg\s*(\d{1,2})\s*p\s*(\d{1,2})(?:\s*\+\s*\d{1,2})?\b(?:\s*,?\s*(?:at\s+)?(\d{1,2})\s*(?:weeks?|wks?|w)\b)?`);
// "female 32", "pt M 45", "boy 7", "40 male": a bare number beside the sex is an age in years unless a
// unit or a measurement follows.
const NOT_AN_AGE_AFTER = String.raw`(?![\d\/]|\.\d|\s*(?:kg|kgs|g\b|cm|mm|%|weeks?|wks?|w\b|days?|d\b|months?|mths?|mo\b|°|bpm|x\b|times|hours?|hrs?|years?|yrs?|y\b|yo\b|\/))`;
const SEX_WORD_THEN_AGE = re(String.raw`\b(?:(?:pt|patient|client)\s*[:,]?\s*)?(female|male|woman|man|boy|girl|f|m)\s*[,:]?\s*(\d{1,3})\b${NOT_AN_AGE_AFTER}`);
const AGE_THEN_SEX_WORD = re(String.raw`(?:^|[.,;\n]\s*)(\d{1,3})\s*,?\s*(female|male|woman|man|boy|girl)\b`);
const STATED_SEX = re(String.raw`\b(?:sex|gender)\s*[:=-]?\s*(female|male|f|m)\b`);

const FEMALE_WORDS = /\b(?:woman|women|girl|girls|female|lady|daughter|mrs|sister)\b/;
const MALE_WORDS = /\b(?:man|men|boy|boys|male|gentleman|son|mr|brother)\b/;

const WEIGHT_KEYWORD = re(
  String.raw`(?<!\b(?:lost|losing|lose|gained|gaining|gain)\s)\b(?:weight|wt|weighs|weighing|weighed|wgt)\s*(?:is|of|=|:|-|was|now|about)?\s*(?:about\s+)?(\d+(?:\.\d+)?)\s*(kgs?|kilos?|kilograms?|g|grams?|gms?)?\b`,
);
const WEIGHT_UNIT = re(
  String.raw`(?<!\b(?:lost|loss|loss of|gained|gain|gain of|losing|lose)\s(?:weight\s)?)\b(\d+(?:\.\d+)?)\s*(kgs?|kilos?|kilograms?)\b`,
);

const GESTATION_WEEKS: readonly RegExp[] = [
  // Obstetric shorthand: "@ 30/40" is 30 weeks of the 40.
  re(String.raw`\b(\d{1,2})\s*\/\s*40\b`),
  re(String.raw`\b(\d{1,2}(?:\.\d)?)\s*(?:\+\s*\d\s*(?:days?|d)?\s*)?(?:weeks?|wks?|wk|w)\s*(?:\+\s*\d\s*(?:days?|d)?\s*)?(?:pregnant|pregnancy|preg|of pregnancy|gestation(?:al age)?|of gestation|ga|of amenorrh\w*|amenorrh\w*|pg)\b`),
  re(String.raw`\b(?:pregnant|pregnancy|preg)\s*(?:at|of|for|with|about|-|,)?\s*(?:about\s+)?(\d{1,2}(?:\.\d)?)\s*(?:weeks?|wks?|wk|w)\b`),
  re(String.raw`\b(?:ega|ga|gestational age|gestation(?:al)?(?: age)?|pog|gest)\s*(?:of|is|=|:|at|-)?\s*(\d{1,2}(?:\.\d)?)\s*(?:\+\s*\d\s*)?(?:weeks?|wks?|wk|w|\/\s*40)?(?!\d|\.\d)`),
  re(String.raw`\b(\d{1,2})\s*\/\s*40\b`),
  // "in labour at 38 weeks": weeks said of a labour are weeks of the pregnancy.
  re(String.raw`\blabou?r\w*\s*(?:at|of|,|-)?\s*(\d{1,2}(?:\.\d)?)\s*(?:weeks?|wks?|wk|w)\b`),
];
const GESTATION_MONTHS: readonly RegExp[] = [
  re(String.raw`\b${QUANTITY}\s*(?:months?|mths?)\s*(?:pregnant|of pregnancy|gestation|preg)\b`),
  re(String.raw`\b(?:pregnant|preg|belle)\s*(?:for|at|of|about)?\s*${QUANTITY}\s*(?:months?|mths?)\b`),
];
const TRIMESTER_WORD = re(String.raw`\b(first|1st|second|2nd|third|3rd)\s+trimester\b|\btrimester\s*[:=]?\s*(1|2|3|one|two|three)\b`);
const PREGNANT_WORD = re(String.raw`\b(?:pregnan\w*(?!\s+test)|preg|belle|g\d{1,2}(?:\s*p\d{1,2})?|\d{1,2}\s*\/\s*40|gravid\w*|primigravida|multigravida|expecting (?:a baby|twins)|antenatal|ante-natal|anc)\b`);
const PREGNANCY_TEST = re(
  String.raw`\b(?:pregnancy test|upt|urine hcg|hcg)\s*(?:is|was|:|=|-|result)?\s*(positive|pos|\+\s*ve|\+|negative|neg|-\s*ve)`,
);
const POSTPARTUM = POSTPARTUM_PATTERN;

/** Extracts demographics, claiming the spans it explains so later rules do not reread them. */
export function extractDemographics(extraction: Extraction): DemographicsExtraction {
  const demographics: Demographics = {};
  const shorthandSex = new Set<'female' | 'male'>();
  let weeksAfterGravida: number | undefined;
  for (const match of extraction.unclaimedMatches(GRAVIDA_PARA)) {
    extraction.claim(match);
    shorthandSex.add('female');
    extraction.addFinding(match.start, 'history', `gravida ${Number(match.groups[0])} para ${Number(match.groups[1])}`);
    const weeks = Number(match.groups[2] || NaN);
    if (weeks >= 1 && weeks <= 45) weeksAfterGravida ??= weeks;
  }
  Object.assign(demographics, extractPregnancy(extraction));
  if (weeksAfterGravida !== undefined && demographics.gestationWeeks === undefined) {
    Object.assign(demographics, { pregnant: true, gestationWeeks: weeksAfterGravida, trimester: trimesterForWeeks(weeksAfterGravida) });
  }
  Object.assign(demographics, extractAge(extraction, shorthandSex));
  const weightKg = extractWeight(extraction);
  if (weightKg !== undefined) demographics.weightKg = weightKg;
  const sex = extractSex(extraction, shorthandSex, demographics.pregnant === true || demographics.postpartum === true);
  if (sex) demographics.sex = sex.sex;
  // A baby who breastfeeds, or cannot, is not a mother who does.
  const mother = demographics.postpartum === true || (demographics.sex === 'female' && (demographics.ageYears ?? 0) >= MIN_PREGNANCY_AGE_YEARS);
  const breastfeeding = mother ? extractBreastfeeding(extraction) : undefined;
  if (breastfeeding !== undefined) demographics.breastfeeding = breastfeeding;
  return sex ? { demographics, sexCue: sex.cue } : { demographics };
}

/** Also collects the sex letters of shorthand such as "25F" into `shorthandSex`. */
function extractAge(
  extraction: Extraction,
  shorthandSex: Set<'female' | 'male'>,
): Pick<Demographics, 'ageYears' | 'ageMonths'> {
  const candidates: Array<{ at: number; months: number }> = [];
  for (const [pattern, ageGroup, letterGroup] of [[AGE_THEN_SEX, 0, 1], [SEX_THEN_AGE, 1, 0]] as const) {
    for (const match of extraction.unclaimedMatches(pattern)) {
      const letter = match.groups[letterGroup] ?? '';
      // A letter opening its clause before the age ("f/28", "m 67 dm") is the sex in either case.
      if (pattern === AGE_THEN_SEX && !isCapitalSexLetter(extraction, match, letter)) continue;
      extraction.claim(match);
      shorthandSex.add(letter === 'f' ? 'female' : 'male');
      const years = Number(match.groups[ageGroup]);
      if (years <= MAX_AGE_YEARS) candidates.push({ at: match.start, months: years * 12 });
    }
  }
  // Weeks in a message about a pregnancy are her gestation, never her age ("pregnant lady 35 weeks, 29 yrs").
  const speaksOfPregnancy = /\b(?:pregnan\w*|preg|belle|gravid\w*|antenatal|anc)\b/.test(extraction.clinical.text);
  for (const match of extraction.unclaimedMatches(YEARS_AND_MONTHS)) {
    extraction.claim(match);
    const months = Number(match.groups[0]) * 12 + Number(match.groups[1]);
    if (months <= MAX_AGE_YEARS * 12) candidates.push({ at: match.start, months });
  }
  for (const pattern of AGE_PATTERNS) {
    for (const match of extraction.unclaimedMatches(pattern)) {
      const written = match.text;
      if (speaksOfPregnancy && /^w/.test((match.groups[1] ?? '').trim()) && !/\b(?:old|baby|infant|newborn|neonate|boy|girl|child)\b/.test(written)) continue;
      extraction.claim(match);
      const months = ageInMonths(match);
      if (months !== undefined) candidates.push({ at: match.start, months });
    }
  }
  for (const [pattern, ageGroup, sexGroup] of [[SEX_WORD_THEN_AGE, 1, 0], [AGE_THEN_SEX_WORD, 0, 1]] as const) {
    for (const match of extraction.unclaimedMatches(pattern)) {
      const word = match.groups[sexGroup] ?? '';
      if (word.length === 1 && !isCapitalSexLetter(extraction, match, word)) continue;
      extraction.claim(match);
      if (word.length === 1) shorthandSex.add(word === 'f' ? 'female' : 'male');
      const years = Number(match.groups[ageGroup]);
      if (years <= MAX_AGE_YEARS) candidates.push({ at: match.start, months: years * 12 });
    }
  }
  if (candidates.length === 0) {
    // "Madam Abena 24yrs": years written anywhere, when nothing else gave the age and no word makes them a duration.
    for (const match of extraction.unclaimedMatches(YEARS_AFTER_A_NAME)) {
      extraction.claim(match);
      const years = Number(match.groups[0]);
      if (years <= MAX_AGE_YEARS) candidates.push({ at: match.start, months: years * 12 });
    }
  }
  const first = candidates.sort((a, b) => a.at - b.at)[0];
  if (!first) return {};
  const ageYears = Math.floor(first.months / 12 + 1e-9);
  return first.months < UNDER_FIVE_UPPER_MONTHS
    ? { ageYears, ageMonths: roundToTenth(first.months) }
    : { ageYears };
}

function ageInMonths(match: Match): number | undefined {
  const [amountText = '', unitText = ''] = match.groups;
  const amount = parseQuantity(amountText);
  if (!Number.isFinite(amount)) return undefined;
  const unit = unitText.trim();
  let months: number;
  let limit: number;
  if (unit === '12') [months, limit] = [amount, 240];
  else if (unit === '52') [months, limit] = [toMonths(amount, 'week'), 1040];
  else if (unit === '' || unit.startsWith('y')) [months, limit] = [toMonths(amount, 'year'), toMonths(MAX_AGE_YEARS, 'year')];
  else if (/^m(?:o|t|n)/.test(unit)) [months, limit] = [amount, 240];
  else if (unit.startsWith('w')) [months, limit] = [toMonths(amount, 'week'), toMonths(260, 'week')];
  else [months, limit] = [toMonths(amount, 'day'), toMonths(365, 'day')];
  return months >= 0 && months <= limit ? months : undefined;
}

function isCapitalSexLetter(extraction: Extraction, match: Match, letter: string): boolean {
  const original = extraction.clinical.originalSpan(match.start, match.end);
  return original.includes(letter.toUpperCase());
}

/**
 * The child's weight now. A weight said with when it was taken before ("weight 7.8 kg two weeks ago and
 * 7.6 kg last week") is a past weight, not today's: a dose band read from it may be the wrong one. When
 * every weight said is a past one, there is no weight yet, and the protocol asks for it.
 */
function extractWeight(extraction: Extraction): number | undefined {
  let weightKg: number | undefined;
  for (const pattern of [WEIGHT_KEYWORD, WEIGHT_UNIT]) {
    for (const match of extraction.unclaimedMatches(pattern)) {
      const kg = weightInKg(Number(match.groups[0]), match.groups[1] ?? '');
      if (kg === undefined) extraction.reject(match);
      else extraction.claim(match);
      if (weightKg === undefined && kg !== undefined && !PAST_WEIGHT.test(extraction.text.slice(match.end, match.end + 40))) weightKg = kg;
    }
  }
  return weightKg;
}

/** When a weight was taken, said right after it, if it was before today. */
const PAST_WEIGHT = /^\s*(?:(?:\d+|a|an|one|two|three|four|five|six|few|several)\s+(?:days?|weeks?|wks?|months?)\s+ago|ago|last (?:week|visit|month|time)|(?:on|at) (?:the )?(?:last|previous|first) visit|(?:at|on) (?:enrolment|enrollment|admission)|before|previously|earlier|yesterday)\b/;

function weightInKg(amount: number, unit: string): number | undefined {
  const grams = unit.startsWith('g') || (unit === '' && amount >= 300);
  const kg = grams ? amount / 1000 : amount;
  return kg >= 0.3 && kg <= 250 ? Math.round(kg * 100) / 100 : undefined;
}

/** The mother breastfeeds: English shorthand, Pidgin and French as health workers write it. */
const BREASTFEEDING_WORD = re(String.raw`\b(?:breast ?feed\w*|breast-?feed\w*|b\/?f(?:ing)?|lactating|nursing (?:her |the )?bab(?:y|ies)|dey give (?:am |di pikin )?breast|allaite\w*)\b`);

/** True when she is said to breastfeed, false when said not to ("not breastfeeding"), undefined when not said. */
function extractBreastfeeding(extraction: Extraction): boolean | undefined {
  const mentions = findMentions(extraction.clinical, BREASTFEEDING_WORD).filter((m) => !m.historical);
  if (mentions.length === 0) return undefined;
  return mentions.some((m) => !m.negated);
}

type PregnancyFields = Pick<Demographics, 'pregnant' | 'gestationWeeks' | 'trimester' | 'inLabour' | 'postpartum' | 'daysSinceDelivery'>;

/** A woman in labour now is pregnant: "in labour at 38 weeks", "contractions since morning" (not "no contractions", not a past labour). */
function extractPregnancy(extraction: Extraction): PregnancyFields {
  const inLabour = findMentions(extraction.clinical, LABOUR_PATTERN).some((m) => !m.negated && !m.historical);
  const fields = extractPregnancyState(extraction);
  if (!inLabour || fields.postpartum === true || fields.pregnant === false) return fields;
  return { ...fields, pregnant: true, inLabour: true };
}

function extractPregnancyState(extraction: Extraction): PregnancyFields {
  // "Delivered 3 weeks ago, HIV known since pregnancy", "delivered 2 days ago at 36 weeks": a delivery said
  // to be recent ends the pregnancy the other words speak of. One that is not ("36 weeks, delivered her first
  // baby at home") leaves a stated pregnancy standing.
  const delivery = deliveryStatement(extraction);
  if (delivery?.recent) {
    for (const pattern of [...GESTATION_WEEKS, ...GESTATION_MONTHS, TRIMESTER_WORD, PREGNANT_WORD]) {
      for (const match of extraction.unclaimedMatches(pattern)) extraction.claim(match);
    }
    return postpartumFields(extraction, delivery);
  }
  let gestationWeeks: number | undefined;
  let trimester: 1 | 2 | 3 | undefined;
  let statedPregnant = false;
  for (const pattern of GESTATION_WEEKS) {
    for (const match of extraction.unclaimedMatches(pattern)) {
      extraction.claim(match);
      const weeks = Number(match.groups[0]);
      if (weeks >= 1 && weeks <= 45 && gestationWeeks === undefined) gestationWeeks = weeks;
    }
  }
  for (const pattern of GESTATION_MONTHS) {
    for (const match of extraction.unclaimedMatches(pattern)) {
      extraction.claim(match);
      const months = parseQuantity(match.groups[0] ?? '');
      if (months >= 1 && months <= 10) {
        statedPregnant = true;
        trimester ??= months <= 3 ? 1 : months <= 6 ? 2 : 3;
      }
    }
  }
  for (const match of extraction.unclaimedMatches(TRIMESTER_WORD)) {
    extraction.claim(match);
    statedPregnant = true;
    trimester ??= trimesterFromWord(match.groups[0] || match.groups[1] || '');
  }
  const pregnancyTest = extractPregnancyTest(extraction);
  if (gestationWeeks !== undefined) {
    return { pregnant: true, gestationWeeks, trimester: trimesterForWeeks(gestationWeeks) };
  }
  if (statedPregnant || pregnancyTest === true) {
    return trimester ? { pregnant: true, trimester } : { pregnant: true };
  }

  // "Plans pregnancy next year", "wants to get pregnant": a wish is not a pregnancy.
  const mentions = findMentions(extraction.clinical, PREGNANT_WORD).filter(
    (mention) => !extraction.isClaimed(mention.start, mention.end) && !isIntended(extraction.clinical, mention.start, mention.end),
  );
  // "Pre-eclampsia in her last pregnancy" says nothing of now.
  if (mentions.some((mention) => !mention.negated && !mention.historical)) return { pregnant: true };
  if (delivery) return postpartumFields(extraction, delivery);
  // "She never did a urine test at ANC" says nothing of whether she is pregnant: only "not pregnant" does.
  const deniesPregnancy = mentions.some((mention) => mention.negated && !/^(?:antenatal|ante-natal|anc)$/i.test(extraction.clinical.text.slice(mention.start, mention.end)));
  if (deniesPregnancy || pregnancyTest === false) return { pregnant: false };
  return {};
}

interface DeliveryStatement {
  readonly mention: Mention;
  /** Said to be recent: a postpartum word, or a time since it ("3 weeks ago", "yesterday"). */
  readonly recent: boolean;
  /** Days since it, when a time is said. */
  readonly days?: number;
}

/** Postpartum words that say the delivery was recent by themselves. */
const RECENT_WORD = /\b(?:postpartum|post-partum|post partum|postnatal|post-natal|p\/?p|just delivered|recently delivered|just born|don born)\b/;
const DAYS_PER_UNIT: Readonly<Record<string, number>> = { hour: 1 / 24, day: 1, week: 7 };
/** A time since the delivery in its clause: "3 weeks ago", "2 days postpartum", "postpartum day 3", "yesterday". */
const TIME_SINCE = re(
  String.raw`\b${QUANTITY}\s*(hours?|hrs?|days?|weeks?|wks?)\s+(?:ago|postpartum|post-partum|post partum|after (?:delivery|birth))\b|\b(?:postpartum|post-partum|post partum)\s+day\s*(\d{1,2})\b|\b(yesterday|today|this morning|last night|tonight)\b`,
);

/**
 * The first delivery the message states of the patient now: not denied, not in the remote past ("gave
 * birth 2 years ago"), not beyond the postpartum weeks ("delivered 10 weeks ago").
 */
function deliveryStatement(extraction: Extraction): DeliveryStatement | undefined {
  const { clauses, text } = extraction.clinical;
  for (const mention of findMentions(extraction.clinical, POSTPARTUM)) {
    if (mention.negated || mention.historical || extraction.isClaimed(mention.start, mention.end)) continue;
    const clause = clauses[clauseIndexAt(clauses, mention.start)];
    const from = clause?.start ?? mention.start;
    const time = [...text.slice(from, Math.max(clause?.end ?? mention.end, mention.end)).matchAll(TIME_SINCE)]
      .map((match) => ({ match, start: from + match.index, end: from + match.index + match[0].length }))
      .find(({ start, end }) => saysWhenItWas(text, mention, start, end));
    const days = time ? daysOf(time.match) : undefined;
    if (days !== undefined && days > POSTPARTUM_DAYS) return undefined;
    if (time) extraction.claim(time);
    return { mention, recent: time !== undefined || RECENT_WORD.test(mention.text), ...(days !== undefined ? { days } : {}) };
  }
  return undefined;
}

/** Words between a delivery and a time that make the time another event's: "delivered and has fever since yesterday". */
const ANOTHER_EVENT = /\b(?:and|but|with|has|had|have|since|for|then|now|is|was)\b/;
const MAX_GAP = 30;

/** True when the time at [start, end) is the delivery's own: touching it, or a few words from it with no other event between. */
function saysWhenItWas(text: string, delivery: { start: number; end: number }, start: number, end: number): boolean {
  if (start < delivery.end && delivery.start < end) return true;
  const gap = start >= delivery.end ? text.slice(delivery.end, start) : text.slice(end, delivery.start);
  return gap.length <= MAX_GAP && !ANOTHER_EVENT.test(gap);
}

function daysOf(time: RegExpMatchArray): number | undefined {
  const [, amount, unit, dayNumber, word] = time;
  if (dayNumber) return Number(dayNumber);
  if (word) return word === 'yesterday' ? 1 : 0;
  const perUnit = DAYS_PER_UNIT[(unit ?? '').replace(/^hrs?$/, 'hour').replace(/^wks?$/, 'week').replace(/s$/, '')];
  const quantity = parseQuantity(amount ?? '');
  return perUnit === undefined || Number.isNaN(quantity) ? undefined : Math.floor(quantity * perUnit);
}

function postpartumFields(extraction: Extraction, delivery: DeliveryStatement): PregnancyFields {
  extraction.addFinding(delivery.mention.start, 'history', 'recently delivered');
  return { pregnant: false, postpartum: true, ...(delivery.days !== undefined ? { daysSinceDelivery: delivery.days } : {}) };
}

function extractPregnancyTest(extraction: Extraction): boolean | undefined {
  const match = extraction.unclaimedMatches(PREGNANCY_TEST)[0];
  if (!match) return undefined;
  extraction.claim(match);
  const positive = /^(?:positive|pos|\+)/.test(match.groups[0] ?? '');
  extraction.addFinding(match.start, 'test_result', `pregnancy test ${positive ? 'positive' : 'negative'}`);
  return positive;
}

function trimesterFromWord(word: string): 1 | 2 | 3 {
  if (/^(?:first|1st|1|one)$/.test(word)) return 1;
  if (/^(?:second|2nd|2|two)$/.test(word)) return 2;
  return 3;
}

function extractSex(
  extraction: Extraction,
  shorthandSex: ReadonlySet<'female' | 'male'>,
  mother: boolean,
): { sex: 'female' | 'male'; cue: 'explicit' | 'pronoun' } | undefined {
  // A woman pregnant or just delivered is the patient; "baby boy" and "husband" are others.
  if (mother) return { sex: 'female', cue: 'explicit' };
  const explicit = new Set(shorthandSex);
  const text = extraction.text;
  for (const match of text.matchAll(STATED_SEX)) explicit.add(match[1]?.startsWith('f') ? 'female' : 'male');
  if (FEMALE_WORDS.test(text)) explicit.add('female');
  if (MALE_WORDS.test(text)) explicit.add('male');
  if (explicit.size === 1) return { sex: [...explicit][0] ?? 'female', cue: 'explicit' };
  if (explicit.size > 1) return undefined;
  const she = /\bshe\b/.test(text);
  const he = /\bhe\b/.test(text);
  if (she !== he) return { sex: she ? 'female' : 'male', cue: 'pronoun' };
  return undefined;
}
