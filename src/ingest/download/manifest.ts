import { randomUUID } from 'node:crypto';
import { open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { z } from 'zod';

const packageRecordSchema = z.object({
  accession: z.string(),
  file: z.string(),
  title: z.string(),
  publisher: z.string(),
  year: z.string(),
  /** The file list's Last Updated value this extraction came from. */
  lastUpdated: z.string(),
  /** ISO time of extraction. */
  extractedAt: z.string(),
  /** Extracted `.nxml` paths relative to the book folder, sorted. */
  files: z.array(z.string()),
  archiveBytes: z.number(),
});

const manifestSchema = z.object({
  version: z.literal(1),
  packages: z.record(z.string(), packageRecordSchema),
});

/** One extracted book package, keyed by accession in the manifest. */
export type ManifestPackage = z.infer<typeof packageRecordSchema>;
/** `data/guidelines/manifest.json`: which packages are extracted, from which Last Updated. */
export type Manifest = z.infer<typeof manifestSchema>;

/** Folder holding one subfolder per book plus manifest.json: `${dataDir}/guidelines`. */
export function guidelinesDir(dataDir: string): string {
  return path.join(dataDir, 'guidelines');
}

export function manifestPath(dataDir: string): string {
  return path.join(guidelinesDir(dataDir), 'manifest.json');
}

export function emptyManifest(): Manifest {
  return { version: 1, packages: {} };
}

/**
 * Reads the manifest; a missing one is empty. An unreadable or invalid one is also treated as empty
 * (everything is downloaded again) and `onInvalid` says why.
 */
export async function readManifest(dataDir: string, onInvalid?: (reason: string) => void): Promise<Manifest> {
  let text: string;
  try {
    text = await readFile(manifestPath(dataDir), 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return emptyManifest();
    throw error;
  }
  try {
    const parsed = manifestSchema.safeParse(JSON.parse(text));
    if (parsed.success) return parsed.data;
    onInvalid?.(`manifest.json does not match the expected shape: ${parsed.error.message}`);
  } catch (error) {
    onInvalid?.(`manifest.json is not valid JSON: ${(error as Error).message}`);
  }
  return emptyManifest();
}

/** Writes the manifest atomically (temp file, fsync, rename), so a crash leaves the old or the new one. */
export async function writeManifest(dataDir: string, manifest: Manifest): Promise<void> {
  const target = manifestPath(dataDir);
  const temp = `${target}.${randomUUID()}.tmp`;
  const handle = await open(temp, 'w');
  try {
    await handle.writeFile(`${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await rename(temp, target);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
