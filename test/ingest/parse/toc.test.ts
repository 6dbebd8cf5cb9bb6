import { describe, expect, it } from 'vitest';
import { parseBookToc } from '../../../src/ingest/parse/index.js';
import { BOOK_TITLE, readBits } from './helpers.js';

describe('parseBookToc', () => {
  it('reads accession, title, publisher, year, licence, language and last-updated date from TOC.nxml', () => {
    expect(parseBookToc(readBits('TOC.nxml'))).toEqual({
      accession: 'SAMPLE-MALARIA', // the accession-typed id, not the publisher id listed first
      title: BOOK_TITLE,
      publisher: 'CHW Consult Bot sample corpus',
      year: 2026,
      licence: { text: 'SAMPLE CONTENT - NOT CLINICAL GUIDANCE. CC BY 4.0.', url: 'https://creativecommons.org/licenses/by/4.0/' },
      language: 'en',
      lastUpdated: '2026-11-01', // the "updated" date, not the "created" one
    });
  });

  it('tolerates missing pieces: falls back to any book-id, the copyright statement, English, and nulls', () => {
    const sparse = `<book><book-meta>
      <book-id book-id-type="pmcid">NBK1234</book-id>
      <book-title-group><book-title>Pocket book of <italic>hospital</italic> care</book-title></book-title-group>
      <permissions><copyright-statement>&#x00a9; World Health Organization 2013</copyright-statement></permissions>
    </book-meta></book>`;
    expect(parseBookToc(sparse)).toEqual({
      accession: 'NBK1234',
      title: 'Pocket book of hospital care',
      publisher: null,
      year: null,
      licence: { text: '© World Health Organization 2013', url: null },
      language: 'en',
      lastUpdated: null,
    });
  });

  it('uses the iso-8601-date attribute and the latest of several updates', () => {
    const toc = `<book xml:lang="FR"><book-meta><pub-history>
      <date date-type="updated" iso-8601-date="2019-02-03"><year>2019</year></date>
      <date date-type="updated"><day>9</day><month>7</month><year>2021</year></date>
    </pub-history></book-meta></book>`;
    expect(parseBookToc(toc)).toMatchObject({ language: 'fr', lastUpdated: '2021-07-09' });
  });

  it('rejects malformed XML and a root that is not a book, naming the file', () => {
    expect(() => parseBookToc('<book><book-meta></book>')).toThrow(/^TOC\.nxml: malformed XML at line 1/);
    expect(() => parseBookToc('<book-part-wrapper/>', 'NBK1/TOC.nxml')).toThrow('NBK1/TOC.nxml: expected a <book> root, found <book-part-wrapper>');
  });
});
