// Words after which a period does not end a sentence.
const ABBREVIATIONS = new Set([
  'e.g', 'i.e', 'etc', 'et al', 'al', 'vs', 'approx', 'fig', 'figs', 'dr', 'mr', 'mrs', 'ms', 'prof', 'ref', 'refs',
  'vol', 'st', 'cf', 'ca', 'inc', 'ltd', 'co', 'jan', 'feb', 'mar', 'apr', 'jun', 'jul', 'aug', 'sep', 'sept', 'oct',
  'nov', 'dec', 'tab', 'eq', 'resp',
]);
// A sentence end: . ! ? (optionally closed by a quote or bracket), then space, then something that can start a sentence.
const BOUNDARY = /([.!?])["'\u201d\u2019)\]]*\s+(?=["'\u201c\u2018([]?[\p{Lu}\p{N}])/gu;

/** Splits prose into sentences at . ! ? followed by a capital or digit, not after common abbreviations or initials. */
export function splitSentences(text: string): string[] {
  const sentences: string[] = [];
  let start = 0;
  for (const match of text.matchAll(BOUNDARY)) {
    const end = match.index + match[0].length;
    if (match[1] === '.' && endsWithAbbreviation(text.slice(start, match.index))) continue;
    sentences.push(text.slice(start, end).trim());
    start = end;
  }
  const rest = text.slice(start).trim();
  if (rest !== '') sentences.push(rest);
  return sentences.filter((sentence) => sentence !== '');
}

function endsWithAbbreviation(before: string): boolean {
  const word = /(?:^|[\s(])([\p{L}.]+(?: al)?)$/u.exec(before)?.[1] ?? '';
  if (word === '') return false;
  // A single capital letter is an initial ("J. Smith"); "e.g" and "i.e" keep their inner dots.
  if (/^\p{Lu}$/u.test(word)) return true;
  return ABBREVIATIONS.has(word.toLowerCase());
}
