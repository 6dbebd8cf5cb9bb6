/**
 * How long something has lasted: "for 3 days", "since 2 weeks", "x3d", "3 days ago", "2/7"
 * (clinical shorthand: /7 days, /52 weeks, /12 months), "since yesterday", "a few days".
 * A duration is tied to the symptom said in the same clause ("cough for 2 weeks" -> 'cough for
 * 2 weeks'); without one it stands alone ('3 days'). Runs after age, gestation and measurements
 * have claimed their numbers, so "6 weeks old" or "GA 30/40" are never read as durations.
 */
import type { Extraction, Match } from './extraction.js';
import type { SymptomMention } from './extract-symptoms.js';
import { formatNumber, parseQuantity, QUANTITY } from './numbers.js';

const re = (source: string): RegExp => new RegExp(source, 'g');

const UNIT = String.raw`(hours?|hrs?|h|days?|dys?|d|weeks?|wks?|wk|w|months?|mths?|mnths?|mo|years?|yrs?|yr|y)`;
const UNIT_WITHOUT_LETTERS = String.raw`(hours?|hrs?|days?|dys?|weeks?|wks?|wk|months?|mths?|mnths?)`;

const CUED = re(
  String.raw`\b(?:for|since|x|×|over|past|last|about|around|approx\w*|almost|nearly|duration(?:\s*(?:of|:|=))?)\s*(?:the\s+)?(?:past\s+|last\s+)?${QUANTITY}\s*-?\s*${UNIT}\b`,
);
const AGO = re(String.raw`\b${QUANTITY}\s*-?\s*${UNIT}\s+ago\b`);
const SLASH = re(String.raw`\b(\d{1,2})\s*\/\s*(7|52|12)\b`);
const BARE = re(String.raw`\b(\d+(?:\.\d+)?|one|two|three|four|five|six|seven|eight|nine|ten)\s*-?\s*${UNIT_WITHOUT_LETTERS}\b`);
const VAGUE = re(String.raw`\b(?:for\s+)?(?:a\s+)?(few|several|many)\s+(hours|days|weeks|months)\b`);
const SINCE_WHEN = re(
  String.raw`\bsince\s+(yesterday|this morning|morning|last night|today|birth|last week|last month|the day before yesterday)\b`,
);

const LIMITS: Readonly<Record<string, number>> = { hour: 240, day: 3650, week: 520, month: 240, year: 100 };

/** Adds duration findings, each tied to the symptom said in the same clause when there is one. */
export function extractDurations(extraction: Extraction, symptoms: readonly SymptomMention[]): void {
  for (const pattern of [CUED, AGO]) {
    for (const match of extraction.unclaimedMatches(pattern)) {
      addDuration(extraction, symptoms, match, parseQuantity(match.groups[0] ?? ''), match.groups[1] ?? '');
    }
  }
  for (const match of extraction.unclaimedMatches(SLASH)) {
    const unit = { '7': 'day', '52': 'week', '12': 'month' }[match.groups[1] ?? ''] ?? 'day';
    addDuration(extraction, symptoms, match, Number(match.groups[0]), unit);
  }
  for (const match of extraction.unclaimedMatches(BARE)) {
    addDuration(extraction, symptoms, match, parseQuantity(match.groups[0] ?? ''), match.groups[1] ?? '');
  }
  for (const match of extraction.unclaimedMatches(VAGUE)) {
    extraction.claim(match);
    const amount = match.groups[0] === 'few' ? 'a few' : (match.groups[0] ?? '');
    attach(extraction, symptoms, match, `${amount} ${match.groups[1] ?? ''}`);
  }
  for (const match of extraction.unclaimedMatches(SINCE_WHEN)) {
    extraction.claim(match);
    const when = match.groups[0] === 'morning' ? 'this morning' : (match.groups[0] ?? '');
    attach(extraction, symptoms, match, when, 'since');
  }
}

function addDuration(
  extraction: Extraction,
  symptoms: readonly SymptomMention[],
  match: Match,
  amount: number,
  unitText: string,
): void {
  if (extraction.isClaimed(match.start, match.end)) return;
  extraction.claim(match);
  const unit = canonicalUnit(unitText);
  if (!Number.isFinite(amount) || amount <= 0 || amount > (LIMITS[unit] ?? 0)) return;
  attach(extraction, symptoms, match, `${formatNumber(amount)} ${unit}${amount === 1 ? '' : 's'}`);
}

function attach(
  extraction: Extraction,
  symptoms: readonly SymptomMention[],
  match: Match,
  duration: string,
  joiner = 'for',
): void {
  const clause = extraction.clinical.clauseAt(match.start);
  const inClause = symptoms.filter((symptom) => symptom.start >= clause.start && symptom.start < clause.end);
  const before = inClause.filter((symptom) => symptom.start < match.start).at(-1);
  const symptom = before ?? inClause[0];
  const standalone = joiner === 'for' ? duration : `${joiner} ${duration}`;
  extraction.addFinding(match.start, 'duration', symptom ? `${symptom.value} ${joiner} ${duration}` : standalone);
}

function canonicalUnit(unit: string): string {
  if (unit.startsWith('h')) return 'hour';
  if (unit.startsWith('d')) return 'day';
  if (unit.startsWith('w')) return 'week';
  if (unit.startsWith('y')) return 'year';
  return 'month';
}
