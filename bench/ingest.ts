/**
 * bench:ingest - parse-and-chunk and load throughput over a generated corpus of sample-book copies,
 * with peak memory at two corpus sizes (streaming should keep it flat). Parsing is measured three ways
 * in the same run, each in a fresh process: the baseline (one straightforward fast-xml-parser pass per
 * file, collecting body paragraphs), our parser in one thread, and our parser on worker threads (as
 * guidelines:parse runs it), as ratios against the baseline. Then, untimed, it checks that every body
 * paragraph the baseline found is in our chunks, in order, and that the threaded chunks file is
 * byte-identical to the single-threaded one. Prints numbers, asserts none.
 *
 *   tsx bench/ingest.ts [--files 5000] [--quick] [--threads N]
 */
import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { MIGRATIONS_DIR } from '../src/entry/runtime.js';
import { readChunksFile } from '../src/ingest/chunks-file.js';
import { loadIngestRecords, type LoadSummary } from '../src/ingest/load/load-records.js';
import { createIngestStore } from '../src/infra/db/stores/ingest-run-store.js';
import { SAMPLE_CORPUS_DIR } from '../src/ingest/load-sample-corpus.js';
import { parseGuidelinesToFile } from '../src/ingest/parse-guidelines.js';
import { shouldIngestPart } from '../src/ingest/parse/index.js';
import { defaultParseThreads } from '../src/ingest/parse-workers.js';
import { listBookFolders, type ReadBooksStats } from '../src/ingest/read-guideline-books.js';
import { applyMigrations, readMigrations } from '../src/infra/db/migrate.js';
import { openDatabase } from '../src/infra/db/open-database.js';
import { refreshLexemeStats } from '../src/infra/db/stores/guideline-chunk-store.js';
import { baselineBodyParagraphs, missingParagraphs } from './ingest/body-paragraphs.js';
import { foldersForParts, writeSyntheticCorpus } from './ingest/synthetic-books.js';
import { formatTable, mib, num, ratio, type TableRow } from './support/format-table.js';
import { startLiveHeapProbe, startMemoryPeak, type MemoryPeak } from './support/memory-peak.js';
import { reportResult, runChild } from './support/run-child.js';
import { benchArgs } from './support/bench-args.js';

const SCRIPT = fileURLToPath(import.meta.url);

interface BaselineResult {
  seconds: number;
  /** CPU time of the process, all threads (user + system). */
  cpuSeconds: number;
  files: number;
  bytes: number;
  paragraphs: number;
}

