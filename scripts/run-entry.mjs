// `npm run <process>`: runs src/entry/<name>.ts through tsx (compiled as it loads) in development, and
// the build, dist/src/entry/<name>.js, when NODE_ENV=production, so a restarted bot or worker compiles
// nothing. Either way the entry runs in this process: signals reach it directly, with no second Node.
//
//   node scripts/run-entry.mjs <name> [args...]
import { existsSync } from 'node:fs';

const EXIT_CONFIG = 78;
const name = process.argv[2];
if (!name || !/^[a-z][a-z-]*$/.test(name)) {
  process.stderr.write('usage: node scripts/run-entry.mjs <entry> [args...] (an entry of src/entry)\n');
  process.exit(64);
}
// The entry parses its own command line (commander, from argv[2]): drop the entry's name.
process.argv.splice(2, 1);

if (process.env.NODE_ENV === 'production') {
  const built = new URL(`../dist/src/entry/${name}.js`, import.meta.url);
  if (!existsSync(built)) {
    process.stderr.write(`error: NODE_ENV=production runs the build, and dist/src/entry/${name}.js is missing: run npm run build first\n`);
    process.exit(EXIT_CONFIG);
  }
  await import(built.href);
} else {
  const { register } = await import('tsx/esm/api');
  register();
  await import(new URL(`../src/entry/${name}.ts`, import.meta.url).href);
}
