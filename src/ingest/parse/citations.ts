/**
 * Citation markers to references ("[1, 3–5]", "(2)", "(Hites 2004; Law 2006)") carry no meaning for a
 * health worker and pollute retrieval. The inline renderer wraps each `xref ref-type="bibr"` in these
 * private-use sentinels so the surrounding brackets and separators can be removed with it; nothing
 * outside a bibr xref is ever touched.
 */
export const CITE_OPEN = '\uE000';
export const CITE_CLOSE = '\uE001';

const CITE = `${CITE_OPEN}[^${CITE_CLOSE}]*${CITE_CLOSE}`;
// Between markers of one group: commas, semicolons, range dashes, "and".
const SEP = `(?:\\s*(?:[,;\\-\u2010-\u2015]|and|&)?\\s*)`;
// Short phrases that only introduce citations: "(e.g. Hites 2004)", "(see [4])".
const LEAD = `(?:(?:e\\.g\\.|i\\.e\\.|see(?: also)?|cf\\.|reviewed (?:in|by))\\s*,?\\s*)?`;
const BRACKETED_GROUP = new RegExp(`\\s*[\\[(]\\s*${LEAD}${CITE}(?:${SEP}${CITE})*\\s*[\\])]`, 'g');
const BARE_RUN = new RegExp(`\\s*${CITE}(?:${SEP}${CITE})*`, 'g');
const ONE_CITE = new RegExp(CITE, 'g');
// "[4]", "12", "3a", "4–7": markers, not prose.
const NUMERIC_MARKER = /^[\s[\]()\d,;\-\u2010-\u2015]*\d[\s[\]()\d,;\-\u2010-\u2015a-z]*$/;
const SENTINELS = new RegExp(`[${CITE_OPEN}${CITE_CLOSE}]`, 'g');
const EMPTY_BRACKETS = /\s*[[(][\s,;\-\u2010-\u2015]*[\])]/g;
const DANGLING_SEPARATOR_BEFORE_CLOSE = /\s*[,;]\s*([\])])/g;

/** Removes sentinel-wrapped citation markers with their brackets; narrative author-year citations keep their words. */
export function removeCitationMarkers(text: string): string {
  if (!text.includes(CITE_OPEN)) return text;
  return text
    .replace(BRACKETED_GROUP, '')
    .replace(BARE_RUN, (run) => {
      const markers = run.match(ONE_CITE) ?? [];
      const allNumeric = markers.every((marker) => NUMERIC_MARKER.test(marker.slice(1, -1)));
      // "as shown by Hites (2004)" reads as prose: keep the words, drop only the sentinels.
      return allNumeric ? '' : run.replace(SENTINELS, '');
    })
    .replace(EMPTY_BRACKETS, '')
    .replace(DANGLING_SEPARATOR_BEFORE_CLOSE, '$1');
}

/** Collapses every run of whitespace (including no-break and thin spaces) to one space, trimmed. */
export function normaliseSpace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** Turns raw inline output (with citation sentinels) into the final plain text. */
export function finishInlineText(raw: string): string {
  return normaliseSpace(removeCitationMarkers(raw));
}
