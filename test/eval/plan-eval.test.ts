import { describe, expect, it } from 'vitest';
import { runPlanEval } from '../../eval/plans/plan-eval.js';
import { PLAN_SCENARIOS } from '../../eval/plans/scenarios.js';

/**
 * The arbiter of plan safety (npm run eval:plans): every scenario through the real consult engine, with
 * extractive plans and with a deliberately unsafe Claude draft. No plan may recommend a drug or cite a
 * section its scenario forbids, and everything the scenarios say a plan must cite or say is there: a
 * scenario written for a fixed case fails here, by name, when the case comes back.
 */
describe('npm run eval:plans', () => {
  it('covers at least 40 patients across all ten sample books', () => {
    expect(PLAN_SCENARIOS.length).toBeGreaterThanOrEqual(40);
    expect(new Set(PLAN_SCENARIOS.map((s) => s.book)).size).toBe(10);
  });

  it('has no MUST NOT violation in either plan mode and meets every MUST', { timeout: 180_000 }, async () => {
    const summary = await runPlanEval();
    const violations = summary.results.flatMap((r) =>
      r.expectations.filter((e) => e.kind === 'must-not' && !e.passed).map((e) => `${r.mode} ${r.scenario.id}: ${e.description}: ${e.evidence ?? ''}`),
    );
    expect(violations).toEqual([]);
    expect(summary.results.filter((r) => r.mode === 'claude-unsafe-draft')).toHaveLength(PLAN_SCENARIOS.length);
    const missed = summary.results.flatMap((r) => r.expectations.filter((e) => e.kind === 'must' && !e.passed).map((e) => `${r.mode} ${r.scenario.id}: ${e.description}`));
    expect(missed).toEqual([]);
  });
});
