import { describe, expect, it } from 'vitest';
import { detectDangerSigns } from '../../../src/consult/triage/detect-danger-signs.js';
import { formatUrgentReferral } from '../../../src/consult/triage/format-urgent-referral.js';

describe('formatUrgentReferral', () => {
  it('names the signs seen and says to refer now', () => {
    const message = formatUrgentReferral(detectDangerSigns('child fitting and cannot drink'));
    expect(message).toMatch(/^URGENT: danger signs seen\n- Convulsions \(fits\)\n- Not able to drink or breastfeed\n/);
    expect(message).toContain('Refer NOW to the nearest health facility');
  });

  it('gives first aid for the signs seen, and only for those', () => {
    const fits = formatUrgentReferral(detectDangerSigns('convulsions'));
    expect(fits).toContain('lay the patient on the side');
    expect(fits).not.toContain('lying down with the legs raised');

    const bleeding = formatUrgentReferral(detectDangerSigns('heavy bleeding after delivery'));
    expect(bleeding).toContain('Heavy vaginal bleeding');
    expect(bleeding).toContain('legs raised');
    expect(bleeding).not.toContain('If fitting');
  });

  it('tells the health worker to keep a feverish young infant warm and breastfeeding on the way', () => {
    const message = formatUrgentReferral(detectDangerSigns('6 week old, fever since last night', { ageMonths: 1.5 }));
    expect(message).toContain('- Fever in a young infant (under 2 months)');
    expect(message).toContain('Keep the baby warm');
  });

  it('never states a dose', () => {
    const everything = detectDangerSigns(
      'pregnant, fits, unconscious, cannot drink, vomits everything, grunting, chest indrawing, stiff neck and fever, ' +
        'heavy bleeding PV, severe headache and blurred vision, severe abdominal pain, chest pain, sunken eyes',
    );
    expect(everything.length).toBeGreaterThanOrEqual(10);
    const message = formatUrgentReferral(everything);
    expect(message).not.toMatch(/\d/);
    expect(message).not.toMatch(/\b(?:mg|ml|tablets?|dose)\b/i);
  });

  it('stays short enough for one phone screen even with every sign', () => {
    const message = formatUrgentReferral(
      detectDangerSigns('pregnant, fits, unconscious, cannot drink, grunting, heavy bleeding PV, chest pain'),
    );
    expect(message.length).toBeLessThan(1200);
    expect(message.split('\n').length).toBeLessThanOrEqual(20);
  });

  it('says one sign in the singular', () => {
    expect(formatUrgentReferral(detectDangerSigns('lethargic'))).toMatch(/^URGENT: danger sign seen\n/);
  });

  it('is empty when there is nothing to refer', () => {
    expect(formatUrgentReferral([])).toBe('');
  });
});
