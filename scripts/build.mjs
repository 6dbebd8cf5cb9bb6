// `npm run build [-- --out-dir DIR]`: compiles every process (src/entry/*) with tsc into DIR (default
// dist) and copies the files the code reads at run time beside it, at the same place relative to the
// compiled code as in the repository (knowledge/*.yaml, prisma/migrations, corpus/sample). The result
// needs only a node_modules above or beside it: `node dist/src/entry/bot.js`.
import { spawnSync } from 'node:child_process';
import { cp, mkdir, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '..');
/** Read at run time relative to the compiled code (src/patient/knowledge-file.ts, src/entry/runtime.ts, src/ingest/load-sample-corpus.ts). */
const RUNTIME_FILES = ['knowledge', 'prisma/migrations', 'corpus/sample'];

const { values } = parseArgs({ options: { 'out-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
if (values.help) {
  process.stdout.write('Usage: npm run build [-- --out-dir DIR]\n\nCompiles every process to JavaScript in DIR (default dist) with the run-time files beside it.\n');
  process.exit(0);
}
const outDir = resolve(ROOT, values['out-dir'] ?? 'dist');

// A stale file of a deleted module must not survive into the build.
await rm(outDir, { recursive: true, force: true });
const tsc = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const compiled = spawnSync(process.execPath, [tsc, '-p', join(ROOT, 'tsconfig.build.json'), '--outDir', outDir], { stdio: 'inherit' });
if (compiled.status !== 0) process.exit(compiled.status ?? 1);

for (const path of RUNTIME_FILES) {
  await mkdir(dirname(join(outDir, path)), { recursive: true });
  await cp(join(ROOT, path), join(outDir, path), { recursive: true });
}
// The compiled files are ES modules wherever DIR is, even outside this package.
await writeFile(join(outDir, 'package.json'), `${JSON.stringify({ type: 'module', private: true }, null, 2)}\n`);
process.stdout.write(`built ${outDir}\n`);
