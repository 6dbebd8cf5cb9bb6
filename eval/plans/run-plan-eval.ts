/**
 * `npm run eval:plans`: the plan-level safety eval. Prints pass/fail per scenario and mode, every failed
 * expectation with the line or source that broke it, and the totals; exits 1 on any MUST NOT violation.
 */
import { InvalidArgumentError, Option } from 'commander';
import { cliProgram } from '../../src/entry/runtime.js';
import { runPlanEval, type PlanMode } from './plan-eval.js';
import { readBookSet } from './book-sets.js';
import { measurePlans } from './plan-measures.js';
import { PLAN_SCENARIOS } from './scenarios.js';

const MODES: readonly PlanMode[] = ['offline', 'claude-unsafe-draft'];
const collect = (value: string, previous: string[] = []) => [...previous, value];
const program = cliProgram(
  'npm run eval:plans',
  'Plan safety: every scenario through the consult engine (extractive and an unsafe Claude draft), MUST / MUST NOT per scenario; prints pass/fail, every failed expectation and the totals; exits 1 on any MUST NOT violation.',
)
  .option('--set <name>', 'run a book set from eval/plans/books/<name> (its books loaded beside the sample corpus) instead of the shipped scenarios')
  .option('--show <id>', "also print this scenario's whole transcript (repeatable)", collect)
  .option('--only <text>', 'run the scenarios whose id contains this text (repeatable)', collect)
  .addOption(
    new Option('--mode <mode>', 'run this mode only (repeatable)').choices(MODES).argParser((value: string, previous: PlanMode[] = []) => {
      const mode = MODES.find((m) => m === value);
      if (!mode) throw new InvalidArgumentError(`Allowed choices are ${MODES.join(', ')}.`);
      return [...previous, mode];
    }),
  )
  .parse();
const flags = program.opts<{ set?: string; show?: string[]; only?: string[]; mode?: PlanMode[] }>();
const show = new Set(flags.show ?? []);
const only = flags.only ?? [];
const mode = flags.mode ?? [];
const started = performance.now();
const bookSet = flags.set ? await readBookSet(flags.set) : undefined;
const allScenarios = bookSet?.scenarios ?? PLAN_SCENARIOS;
const summary = await runPlanEval({
  scenarios: only.length > 0 ? allScenarios.filter((s) => only.some((o) => s.id.includes(o))) : allScenarios,
  ...(bookSet ? { extraBooksDir: bookSet.booksDir } : {}),
  ...(mode.length > 0 ? { modes: mode } : {}),
});
const out = process.stdout;

for (const result of summary.results) {
  const failed = result.expectations.filter((e) => !e.passed);
  const musts = result.expectations.filter((e) => e.kind === 'must');
  const mark = failed.some((e) => e.kind === 'must-not') ? 'FAIL (MUST NOT)' : failed.length > 0 ? 'partial' : 'pass';
  out.write(
    `${mark.padEnd(16)} ${result.mode.padEnd(20)} ${result.scenario.id.padEnd(36)} ${result.scenario.book.padEnd(13)} MUST ${musts.filter((e) => e.passed).length}/${musts.length}\n`,
  );
  if (show.has(result.scenario.id)) for (const reply of result.transcript) out.write(`    | ${reply.replace(/\n/g, '\n    | ')}\n`);
  for (const expectation of failed) {
    out.write(`    ${expectation.kind === 'must-not' ? 'MUST NOT' : 'MUST'} ${expectation.description}${expectation.evidence ? `: ${expectation.evidence.slice(0, 200)}` : ''}\n`);
  }
}

const modes = [...new Set(summary.results.map((r) => r.mode))];
out.write(`\n${bookSet ? `set ${bookSet.name}\n` : ''}mode                 scenarios  passed  MUST NOT violations  MUST passed\n`);
for (const mode of modes) {
  const rows = summary.results.filter((r) => r.mode === mode).flatMap((r) => r.expectations);
  const musts = rows.filter((e) => e.kind === 'must');
  const mustNot = rows.filter((e) => e.kind === 'must-not' && !e.passed).length;
  const ofMode = summary.results.filter((r) => r.mode === mode);
  const passed = ofMode.filter((r) => r.expectations.every((e) => e.passed)).length;
  out.write(`${mode.padEnd(20)} ${String(ofMode.length).padStart(9)}  ${String(passed).padStart(6)}  ${String(mustNot).padStart(19)}  ${musts.filter((e) => e.passed).length}/${musts.length}\n`);
}
// What a health worker reads on a phone: characters before the Sources block, and plans giving two
// medicines of one class (two regimens for one illness).
out.write(`\nmode                 plans  chars before Sources: median  p90  several regimens\n`);
for (const mode of modes) {
  const m = measurePlans(summary.results.filter((r) => r.mode === mode).map((r) => r.plan));
  out.write(`${mode.padEnd(20)} ${String(m.plans).padStart(5)}  ${String(m.medianChars).padStart(28)}  ${String(m.p90Chars).padStart(4)}  ${`${(m.severalRegimens * 100).toFixed(1)}%`.padStart(16)}\n`);
}
const rate = summary.mustTotal === 0 ? 1 : summary.mustPassed / summary.mustTotal;
out.write(
  `\ntotal: ${summary.mustNotViolations} MUST NOT violations, MUST ${summary.mustPassed}/${summary.mustTotal} (${(rate * 100).toFixed(1)}%), ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
);
process.exitCode = summary.mustNotViolations > 0 ? 1 : 0;
