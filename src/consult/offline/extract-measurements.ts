/**
 * Vital signs and test results from free text: temperature, blood pressure, respiratory rate,
 * pulse, oxygen saturation, MUAC, malaria RDT and microscopy, HIV, syphilis, TB, urine protein,
 * blood glucose and haemoglobin. Each becomes a finding with a normalised value
 * ('temperature 39.2 °C', 'RDT positive', 'blood pressure 160/110 mmHg').
 *
 * Numbers outside a physiological range are rejected, so the health worker is asked again (temperature 30-43 °C, or 86-113 °F converted;
 * respiratory rate 5-150; pulse 20-250; SpO2 50-100 %; MUAC 50-400 mm; haemoglobin 2-25 g/dL;
 * glucose 0.5-40 mmol/L or 10-800 mg/dL). A MUAC without a unit is read as cm up to 40, else mm;
 * a glucose without a unit as mmol/L up to 40, else mg/dL; a temperature without a unit as °C,
 * or as °F between 86 and 113.
 */
import type { FindingCategory } from '../../patient/findings.js';
import { GLUCOSE_NAMES, MAX_GLUCOSE_MMOL_L } from '../../patient/glucose.js';
import { resultPolarity } from '../../patient/test-result.js';
import type { Extraction, Match } from './extraction.js';
import { formatNumber, roundToTenth } from './numbers.js';

const re = (source: string): RegExp => new RegExp(source, 'g');

const LINK = String.raw`(?:\s*(?:is|was|of|at|=|:|-|result|came back|came out|come out|came|comes|returned|turned|shows?|showed|showing|read|reads|now|still|today|out|don|dey))*\s*`;
const RESULT = String.raw`(positive|pos|\+\s*ve|\+{1,3}|non[- ]?reactive|reactive|negative|neg|-\s*ve)(?![a-z])`;

interface Rule {
  readonly pattern: RegExp;
  readonly category: FindingCategory;
  /** The finding's value, or undefined when the numbers are implausible. */
  readonly value: (groups: readonly string[]) => string | undefined;
  /** Claim the span even when the value is implausible, so no other rule rereads the number. */
  readonly claimImplausible: boolean;
}

const isPositive = (result: string): boolean => resultPolarity(result) === 'positive';

