import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { CITE_CLOSE, CITE_OPEN, finishInlineText } from '../../../src/ingest/parse/citations.js';
import { chunkPart, parseGuidelinePart, type ChunkDraft, type ParsedPart } from '../../../src/ingest/parse/index.js';
import { splitSentences } from '../../../src/ingest/parse/sentences.js';
import { JATS_DIR } from './helpers.js';

const files = readdirSync(JATS_DIR).filter((name) => name.endsWith('.nxml')).sort();

interface Article {
  name: string;
  xml: string;
  part: ParsedPart;
}

const articles: Article[] = files.map((name) => {
  const xml = readFileSync(path.join(JATS_DIR, name), 'utf8');
  return { name, xml, part: parseGuidelinePart(xml, { fileName: name }) };
});

function chunksOf(article: Article, tokenBudget: number): ChunkDraft[] {
  return chunkPart(article.part, {
    tokenBudget,
    titlePrefix: article.part.bookTitle === null ? [] : [article.part.bookTitle],
    accession: article.part.accession ?? article.name,
    partFile: article.name,
  });
}

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
// Floats nested in a paragraph are rendered as blocks of their own, so the paragraph's text runs around them.
const NESTED_FLOATS = /<(table-wrap|fig|supplementary-material|disp-quote|boxed-text|list)\b[^>]*>[\s\S]*?<\/\1>/g;

/**
 * The reader text of every body paragraph, extracted with regular expressions and no XML parser, so it
 * checks the parser rather than repeating it. Citation markers go through the same removal as the parser.
 */
function expectedParagraphTexts(xml: string): string[] {
  const body = xml.slice(xml.indexOf('<body>'), xml.indexOf('</body>')).replace(NESTED_FLOATS, '\u0001');
  const texts: string[] = [];
  for (const match of body.matchAll(/<p\b[^>]*>([\s\S]*?)<\/p>/g)) {
    for (const run of (match[1] ?? '').split('\u0001')) {
      const withCitations = run.replace(
        /<xref\b[^>]*ref-type="bibr"[^>]*>([\s\S]*?)<\/xref>/g,
        (_, inner: string) => `${CITE_OPEN}${inner}${CITE_CLOSE}`,
      );
      const plain = withCitations
        .replace(/<[^>]+>/g, '')
        .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(Number.parseInt(hex, 16)))
        .replace(/&#(\d+);/g, (_, decimal: string) => String.fromCodePoint(Number.parseInt(decimal, 10)))
        .replace(/&(lt|gt|amp|quot|apos);/g, (_, name: string) => ENTITIES[name] ?? '');
      const text = finishInlineText(plain);
      if (text !== '') texts.push(text);
    }
  }
  return texts;
}

function normalise(text: string): string {
  return text.replace(/\s+/g, ' ');
}

/** Whole in one chunk, or (a paragraph over budget) every one of its sentences whole in some chunk. */
function uncovered(paragraphs: string[], chunks: ChunkDraft[]): string[] {
  const contents = chunks.map((draft) => normalise(draft.content));
  const inSome = (text: string): boolean => contents.some((content) => content.includes(text));
  return paragraphs.filter((paragraph) => !inSome(paragraph) && !splitSentences(paragraph).every(inSome));
}

