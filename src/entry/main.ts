import { readDatabaseStatus } from '../infra/db/stores/status-store.js';
import { createIngestStore } from '../infra/db/stores/ingest-run-store.js';
import { loadSampleCorpusIfEmpty } from '../ingest/load-sample-corpus.js';
import { cliProgram, loadConfigOrExit, runMain, withMigratedDatabase } from './runtime.js';

/**
 * `npm start`: the main job on the embedded default. For now it creates and migrates the database and
 * prints its status; the terminal consult grows here.
 */
cliProgram('npm start', 'Creates and migrates the database (embedded PGlite unless DATABASE_URL is set), loads the sample corpus on first run, and prints its status.').parse();
runMain(async () => {
  const config = loadConfigOrExit();
  await withMigratedDatabase(config, async ({ db, migrations }) => {
    const sample = await loadSampleCorpusIfEmpty(createIngestStore(db), { tokenBudget: config.guidelines.tokenBudget });
    if (sample) process.stdout.write(`First run: loaded the sample corpus (${sample.sources} books, ${sample.inserted} sections; sample content, not clinical guidance).\n`);
    const status = await readDatabaseStatus(db);
    const where = config.database.kind === 'pglite' ? `embedded PGlite at ${config.database.dataDir}` : 'PostgreSQL';
    process.stdout.write(
      [
        `Database: ${where} (${db.backend})`,
        `Migrations: ${status.migrations.length} applied${migrations.applied.length ? `, ${migrations.applied.length} just now` : ''}`,
        `Guideline sources: ${status.sources}, chunks: ${status.chunks}, with vectors: ${status.chunksWithVectors}`,
        `Health workers: ${status.healthWorkers}, consults: ${status.consults}`,
        `LLM: ${config.llm.kind === 'anthropic' ? 'Claude' : 'offline protocol mode'}; jobs: ${config.redisUrl ? 'BullMQ on Redis' : 'in-process'}`,
        '',
      ].join('\n'),
    );
  });
});