const RULES: readonly Rule[] = [
  {
    pattern: re(String.raw`\b(?:bp|b\/p|blood pressure)${LINK}(\d{2,3})\s*\/\s*(\d{2,3})(?:\s*mm\s*hg)?`),
    category: 'vital_sign',
    claimImplausible: true,
    value: ([systolicText = '', diastolicText = '']) => {
      const [systolic, diastolic] = [Number(systolicText), Number(diastolicText)];
      const plausible =
        systolic >= 50 && systolic <= 300 && diastolic >= 20 && diastolic <= 200 && systolic > diastolic;
      return plausible ? `blood pressure ${systolic}/${diastolic} mmHg` : undefined;
    },
  },
  {
    pattern: re(
      String.raw`\b(?:temperature|temp|t)${LINK}(\d{2,3}(?:\.\d+)?)\s*(°\s*c|°\s*f|°|deg\w*\s*(?:c|f|celsius|fahrenheit)?|celsius|fahrenheit|c|f)?(?![a-z\d]|\.\d)`,
    ),
    category: 'vital_sign',
    claimImplausible: true,
    value: ([amount = '', unit = '']) => temperatureValue(Number(amount), unit),
  },
  {
    pattern: re(
      String.raw`\b(\d{2,3}(?:\.\d+)?)\s*(°\s*c|°\s*f|°|deg(?:rees?)?\s*(?:c|celsius|f|fahrenheit)?|celsius|fahrenheit|c)(?![a-z])`,
    ),
    category: 'vital_sign',
    claimImplausible: false,
    value: ([amount = '', unit = '']) => temperatureValue(Number(amount), unit),
  },
  {
    pattern: re(String.raw`\b(?:fever|febrile|pyrexia|hot)\s*(?:of|at|=|:|-)?\s*(\d{2,3}(?:\.\d+)?)(?!\d|\.\d|\s*(?:days?|weeks?|hours?|months?))`),
    category: 'vital_sign',
    claimImplausible: false,
    value: ([amount = '']) => temperatureValue(Number(amount), ''),
  },
  {
    pattern: re(
      String.raw`\b(?:rr|resp(?:iratory)?\s*rate|resps?|breathing rate|breaths|breathing)${LINK}(\d{1,3})\s*(?:\/\s*min\w*|per\s*min\w*|bpm|b\/m|breaths?(?:\s*(?:\/|per|a)\s*min\w*)?)?(?![\d\/]|\.\d)`,
    ),
    category: 'vital_sign',
    claimImplausible: true,
    value: ([rate = '']) => inRange(Number(rate), 5, 150, (n) => `respiratory rate ${n}/min`),
  },
  {
    pattern: re(String.raw`\b(\d{1,3})\s*breaths?\s*(?:\/|per|a)\s*min\w*`),
    category: 'vital_sign',
    claimImplausible: true,
    value: ([rate = '']) => inRange(Number(rate), 5, 150, (n) => `respiratory rate ${n}/min`),
  },
  {
    pattern: re(String.raw`\b(?:pulse(?: rate)?|hr|heart rate|pr)${LINK}(\d{2,3})(?:\s*(?:\/\s*min\w*|per\s*min\w*|bpm|beats))?(?![\d\/]|\.\d)`),
    category: 'vital_sign',
    claimImplausible: true,
    value: ([rate = '']) => inRange(Number(rate), 20, 250, (n) => `pulse ${n}/min`),
  },
  {
    pattern: re(String.raw`\b(?:spo2|sp02|sao2|sats?|o2 sat\w*|oxygen sat\w*|saturation)${LINK}(\d{2,3})\s*%?`),
    category: 'vital_sign',
    claimImplausible: true,
    value: ([percent = '']) => inRange(Number(percent), 50, 100, (n) => `oxygen saturation ${n}%`),
  },
  {
    pattern: re(String.raw`\bmuac${LINK}(\d+(?:\.\d+)?)\s*(cm|mm)?(?![a-z])`),
    category: 'exam_sign',
    claimImplausible: true,
    value: ([amount = '', unit = '']) => {
      const value = Number(amount);
      const mm = unit === 'mm' || (unit === '' && value > 40) ? value : value * 10;
      return inRange(Math.round(mm), 50, 400, (n) => `MUAC ${n} mm`);
    },
  },
  {
    pattern: re(String.raw`\bmuac${LINK}(red|yellow|green)\b`),
    category: 'exam_sign',
    claimImplausible: true,
    value: ([colour = '']) => `MUAC ${colour}`,
  },
  {
    pattern: re(
      String.raw`\b(?:m?rdt|malaria (?:rdt|test|rapid test|rapid diagnostic test)|rapid diagnostic test|malaria)(?: for malaria)?(?: test)?${LINK}${RESULT}`,
    ),
    category: 'test_result',
    claimImplausible: true,
    value: ([result = '']) => `RDT ${isPositive(result) ? 'positive' : 'negative'}`,
  },
  {
    // No test to do: "no RDT available", "RDTs finished", "out of test kits". Whether a malaria test could be
    // done decides between treating and sending the patient the same day to be tested.
    pattern: re(
      String.raw`\b(?:(?:no|without|ran out of|run out of|out of)\s+(?:m?rdts?|malaria (?:rdts?|tests?)|(?:rdt |malaria |test )kits?)(?:\s+(?:available|in stock|left))?|(?:m?rdts?|malaria tests?|(?:rdt |malaria |test )kits?)\s+(?:(?:are|is)\s+)?(?:not available|unavailable|out of stock|stocked out|finished|finish|don finish|ran out|run out|have run out))\b`,
    ),
    category: 'test_result',
    claimImplausible: true,
    value: () => 'RDT not available',
  },
  {
    pattern: re(String.raw`\b(?:tested\s+)?(positive|negative)\s+(?:m?rdt|malaria (?:rdt|test)|for malaria)\b`),
    category: 'test_result',
    claimImplausible: true,
    value: ([result = '']) => `RDT ${isPositive(result) ? 'positive' : 'negative'}`,
  },
  {
    pattern: re(
      String.raw`\b(?:blood (?:smear|film|slide)|bs|bf|microscopy|mps?|malaria parasites?)(?: for (?:malaria|mps?))?${LINK}(positive|pos|\+\s*ve|\+{1,3}|seen|present|negative|neg|-\s*ve|not seen|absent)(?![a-z])`,
    ),
    category: 'test_result',
    claimImplausible: true,
    value: ([result = '']) => {
      return `malaria microscopy ${isPositive(result) ? 'positive' : 'negative'}`;
    },
  },
  {
    pattern: re(String.raw`\b(?:hiv|rvd)(?:\s*(?:rapid|test|status|result|serology|antibody))*${LINK}${RESULT}`),
    category: 'test_result',
    claimImplausible: true,
    value: ([result = '']) => `HIV test ${isPositive(result) ? 'reactive' : 'non-reactive'}`,
  },
  {
    pattern: re(String.raw`\b(?:syphilis|rpr|vdrl|tpha)(?:\s*(?:rapid|test|result|serology))*${LINK}${RESULT}`),
    category: 'test_result',
    claimImplausible: true,
    value: ([result = '']) => `syphilis test ${isPositive(result) ? 'reactive' : 'non-reactive'}`,
  },
  {
    pattern: re(String.raw`\b(?:gene ?xpert|xpert|sputum(?: test| smear| afb)?|afb|tb test)${LINK}${RESULT}`),
    category: 'test_result',
    claimImplausible: true,
    value: ([result = '']) => `TB test ${isPositive(result) ? 'positive' : 'negative'}`,
  },
  {
    pattern: re(
      String.raw`\b(?:urine\s+)?(?:protein(?:uria)?|albumin(?:uria)?|prot)(?: in (?:the )?urine)?${LINK}(\+{1,4}|[1-4]\s*\+|\+\s*[1-4]|trace|nil|negative|neg|positive)`,
    ),
    category: 'test_result',
    claimImplausible: true,
    value: ([result = '']) => `urine protein ${urineProteinGrade(result)}`,
  },
  {
    pattern: re(
      String.raw`\b(?:${GLUCOSE_NAMES}|bs)(?: level)?${LINK}(\d+(?:\.\d+)?)\s*(mmol\s*\/?\s*l?|mg\s*\/?\s*dl)?`,
    ),
    category: 'test_result',
    claimImplausible: true,
    value: ([amount = '', unit = '']) => glucoseValue(Number(amount), unit),
  },
  {
    pattern: re(String.raw`\b(?:hb|haemoglobin|hemoglobin|hgb)(?: level)?${LINK}(\d+(?:\.\d+)?)\s*(g\s*\/\s*dl|g\s*\/\s*l)?`),
    category: 'test_result',
    claimImplausible: true,
    value: ([amount = '', unit = '']) => {
      const value = Number(amount);
      const gPerDl = unit.replace(/\s/g, '') === 'g/l' ? value / 10 : value;
      return inRange(roundToTenth(gPerDl), 2, 25, (n) => `haemoglobin ${formatNumber(n)} g/dL`);
    },
  },
];

