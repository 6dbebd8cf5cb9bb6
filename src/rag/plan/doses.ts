/**
 * Finding doses in plan lines and guideline text, in one canonical form, so "½ tablet" in a draft
 * matches "1/2 tablet" in the guideline and "10 mg/kg" matches "10 mg per kg". A dose is a quantity
 * with a unit of medicine (mg, mg/kg, g, ml, mcg, IU, units, tablets, sachets, capsules, drops,
 * suppositories, %); frequencies such as "twice daily" are not doses on their own.
 */
import { drugsNamed } from './drug-names.js';

export interface Dose {
  /** e.g. '20 mg', '0.5 tablet', '5-10 mg', '10 mg/kg', '500/25 mg'. */
  canonical: string;
  /** For a range, its two ends ('5 mg', '10 mg'); otherwise empty. */
  rangeEnds: string[];
}

const VULGAR_FRACTIONS: Record<string, number> = { '½': 0.5, '¼': 0.25, '¾': 0.75, '⅓': 1 / 3, '⅔': 2 / 3, '⅛': 0.125 };

const WORD_NUMBERS: Record<string, number> = {
  one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9, ten: 10, eleven: 11, twelve: 12,
};

const UNIT = String.raw`mg\/kg|mcg\/kg|g\/dl|g\/l|mg|mcg|g|ml|iu|units?|tablets?|tabs?|sachets?|capsules?|caps?|drops?|suppositor(?:y|ies)|%`;
const QUANTITY = String.raw`\d+(?:\.\d+)?(?:\s?\/\s?\d+(?:\.\d+)?)*`;
// Lookbehind keeps "S1" labels and the tail of longer numbers out; lookahead keeps "5 gloves" out.
const DOSE = new RegExp(String.raw`(?<![\w.])(${QUANTITY})(?:\s*(?:-|to)\s*(${QUANTITY}))?\s*(${UNIT})(?![a-z])`, 'g');

/** Text rewritten so equal doses read equal: fractions, number words, unit spellings, separators. */
export function normaliseDoseText(text: string): string {
  let t = text
    .replace(/(\d+)?\s*([½¼¾⅓⅔⅛])/g, (_m, whole: string | undefined, frac: string) => ` ${formatNumber(Number(whole ?? 0) + (VULGAR_FRACTIONS[frac] ?? 0))}`)
    // Thousands grouped with a no-break or thin space ("100 000 IU") before NFKC turns them into spaces.
    .replace(/(\d{1,3})[\u00a0\u202f\u2009](?=\d{3}(?!\d))/g, '$1')
    .normalize('NFKC')
    .toLowerCase()
    .replace(/[\u2010-\u2015\u2212]/g, '-')
    .replace(/\u2044/g, '/');
  t = t
    // "1,000 mg" and "100 000 IU"; a single leading digit with a plain space stays apart ("2 100 mg tablets").
    .replace(/(?<![\d.])(\d{1,3})(?:,(\d{3}))+(?![\d,])/g, (m) => m.replace(/,/g, ''))
    .replace(/(?<![\d.])(\d{2,3}) (\d{3})(?![\d])/g, '$1$2')
    .replace(/\bone and a half\b/g, '1.5')
    .replace(/\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve) and a half\b/g, (_m, w: string) => formatNumber((WORD_NUMBERS[w] ?? 0) + 0.5))
    .replace(/\bhalf (?:a|of a|one) (?=tablet|tab|sachet|capsule|suppositor)/g, '0.5 ')
    .replace(/\b(one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve)\b/g, (w) => String(WORD_NUMBERS[w] ?? w))
    // "1 1/2 tablets", then "1/2 tablet": a simple fraction only, so "500/25 mg" stays a combination.
    .replace(/(?<![\d.\/])(\d+)\s+([1-7])\/([2-8])(?![\d\/])/g, (m, whole: string, n: string, d: string) =>
      Number(n) < Number(d) ? formatNumber(Number(whole) + Number(n) / Number(d)) : m,
    )
    .replace(/(?<![\d.\/])([1-7])\/([2-8])(?![\d\/])/g, (m, n: string, d: string) => (Number(n) < Number(d) ? formatNumber(Number(n) / Number(d)) : m))
    .replace(/(?<![a-z])(?:micrograms?|µg|μg)(?![a-z])/g, 'mcg')
    .replace(/\bmilligrams?\b/g, 'mg')
    .replace(/\bmillilit(?:re|er)s?\b/g, 'ml')
    .replace(/\binternational units?\b/g, 'iu')
    .replace(/\b(mg|mcg)\s*(?:\/|per)\s*(?:kg|kilogram)(?:\s+(?:of\s+)?body\s*weight)?\b/g, '$1/kg')
    .replace(/\s+/g, ' ');
  return t;
}

/**
 * The doses a text gives: those findDoses reads, less concentrations ("below 11 g/dL", "5.1 mmol/L"),
 * which are measurements and thresholds, not amounts to give.
 */
export function dosesGiven(text: string): Dose[] {
  return findDoses(text).filter((dose) => !/\/\s*(?:dl|l|ml)\b/i.test(dose.canonical));
}

/** The doses mentioned in a text, in order of appearance. */
export function findDoses(text: string): Dose[] {
  const doses: Dose[] = [];
  for (const match of normaliseDoseText(text).matchAll(DOSE)) {
    const unit = canonicalUnit(match[3] ?? '');
    const low = canonicalQuantity(match[1] ?? '');
    const high = match[2] === undefined ? undefined : canonicalQuantity(match[2]);
    doses.push(
      high === undefined
        ? { canonical: `${low} ${unit}`, rangeEnds: [] }
        : { canonical: `${low}-${high} ${unit}`, rangeEnds: [`${low} ${unit}`, `${high} ${unit}`] },
    );
  }
  return doses;
}

/**
 * Every dose form a guideline text supports: each dose as written, the ends of its ranges, and the last
 * strength of a combination ("500/25 mg" also reads "25 mg"), all of which appear literally in it.
 */
export function dosesInText(text: string): Set<string> {
  const found = new Set<string>();
  for (const dose of findDoses(text)) {
    found.add(dose.canonical);
    for (const end of dose.rangeEnds) found.add(end);
    const combination = /^[\d.\/]+\/([\d.]+) (.+)$/.exec(dose.canonical);
    if (combination) found.add(`${combination[1]} ${combination[2]}`);
  }
  return found;
}

/** True when the dose appears in the supported set, a range also when both its ends do. */
export function doseSupported(dose: Dose, supported: ReadonlySet<string>): boolean {
  if (supported.has(dose.canonical)) return true;
  return dose.rangeEnds.length === 2 && dose.rangeEnds.every((end) => supported.has(end));
}

function canonicalQuantity(quantity: string): string {
  return quantity
    .split('/')
    .map((n) => formatNumber(Number(n.trim())))
    .join('/');
}

function canonicalUnit(unit: string): string {
  if (/^tab/.test(unit)) return 'tablet';
  if (/^cap/.test(unit)) return 'capsule';
  if (/^sachet/.test(unit)) return 'sachet';
  if (/^drop/.test(unit)) return 'drop';
  if (/^suppositor/.test(unit)) return 'suppository';
  if (/^units?$/.test(unit)) return 'unit';
  return unit;
}

function formatNumber(n: number): string {
  return String(Math.round(n * 1000) / 1000);
}

/** True when the text gives a dose of a medicine it names ("Amlodipine ... 5 mg once daily"), not a quantity of salt ("less than 5 g a day"). */
export function givesMedicineDoses(text: string): boolean {
  return findDoses(text).length > 0 && drugsNamed(text).size > 0;
}
