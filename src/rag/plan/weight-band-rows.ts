/**
 * Dose tables by weight band, as the chunker writes their rows ("Body weight (kg): 5 to <15; Tablets per
 * dose: 1; ..."): which row is this patient's, and whether a drafted quantity ("4 tablets") belongs to
 * another row. A drafted plan must give the row for the patient's weight, never another band's dose.
 */
interface WeightRow {
  min: number;
  max: number;
  text: string;
}

const WEIGHT_CELL = /weight[^:;\n]*:\s*([^;\n]+)/i;
const QUANTITY = /(\d+(?:\.\d+)?|½|¼|¾|one|two|three|four|five|six)\s*(?:tablets?|ml|sachets?|suppositor(?:y|ies)|capsules?)\b/gi;
/** A quoted table cell: "Tablets per dose: 2", "ORS (ml): 200 to 400". */
const QUANTITY_CELL = /(?:tablets?|ml|sachets?|suppositor(?:y|ies)|capsules?)\b[^:;\n]*:\s*(\d+(?:\.\d+)?|½|¼|¾)/gi;
const WORD_NUMBERS: Record<string, string> = { one: '1', two: '2', three: '3', four: '4', five: '5', six: '6' };

function rangeOf(cell: string): { min: number; max: number } | null {
  const text = cell.replace(/\s+/g, ' ').toLowerCase();
  let m = /(\d+(?:\.\d+)?)\s*(?:kg\s*)?(?:to|-|–)\s*<?\s*(\d+(?:\.\d+)?)/.exec(text);
  if (m) {
    const max = Number(m[2]);
    // "5 to 14.9" is inclusive; "5 to <15" is not: both end before the next band's start.
    return { min: Number(m[1]), max: /</.test(text) ? max : max + 0.05 };
  }
  m = /(?:≥|>=)\s*(\d+(?:\.\d+)?)|(\d+(?:\.\d+)?)\s*(?:kg\s*)?(?:or more|and above|\+)/.exec(text);
  if (m) return { min: Number(m[1] ?? m[2]), max: Number.POSITIVE_INFINITY };
  m = /(?:less than|under|<)\s*(\d+(?:\.\d+)?)/.exec(text);
  if (m) return { min: 0, max: Number(m[1]) };
  return null;
}

function rowsOf(sectionText: string): WeightRow[] {
  const rows: WeightRow[] = [];
  for (const line of sectionText.split('\n')) {
    const cell = WEIGHT_CELL.exec(line)?.[1];
    if (!cell) continue;
    const range = rangeOf(cell);
    if (range) rows.push({ ...range, text: line });
  }
  return rows;
}

function numbersIn(text: string): Set<string> {
  return new Set([...text.matchAll(/\d+(?:\.\d+)?|½|¼|¾/g)].map((m) => m[0]));
}

/**
 * True when `line` states a quantity that the cited sections' weight-band tables give only for
 * another band than `weightKg`'s (e.g. "4 tablets" for a 12 kg child), or quotes another band's row.
 */
export function givesAnotherBandsDose(line: string, citedTexts: readonly string[], weightKg: number): boolean {
  // A quoted row of a dose table ("Body weight (kg): 15 to <25; Tablets per dose: 2") is that band's dose.
  const band = rangeOf(WEIGHT_CELL.exec(line)?.[1] ?? '');
  if (band && !(weightKg >= band.min && weightKg < band.max) && /\d/.test(line.replace(WEIGHT_CELL, ''))) return true;
  const quantities = [...line.matchAll(QUANTITY), ...line.matchAll(QUANTITY_CELL)].map((m) => {
    const raw = (m[1] ?? '').toLowerCase();
    return WORD_NUMBERS[raw] ?? raw;
  });
  if (quantities.length === 0) return false;
  for (const text of citedTexts) {
    const rows = rowsOf(text);
    const own = rows.find((row) => weightKg >= row.min && weightKg < row.max);
    if (!own) continue;
    const ownNumbers = numbersIn(own.text);
    const others = rows.filter((row) => row !== own).map((row) => numbersIn(row.text));
    if (quantities.some((q) => !ownNumbers.has(q) && others.some((numbers) => numbers.has(q)))) return true;
  }
  return false;
}
