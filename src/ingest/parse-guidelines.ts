import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { writeChunksFile } from './chunks-file.js';
import { emptyStats, readArticles, readGuidelineBooks, type ReadBooksOptions, type ReadBooksStats } from './read-guideline-books.js';

export interface ParseSummary extends ReadBooksStats {
  records: number;
  outputBytes: number;
  /** False when the new chunks file is byte-identical to the one it replaced. */
  changed: boolean;
  malformed: Array<{ file: string; error: string }>;
  seconds: number;
}

/** Parses book folders into the chunks file (JSON Lines), streaming, and reports what changed. */
export async function parseGuidelinesToFile(
  folders: string[],
  outFile: string,
  options: Omit<ReadBooksOptions, 'onFileError'> & { onFileError?: ReadBooksOptions['onFileError']; articles?: string[] },
): Promise<ParseSummary> {
  const started = Date.now();
  const previous = await fileSha256(outFile);
  const stats = emptyStats();
  const malformed: ParseSummary['malformed'] = [];
  const readOptions: ReadBooksOptions = {
    ...options,
    onFileError: (file, error) => {
      malformed.push({ file, error: error.message });
      options.onFileError?.(file, error);
    },
  };
  async function* everything() {
    yield* readGuidelineBooks(folders, readOptions, stats);
    yield* readArticles(options.articles ?? [], { ...readOptions, kind: 'article' }, stats);
  }
  const written = await writeChunksFile(outFile, everything());
  return {
    ...stats,
    records: written.records,
    outputBytes: written.bytes,
    changed: previous !== written.sha256,
    malformed,
    seconds: (Date.now() - started) / 1000,
  };
}

async function fileSha256(path: string): Promise<string | null> {
  try {
    const hash = createHash('sha256');
    for await (const chunk of createReadStream(path)) hash.update(chunk as Buffer);
    return hash.digest('hex');
  } catch {
    return null;
  }
}
