import { cliProgram, loadConfigOrExit, openMigratedDatabase, runMain } from './runtime.js';

/** `npm run db:migrate`: applies pending migrations to the configured database, idempotently. */
cliProgram('npm run db:migrate', 'Applies pending migrations to the configured database (DATABASE_URL, or the embedded PGlite); safe to run again.').parse();
runMain(async () => {
  const config = loadConfigOrExit();
  const where = config.database.kind === 'pglite' ? `embedded PGlite at ${config.database.dataDir}` : 'PostgreSQL (DATABASE_URL)';
  const { db, migrations } = await openMigratedDatabase(config);
  await db.close();
  process.stdout.write(
    `${where}: ${migrations.applied.length} migration(s) applied${migrations.applied.length ? ` (${migrations.applied.join(', ')})` : ''}, ${migrations.alreadyApplied.length} already applied.\n`,
  );
});
