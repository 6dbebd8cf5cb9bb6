import { describe, expect, it } from 'vitest';
import { withIptInPregnancyNamed } from '../../src/patient/ipt-in-pregnancy.js';
import { buildQueryVariants } from '../../src/rag/build-queries.js';

const pregnant = { ageYears: 25, sex: 'female' as const, pregnant: true, gestationWeeks: 20 };

describe('"IPT" for a pregnant woman', () => {
  it('is the antenatal malaria prevention, IPTp', () => {
    expect(withIptInPregnancyNamed('IPT', [], pregnant)).toBe('IPTp');
    expect(withIptInPregnancyNamed('ipt for belle woman', [], pregnant)).toBe('IPTp for belle woman');
    expect(withIptInPregnancyNamed('IPT with SP', [{ category: 'history', value: 'HIV positive on ART' }], pregnant)).toBe('IPTp with SP');
  });

  it('stays as written when she is not pregnant, lives with HIV, or the diagnosis says which', () => {
    expect(withIptInPregnancyNamed('IPT', [], { ageYears: 30, sex: 'male' })).toBe('IPT');
    expect(withIptInPregnancyNamed('IPT', [{ category: 'history', value: 'HIV positive on ART' }], pregnant)).toBe('IPT');
    expect(withIptInPregnancyNamed('IPT, TB contact', [], pregnant)).toBe('IPT, TB contact');
    expect(withIptInPregnancyNamed('IPTp', [], pregnant)).toBe('IPTp');
  });

  it('searches for sulfadoxine-pyrimethamine in pregnancy, not isoniazid', () => {
    const { condition } = buildQueryVariants({ condition: 'IPT', demographics: pregnant, findings: [] });
    expect(condition).toMatch(/intermittent preventive treatment of malaria in pregnancy/);
    expect(condition).not.toMatch(/isoniazid/);
  });
});
