import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SAMPLE_CORPUS_DIR } from '../../../src/ingest/load-sample-corpus.js';
import { scanXml } from '../../../src/ingest/parse/xml-scan.js';
import { parseXml, validateAndParseXml } from '../../../src/ingest/parse/xml-tree.js';
import { BITS_DIR, JATS_DIR } from './helpers.js';

function nxmlFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) return nxmlFiles(file);
    return name.endsWith('.nxml') ? [file] : [];
  });
}

// The single-pass scanner replaces fast-xml-parser's validate-then-parse for speed; every chunk the
// parser writes depends on it building exactly the same tree.
describe('the single-pass XML scanner', () => {
  const files = [...nxmlFiles(SAMPLE_CORPUS_DIR), ...nxmlFiles(BITS_DIR), ...nxmlFiles(JATS_DIR)];

  it('builds the same tree as fast-xml-parser for every sample book, BITS and real JATS file', () => {
    expect(files.length).toBeGreaterThan(100);
    for (const file of files) {
      const xml = readFileSync(file, 'utf8');
      const scanned = scanXml(xml);
      expect(scanned, `${file} should take the fast path`).not.toBeNull();
      expect(scanned, file).toEqual(validateAndParseXml(xml));
    }
  });

  it.each([
    ['entities and character references', '<a t="x &amp; &#65;&#x42;">1 &lt; 2 &gt; 0 &quot;&apos; &#x2013; &#8364; &#x1F600;</a>'],
    ['a comment inside text joins the text around it', '<a>one <!-- note --> two<b/>three</a>'],
    ['CDATA is its own text node', '<a>x<![CDATA[<tex>a&b</tex>]]>y</a>'],
    ['a processing instruction starts a new text node', '<?xml version="1.0" encoding="UTF-8"?>\n<a>x<?page 3?>y</a>'],
    ['a DOCTYPE, comments and white space around the root', '<?xml version="1.0"?>\n<!DOCTYPE a PUBLIC "-//X//EN" "a.dtd">\n<!-- c -->\n<a>\n</a>\n'],
    ['single-quoted and namespaced attributes, empty elements', `<a xml:lang='en' xmlns:mml="http://www.w3.org/1998/Math/MathML"><mml:mi>x</mml:mi><b></b><c k = "v" /></a>`],
    ['white space between elements is kept', '<a>\n  <b>x</b>\n  <c>y</c>\n</a>'],
  ])('matches fast-xml-parser on %s', (_, xml) => {
    expect(scanXml(xml)).not.toBeNull();
    expect(scanXml(xml)).toEqual(validateAndParseXml(xml));
  });

  it.each([
    ['a mismatched end tag', '<a><b></a></b>'],
    ['an unclosed element', '<a><b>text</b>'],
    ['a bare ampersand', '<a>salt & sugar</a>'],
    ['an attribute without quotes', '<a k=v/>'],
    ['a duplicate attribute', '<a k="1" k="2"/>'],
    ['attributes run together', '<a j="1"k="2"/>'],
  ])('declines %s, which the validating path reports with its position', (_, xml) => {
    expect(scanXml(xml)).toBeNull();
    expect(() => parseXml(xml, 'bad.nxml')).toThrow(/bad\.nxml: malformed XML at line \d+/);
  });

  it.each([
    ['an HTML entity JATS DTDs define', '<a>5&nbsp;mg &copy; WHO</a>'],
    ['a DOCTYPE with an internal subset', '<!DOCTYPE a [<!ENTITY w "WHO">]><a>&w;</a>'],
    ['a byte-order mark', '\ufeff<a>x</a>'],
    // fast-xml-parser's validator lets these through; the scanner leaves them to it, so nothing changes.
    ['two root elements', '<a/><b/>'],
    ['text outside the root', '<a/>stray'],
    ['a < inside an attribute value', '<a k="<"/>'],
    ['an XML declaration after the start', '<a/><?xml version="1.0"?>'],
  ])('hands %s to fast-xml-parser, whose result is unchanged', (_, xml) => {
    expect(scanXml(xml)).toBeNull();
    expect(parseXml(xml)).toEqual(validateAndParseXml(xml));
  });
});
