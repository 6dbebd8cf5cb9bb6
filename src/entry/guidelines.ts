import { join } from 'node:path';
import { createOpenAiEmbedder } from '../infra/embeddings/openai-embedder.js';
import { countVectorsByModel } from '../infra/db/stores/guideline-chunk-store.js';
import { createIngestStore, lastIngestRuns } from '../infra/db/stores/ingest-run-store.js';
import { readDatabaseStatus } from '../infra/db/stores/status-store.js';
import { countChunkLines, readChunksFile } from '../ingest/chunks-file.js';
import { downloadGuidelines, guidelinesDir } from '../ingest/download/index.js';
import { embedPendingChunks } from '../ingest/load/embed-pending-chunks.js';
import { loadIngestRecords } from '../ingest/load/load-records.js';
import { SAMPLE_CORPUS_DIR } from '../ingest/load-sample-corpus.js';
import { parseGuidelinesToFile } from '../ingest/parse-guidelines.js';
import { createProgress } from '../ingest/progress.js';
import { countPartFiles, listArticleFiles, listBookFolders } from '../ingest/read-guideline-books.js';
import type { Config } from '../infra/config/config.js';
import { cliProgram, loadConfigOrExit, openMigratedDatabase, runMain } from './runtime.js';

/**
 * The admin's path from nothing to a searchable corpus:
 *   npm run guidelines:download   NCBI Bookshelf packages -> data/guidelines/<accession>/*.nxml
 *   npm run guidelines:parse      .nxml -> data/chunks.jsonl   (--sample parses the shipped sample corpus)
 *   npm run guidelines:embed      data/chunks.jsonl -> database, then vectors for new or changed chunks
 *   npm run guidelines:status
 * Ctrl-C stops at a safe point; re-running continues where it stopped.
 */
const program = cliProgram('guidelines', 'Downloads, parses and loads WHO guidelines (npm run guidelines:parse -- --sample). Ctrl-C stops at a safe point; re-running continues where it stopped.');
// Read when a command runs, so --help needs no configuration.
let config: Config;
let chunksFile: string;
program.hook('preAction', () => {
  config = loadConfigOrExit();
  chunksFile = join(config.dataDir, 'chunks.jsonl');
});
const abort = new AbortController();
process.once('SIGINT', () => {
  process.stderr.write('\nstopping at the next safe point (Ctrl-C again to kill)...\n');
  abort.abort();
  process.once('SIGINT', () => process.exit(130));
});
const out = (line: string) => process.stdout.write(`${line}\n`);

async function download(): Promise<void> {
  const progress = createProgress({ label: 'packages' });
  const summary = await downloadGuidelines({
    baseUrl: config.guidelines.baseUrl,
    dataDir: config.dataDir,
    publisher: config.guidelines.publisher,
    ...(config.guidelines.accessions.length ? { accessions: config.guidelines.accessions } : {}),
    ...(config.guidelines.limit ? { limit: config.guidelines.limit } : {}),
    requestsPerSecond: config.guidelines.requestsPerSecond,
    extractLimits: config.guidelines.archiveCaps,
    signal: abort.signal,
    onProgress: (p) => {
      progress.setTotal(p.total);
      progress.update(p.done, `${(p.bytes / 1e6).toFixed(1)} MB`);
    },
  });
  progress.done(
    `download ${summary.aborted ? 'interrupted' : 'finished'}: ${summary.selected} selected, ${summary.downloaded} downloaded, ` +
      `${summary.skippedUpToDate} up to date, ${summary.failed.length} failed, ${summary.rejected.length} rejected, ` +
      `${(summary.bytes / 1e6).toFixed(1)} MB in ${summary.seconds.toFixed(1)} s`,
  );
  for (const p of summary.failed) out(`  failed ${p.accession}: ${p.reason}`);
  for (const p of summary.rejected) out(`  rejected ${p.accession}: ${p.reason}`);
  for (const p of summary.oversizedFiles) out(`  left out of ${p.accession}: ${p.reason}`);
  if (summary.notFound.length) out(`  not in file_list.csv: ${summary.notFound.join(', ')}`);
  if (summary.badRows.length) out(`  ${summary.badRows.length} unusable file_list.csv row(s)`);
}

