/**
 * CPU time of triage and offline extraction against message length (issue 9: both were quadratic,
 * about 10 s for 100 KB). Prints one line per size; run with `npx tsx bench/triage-length.ts`.
 */
import { extractFacts } from '../src/consult/offline/extract-facts.js';
import { detectDangerSigns } from '../src/consult/triage/detect-danger-signs.js';

const UNIT = 'child 3 years, fever 3 days, no convulsions, not vomiting everything, cough, RDT positive; ';
const NO_PUNCTUATION = 'fever cough no fits vomiting ';

function cpuMs(run: () => void): number {
  const start = process.cpuUsage();
  run();
  return process.cpuUsage(start).user / 1000;
}

for (const kb of [25, 50, 100, 200]) {
  const size = kb * 1024;
  const text = UNIT.repeat(Math.ceil(size / UNIT.length)).slice(0, size);
  const flat = NO_PUNCTUATION.repeat(Math.ceil(size / NO_PUNCTUATION.length)).slice(0, size);
  const triage = cpuMs(() => detectDangerSigns(text));
  const extraction = cpuMs(() => extractFacts(text));
  const flatBoth = cpuMs(() => {
    detectDangerSigns(flat);
    extractFacts(flat);
  });
  console.log(`${kb} KB: triage ${triage.toFixed(0)} ms, extraction ${extraction.toFixed(0)} ms, one clause (triage + extraction) ${flatBoth.toFixed(0)} ms`);
}
