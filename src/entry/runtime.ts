import { fileURLToPath } from 'node:url';
import { Command } from 'commander';
import pino, { type DestinationStream } from 'pino';
import { isAppError, SETUP_ERROR_CODES } from '../core/app-error.js';
import { settlesWithin } from '../core/settles-within.js';
import type { Config } from '../infra/config/config.js';
import { loadConfigWithEnvFile } from '../infra/config/env-file.js';
import { storageFailure } from '../infra/db/data-dir-check.js';
import { applyMigrations, readMigrations, type MigrationResult } from '../infra/db/migrate.js';
import { openDatabase, type Database } from '../infra/db/open-database.js';
import { startHealthServer, type HealthServer } from '../infra/health/health-server.js';
import { createLogger, type Logger } from '../infra/log/logger.js';

/** Exit code for a set-up the operator must fix (sysexits EX_CONFIG). */
export const EXIT_CONFIG = 78;
/** Exit code for a command line the operator must correct, AppError `bad_usage` (sysexits EX_USAGE). */
export const EXIT_USAGE = 64;

/** Shared start-up for every entry point: validated config, logger, database. */
export const MIGRATIONS_DIR = fileURLToPath(new URL('../../prisma/migrations', import.meta.url));

/**
 * The command line of an entry point (commander): `--help` prints `description`; an unknown option or
 * argument is refused with a usage line. Parse it before reading config, so --help needs no set-up.
 */
export function cliProgram(name: string, description: string): Command {
  // A command line to correct exits 64 (EX_USAGE) like `bad_usage`, not commander's 1; --help exits 0.
  return new Command(name)
    .description(description)
    .showHelpAfterError()
    .exitOverride((error) => process.exit(error.exitCode === 0 ? 0 : EXIT_USAGE));
}

/**
 * Reads and validates the environment over `.env` (ENV_FILE; the environment wins); on a bad value, in
 * either, prints which variable and exits 78 (config error).
 */
export function loadConfigOrExit(env: NodeJS.ProcessEnv = process.env): Config {
  try {
    return loadConfigWithEnvFile(env);
  } catch (error) {
    if (isAppError(error, 'bad_config')) {
      process.stderr.write(`${error.message}\n`);
      process.exit(EXIT_CONFIG);
    }
    throw error;
  }
}

/**
 * The process's logger: JSON lines to LOG_FILE (appended) when set, else to stderr, so stdout holds only
 * what a command prints for its user. `fallbackFile` is used when LOG_FILE is unset (the terminal chat on
 * a terminal, where stderr would print inside the conversation).
 */
export function loggerFor(config: Config, options: { level?: Config['logLevel']; fallbackFile?: string } = {}): Logger {
  const file = config.logFile ?? options.fallbackFile;
  return createLogger({ level: options.level ?? config.logLevel, destination: logDestination(file) });
}

/** Where loggerFor writes: the file (its folder created if missing), or stderr. */
export function logDestination(file: string | undefined): DestinationStream {
  return file === undefined ? pino.destination(2) : pino.destination({ dest: file, append: true, mkdir: true, sync: true });
}

/**
 * Opens the configured database (embedded PGlite by default) and brings its schema up to date. On the
 * embedded database a migration that fails on its storage (a damaged file, a full disk) is AppError
 * `data_dir` (exit 78).
 */
export async function openMigratedDatabase(config: Config): Promise<{ db: Database; migrations: MigrationResult }> {
  const db = await openDatabase(config.database);
  try {
    const migrations = await applyMigrations(db.sql, await readMigrations(MIGRATIONS_DIR));
    return { db, migrations };
  } catch (error) {
    await db.close().catch(() => undefined);
    throw explainStorageFailure(db, error);
  }
}

/**
 * Runs `work` on the migrated database, then closes it. On the embedded database a query that fails on
 * its storage (a table file found damaged, a full disk) ends as AppError `data_dir` naming the directory
 * and the fix, not as the driver's error.
 */
export async function withMigratedDatabase<T>(config: Config, work: (opened: { db: Database; migrations: MigrationResult }) => Promise<T>): Promise<T> {
  const opened = await openMigratedDatabase(config);
  let result: T;
  try {
    result = await work(opened);
  } catch (error) {
    await opened.db.close().catch(() => undefined);
    throw explainStorageFailure(opened.db, error);
  }
  await opened.db.close();
  return result;
}

function explainStorageFailure(db: Database, error: unknown): unknown {
  if (db.dataDir === undefined || isAppError(error, 'data_dir')) return error;
  return storageFailure(db.dataDir, error) ?? error;
}

/** True when the database answers `SELECT 1` within `withinMs` (default 2,000 ms); never rejects. */
export async function databaseAnswers(db: Database, withinMs = 2_000): Promise<boolean> {
  const probe = db.sql.query('SELECT 1').then(
    () => true,
    () => false,
  );
  return (await settlesWithin(probe, withinMs)) && (await probe);
}

/**
 * Starts GET /healthz on HEALTH_HOST:HEALTH_PORT when HEALTH_PORT is set (a container's health check
 * asks it); healthy while `probe` (the database answering, say) resolves true. Call it once start-up is
 * done, so "healthy" also means "started".
 */
export async function startHealthIfConfigured(config: Config, logger: Logger, probe: () => Promise<boolean>): Promise<HealthServer | undefined> {
  if (!config.health) return undefined;
  const server = await startHealthServer({ ...config.health, probe });
  logger.info({ host: config.health.host, port: server.port }, 'health endpoint listening');
  return server;
}

/**
 * Runs `main`, reporting an uncaught error in one line (no stack for known failures): exit code 78 for
 * a set-up the operator must fix (like a bad or missing variable), 64 for a command line to correct
 * (`bad_usage`), 1 otherwise.
 */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    const message = error instanceof Error ? error.message : String(error);
    const code = isAppError(error) && SETUP_ERROR_CODES.has(error.code) ? EXIT_CONFIG : isAppError(error, 'bad_usage') ? EXIT_USAGE : 1;
    // Exit rather than set the code: a server, a timer or a database opened before the failure would
    // otherwise keep a half-started process alive (a bot whose setWebhook failed, serving nothing).
    process.stderr.write(`error: ${message}\n`, () => process.exit(code));
  });
}

/**
 * Graceful stop on SIGTERM or SIGINT: logs once, runs `shutdown` (the runtime's ordered shutdown), then
 * exits with the exit code already set (0 by default). A second signal while stopping is ignored.
 */
export function exitOnSignals(logger: Logger, name: string, shutdown: () => Promise<void>): void {
  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info({ signal, process: name }, 'stopping: no new work, draining what is in flight');
    void shutdown()
      .then(() => logger.info({ process: name }, 'stopped'))
      .catch((error: unknown) => logger.error({ error: error instanceof Error ? error.message : String(error) }, 'shutdown failed'))
      .finally(() => process.exit(process.exitCode ?? 0));
  };
  process.once('SIGTERM', () => stop('SIGTERM'));
  process.once('SIGINT', () => stop('SIGINT'));
}
