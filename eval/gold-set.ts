import { createHash } from 'node:crypto';
import { readFile, readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Demographics, Finding } from '../src/consult/findings.js';
import { parseGuidelinePart, shouldIngestPart } from '../src/ingest/parse/index.js';
import type { SectionNode } from '../src/ingest/parse/types.js';
import { listBookFolders } from '../src/ingest/read-guideline-books.js';

export const GOLD_DIR = fileURLToPath(new URL('./gold', import.meta.url));

/**
 * Queries written blind (by a helper that read only the corpus, never the system, the gold set or any
 * result) and never tuned on: not in either half, reported on their own, so the eval always shows how far
 * ranking holds on cases it was not shaped by. A change chosen by looking at their misses spends them:
 * say so, and write a fresh set.
 */
export const BLIND_DIR = fileURLToPath(new URL('./blind', import.meta.url));

export interface GoldQuery {
  id: string;
  condition: string;
  demographics: Demographics;
  findings: Finding[];
  relevant: Array<{ accession: string; sectionId: string }>;
  note?: string;
  /** 'chw': written the way health workers type (shorthand, Pidgin, typos, lab units). */
  style?: 'chw' | 'clinical';
}

/**
 * Which half a query belongs to: weights are fitted on 'tune' and reported on 'test'. Decided by a hash
 * of the id, so adding queries never moves an existing one to the other half.
 */
export function goldSplit(query: Pick<GoldQuery, 'id'>): 'tune' | 'test' {
  const first = createHash('sha256').update(query.id).digest()[0] ?? 0;
  return first % 2 === 0 ? 'tune' : 'test';
}

/** Every gold query in eval/gold/*.json. */
export async function readGoldSet(dir = GOLD_DIR): Promise<GoldQuery[]> {
  const files = (await readdir(dir)).filter((f) => f.endsWith('.json')).sort();
  const sets = await Promise.all(files.map(async (f) => JSON.parse(await readFile(join(dir, f), 'utf8')) as GoldQuery[]));
  return sets.flat();
}

/** Where each section sits: its title and its ancestors' ids, per book. */
export type SectionAtlas = Map<string, { title: string; ancestors: string[] }>;

/** Maps `${accession}#${sectionId}` to the section's title and ancestor ids, from the corpus XML. */
export async function buildSectionAtlas(corpusDir: string): Promise<SectionAtlas> {
  const atlas: SectionAtlas = new Map();
  for (const folder of await listBookFolders(corpusDir)) {
    const toc = await readFile(join(folder, 'TOC.nxml'), 'utf8');
    const accession = /<book-id[^>]*>([^<]+)<\/book-id>/.exec(toc)?.[1] ?? folder;
    for (const file of (await readdir(folder)).filter((f) => f.endsWith('.nxml') && shouldIngestPart(f))) {
      const part = parseGuidelinePart(await readFile(join(folder, file), 'utf8'), { fileName: file });
      const walk = (nodes: SectionNode[], ancestors: string[]) => {
        for (const node of nodes) {
          if (node.id) atlas.set(`${accession}#${node.id}`, { title: node.title, ancestors });
          walk(node.children, node.id ? [...ancestors, node.id] : ancestors);
        }
      };
      walk(part.sections, []);
    }
  }
  return atlas;
}

/**
 * A retrieved chunk answers a gold section when it is that section, or a section that fitted the
 * budget whole and so contains the gold section's text (its title appears in the chunk).
 */
export function chunkCovers(
  atlas: SectionAtlas,
  chunk: { accession: string; sectionId: string | null; text: string },
  gold: { accession: string; sectionId: string },
): boolean {
  if (chunk.accession !== gold.accession || !chunk.sectionId) return false;
  if (chunk.sectionId === gold.sectionId) return true;
  const entry = atlas.get(`${gold.accession}#${gold.sectionId}`);
  return Boolean(entry?.ancestors.includes(chunk.sectionId) && chunk.text.includes(entry.title));
}
