/**
 * Vitest global set-up: compiles every process once per test run (tsc, incremental) into
 * node_modules/.cache/chw-test-build, so the tests that start the bot, the worker or the chat as real
 * processes start compiled JavaScript, as production does, instead of compiling through tsx at every
 * start. The run-time files the code reads relative to itself are linked beside the build. Set
 * TEST_ENTRY_BUILD=0 to run those processes through tsx instead.
 */
import { execFile } from 'node:child_process';
import { mkdir, rm, symlink, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));
/** Inside node_modules: module resolution from the build finds the project's node_modules above it. */
const BUILD = join(ROOT, 'node_modules/.cache/chw-test-build');
const RUNTIME_FILES = ['knowledge', 'prisma/migrations', 'corpus/sample'];

export default async function setup(): Promise<void> {
  if (process.env.TEST_ENTRY_BUILD === '0') {
    delete process.env.TEST_ENTRY_BUILD;
    return;
  }
  const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
  await promisify(execFile)(
    process.execPath,
    [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', BUILD, '--incremental', '--tsBuildInfoFile', join(BUILD, '.tsbuildinfo')],
    { cwd: ROOT, timeout: 300_000 },
  ).catch((error: Error & { stdout?: string }) => {
    throw new Error(`the test build (tsc -p tsconfig.build.json) failed:\n${error.stdout ?? error.message}`);
  });
  for (const path of RUNTIME_FILES) {
    const link = join(BUILD, path);
    await mkdir(dirname(link), { recursive: true });
    await rm(link, { recursive: true, force: true });
    await symlink(join(ROOT, path), link, 'dir');
  }
  await writeFile(join(BUILD, 'package.json'), `${JSON.stringify({ type: 'module', private: true })}\n`);
  process.env.TEST_ENTRY_BUILD = BUILD;
}
