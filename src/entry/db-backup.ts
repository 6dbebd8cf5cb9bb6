import { Command } from 'commander';
import { dataDirError } from '../infra/db/data-dir-lock.js';
import { backupPgliteDataDir } from '../infra/db/pglite-backup.js';
import { loadConfigOrExit, runMain } from './runtime.js';

/** `npm run db:backup -- [--out FILE] [--force]`: a consistent copy of the embedded database (stop the bot first). */
const program = new Command('db:backup')
  .description('Write a consistent, gzipped copy of the embedded database (PGlite in DATA_DIR/pglite) to a file. Stop the bot, worker and review app first; on PostgreSQL use pg_dump (README).')
  .option('--out <file>', 'backup file to write', `chw-backup-${new Date().toISOString().slice(0, 19).replace(/[:T]/g, '-')}.tar.gz`)
  .option('--force', 'overwrite the file if it exists', false)
  .action(async (options: { out: string; force: boolean }) => {
    const config = loadConfigOrExit();
    if (config.database.kind !== 'pglite') throw dataDirError('DATABASE_URL is set: back up PostgreSQL with pg_dump (see README, "What runs where").');
    const { bytes } = await backupPgliteDataDir(config.database.dataDir, options.out, { force: options.force });
    process.stdout.write(`backed up ${config.database.dataDir} to ${options.out} (${(bytes / 1_048_576).toFixed(1)} MiB); restore with npm run db:restore -- ${options.out}\n`);
  });

runMain(async () => {
  await program.parseAsync(process.argv);
});