describe('real JATS articles', () => {
  it('are the five fixtures', () => {
    expect(files).toHaveLength(5);
  });

  for (const article of articles) {
    describe(article.name, () => {
      const chunks = chunksOf(article, 512);
      const paragraphs = expectedParagraphTexts(article.xml);

      it('puts every body paragraph’s text in some chunk', () => {
        expect(paragraphs.length).toBeGreaterThan(10);
        expect(uncovered(paragraphs, chunks)).toEqual([]);
      });

      it('lets no markup, entity or citation sentinel into any chunk', () => {
        for (const draft of chunks) {
          expect(draft.content).not.toMatch(/<\/?[a-z][\w:.-]*(\s[^<>]*)?\/?>/i);
          expect(draft.content).not.toMatch(/<\/?(italic|bold|sup|sub|xref|p|sec|td|th|tr|ext-link|mml:)/i);
          expect(draft.content).not.toMatch(/&(#x?[0-9a-f]+|[a-z]+);/i);
          expect(draft.content).not.toMatch(/[\uE000\uE001]/);
        }
      });

      it('keeps every chunk within budget unless it is marked oversized', () => {
        for (const draft of chunks) if (!draft.oversized) expect(draft.tokenCount).toBeLessThanOrEqual(512);
      });

      it('never includes the reference list', () => {
        const firstReferenceTitle = /<ref-list>[\s\S]*?<article-title>([\s\S]*?)<\/article-title>/.exec(article.xml)?.[1];
        expect(firstReferenceTitle).toBeDefined();
        const title = finishInlineText((firstReferenceTitle ?? '').replace(/<[^>]+>/g, ''));
        expect(chunks.some((draft) => draft.content.includes(title))).toBe(false);
      });

      it('covers the same texts with more chunks at 256 tokens than at 1024', () => {
        const small = chunksOf(article, 256);
        const large = chunksOf(article, 1024);
        expect(small.length).toBeGreaterThan(large.length);
        expect(uncovered(paragraphs, small)).toEqual([]);
        expect(uncovered(paragraphs, large)).toEqual([]);
        for (const draft of small) if (!draft.oversized) expect(draft.tokenCount).toBeLessThanOrEqual(256);
      });
    });
  }

  it('reads article metadata and the section path of a known section', () => {
    const pntd = articles.find((article) => article.name === 'pntd.0002065.nxml');
    expect(pntd?.part).toMatchObject({
      kind: 'article',
      bookTitle: 'PLoS Neglected Tropical Diseases',
      partTitle: 'Serological Evidence of Rift Valley Fever Virus Circulation in Sheep and Goats in Zambézia Province, Mozambique',
      accession: 'PMC3585041',
      language: 'en',
    });
    const chunks = pntd === undefined ? [] : chunksOf(pntd, 512);
    const surveys = chunks.filter((draft) => draft.sectionId === 's3a');
    expect(surveys.length).toBeGreaterThan(1);
    for (const draft of surveys) {
      expect(draft.sectionPath).toEqual([pntd?.part.partTitle, 'Results', 'Cross-sectional surveys']);
      expect(draft.content.startsWith(`PLoS Neglected Tropical Diseases > ${pntd?.part.partTitle} > Results > Cross-sectional surveys\n\n`)).toBe(true);
    }
    expect(surveys.map((draft) => draft.ordinal)).toEqual(surveys.map((_, index) => index));
    // A table row with its headers, the footnote letters that pointed into the table foot removed.
    expect(surveys.some((draft) => draft.content.includes('\nDistrict: Mocuba; Goats n: 59; Goats Seroprevalence (%): 0.0; Goats 95% C.I.: 0.0, 4.9;'))).toBe(true);
  });

  it('removes citation markers of each publisher’s style with their brackets', () => {
    const all = articles.flatMap((article) => chunksOf(article, 512)).map((draft) => normalise(draft.content));
    const expectations = [
      'despite identical environments and genotypes.', // [<xref>1</xref>-<xref>9</xref>]
      'in a low percentage of patients.', // <xref>[3]</xref>
      'in the tissues of humans and wildlife.', // (<xref>Hites 2004</xref>; <xref>…</xref>)
      'strategies to fight this disease are urgently needed.', // <xref>[1]</xref>
    ];
    for (const text of expectations) expect(all.some((content) => content.includes(text)), text).toBe(true);
  });

  it('keeps body text outside any sec as the article’s own chunks', () => {
    const ehp = articles.find((article) => article.name === 'ehp-116-1694.nxml');
    const first = ehp === undefined ? undefined : chunksOf(ehp, 512)[0];
    expect(first?.sectionId).toBeNull();
    expect(first?.sectionPath).toEqual([ehp?.part.partTitle]);
    expect(first?.content).toContain('\n\nPolybrominated diphenyl ethers (PBDEs) are added to plastics');
  });
});
