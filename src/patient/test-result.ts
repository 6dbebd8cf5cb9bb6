/**
 * The polarity of a test result as health workers and guideline headings write it. The one reading of
 * "positive" and "negative" for the offline extractor (a result token after "RDT", "HIV test", ...)
 * and for the plan (which of "when the test is negative" / "after a positive result" applies).
 *
 * Positive: positive, pos, +ve, +, ++, +++, reactive, (parasites) seen, present.
 * Negative: negative, neg, -ve, non-reactive, not seen, absent. Negative forms are read first, since
 * "non-reactive" holds "reactive". A lone "-" is not read: in a message it is a dash as often as a result.
 */
export type ResultPolarity = 'positive' | 'negative';

const NEGATIVE = /\b(?:negative|neg|non[- ]?reactive|not seen|absent)\b|-\s*ve\b/i;
const POSITIVE = /\b(?:positive|pos|reactive|seen|present)\b|\+\s*ve\b|(?:^|[\s:=(])\+{1,4}(?=$|[\s,;.)])/i;

/**
 * A test that could not be done: "RDT not available", "no RDT", "test kits finished", "RDT not done".
 * Such a patient has no result, positive or negative; what the guideline says to do without the test
 * is hers, not the treatment of a positive result.
 */
const UNAVAILABLE = /\b(?:not available|unavailable|not done|out of stock|stocked out|finished|ran out|run out)\b|\bno\s+(?:m?rdts?|tests?|(?:rdt |test )?kits?)\b/i;

/** True when the text says the test could not be done (see UNAVAILABLE). */
export function resultUnavailable(text: string): boolean {
  return UNAVAILABLE.test(text) && resultPolarity(text) === undefined;
}

/** A test whose results disagree: "inconclusive HIV test", "discordant rapid tests", "Indeterminate result". */
const INCONCLUSIVE = /\b(?:inconclusive|indeterminate|discordant)\b/i;

/**
 * True when the text names a test result that settles nothing: the person is retested, and nothing is
 * started on it. The plan job reads such a diagnosis as not confirmed; retrieval does not, since the
 * guideline's section on such results ("return for a new test after 14 days") answers it better than
 * the testing strategy.
 */
export function namesInconclusiveResult(text: string): boolean {
  return INCONCLUSIVE.test(text);
}

/** A word for a screen or test, or the infection a test is named by ("HIV negative"). */
const TEST_OR_SCREEN = /\b(?:screen(?:ing)?|tests?|m?rdts?|results?|hiv|smear|xpert)\b/i;

/**
 * True when the text states a negative screen or test: "TB screen negative", "negative RDT", "HIV
 * negative". The illness tested for is not found, so nothing is started for it and its treatment's side
 * effects are not hers. "Rh negative" names no test.
 */
export function namesNegativeResult(text: string): boolean {
  return TEST_OR_SCREEN.test(text) && resultPolarity(text) === 'negative';
}

/** The result's polarity, or undefined when the text states none. */
export function resultPolarity(text: string): ResultPolarity | undefined {
  if (NEGATIVE.test(text)) return 'negative';
  return POSITIVE.test(text) ? 'positive' : undefined;
}

/** An outcome a health worker writes for a test or measurement other than positive/negative: "passed appetite test", "MUAC red". */
const OUTCOME = /\b(?:pass(?:ed)?|fail(?:ed)?|red|yellow|green|normal|abnormal|high|low|raised|suppressed|unsuppressed|inconclusive|discordant)\b/i;
const NUMBER = /\d/;

/**
 * True when the text reports a test's or a measurement's result: a polarity ("RDT positive", "HIV
 * reactive"), a number ("MUAC 110 mm", "VL 4,500 copies", "BP 152/96") or an outcome ("passed appetite
 * test", "muac yellow"). "RDT not done" reports none.
 */
export function reportsResult(text: string): boolean {
  if (UNAVAILABLE.test(text)) return false;
  return resultPolarity(text) !== undefined || NUMBER.test(text) || OUTCOME.test(text);
}

/** The words of a result that are not the test's name: outcomes, polarities, numbers and their units. */
const RESULT_WORDS = new RegExp(`${OUTCOME.source}|${NEGATIVE.source}|${POSITIVE.source}|\\b(?:mm|cm|mmol|mg|dl|g|l|ml|copies|mmhg|kg)\\b`, 'gi');
const NUMBERS = /\d[\d.,/]*/g;

/**
 * The name of the test a result reports, with the result taken out: "MUAC 110 mm (red)" -> "MUAC",
 * "passed appetite test" -> "appetite test", "viral load 2400 copies/ml" -> "viral load".
 */
export function testNamed(text: string): string {
  return text.replace(NUMBERS, ' ').replace(RESULT_WORDS, ' ').replace(/[()[\]:;=+/]/g, ' ').replace(/\s+/g, ' ').trim();
}


/** True when a test result among the findings (not one said to be absent) is positive. */
export function reportsPositiveTest(findings: ReadonlyArray<{ category: string; value: string; negated?: boolean }>): boolean {
  return findings.some((f) => f.category === 'test_result' && !f.negated && resultPolarity(f.value) === 'positive');
}

/**
 * True when a positive test result among the findings may show the illness the text names: a test for
 * one illness (a malaria RDT, an HIV or syphilis test, Xpert) shows that illness only, a pregnancy test
 * none, and a test of no kind named ("test positive") any. A woman asking for malaria prevention whose
 * HIV test is positive has no positive test for malaria.
 */
export function reportsPositiveTestFor(findings: ReadonlyArray<{ category: string; value: string; negated?: boolean }>, illness: string): boolean {
  return findings.some((f) => {
    if (f.category !== 'test_result' || f.negated || resultPolarity(f.value) !== 'positive') return false;
    const kinds = TESTS_OF_ONE_ILLNESS.filter(({ test }) => test.test(f.value));
    return kinds.length === 0 || kinds.some(({ shows }) => shows?.test(illness) === true);
  });
}

const TESTS_OF_ONE_ILLNESS: ReadonlyArray<{ test: RegExp; shows?: RegExp }> = [
  { test: /\b(?:m?rdts?|malaria|microscopy|blood (?:film|smear|slide)s?)\b/i, shows: /\bmalaria\b/i },
  { test: /\bhiv\b/i, shows: /\bhiv\b/i },
  { test: /\b(?:syphilis|vdrl|rpr)\b/i, shows: /\bsyphilis\b/i },
  { test: /\b(?:xpert|genexpert|sputum|lf-?lam)\b/i, shows: /\btb\b|\btubercul/i },
  { test: /\bpregnancy test\b|\bupt\b|\bhcg\b/i },
];
