/**
 * bench:ingest - parse-and-chunk and load throughput over a generated corpus of sample-book copies,
 * with peak memory at two corpus sizes (streaming should keep it flat). Prints numbers, asserts none.
 *
 *   tsx bench/ingest.ts [--files 5000] [--quick]
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { MIGRATIONS_DIR } from '../src/entry/runtime.js';
import { readChunksFile, writeChunksFile } from '../src/ingest/chunks-file.js';
import { loadIngestRecords, type LoadSummary } from '../src/ingest/load/load-records.js';
import { SAMPLE_CORPUS_DIR } from '../src/ingest/load-sample-corpus.js';
import { emptyStats, listBookFolders, readGuidelineBooks, type ReadBooksStats } from '../src/ingest/read-guideline-books.js';
import { applyMigrations, readMigrations } from '../src/infra/db/migrate.js';
import { openDatabase } from '../src/infra/db/open-database.js';
import { refreshLexemeStats } from '../src/infra/db/stores/guideline-chunk-store.js';
import { foldersForParts, writeSyntheticCorpus } from './ingest/synthetic-books.js';
import { formatTable, mib, num, ratio, type TableRow } from './support/format-table.js';
import { startLiveHeapProbe, startMemoryPeak, type MemoryPeak } from './support/memory-peak.js';
import { reportResult, runChild } from './support/run-child.js';

const SCRIPT = fileURLToPath(import.meta.url);

interface ParseResult {
  /** Wall time less the forced collections of the live-heap probe. */
  seconds: number;
  /** Heap still reachable after a forced GC: at the start, and the most seen during and at the end. */
  liveHeapStart: number;
  liveHeapMax: number;
  stats: ReadBooksStats;
  records: number;
  outputBytes: number;
  baseline: NodeJS.MemoryUsage;
  peak: MemoryPeak;
}

interface LoadResult {
  seconds: number;
  liveHeapStart: number;
  liveHeapMax: number;
  summary: LoadSummary;
  lexemeRefreshSeconds: number;
  baseline: NodeJS.MemoryUsage;
  peak: MemoryPeak;
}

const { values: flags } = parseArgs({
  options: {
    files: { type: 'string' },
    quick: { type: 'boolean', default: false },
    child: { type: 'string' },
    root: { type: 'string' },
    books: { type: 'string' },
    out: { type: 'string' },
    chunks: { type: 'string' },
    db: { type: 'string' },
  },
});

async function main(): Promise<void> {
  if (flags.child === 'parse') return reportResult(await measureParse(required(flags.root), Number(flags.books), required(flags.out)));
  if (flags.child === 'load') return reportResult(await measureLoad(required(flags.chunks), required(flags.db)));
  await runBench(Number(flags.files ?? (flags.quick ? 100 : 5000)));
}

// Peak heapUsed mostly shows how lazily V8 collects; the heap left after a forced collection shows
// what the stream really keeps. Collections every thousand files (and at the end) are not timed.
const LIVE_HEAP_EVERY_FILES = 1000;
const LIVE_HEAP_EVERY_CHUNKS = 5000;

/** Child (node --expose-gc): parse and chunk the first `books` folders of `root` into `out`, streaming. */
async function measureParse(root: string, books: number, out: string): Promise<ParseResult> {
  const live = startLiveHeapProbe();
  const baseline = process.memoryUsage();
  const memory = startMemoryPeak();
  const started = performance.now();
  const stats = emptyStats();
  const folders = (await listBookFolders(root)).slice(0, books);
  let parts = 0;
  const onPart = (): void => {
    parts += 1;
    if (parts % LIVE_HEAP_EVERY_FILES === 0) live.probe();
  };
  const written = await writeChunksFile(out, readGuidelineBooks(folders, { languages: ['en'], tokenBudget: 512, kind: 'sample', onPart }, stats));
  const seconds = (performance.now() - started - live.gcMs) / 1000;
  live.probe();
  const peak = memory.stop();
  return { seconds, liveHeapStart: live.start, liveHeapMax: live.max, stats, records: written.records, outputBytes: written.bytes, baseline, peak };
}

/** Child (node --expose-gc): load a chunks file into a fresh, migrated PGlite under `dataDir` (migration not timed). */
async function measureLoad(chunksFile: string, dataDir: string): Promise<LoadResult> {
  const db = await openDatabase({ kind: 'pglite', dataDir });
  try {
    await applyMigrations(db.sql, await readMigrations(MIGRATIONS_DIR));
    const live = startLiveHeapProbe();
    const baseline = process.memoryUsage();
    const memory = startMemoryPeak();
    const started = performance.now();
    let nextProbe = LIVE_HEAP_EVERY_CHUNKS;
    const onProgress = (handled: number): void => {
      if (handled < nextProbe) return;
      nextProbe += LIVE_HEAP_EVERY_CHUNKS;
      live.probe();
    };
    const summary = await loadIngestRecords(db, readChunksFile(chunksFile), { onProgress });
    const seconds = (performance.now() - started - live.gcMs) / 1000;
    live.probe();
    const peak = memory.stop();
    // The loader ends with this full pass; timing it again shows its share of the load.
    const refreshStarted = performance.now();
    await refreshLexemeStats(db);
    return { seconds, summary, lexemeRefreshSeconds: (performance.now() - refreshStarted) / 1000, liveHeapStart: live.start, liveHeapMax: live.max, baseline, peak };
  } finally {
    await db.close();
  }
}

