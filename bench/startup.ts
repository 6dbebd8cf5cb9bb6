/**
 * bench:startup - start-up time and peak RSS of the long-running processes under tsx (development:
 * TypeScript compiled as it loads) against the build (`npm run build`, NODE_ENV=production). Each run
 * is `<entry> --help` in a fresh process: every module of the process is loaded before the command line
 * is parsed, so it times loading the program, not the database or network it would open next. tsx keeps
 * a transform cache, so its runs after the first are its warm figure. Baseline: tsx, measured in this run.
 * Prints numbers, asserts no timing.
 *
 *   tsx bench/startup.ts [--runs 5] [--quick] [--dist DIR]   (builds into a temporary DIR when none is given)
 */
import { execFile, spawn } from 'node:child_process';
import { mkdtemp, rm, symlink } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { benchArgs } from './support/bench-args.js';
import { formatTable, mib, num, ratio, type TableRow } from './support/format-table.js';
import { percentile } from './support/percentile.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
const flags = benchArgs(
  'npm run bench:startup --',
  'Start-up time and peak RSS of bot, worker and review: tsx against the build.',
  { runs: 'runs per process (default 5, 2 with --quick)', quick: 'two runs per process', dist: 'a build made before (default: build into a temporary folder)' },
  { options: { runs: { type: 'string' }, quick: { type: 'boolean', default: false }, dist: { type: 'string' } } },
);
const RUNS = Number(flags.runs ?? (flags.quick ? 2 : 5));
const PROCESSES = ['bot', 'worker', 'review'];
// Reports the process' peak RSS (KiB) on stderr as it exits, whatever loaded it.
const RSS_PROBE = `data:text/javascript,process.on('exit',()=>process.stderr.write('@@maxrss '+process.resourceUsage().maxRSS+'\\n'))`;

interface Sample {
  ms: number;
  rssBytes: number;
}

async function once(args: string[], env: NodeJS.ProcessEnv): Promise<Sample> {
  const started = performance.now();
  const child = spawn(process.execPath, ['--import', RSS_PROBE, ...args], { cwd: ROOT, env, stdio: ['ignore', 'ignore', 'pipe'] });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (text: string) => (stderr += text));
  const code = await new Promise<number | null>((resolve, reject) => {
    child.once('error', reject);
    child.once('close', resolve);
  });
  const ms = performance.now() - started;
  const rss = /@@maxrss (\d+)/.exec(stderr)?.[1];
  if (code !== 0 || rss === undefined) throw new Error(`${args.join(' ')} exited ${code}: ${stderr.slice(0, 500)}`);
  return { ms, rssBytes: Number(rss) * 1024 };
}

async function measure(args: string[], env: NodeJS.ProcessEnv): Promise<{ p50: number; rss: number }> {
  const samples: Sample[] = [];
  for (let i = 0; i < RUNS; i += 1) samples.push(await once(args, env));
  return { p50: percentile(samples.map((s) => s.ms), 50), rss: percentile(samples.map((s) => s.rssBytes), 50) };
}

let built = flags.dist;
let temp: string | undefined;
if (!built) {
  temp = await mkdtemp(join(tmpdir(), 'bench-startup-'));
  await symlink(join(ROOT, 'node_modules'), join(temp, 'node_modules'), 'dir');
  built = join(temp, 'dist');
  const buildStart = performance.now();
  await promisify(execFile)(process.execPath, ['scripts/build.mjs', '--out-dir', built], { cwd: ROOT });
  process.stdout.write(`npm run build: ${num((performance.now() - buildStart) / 1000, 1)} s\n`);
}

try {
  const rows: TableRow[] = [];
  for (const name of PROCESSES) {
    const tsx = await measure(['--import', 'tsx', `src/entry/${name}.ts`, '--help'], { ...process.env, NODE_ENV: 'development' });
    const dist = await measure([join(built, 'src/entry', `${name}.js`), '--help'], { ...process.env, NODE_ENV: 'production' });
    rows.push([`${name}, tsx (baseline)`, num(tsx.p50), '1.00x', mib(tsx.rss), '1.00x']);
    rows.push([`${name}, build`, num(dist.p50), ratio(dist.p50, tsx.p50), mib(dist.rss), ratio(dist.rss, tsx.rss)]);
  }
  process.stdout.write(
    `${formatTable(`start-up to command line parsed (every module loaded), p50 of ${RUNS} runs`, ['process', 'ms', 'vs tsx', 'peak RSS, MiB', 'vs tsx'], rows)}\n`,
  );
} finally {
  if (temp) await rm(temp, { recursive: true, force: true });
}