async function parse(options: { sample?: boolean; from?: string }): Promise<void> {
  const root = options.sample ? SAMPLE_CORPUS_DIR : (options.from ?? guidelinesDir(config.dataDir));
  const folders = await listBookFolders(root);
  // Open-access JATS articles: loose .nxml files under the root, or under DATA_DIR/articles.
  const articles = [...(await listArticleFiles(root)), ...(await listArticleFiles(join(config.dataDir, 'articles')))];
  if (folders.length === 0 && articles.length === 0) throw new Error(`no book folders (with a TOC.nxml) or article files under ${root}; run npm run guidelines:download first`);
  const progress = createProgress({ label: 'part files' });
  progress.setTotal((await countPartFiles(folders)) + articles.length);
  let parts = 0;
  const summary = await parseGuidelinesToFile(folders, chunksFile, {
    languages: config.guidelines.languages,
    tokenBudget: config.guidelines.tokenBudget,
    kind: root === SAMPLE_CORPUS_DIR ? 'sample' : 'bookshelf',
    articles,
    signal: abort.signal,
    onPart: () => progress.update(++parts),
    onFileError: (file, error) => process.stderr.write(`\nskipped ${file}: ${error.message}\n`),
  });
  progress.done(
    `parse ${abort.signal.aborted ? 'interrupted (chunks file left as it was)' : 'finished'}: ${summary.books} books, ${summary.parts} parts, ` +
      `${summary.skippedParts} skipped (front matter, references, other languages), ${summary.malformedFiles} malformed, ` +
      `${summary.chunks} chunks (${summary.oversizedChunks} over the ${config.guidelines.tokenBudget}-token budget), ` +
      `${(summary.bytes / 1e6).toFixed(1)} MB in ${summary.seconds.toFixed(1)} s on ${summary.threads || 'no'} worker threads; ${summary.changed ? 'chunks file changed' : 'no changes'}`,
  );
}

async function embed(): Promise<void> {
  const { db } = await openMigratedDatabase(config);
  const store = createIngestStore(db);
  const runId = await store.startRun('embed');
  try {
    const progress = createProgress({ label: 'chunk lines' });
    progress.setTotal(await countChunkLines(chunksFile));
    const load = await loadIngestRecords(store, readChunksFile(chunksFile), { signal: abort.signal, onProgress: (n) => progress.update(n) });
    progress.done(
      `load ${load.interrupted ? 'interrupted' : 'finished'}: ${load.sources} sources; chunks ${load.inserted} inserted, ${load.updated} updated, ` +
        `${load.unchanged} unchanged, ${load.deleted} deleted`,
    );
    let embedded = 0;
    if (config.embeddings.kind === 'none') {
      out('no embedding provider configured (EMBEDDING_MODEL): chunks are loaded without vectors; retrieval uses full text');
    } else if (!load.interrupted) {
      const e = config.embeddings;
      const embedder = createOpenAiEmbedder({ baseUrl: e.baseUrl, apiKey: e.apiKey, model: e.model, dimensions: e.dimensions });
      const bar = createProgress({ label: 'embedded' });
      const result = await embedPendingChunks(store, embedder, {
        batchSize: e.batchSize,
        concurrency: e.concurrency,
        signal: abort.signal,
        onProgress: (done, total) => {
          bar.setTotal(total);
          bar.update(done);
        },
        onBatchError: (error) => process.stderr.write(`\nembedding batch failed (will retry next run): ${error instanceof Error ? error.message : String(error)}\n`),
      });
      embedded = result.embedded;
      bar.done(`embed ${result.interrupted ? 'interrupted' : 'finished'}: ${result.embedded}/${result.pending} chunks embedded with ${result.model}, ${result.failedBatches} failed batches`);
    }
    const changes = load.inserted + load.updated + load.deleted + embedded;
    out(changes === 0 ? 'no changes' : `${changes} changes`);
    await store.finishRun(runId, { status: load.interrupted || abort.signal.aborted ? 'interrupted' : 'succeeded', stats: { ...load, embedded } });
  } catch (error) {
    await store.finishRun(runId, { status: 'failed', stats: {}, error: error instanceof Error ? error.message : String(error) });
    throw error;
  } finally {
    await db.close();
  }
}

async function status(): Promise<void> {
  const { db } = await openMigratedDatabase(config);
  try {
    const s = await readDatabaseStatus(db);
    out(`sources: ${s.sources}`);
    out(`chunks: ${s.chunks}`);
    const vectors = await countVectorsByModel(db);
    if (vectors.length === 0) out('chunks with vectors: none (retrieval uses full text only)');
    for (const v of vectors) out(`chunks with vectors: ${v.chunks} by ${v.model} (${v.dimensions} dimensions)`);
    out(`embedding provider: ${config.embeddings.kind === 'none' ? 'none configured' : config.embeddings.model}`);
    const runs = await lastIngestRuns(db);
    if (runs.length === 0) out('last run: none');
    for (const r of runs) out(`last ${r.stage}: ${r.status} at ${r.startedAt.toISOString()} ${JSON.stringify(r.stats ?? {})}`);
  } finally {
    await db.close();
  }
}

program.command('download').description('NCBI Bookshelf packages -> DATA_DIR/guidelines/<accession>/*.nxml').action(download);
program
  .command('parse')
  .description('.nxml book folders and articles -> DATA_DIR/chunks.jsonl')
  .option('--sample', 'parse the sample corpus shipped in corpus/sample')
  .option('--from <dir>', 'parse the book folders under <dir> instead of DATA_DIR/guidelines')
  .action(parse);
program.command('embed').description('DATA_DIR/chunks.jsonl -> database, then vectors for new or changed chunks').action(embed);
program.command('status').description('what the database holds: sources, chunks, vectors, last runs').action(status);
runMain(async () => {
  await program.parseAsync();
});
