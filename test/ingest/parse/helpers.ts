import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const BITS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/bits');
export const JATS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures/jats');

export function readBits(name: string): string {
  return readFileSync(path.join(BITS_DIR, name), 'utf8');
}

export const BOOK_TITLE = 'Malaria: sample guideline for community health workers';

/** A minimal BITS part file around `body` (raw XML for the body's children). */
export function bookPartXml(body: string, options: { title?: string; lang?: string } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<book-part-wrapper xmlns:xlink="http://www.w3.org/1999/xlink" xml:lang="${options.lang ?? 'en'}">
  <book-meta>
    <book-id book-id-type="accession">SAMPLE-TEST</book-id>
    <book-title-group><book-title>${BOOK_TITLE}</book-title></book-title-group>
  </book-meta>
  <book-part id="ch9" book-part-type="chapter">
    <book-part-meta><title-group><label>9</label><title>${options.title ?? 'Test chapter'}</title></title-group></book-part-meta>
    <body>${body}</body>
  </book-part>
</book-part-wrapper>`;
}

/** The chunk text after its title path line. */
export function bodyOf(content: string): string {
  const cut = content.indexOf('\n\n');
  return cut === -1 ? '' : content.slice(cut + 2);
}
