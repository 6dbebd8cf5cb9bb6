/**
 * Dose tables by weight band, as the chunker writes their rows ("Body weight (kg): 5 to <15; Tablets per
 * dose: 1; ..."): which row is this patient's, and whether a drafted quantity ("4 tablets") belongs to
 * another row. A drafted plan must give the row for the patient's weight, never another band's dose.
 */
import { parseWeightBand } from './patient-fit.js';

interface WeightRow {
  min: number;
  max: number;
  text: string;
}

const QUANTITY = /(\d+(?:\.\d+)?|½|¼|¾|one|two|three|four|five|six)\s*(?:tablets?|ml|sachets?|suppositor(?:y|ies)|capsules?)\b/gi;
/** A quoted table cell: "Tablets per dose: 2", "ORS (ml): 200 to 400". */
const QUANTITY_CELL = /(?:tablets?|ml|sachets?|suppositor(?:y|ies)|capsules?)\b[^:;\n]*:\s*(\d+(?:\.\d+)?|½|¼|¾)/gi;
const WORD_NUMBERS: Record<string, string> = { one: '1', two: '2', three: '3', four: '4', five: '5', six: '6' };

/**
 * The band of a row's weight cell and that cell's value: the first "<header naming weight>: value" pair
 * whose value reads as a band, so a caption that says "by weight" ("Table 7.2 Ibuprofen by weight ...:
 * Weight: 40 kg and over; ...") is passed over for the cell after it.
 */
function weightCellOf(line: string): { min: number; max: number; value: string } | null {
  const parts = line.split(/[:;]/);
  for (let i = 0; i + 1 < parts.length; i++) {
    const header = (parts[i] ?? '').trim();
    // A cell's header is a few words ("Body weight (kg)"); a sentence that mentions weight is not one.
    if (!/weight/i.test(header) || header.length > 40 || /[.!?]/.test(header)) continue;
    const value = parts[i + 1] ?? '';
    const band = parseWeightBand(value);
    if (band) return { min: band.low, max: band.high, value };
  }
  return null;
}

function rowsOf(sectionText: string): WeightRow[] {
  const rows: WeightRow[] = [];
  for (const line of sectionText.split('\n')) {
    const cell = weightCellOf(line);
    if (cell) rows.push({ min: cell.min, max: cell.max, text: line });
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
  const band = weightCellOf(line);
  if (band && !(weightKg >= band.min && weightKg < band.max) && /\d/.test(line.replace(band.value, ''))) return true;
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
