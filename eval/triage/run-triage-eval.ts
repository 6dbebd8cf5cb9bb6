/**
 * `npm run eval:triage`: danger-sign triage on cases written from WHO's decision tables by writers who
 * never read the code (eval/triage/sets/*). Prints sensitivity and specificity overall and per source,
 * age group and language, then every miss and false alarm.
 */
import { existsSync, readdirSync } from 'node:fs';
import { Command } from 'commander';
import { percent, readTriageCases, runTriageCase, summarise } from './triage-eval.js';

const SETS = new URL('./sets/', import.meta.url);
// Piped into `head`, the reader may close early: that ends the output, it is no failure.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(0);
  throw error;
});
const program = new Command('eval:triage')
  .description('Danger-sign triage against independent WHO-table cases: sensitivity, specificity and every miss.')
  .option('--set <name>', 'a folder under eval/triage/sets (default: every set)')
  .option('--half <half>', 'dev, report or all (a set without halves is all)', 'all')
  .option('--quiet', 'totals only, no list of misses');
program.parse();
const options = program.opts<{ set?: string; half: string; quiet?: boolean }>();

const sets = options.set ? [options.set] : readdirSync(SETS).filter((name) => existsSync(new URL(`${name}/cases.jsonl`, SETS)));
if (sets.length === 0) {
  process.stderr.write('eval:triage: no sets under eval/triage/sets\n');
  process.exit(64);
}
const out = process.stdout;
for (const set of sets) {
  const path = new URL(`${set}/cases.jsonl`, SETS);
  if (!existsSync(path)) {
    process.stderr.write(`eval:triage: no set ${set} (${path.pathname})\n`);
    process.exit(64);
  }
  const cases = readTriageCases(path.pathname).filter((c) => options.half === 'all' || c.half === options.half);
  const results = cases.map(runTriageCase);
  const summary = summarise(results);
  out.write(`\n== ${set} (${options.half}): ${cases.length} cases\n`);
  out.write(`sensitivity ${percent(summary.sensitivity)} (${summary.sensitivity.caught}/${summary.sensitivity.of})   specificity ${percent(summary.specificity)} (${summary.specificity.caught}/${summary.specificity.of})\n`);
  for (const [group, rates] of summary.by) {
    out.write(`  ${group.padEnd(28)} sensitivity ${percent(rates.sensitivity).padStart(6)} (${rates.sensitivity.caught}/${rates.sensitivity.of})  specificity ${percent(rates.specificity).padStart(6)} (${rates.specificity.caught}/${rates.specificity.of})\n`);
  }
  if (options.quiet) continue;
  for (const result of results.filter((r) => !r.correct)) {
    const kind = result.case.expect === 'refer' ? 'MISS       ' : 'FALSE ALARM';
    out.write(`${kind} ${result.case.id} [${result.case.language}, ${result.case.age_group}] ${result.case.sign}${result.signs.length ? ` -> ${result.signs.join(', ')}` : ''}\n`);
    for (const message of result.case.messages) out.write(`    > ${message}\n`);
  }
}
