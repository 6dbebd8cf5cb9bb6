import { cp, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLITE_EXTENSIONS } from '../../src/infra/db/open-database.js';
import type { PgliteImage } from './pglite-images.js';

/**
 * An in-memory PGlite restored from the run's saved image (test/support/pglite-images.ts), or, when the
 * run made none, created from scratch; `fresh` then does what the image holds (migrate, load the corpus).
 */
export async function pgliteFrom(image: PgliteImage, fresh: (pglite: PGlite) => Promise<void>): Promise<PGlite> {
  const images = process.env.TEST_PGLITE_IMAGES;
  if (images) {
    const bytes = await readFile(join(images, `${image}.tar`));
    return PGlite.create({ extensions: PGLITE_EXTENSIONS, loadDataDir: new Blob([bytes]) });
  }
  const pglite = await PGlite.create({ extensions: PGLITE_EXTENSIONS });
  await fresh(pglite);
  return pglite;
}

/**
 * A new DATA_DIR whose embedded database is already migrated and holds the sample corpus, as after a
 * first start, for a test of what comes after it (a first start itself needs an empty directory). Empty
 * when the run made no images: the process then sets it up on its first start.
 */
export async function seededDataDir(prefix: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), prefix));
  const images = process.env.TEST_PGLITE_IMAGES;
  if (images) await cp(join(images, 'data-dir'), dir, { recursive: true });
  return dir;
}
