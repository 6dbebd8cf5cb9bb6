/**
 * A dose the guideline gives per kilogram, worked out for the patient in front of the health worker:
 * "paracetamol, about 15 mg per kg" for a child of 14 kg reads "about 15 mg per kg (210 mg for 14 kg)".
 * Only the amount of medicine is worked out (mg, mcg, g, ml, units): a tablet strength is never assumed,
 * since the line may not state one. The guideline's words stay as they are, so the health worker sees both.
 */

/** "15 mg per kg", "10 mg/kg", "7 to 15 mg/kg", "75 ml per kg body weight", "10 mg/kg/day", "5 mg/kg daily". */
const PER_KG = /(?<![\w.])(\d+(?:\.\d+)?)(?:\s*(?:-|–|to)\s*(\d+(?:\.\d+)?))?\s*(mg|mcg|micrograms?|g|ml|IU|units?)\s*(?:\/|per)\s*(?:kg|kilogram)\b(?:\s+(?:of\s+)?body\s*weight)?(\s*(?:\/|per)\s*day\b|\s+(?:a|per)\s+day\b|\s+daily\b)?/gi;
/** A cap the line states: "to a maximum of 300 mg", "maximum 300 mg", "not more than 1 g". */
const MAXIMUM = /\b(?:(?:to\s+)?a\s+)?(?:maximum(?:\s+of)?|max\.?|not more than|no more than|up to)\s+(\d+(?:\.\d+)?)\s*(mg|mcg|g|ml|IU|units?)\b/i;
/** A line that leaves the amount to a dosing table ("using 250 mg tablets as in Table 4.1"): the table's row for her weight is the dose. */
const LEFT_TO_TABLE = /\bTables?\s+[\dA-Z]+(?:\.\d+)*\b/;

/**
 * The line with its per-kilogram dose worked out for `weightKg`, right after the guideline's words; the
 * line unchanged when the weight is unknown, when it states more than one per-kilogram dose (one for
 * children, another for adults: which is hers is not for this step to say) or when it leaves the amount to
 * a dosing table. A stated maximum caps the amount.
 */
export function withDoseForWeight(line: string, weightKg: number | undefined): string {
  if (weightKg === undefined || !(weightKg > 0) || LEFT_TO_TABLE.test(line)) return line;
  const perKg = [...line.matchAll(PER_KG)];
  if (perKg.length !== 1) return line;
  const max = MAXIMUM.exec(line);
  return line.replace(PER_KG, (match: string, low: string, high: string | undefined, unit: string, perDay: string | undefined) => {
    const unitName = unit.toLowerCase().startsWith('microgram') ? 'mcg' : unit;
    const capped = (perKgAmount: string) => {
      const amount = Number(perKgAmount) * weightKg;
      const cap = max && sameUnit(max[2] ?? '', unitName) ? Number(max[1]) : Number.POSITIVE_INFINITY;
      return Math.min(amount, cap);
    };
    const lowAmount = capped(low);
    const amount = high === undefined ? formatAmount(lowAmount) : `${formatAmount(lowAmount)} to ${formatAmount(capped(high))}`;
    const atMax = max !== null && Number.isFinite(lowAmount) && lowAmount === Number(max[1]) && sameUnit(max[2] ?? '', unitName);
    return `${match} (${amount} ${unitName}${perDay ? ' a day' : ''}${atMax ? ', the maximum,' : ''} for ${formatAmount(weightKg)} kg)`;
  });
}

function sameUnit(a: string, b: string): boolean {
  return a.toLowerCase().replace(/s$/, '') === b.toLowerCase().replace(/s$/, '');
}

/** Whole units from 10 up, one decimal below (2.5 ml), as a health worker measures them. */
function formatAmount(n: number): string {
  return String(n >= 10 ? Math.round(n) : Math.round(n * 10) / 10);
}
