import { describe, expect, it } from 'vitest';
import { planJobId } from '../../src/consult/plan-job.js';

describe('the job id of a plan awaiting its job', () => {
  it('is the plan key at first, so enqueueing again is a no-op', () => {
    expect(planJobId('c1', 0)).toBe('plan:c1');
    expect(planJobId('c1', 119_000)).toBe('plan:c1');
  });
  it('changes every two minutes once the plan is overdue, so a lost job is replaced', () => {
    expect(planJobId('c1', 2 * 60_000)).toBe('plan:c1:retry-1');
    expect(planJobId('c1', 5 * 60_000)).toBe('plan:c1:retry-2');
    expect(planJobId('c1', 5 * 60_000)).toBe(planJobId('c1', 5.5 * 60_000));
  });
  it('stops retrying after half an hour', () => {
    expect(planJobId('c1', 31 * 60_000)).toBe('plan:c1');
  });
});