interface ParseResult {
  /** Worker threads that parsed (0: the main thread). */
  threads: number;
  /** CPU time of the process, all threads (user + system). */
  cpuSeconds: number;
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

const flags = benchArgs(
  'npm run bench:ingest',
  'Parse-and-chunk and load throughput over a generated corpus, with peak memory at two sizes, against a fast-xml-parser baseline (prints numbers).',
  {
    files: 'files in the generated corpus (default 5000)',
    quick: 'a small corpus',
    threads: 'parse worker threads (default one per core)',
  },
  {
    options: {
      files: { type: 'string' },
      quick: { type: 'boolean', default: false },
      threads: { type: 'string' },
      child: { type: 'string' },
      root: { type: 'string' },
      books: { type: 'string' },
      out: { type: 'string' },
      chunks: { type: 'string' },
      db: { type: 'string' },
    },
  },
);

async function main(): Promise<void> {
  if (flags.child === 'baseline') return reportResult(await measureBaseline(required(flags.root), Number(flags.books)));
  if (flags.child === 'parse') return reportResult(await measureParse(required(flags.root), Number(flags.books), required(flags.out), Number(flags.threads)));
  if (flags.child === 'load') return reportResult(await measureLoad(required(flags.chunks), required(flags.db)));
  await runBench(Number(flags.files ?? (flags.quick ? 100 : 5000)), Number(flags.threads ?? defaultParseThreads()));
}

// Peak heapUsed mostly shows how lazily V8 collects; the heap left after a forced collection shows
// what the stream really keeps. Collections every thousand files (and at the end) are not timed.
const LIVE_HEAP_EVERY_FILES = 1000;
const LIVE_HEAP_EVERY_CHUNKS = 5000;

/** The part files the parser keeps (chapters, annexes) in the first `books` folders of `root`, in order. */
async function keptPartFiles(root: string, books: number): Promise<string[]> {
  const files: string[] = [];
  for (const folder of (await listBookFolders(root)).slice(0, books)) {
    const names = (await readdir(folder)).filter((f) => f.endsWith('.nxml') && f !== 'TOC.nxml' && shouldIngestPart(f)).sort();
    files.push(...names.map((name) => join(folder, name)));
  }
  return files;
}

/** Child: the baseline, a straightforward single-pass fast-xml-parser parse of the same part files. */
async function measureBaseline(root: string, books: number): Promise<BaselineResult> {
  const files = await keptPartFiles(root, books);
  const cpu = process.cpuUsage();
  const started = performance.now();
  let bytes = 0;
  let paragraphs = 0;
  for (const file of files) {
    const xml = await readFile(file, 'utf8');
    bytes += Buffer.byteLength(xml);
    paragraphs += baselineBodyParagraphs(xml).paragraphs.length;
  }
  return { seconds: (performance.now() - started) / 1000, cpuSeconds: cpuSecondsSince(cpu), files: files.length, bytes, paragraphs };
}

/**
 * Child (node --expose-gc): parse and chunk the first `books` folders of `root` into `out` the way
 * guidelines:parse does, on `threads` worker threads (0: this thread).
 */
async function measureParse(root: string, books: number, out: string, threads: number): Promise<ParseResult> {
  const live = startLiveHeapProbe();
  const baseline = process.memoryUsage();
  const memory = startMemoryPeak();
  const cpu = process.cpuUsage();
  const started = performance.now();
  const folders = (await listBookFolders(root)).slice(0, books);
  let parts = 0;
  const onPart = (): void => {
    parts += 1;
    if (parts % LIVE_HEAP_EVERY_FILES === 0) live.probe();
  };
  const summary = await parseGuidelinesToFile(folders, out, { languages: ['en'], tokenBudget: 512, kind: 'sample', onPart, threads });
  const seconds = (performance.now() - started - live.gcMs) / 1000;
  const cpuSeconds = cpuSecondsSince(cpu) - live.gcMs / 1000;
  live.probe();
  const peak = memory.stop();
  const { records, outputBytes, books: b, parts: p, skippedParts, malformedFiles, chunks, oversizedChunks, bytes } = summary;
  const stats: ReadBooksStats = { books: b, parts: p, skippedParts, malformedFiles, chunks, oversizedChunks, bytes };
  return { threads: summary.threads, cpuSeconds, seconds, liveHeapStart: live.start, liveHeapMax: live.max, stats, records, outputBytes, baseline, peak };
}

function cpuSecondsSince(start: NodeJS.CpuUsage): number {
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1e6;
}

interface ParagraphCheck {
  checked: number;
  missing: number;
  /** Paragraphs holding a list, table or box: rendered as several blocks, not checked. */
  unchecked: number;
  examples: string[];
  /** The threaded run's chunks file is byte-identical to the single-threaded one. */
  identical: boolean;
}

/**
 * Untimed: every body paragraph the baseline finds in a part file must be in that part's chunks, in
 * order; the threaded output must equal the single-threaded output byte for byte.
 */
async function checkParagraphs(root: string, books: number, singleOut: string, threadedOut: string): Promise<ParagraphCheck> {
  const byPart = new Map<string, string[]>();
  for await (const record of readChunksFile(singleOut)) {
    if (record.type !== 'chunk') continue;
    const key = `${record.accession}/${record.partFile}`;
    byPart.set(key, [...(byPart.get(key) ?? []), record.text]);
  }
  const result: ParagraphCheck = { checked: 0, missing: 0, unchecked: 0, examples: [], identical: (await sha256(singleOut)) === (await sha256(threadedOut)) };
  for (const file of await keptPartFiles(root, books)) {
    const folder = join(file, '..');
    const accession = /<book-id[^>]*>([^<]+)<\/book-id>/.exec(await readFile(join(folder, 'TOC.nxml'), 'utf8'))?.[1] ?? '';
    const found = baselineBodyParagraphs(await readFile(file, 'utf8'));
    const missing = missingParagraphs(found.paragraphs, byPart.get(`${accession}/${basename(file, '.nxml')}`) ?? []);
    result.checked += found.paragraphs.length;
    result.unchecked += found.unchecked;
    result.missing += missing.length;
    if (result.examples.length < 3) result.examples.push(...missing.slice(0, 3 - result.examples.length).map((m) => `${file}: ${m.slice(0, 100)}`));
  }
  return result;
}

async function sha256(path: string): Promise<string> {
  return createHash('sha256').update(await readFile(path)).digest('hex');
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
    const summary = await loadIngestRecords(createIngestStore(db), readChunksFile(chunksFile), { onProgress });
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

interface SizeRun {
  baseline: BaselineResult;
  single: ParseResult;
  threaded: ParseResult;
  check: ParagraphCheck;
}

async function runBench(files: number, threads: number): Promise<void> {
  // --quick (the smoke test) measures one size; the full run two, to show memory staying flat.
  const sizes = flags.quick ? [files] : [Math.max(1, Math.round(files / 5)), files];
  const work = await mkdtemp(join(tmpdir(), 'bench-ingest-'));
  try {
    const generated = performance.now();
    const corpus = await writeSyntheticCorpus(SAMPLE_CORPUS_DIR, join(work, 'books'), files);
    const generationSeconds = (performance.now() - generated) / 1000;
    process.stdout.write(
      `generated ${num(corpus.folders.length)} books, ${num(corpus.partFiles)} part files (${num(corpus.partsUpTo.at(-1) ?? 0)} chapters/annexes kept by the parser, the rest fm/rl), ${num(corpus.bytes / 1e6, 1)} MB in ${num(generationSeconds, 1)} s (not measured)\n`,
    );

    const runs: SizeRun[] = [];
    const loads: LoadResult[] = [];
    for (const [i, size] of sizes.entries()) {
      const books = foldersForParts(corpus, size);
      const out = join(work, `chunks-${i}.jsonl`);
      const singleOut = join(work, `chunks-${i}-single.jsonl`);
      const parseArgs = ['--child', 'parse', '--root', corpus.root, '--books', String(books)];
      process.stdout.write(`parse ${num(size)} part files (${books} books): baseline, one thread, ${threads} worker threads ...\n`);
      const baseline = await runChild<BaselineResult>(SCRIPT, ['--child', 'baseline', '--root', corpus.root, '--books', String(books)]);
      const single = await runChild<ParseResult>(SCRIPT, [...parseArgs, '--out', singleOut, '--threads', '0'], ['--expose-gc']);
      const threaded = await runChild<ParseResult>(SCRIPT, [...parseArgs, '--out', out, '--threads', String(threads)], ['--expose-gc']);
      process.stdout.write('check body paragraphs (not timed) ...\n');
      runs.push({ baseline, single, threaded, check: await checkParagraphs(corpus.root, books, singleOut, out) });
      await rm(singleOut, { force: true });
      process.stdout.write(`load ${num(threaded.stats.chunks)} chunks into PGlite ...\n`);
      loads.push(await runChild<LoadResult>(SCRIPT, ['--child', 'load', '--chunks', out, '--db', join(work, `pglite-${i}`)], ['--expose-gc']));
      await rm(join(work, `pglite-${i}`), { recursive: true, force: true });
    }
    process.stdout.write(`\n${renderThroughput(runs)}\n\n${renderTables(runs.map((r) => r.threaded), loads)}\n`);
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}

function renderThroughput(runs: SizeRun[]): string {
  const header = ['', ...runs.flatMap((r) => [`files/s (${num(r.baseline.files)})`, 'MB/s', 'x baseline', 'files/CPU-s', 'x baseline'])];
  // Wall time is what a user waits; CPU time (all threads) shows the work per file on a shared machine.
  const cells = (files: number, bytes: number, seconds: number, cpuSeconds: number, baseline: BaselineResult): string[] => [
    num(files / seconds),
    num(bytes / 1e6 / seconds, 2),
    ratio(baseline.seconds, seconds),
    num(files / cpuSeconds),
    ratio(baseline.cpuSeconds, cpuSeconds),
  ];
  const rows: TableRow[] = [
    ['baseline: fast-xml-parser, one pass', ...runs.flatMap((r) => cells(r.baseline.files, r.baseline.bytes, r.baseline.seconds, r.baseline.cpuSeconds, r.baseline))],
    ['ours, one thread', ...runs.flatMap((r) => cells(r.single.stats.parts, r.single.stats.bytes, r.single.seconds, r.single.cpuSeconds, r.baseline))],
    [`ours, worker threads (${runs[0]?.threaded.threads ?? 0})`, ...runs.flatMap((r) => cells(r.threaded.stats.parts, r.threaded.stats.bytes, r.threaded.seconds, r.threaded.cpuSeconds, r.baseline))],
  ];
  const checks = runs.map(
    (r) =>
      `${num(r.baseline.files)} files: ${num(r.check.checked)} body paragraphs checked, ${num(r.check.missing)} missing or out of order` +
      ` (${num(r.check.unchecked)} holding a list/table not checked); threaded chunks file ${r.check.identical ? 'identical to' : 'DIFFERS FROM'} the single-threaded one` +
      r.check.examples.map((e) => `\n  missing: ${e}`).join(''),
  );
  return [
    formatTable('parse throughput (same files, each in a fresh process; ours includes chunking and writing chunks.jsonl)', header, rows),
    ...checks,
  ].join('\n');
}

function renderTables(parses: ParseResult[], loads: LoadResult[]): string {
  const [small, large] = [0, 1] as const;
  // Whole books are copied, so a size lands a few files above the number asked for.
  const parsed = parses.map((p) => p.stats.parts);
  const twoSizes = parses.length > 1;
  const header = ['', ...parsed.map((n) => `${num(n)} files`), ...(twoSizes ? [`ratio ${num(parsed[large] ?? 0)}/${num(parsed[small] ?? 0)}`] : [])];
  const row = (label: string, values: number[], fmt: (v: number) => string, withRatio = true): TableRow => [
    label,
    ...values.map(fmt),
    ...(twoSizes ? [withRatio ? ratio(values[large] ?? 0, values[small] ?? 0) : ''] : []),
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
    formatTable('parse-and-chunk on worker threads (parseGuidelinesToFile, token budget 512, one process per size)', header, parseRows),
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