async function runBench(files: number): Promise<void> {
  const sizes = [Math.max(1, Math.round(files / 5)), files];
  const work = await mkdtemp(join(tmpdir(), 'bench-ingest-'));
  try {
    const generated = performance.now();
    const corpus = await writeSyntheticCorpus(SAMPLE_CORPUS_DIR, join(work, 'books'), files);
    const generationSeconds = (performance.now() - generated) / 1000;
    process.stdout.write(
      `generated ${num(corpus.folders.length)} books, ${num(corpus.partFiles)} part files (${num(corpus.partsUpTo.at(-1) ?? 0)} chapters/annexes kept by the parser, the rest fm/rl), ${num(corpus.bytes / 1e6, 1)} MB in ${num(generationSeconds, 1)} s (not measured)\n`,
    );

    const parses: ParseResult[] = [];
    const loads: LoadResult[] = [];
    for (const [i, size] of sizes.entries()) {
      const books = foldersForParts(corpus, size);
      const out = join(work, `chunks-${i}.jsonl`);
      process.stdout.write(`parse ${num(size)} part files (${books} books) ...\n`);
      parses.push(await runChild<ParseResult>(SCRIPT, ['--child', 'parse', '--root', corpus.root, '--books', String(books), '--out', out], ['--expose-gc']));
      process.stdout.write(`load ${num(parses.at(-1)?.stats.chunks ?? 0)} chunks into PGlite ...\n`);
      loads.push(await runChild<LoadResult>(SCRIPT, ['--child', 'load', '--chunks', out, '--db', join(work, `pglite-${i}`)], ['--expose-gc']));
      await rm(join(work, `pglite-${i}`), { recursive: true, force: true });
    }
    process.stdout.write(`\n${renderTables(parses, loads)}\n`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function renderTables(parses: ParseResult[], loads: LoadResult[]): string {
  const [small, large] = [0, 1] as const;
  // Whole books are copied, so a size lands a few files above the number asked for.
  const parsed = parses.map((p) => p.stats.parts);
  const header = ['', ...parsed.map((n) => `${num(n)} files`), `ratio ${num(parsed[large] ?? 0)}/${num(parsed[small] ?? 0)}`];
  const row = (label: string, values: number[], fmt: (v: number) => string, withRatio = true): TableRow => [
    label,
    ...values.map(fmt),
    withRatio ? ratio(values[large] ?? 0, values[small] ?? 0) : '',
  ];
  const parse = (f: (p: ParseResult) => number): number[] => parses.map(f);
  const load = (f: (l: LoadResult) => number): number[] => loads.map(f);
  const parseRows: TableRow[] = [
    row('part files parsed', parse((p) => p.stats.parts), (v) => num(v)),
    row('chunks written', parse((p) => p.stats.chunks), (v) => num(v)),
    row('input XML, MB', parse((p) => p.stats.bytes / 1e6), (v) => num(v, 1)),
    row('chunks.jsonl written, MB', parse((p) => p.outputBytes / 1e6), (v) => num(v, 1)),
    row('seconds', parse((p) => p.seconds), (v) => num(v, 2)),
    row('files/s', parse((p) => p.stats.parts / p.seconds), (v) => num(v)),
    row('MB/s (input XML)', parse((p) => p.stats.bytes / 1e6 / p.seconds), (v) => num(v, 2)),
    row('chunks/s', parse((p) => p.stats.chunks / p.seconds), (v) => num(v)),
    row('RSS before, MiB', parse((p) => p.baseline.rss), mib),
    row('peak RSS, MiB', parse((p) => p.peak.rss), mib),
    row('peak heap used, MiB', parse((p) => p.peak.heapUsed), mib),
    row('live heap at start, MiB (after GC)', parse((p) => p.liveHeapStart), mib),
    row(`live heap max, MiB (GC every ${num(LIVE_HEAP_EVERY_FILES)} files)`, parse((p) => p.liveHeapMax), mib),
    row('memory samples (50 ms)', parse((p) => p.peak.samples), (v) => num(v), false),
  ];
  const loadRows: TableRow[] = [
    row('chunks inserted', load((l) => l.summary.inserted), (v) => num(v)),
    row('seconds (incl. lexeme stats)', load((l) => l.seconds), (v) => num(v, 2)),
    row('chunks/s', load((l) => l.summary.inserted / l.seconds), (v) => num(v)),
    row('lexeme stats refresh, s', load((l) => l.lexemeRefreshSeconds), (v) => num(v, 2)),
    row('RSS before, MiB', load((l) => l.baseline.rss), mib),
    row('peak RSS, MiB (PGlite in-process)', load((l) => l.peak.rss), mib),
    row('peak heap used, MiB', load((l) => l.peak.heapUsed), mib),
    row('live heap at start, MiB (after GC)', load((l) => l.liveHeapStart), mib),
    row(`live heap max, MiB (GC every ${num(LIVE_HEAP_EVERY_CHUNKS)} chunks)`, load((l) => l.liveHeapMax), mib),
  ];
  return [
    formatTable('parse-and-chunk (readGuidelineBooks -> writeChunksFile, token budget 512, one process per size)', header, parseRows),
    '',
    formatTable('load into PGlite (readChunksFile -> loadIngestRecords, fresh database on disk, batch 500)', header, loadRows),
  ].join('\n');
}

function required(value: string | undefined): string {
  if (!value) throw new Error('missing argument for a bench child');
  return value;
}

main().catch((error: unknown) => {
  process.stderr.write(`bench:ingest failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
  process.exitCode = 1;
});
