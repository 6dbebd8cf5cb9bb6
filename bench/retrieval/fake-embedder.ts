import type { Embedder } from '../../src/rag/embedder.js';
import type { ClusterSpace } from './clustered-vectors.js';
import { seededRandom, seedFromText } from './seeded-random.js';

/**
 * An in-process Embedder for the benchmark: each text maps (deterministically) to a point near one of
 * the corpus' cluster centres, so vector queries land in populated neighbourhoods like real ones do.
 * It says nothing about relevance; it exercises the index at realistic cost.
 */
export function clusteredFakeEmbedder(space: ClusterSpace, model: string): Embedder {
  return {
    model,
    dimensions: space.dimensions,
    embed(texts) {
      return Promise.resolve(texts.map((text) => space.randomPoint(seededRandom(seedFromText(text)))));
    },
  };
}
