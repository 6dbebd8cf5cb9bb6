/**
 * The dose of a medicine the patient takes, as a health worker writes it after the medicine's name
 * ("metformin 1 g twice daily", "metformin 500mg bd", "amlodipine 5 mg od"), and the total a day it
 * comes to. The offline extractor keeps the stated dose with the medicine; the plan reads the total to
 * leave out the titration steps she has already passed.
 */

/** How many times a day each way of writing a frequency means. */
const TIMES_A_DAY: ReadonlyArray<[RegExp, number]> = [
  [/^(?:once|one time)\s+(?:daily|a day|per day|each day|every day)|^(?:od|daily|nocte|mane|every day|each day)\b/, 1],
  [/^(?:twice|two times)\s*(?:daily|a day|per day|each day|every day)?|^(?:bd|bid)\b|^every 12 hours\b/, 2],
  [/^(?:three times)\s+(?:daily|a day|per day|each day|every day)|^(?:tds|tid)\b|^every 8 hours\b/, 3],
  [/^(?:four times)\s+(?:daily|a day|per day|each day|every day)|^(?:qds|qid)\b|^every 6 hours\b/, 4],
];

/** An amount in mg or g, then an optional frequency, right after the medicine's name. */
const AMOUNT = /^\s*(\d+(?:\.\d+)?)\s*(mg|g|grams?|milligrams?)\b\s*/;

/** The amount (in mg), how it was written, and how often a day, of the dose opening `textAfterName`. */
function readDose(textAfterName: string): { mg: number; written: string; frequency?: string; timesADay?: number } | undefined {
  const amount = AMOUNT.exec(textAfterName);
  if (!amount) return undefined;
  const grams = /^g|^gram/.test(amount[2] ?? '');
  const rest = textAfterName.slice(amount[0].length).toLowerCase();
  const frequency = TIMES_A_DAY.map(([pattern, times]) => ({ text: pattern.exec(rest)?.[0], times })).find((f) => f.text !== undefined);
  return {
    mg: Number(amount[1]) * (grams ? 1000 : 1),
    written: `${amount[1]} ${grams ? 'g' : 'mg'}`,
    ...(frequency?.text ? { frequency: frequency.text.trim(), timesADay: frequency.times } : {}),
  };
}

/**
 * The dose written right after a medicine's name in `textAfterName` ("1 g twice daily for 6 months" ->
 * "1 g twice daily"), or undefined when no amount follows it.
 */
export function doseWrittenAfterName(textAfterName: string): string | undefined {
  const dose = readDose(textAfterName);
  return dose && (dose.frequency ? `${dose.written} ${dose.frequency}` : dose.written);
}

/**
 * The total a day, in mg, of a medicine recorded with its dose ("metformin 1 g twice daily" -> 2000).
 * Undefined when no amount or no frequency is stated: "metformin 500 mg" does not say how often.
 */
export function dailyDoseMg(recorded: string, medicine: string): number | undefined {
  const lower = recorded.toLowerCase();
  const at = lower.indexOf(medicine.toLowerCase());
  if (at < 0) return undefined;
  const dose = readDose(lower.slice(at + medicine.length));
  return dose?.timesADay === undefined ? undefined : dose.mg * dose.timesADay;
}

/** The medicine's name without the dose recorded after it ("metformin 1 g twice daily" -> "metformin"). */
export function medicineName(recorded: string): string {
  return recorded.replace(/\s+\d+(?:\.\d+)?\s*(?:mg|g|grams?|milligrams?)\b.*$/i, '').trim();
}
