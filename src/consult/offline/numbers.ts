/** Small numbers as health workers write them, in digits or words. */

const NUMBER_WORDS: Readonly<Record<string, number>> = {
  a: 1, an: 1, one: 1, two: 2, three: 3, four: 4, five: 5, six: 6, seven: 7, eight: 8, nine: 9,
  ten: 10, eleven: 11, twelve: 12, fourteen: 14, 'a couple of': 2, 'couple of': 2,
};

/** Regular-expression source for a quantity: digits (with decimals) or a number word. */
export const QUANTITY = String.raw`(\d+(?:\.\d+)?|an?|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fourteen|(?:a )?couple of)`;

/** The value of a quantity matched by {@link QUANTITY}; NaN when it is not a number. */
export function parseQuantity(text: string): number {
  const trimmed = text.trim();
  if (/^\d+(?:\.\d+)?$/.test(trimmed)) return Number(trimmed);
  return NUMBER_WORDS[trimmed] ?? Number.NaN;
}

/** Rounds to one decimal place. */
export function roundToTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

/** A number for display: no trailing ".0". */
export function formatNumber(value: number): string {
  return String(roundToTenth(value));
}