/** A minus sign written against a number ("weight -14 kg", "temp -38"); "38-39" is a range, "- 14" a dash. */
const NEGATIVE_NUMBER = /(?<![\w.\/])[-\u2212\u2013](\d+(?:\.\d+)?)(?:\s*(?:kgs?|kg|kilos?|grams?|g|°\s*[cf]?|c|f|mm|cm|%|\/min|bpm))?(?!\w|\.\d)/g;

/** Adds the vital signs and test results found in the text to `extraction`; negative numbers are rejected first. */
export function extractMeasurements(extraction: Extraction): void {
  for (const match of extraction.unclaimedMatches(NEGATIVE_NUMBER)) extraction.reject(match);
  for (const rule of RULES) {
    for (const match of extraction.unclaimedMatches(rule.pattern)) {
      addMeasurement(extraction, rule, match);
    }
  }
}

function addMeasurement(extraction: Extraction, rule: Rule, match: Match): void {
  if (extraction.isClaimed(match.start, match.end)) return;
  const value = rule.value(match.groups);
  // A number with a keyword or an explicit degree sign is surely the measurement: out of range, ask again.
  const sure = rule.claimImplausible || /°|deg|celsius|fahrenheit/.test(match.text);
  if (value === undefined && !sure) return;
  if (value === undefined) extraction.reject(match);
  else {
    extraction.claim(match);
    extraction.addFinding(match.start, rule.category, value);
  }
}

function inRange(
  value: number,
  min: number,
  max: number,
  format: (value: number) => string,
): string | undefined {
  return Number.isFinite(value) && value >= min && value <= max ? format(value) : undefined;
}

function temperatureValue(amount: number, unitText: string): string | undefined {
  const unit = unitText.replace(/\s|°|deg\w*/g, '');
  const fahrenheit = unit.startsWith('f') || (unit === '' && amount >= 86 && amount <= 113);
  const celsius = fahrenheit ? ((amount - 32) * 5) / 9 : amount;
  return inRange(roundToTenth(celsius), 30, 43, (n) => `temperature ${formatNumber(n)} °C`);
}

function glucoseValue(amount: number, unitText: string): string | undefined {
  const unit = unitText.replace(/\s/g, '');
  const mgPerDl = unit.startsWith('mg') || (unit === '' && amount > MAX_GLUCOSE_MMOL_L);
  return mgPerDl
    ? inRange(amount, 10, 800, (n) => `blood glucose ${formatNumber(n)} mg/dL`)
    : inRange(amount, 0.5, MAX_GLUCOSE_MMOL_L, (n) => `blood glucose ${formatNumber(n)} mmol/L`);
}

function urineProteinGrade(result: string): string {
  const compact = result.replace(/\s/g, '');
  if (/^\++$/.test(compact)) return `${compact.length}+`;
  const digit = compact.match(/[1-4]/)?.[0];
  if (digit) return `${digit}+`;
  if (compact === 'neg' || compact === 'nil') return 'negative';
  return compact;
}
