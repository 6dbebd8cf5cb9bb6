/**
 * Real sections of the shipped sample corpus, parsed straight from corpus/sample (no database), as
 * guideline sections.
 */
import { listBookFolders, readGuidelineBooks } from '../../../src/ingest/read-guideline-books.js';
import { SAMPLE_CORPUS_DIR } from '../../../src/ingest/load-sample-corpus.js';
import type { GuidelineSection } from '../../../src/rag/guideline-section.js';

let loaded: Promise<GuidelineSection[]> | undefined;

/** Every chunk of the sample corpus as a GuidelineSection (id is accession/part/path#ordinal). */
export function sampleCorpusSections(): Promise<GuidelineSection[]> {
  loaded ??= (async () => {
    const sections: GuidelineSection[] = [];
    const titles = new Map<string, string>();
    const folders = await listBookFolders(SAMPLE_CORPUS_DIR);
    for await (const record of readGuidelineBooks(folders, { languages: ['en'], tokenBudget: 512, kind: 'sample' })) {
      if (record.type === 'source') {
        titles.set(record.accession, record.title);
        continue;
      }
      sections.push({
        id: `${record.accession}/${record.partFile}/${record.sectionPath}#${record.ordinal}`,
        accession: record.accession,
        bookTitle: titles.get(record.accession) ?? record.accession,
        partFile: record.partFile,
        sectionId: record.sectionId,
        sectionPath: record.sectionPath,
        titlePath: record.titlePath,
        sectionNumber: record.sectionNumber ?? null,
        text: record.text,
        tokenCount: record.tokenCount,
        contentHash: record.contentHash,
      });
    }
    return sections;
  })();
  return loaded;
}

/** The sample sections of one book whose section paths end with the given titles, in the order given. */
export async function pickSections(accession: string, pathEndings: readonly string[]): Promise<GuidelineSection[]> {
  const all = await sampleCorpusSections();
  return pathEndings.map((ending) => {
    const found = all.find((s) => s.accession === accession && s.sectionPath.endsWith(ending));
    if (!found) throw new Error(`no sample section of ${accession} ends with "${ending}"`);
    return found;
  });
}
