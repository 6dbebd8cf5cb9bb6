import { Command } from 'commander';
import { dataDirError } from '../infra/db/data-dir-lock.js';
import { restorePgliteDataDir } from '../infra/db/pglite-backup.js';
import { loadConfigOrExit, runMain } from './runtime.js';

/** `npm run db:restore -- FILE [--force]`: loads a db:backup file into the embedded database's directory. */
const program = new Command('db:restore')
  .description('Load a file made by npm run db:backup into DATA_DIR/pglite. Refuses a directory that already holds a database unless --force. On PostgreSQL use pg_restore (README).')
  .argument('<file>', 'the backup file')
  .option('--force', 'move the current database aside (DATA_DIR/pglite.before-restore-<time>) and restore in its place', false)
  .action(async (file: string, options: { force: boolean }) => {
    const config = loadConfigOrExit();
    if (config.database.kind !== 'pglite') throw dataDirError('DATABASE_URL is set: restore PostgreSQL with pg_restore (see README, "What runs where").');
    const { movedAsideTo } = await restorePgliteDataDir(config.database.dataDir, file, { force: options.force });
    process.stdout.write(`restored ${file} into ${config.database.dataDir}${movedAsideTo ? `; the previous database is in ${movedAsideTo}` : ''}\n`);
  });

runMain(async () => {
  await program.parseAsync(process.argv);
});
