import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { create } from 'tar';

// A fixed timestamp makes the archive depend only on content, not on when the files were checked out.
const FIXED_MTIME = new Date('2000-01-01T00:00:00Z');

/** Lists regular files and folders under `root` (relative, `/`-separated), sorted, folders before their content. */
async function listTree(root: string, prefix: string): Promise<string[]> {
  const entries = await readdir(path.join(root, prefix), { withFileTypes: true });
  entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  const out: string[] = [];
  for (const entry of entries) {
    const relative = `${prefix}/${entry.name}`;
    if (entry.isDirectory()) out.push(relative, ...(await listTree(root, relative)));
    else if (entry.isFile()) out.push(relative); // links and devices are never packed
  }
  return out;
}

/**
 * Packs a book folder into a deterministic `.tar.gz` (sorted entries, fixed mtime, no owner data):
 * the archive holds one top folder named like `folder`, as NCBI packages do. Same content and
 * permissions give the same bytes. Writes via a temp file, so `outFile` is never half written.
 */
export async function packBookFolder(folder: string, outFile: string): Promise<void> {
  const absolute = path.resolve(folder);
  const parent = path.dirname(absolute);
  const name = path.basename(absolute);
  const entries = [name, ...(await listTree(parent, name))];
  await mkdir(path.dirname(path.resolve(outFile)), { recursive: true });
  const temp = `${outFile}.${randomUUID()}.tmp`;
  try {
    await create({ file: temp, cwd: parent, gzip: true, portable: true, mtime: FIXED_MTIME, noDirRecurse: true }, entries);
    await rename(temp, outFile);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}
