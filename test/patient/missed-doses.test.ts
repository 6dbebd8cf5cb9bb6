import { describe, expect, it } from 'vitest';
import type { Finding } from '../../src/patient/findings.js';
import { missesDoses } from '../../src/patient/missed-doses.js';

const history = (value: string, negated = false): Finding => ({ category: 'history', value, ...(negated ? { negated } : {}) });

describe('missed doses in the findings', () => {
  it('reads them as the offline extraction records them and as a model words them', () => {
    expect(missesDoses([history('missed medicines')])).toBe(true);
    expect(missesDoses([history('forgets her BP tablets some days')])).toBe(true);
    expect(missesDoses([history('skipped ART doses while travelling')])).toBe(true);
  });

  it('does not read them where none are missed', () => {
    expect(missesDoses([history('no missed medicines', true)])).toBe(false);
    expect(missesDoses([history('takes amlodipine every morning')])).toBe(false);
    expect(missesDoses([history('missed clinic appointment in March')])).toBe(false);
  });
});
