import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { writeChunksFile, type WriteSummary } from './chunks-file.js';
import { createWorkerPartParser, defaultParseThreads } from './parse-workers.js';
import { emptyStats, readArticles, readGuidelineBooks, type ReadBooksOptions, type ReadBooksStats } from './read-guideline-books.js';

export interface ParseSummary extends ReadBooksStats {
  records: number;
  outputBytes: number;
  /** False when the new chunks file is byte-identical to the one it replaced. */
  changed: boolean;
  malformed: Array<{ file: string; error: string }>;
  seconds: number;
  /** True when the signal stopped the run: the chunks file was left as it was. */
  interrupted: boolean;
  /** Worker threads that parsed (0: this thread). */
  threads: number;
}

class Interrupted extends Error {}

/**
 * Parses book folders (then article files) into the chunks file (JSON Lines), streaming, on `threads`
 * worker threads (default one per core; 0 parses in this thread), and reports what changed. The file is
 * the same whatever the thread count. Stopped by `signal`, it leaves the previous chunks file in place.
 */
export async function parseGuidelinesToFile(
  folders: string[],
  outFile: string,
  options: Omit<ReadBooksOptions, 'onFileError' | 'parser'> & { onFileError?: ReadBooksOptions['onFileError']; articles?: string[]; threads?: number },
): Promise<ParseSummary> {
  const started = Date.now();
  const previous = await fileSha256(outFile);
  const stats = emptyStats();
  const malformed: ParseSummary['malformed'] = [];
  const parser = createWorkerPartParser(options.threads ?? defaultParseThreads());
  const readOptions: ReadBooksOptions = {
    ...options,
    parser,
    onFileError: (file, error) => {
      malformed.push({ file, error: error.message });
      options.onFileError?.(file, error);
    },
  };
  async function* everything() {
    yield* readGuidelineBooks(folders, readOptions, stats);
    yield* readArticles(options.articles ?? [], { ...readOptions, kind: 'article' }, stats);
    // A stopped run must not replace the chunks file with a truncated one: the loader would delete
    // every chunk of the books it did not reach.
    if (options.signal?.aborted) throw new Interrupted();
  }
  const summary = (written: WriteSummary | null): ParseSummary => ({
    ...stats,
    records: written?.records ?? 0,
    outputBytes: written?.bytes ?? 0,
    changed: written !== null && previous !== written.sha256,
    malformed,
    seconds: (Date.now() - started) / 1000,
    interrupted: written === null,
    threads: parser.threads,
  });
  try {
    return summary(await writeChunksFile(outFile, everything()));
  } catch (error) {
    if (error instanceof Interrupted) return summary(null);
    throw error;
  } finally {
    await parser.close();
  }
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
