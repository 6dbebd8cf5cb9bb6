import { describe, expect, it } from 'vitest';
import { BLIND_DIR, buildSectionAtlas, GOLD_DIR, readGoldSet } from '../../eval/gold-set.js';
import { SAMPLE_CORPUS_DIR } from '../../src/ingest/load-sample-corpus.js';

describe('the retrieval eval sets', () => {
  it('name only sections the sample corpus has, so a misspelt id cannot pass for a retrieval miss', async () => {
    const atlas = await buildSectionAtlas(SAMPLE_CORPUS_DIR);
    const sets = [...(await readGoldSet(GOLD_DIR)), ...(await readGoldSet(BLIND_DIR))];
    const unknown = sets.flatMap((q) => q.relevant.filter((r) => !atlas.has(`${r.accession}#${r.sectionId}`)).map((r) => `${q.id}: ${r.accession}#${r.sectionId}`));
    expect(unknown).toEqual([]);
    expect(sets.every((q) => q.relevant.length > 0)).toBe(true);
  });

  it('keep the blind queries apart from the gold set: one id each, none in both', async () => {
    const gold = await readGoldSet(GOLD_DIR);
    const blind = await readGoldSet(BLIND_DIR);
    expect(blind.length).toBeGreaterThanOrEqual(50);
    const ids = [...gold, ...blind].map((q) => q.id);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
