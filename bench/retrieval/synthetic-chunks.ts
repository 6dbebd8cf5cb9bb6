import { createHash } from 'node:crypto';
import { estimateTokens } from '../../src/ingest/parse/index.js';
import { listBookFolders, readGuidelineBooks } from '../../src/ingest/read-guideline-books.js';
import type { GuidelineChunkInput } from '../../src/infra/db/stores/guideline-chunk-store.js';
import type { ClusterSpace } from './clustered-vectors.js';
import { randomInt, seededRandom, type Random } from './seeded-random.js';

/** What synthetic chunks are made of: real sentences and real section shapes from the sample corpus. */
export interface TextPool {
  sentences: string[];
  templates: Array<{ bookTitle: string; sectionPath: string; bodyChars: number }>;
}

export interface SyntheticChunk {
  input: Omit<GuidelineChunkInput, 'sourceId'>;
  embedding: number[];
}

/** Reads the sample corpus through the real parser and splits its chunk bodies into sentences and rows. */
export async function readTextPool(sampleDir: string): Promise<TextPool> {
  const pool: TextPool = { sentences: [], templates: [] };
  const titles = new Map<string, string>();
  for await (const record of readGuidelineBooks(await listBookFolders(sampleDir), { languages: ['en'], tokenBudget: 512, kind: 'sample' })) {
    if (record.type === 'source') {
      titles.set(record.accession, record.title);
      continue;
    }
    const body = record.text.slice(record.text.indexOf('\n') + 1);
    pool.templates.push({ bookTitle: titles.get(record.accession) ?? record.accession, sectionPath: record.sectionPath, bodyChars: body.length });
    // Table rows and bullets stay whole lines; prose lines split at sentence ends.
    for (const line of body.split('\n')) pool.sentences.push(...line.split(/(?<=[.!?])\s+(?=[A-Z])/).filter((s) => s.trim().length > 0));
  }
  if (pool.templates.length === 0) throw new Error(`no chunks parsed from ${sampleDir}`);
  return pool;
}

/**
 * The chunks of one insert batch, deterministic in `batch` and `seed`: each takes the length and
 * section path of a random sample chunk, is filled with random sample sentences up to that length,
 * and gets a vector near a random cluster centre.
 */
export function syntheticBatch(
  pool: TextPool,
  space: ClusterSpace,
  options: { batch: number; size: number; seed: number; partFile: string },
): SyntheticChunk[] {
  const random = seededRandom((options.seed ^ Math.imul(options.batch + 1, 0x9e3779b1)) >>> 0);
  return Array.from({ length: options.size }, (_, ordinal) => {
    const template = pool.templates[randomInt(random, pool.templates.length)] as TextPool['templates'][number];
    const titlePath = `${template.bookTitle} (bench ${options.batch}) > ${template.sectionPath}`;
    const content = `${titlePath}\n${fillSentences(pool, random, template.bodyChars)}`;
    return {
      input: {
        partFile: options.partFile,
        partTitle: template.sectionPath.split(' > ')[0] ?? template.sectionPath,
        sectionId: null,
        sectionPath: template.sectionPath,
        titlePath,
        ordinal,
        text: content,
        tokenCount: estimateTokens(content),
        contentHash: createHash('sha256').update(content).digest('hex'),
        oversized: false,
      },
      embedding: space.randomPoint(random),
    };
  });
}

function fillSentences(pool: TextPool, random: Random, targetChars: number): string {
  const picked: string[] = [];
  let length = 0;
  do {
    const sentence = pool.sentences[randomInt(random, pool.sentences.length)] ?? '';
    picked.push(sentence);
    length += sentence.length + 1;
  } while (length < targetChars);
  return picked.join(' ');
}
