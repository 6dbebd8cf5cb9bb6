/**
 * Pointers from a plan line to parts of the book the health worker does not have on her phone: "(chapter
 * 8)", "as described in chapter 5 (First aid during a fit)", "refer according to chapter 4", "Annex 1",
 * "this chapter". The plan is all she has; a pointer is taken out where the line reads whole without it,
 * and a line that still needs it ("Use chapter 4 to decide how severe the condition is") is left out.
 * Tables are not pointers here: the row a line leaves its dose to is in the plan with its caption.
 */

/** A numbered part of a book: "chapter 5", "chapters 4 and 5", "Annex 1", "Appendix B", "section 3.2", "Part II". */
const NUMBERED = String.raw`\b(?:[Cc]hapters?|[Aa]nnex(?:es)?|[Aa]ppendi(?:x|ces)|[Ss]ections?|[Pp]arts?)\s+(?:\d+[A-Z]?|[IVX]+|[A-Z])(?:\.\d+)*(?:\s*(?:,|and|or|to|-)\s*(?:\d+[A-Z]?|[IVX]+|[A-Z])(?:\.\d+)*)*\b`;
/** The part of the book the line was written in, which the plan does not hold: "this chapter", "this annex". */
const THIS_PART = String.raw`\b[Tt]his\s+(?:chapter|annex|appendix)\b`;
const POINTER = `(?:${NUMBERED}|${THIS_PART})`;

/** Taken out whole: a bracket that holds a pointer, "(see Severe hypertension in pregnancy, chapter 5)". */
const IN_BRACKETS = new RegExp(String.raw`\s*\([^()]*${POINTER}[^()]*\)`, 'g');
/** Taken out with its title in brackets: ", described in chapter 4", "as described in chapter 5 (First aid during a fit)". */
const DESCRIBED_IN = new RegExp(String.raw`,?\s*\b(?:as\s+)?(?:described|explained|shown|set out|listed|given|detailed|covered)\s+in\s+${POINTER}(?:\s*\([^()]*\))?`, 'g');
/** Taken out, the order it qualifies kept: "refer according to chapter 4", "see Annex 1". */
const ACCORDING_TO = new RegExp(String.raw`,?\s*\b(?:[Ss]ee|[Aa]ccording to|as in|in line with)\s+${POINTER}(?:\s*\([^()]*\))?`, 'g');
const STILL_POINTS = new RegExp(POINTER);

/**
 * The plan line without its pointers to chapters, annexes and appendices; null when it cannot do without
 * one. A line with none is returned unchanged.
 */
export function withoutPointersElsewhere(line: string): string | null {
  if (!STILL_POINTS.test(line)) return line;
  const stripped = line
    .replace(IN_BRACKETS, '')
    .replace(DESCRIBED_IN, '')
    .replace(ACCORDING_TO, '')
    .replace(/\s+([.,;:])/g, '$1')
    .replace(/([,;:])(?=[,;:.])/g, '')
    .replace(/\s{2,}/g, ' ');
  return STILL_POINTS.test(stripped) ? null : stripped;
}
