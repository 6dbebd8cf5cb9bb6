import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The node arguments that start src/entry/<name>: the compiled build the test run made once
 * (test/support/build-entries.ts sets TEST_ENTRY_BUILD), or the TypeScript source through tsx when a
 * test runs without it. A process through tsx spends about 2 s of every start compiling.
 */
export function entryArgs(name: string): string[] {
  const build = process.env.TEST_ENTRY_BUILD;
  if (build) return [join(build, 'src/entry', `${name}.js`)];
  const tsx = pathToFileURL(join(ROOT, 'node_modules/tsx/dist/loader.mjs')).href;
  return ['--import', tsx, join(ROOT, 'src/entry', `${name}.ts`)];
}
