// NCBI's file_list.csv carries titles with HTML entities (e.g. `&amp;`, `&#x2019;`). Only the entities
// that occur in practice are named here; an unknown one is left as written rather than guessed.
const NAMED_ENTITIES: Readonly<Record<string, string>> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: '\u00a0',
  ndash: '\u2013', mdash: '\u2014', lsquo: '\u2018', rsquo: '\u2019', sbquo: '\u201a',
  ldquo: '\u201c', rdquo: '\u201d', bdquo: '\u201e', hellip: '\u2026', bull: '\u2022', middot: '\u00b7',
  laquo: '\u00ab', raquo: '\u00bb', copy: '\u00a9', reg: '\u00ae', trade: '\u2122', deg: '\u00b0',
  plusmn: '\u00b1', times: '\u00d7', divide: '\u00f7', micro: '\u00b5', para: '\u00b6', sect: '\u00a7',
  euro: '\u20ac', pound: '\u00a3', cent: '\u00a2', yen: '\u00a5', le: '\u2264', ge: '\u2265',
  aacute: '\u00e1', Aacute: '\u00c1', agrave: '\u00e0', Agrave: '\u00c0', acirc: '\u00e2', Acirc: '\u00c2',
  atilde: '\u00e3', Atilde: '\u00c3', auml: '\u00e4', Auml: '\u00c4', aring: '\u00e5', Aring: '\u00c5',
  aelig: '\u00e6', AElig: '\u00c6', ccedil: '\u00e7', Ccedil: '\u00c7',
  eacute: '\u00e9', Eacute: '\u00c9', egrave: '\u00e8', Egrave: '\u00c8', ecirc: '\u00ea', Ecirc: '\u00ca',
  euml: '\u00eb', Euml: '\u00cb', iacute: '\u00ed', Iacute: '\u00cd', igrave: '\u00ec', Igrave: '\u00cc',
  icirc: '\u00ee', Icirc: '\u00ce', iuml: '\u00ef', Iuml: '\u00cf', ntilde: '\u00f1', Ntilde: '\u00d1',
  oacute: '\u00f3', Oacute: '\u00d3', ograve: '\u00f2', Ograve: '\u00d2', ocirc: '\u00f4', Ocirc: '\u00d4',
  otilde: '\u00f5', Otilde: '\u00d5', ouml: '\u00f6', Ouml: '\u00d6', oslash: '\u00f8', Oslash: '\u00d8',
  uacute: '\u00fa', Uacute: '\u00da', ugrave: '\u00f9', Ugrave: '\u00d9', ucirc: '\u00fb', Ucirc: '\u00db',
  uuml: '\u00fc', Uuml: '\u00dc', yacute: '\u00fd', Yacute: '\u00dd', yuml: '\u00ff', szlig: '\u00df',
  alpha: '\u03b1', beta: '\u03b2', gamma: '\u03b3', delta: '\u03b4', mu: '\u03bc',
};

const ENTITY = /&(?:#(\d{1,7})|#[xX]([0-9a-fA-F]{1,6})|([A-Za-z][A-Za-z0-9]{1,31}));/g;

function fromCodePoint(codePoint: number, original: string): string {
  // Surrogates, NUL and out-of-range values are not characters: keep the text as written.
  const valid = codePoint > 0 && codePoint <= 0x10ffff && (codePoint < 0xd800 || codePoint > 0xdfff);
  return valid ? String.fromCodePoint(codePoint) : original;
}

/** Decodes HTML character references (decimal, hex and common named ones) in one pass, so `&amp;amp;` becomes `&amp;`. */
export function decodeHtmlEntities(text: string): string {
  if (!text.includes('&')) return text;
  return text.replace(ENTITY, (match, decimal: string | undefined, hex: string | undefined, name: string | undefined) => {
    if (decimal !== undefined) return fromCodePoint(Number.parseInt(decimal, 10), match);
    if (hex !== undefined) return fromCodePoint(Number.parseInt(hex, 16), match);
    return (name !== undefined && Object.hasOwn(NAMED_ENTITIES, name) ? NAMED_ENTITIES[name] : undefined) ?? match;
  });
}
