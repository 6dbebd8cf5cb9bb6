import { gaussian, randomInt, seededRandom, type Random } from './seeded-random.js';

export interface ClusterSpaceOptions {
  dimensions: number;
  clusters: number;
  /** Standard deviation of the per-coordinate gaussian noise added to a centre before normalising. */
  noise: number;
  seed: number;
}

/** Unit vectors grouped around random centres, like embeddings of texts on a few hundred topics. */
export interface ClusterSpace {
  readonly dimensions: number;
  readonly clusters: number;
  /** A unit vector near the given centre (centre + gaussian noise, normalised). */
  pointNear(cluster: number, random: Random): number[];
  /** A point near a centre picked by `random`. */
  randomPoint(random: Random): number[];
}

/** Builds `clusters` random unit centres (seeded) in `dimensions` dimensions. */
export function createClusterSpace(options: ClusterSpaceOptions): ClusterSpace {
  const random = seededRandom(options.seed);
  const centres = Array.from({ length: options.clusters }, () =>
    normalise(Array.from({ length: options.dimensions }, () => gaussian(random))),
  );
  const pointNear = (cluster: number, r: Random): number[] => {
    const centre = centres[cluster % centres.length] as number[];
    return normalise(centre.map((c) => c + options.noise * gaussian(r)));
  };
  return {
    dimensions: options.dimensions,
    clusters: options.clusters,
    pointNear,
    randomPoint: (r) => pointNear(randomInt(r, centres.length), r),
  };
}

function normalise(vector: number[]): number[] {
  const norm = Math.sqrt(vector.reduce((sum, x) => sum + x * x, 0));
  // Float32 is what pgvector stores; rounding here keeps the SQL literals short.
  return vector.map((x) => Math.fround(x / norm));
}
