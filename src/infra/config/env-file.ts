import { readFileSync } from 'node:fs';
import { parseEnv } from 'node:util';
import { isAppError } from '../../core/app-error.js';
import { configError, loadConfig, type Config } from './config.js';

/** The file read when ENV_FILE is unset: `.env` in the current directory, as `.env.example` says. */
export const DEFAULT_ENV_FILE = '.env';

/**
 * The variables of the env file (`ENV_FILE`, default `.env`; `ENV_FILE=` reads none) under those of the
 * environment: a variable set in the environment wins. A missing default `.env` is no error; a missing
 * file named by ENV_FILE is AppError bad_config.
 */
export function readEnvFile(env: Record<string, string | undefined>): { vars: Record<string, string | undefined>; file: string | null; fromFile: Set<string> } {
  const file = env.ENV_FILE ?? DEFAULT_ENV_FILE;
  if (file === '') return { vars: env, file: null, fromFile: new Set() };
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT' && env.ENV_FILE === undefined) return { vars: env, file: null, fromFile: new Set() };
    throw configError([`ENV_FILE: cannot read ${file} (${(error as NodeJS.ErrnoException).code ?? 'error'})`]);
  }
  const parsed = parseEnv(text);
  const fromFile = new Set(Object.keys(parsed).filter((name) => env[name] === undefined));
  return { vars: { ...parsed, ...env }, file, fromFile };
}

/**
 * The validated config from the environment and the env file (see `readEnvFile`), with the same rules
 * and errors as `loadConfig`; a bad value that came from the file says so ("(set in .env)").
 */
export function loadConfigWithEnvFile(env: Record<string, string | undefined>): Config {
  const { vars, file, fromFile } = readEnvFile(env);
  try {
    return loadConfig(vars);
  } catch (error) {
    if (!isAppError(error, 'bad_config') || file === null || fromFile.size === 0) throw error;
    const problems = (error.details as { problems?: string[] } | undefined)?.problems ?? [];
    throw configError(problems.map((problem) => (fromFile.has(problem.split(':')[0] ?? '') ? `${problem} (set in ${file})` : problem)));
  }
}
