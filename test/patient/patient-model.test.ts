import { describe, expect, it } from 'vitest';
import { ageGroupOf, ageInMonths, toMonths } from '../../src/patient/age.js';
import { pregnancyStatus, trimesterForWeeks, withLaterDemographics, withoutStatedPostpartum } from '../../src/patient/pregnancy.js';
import { conditionStatedAbsent, withoutNegatedPhrases } from '../../src/patient/negation.js';
import { resultPolarity, resultUnavailable } from '../../src/patient/test-result.js';

describe('the patient model', () => {
  it.each([
    [{ ageMonths: 1.4 }, 'young_infant'],
    [{ ageMonths: 2 }, 'child'],
    [{ ageYears: 4, ageMonths: 59 }, 'child'],
    [{ ageYears: 5 }, 'older_child'],
    [{ ageYears: 9 }, 'older_child'],
    [{ ageYears: 10 }, 'adolescent'],
    [{ ageYears: 19 }, 'adolescent'],
    [{ ageYears: 20 }, 'adult'],
    [{ ageYears: 64 }, 'adult'],
  ] as const)('puts %j in the WHO age group %s', (d, group) => {
    expect(ageGroupOf(d)).toBe(group);
  });

  it('converts ages from any unit to months', () => {
    expect(toMonths(6, 'week')).toBeCloseTo(1.38, 2);
    expect(toMonths(10, 'day')).toBeCloseTo(0.33, 2);
    expect(toMonths(3, 'year')).toBe(36);
    expect(ageInMonths({ ageYears: 2 })).toBe(24);
    expect(ageInMonths({})).toBeUndefined();
  });

  it('gives a pregnancy status with its states', () => {
    expect(pregnancyStatus({ sex: 'female', ageYears: 25, pregnant: true, gestationWeeks: 10 })).toEqual({ state: 'pregnant', weeks: 10, trimester: 1 });
    expect(pregnancyStatus({ sex: 'female', ageYears: 28, pregnant: false, postpartum: true })).toEqual({ state: 'postpartum' });
    expect(pregnancyStatus({ sex: 'male', ageYears: 30 })).toEqual({ state: 'cannot_be_pregnant', reason: 'male' });
    expect(pregnancyStatus({ sex: 'female', ageYears: 64 })).toEqual({ state: 'cannot_be_pregnant', reason: 'too_old' });
    expect(pregnancyStatus({ sex: 'female', ageYears: 8 })).toEqual({ state: 'cannot_be_pregnant', reason: 'too_young' });
    expect(pregnancyStatus({ sex: 'female', ageYears: 30 })).toEqual({ state: 'unknown' });
    expect(pregnancyStatus({ sex: 'female', ageYears: 30, pregnant: false })).toEqual({ state: 'not_pregnant' });
    expect([13, 14, 27, 28].map(trimesterForWeeks)).toEqual([1, 2, 2, 3]);
  });

  it('drops negated phrases from query text', () => {
    expect(withoutNegatedPhrases('alert, drinking normally, no sunken eyes')).toBe('alert, drinking normally,');
    // Not able to drink or breastfeed is a danger sign that is present, not a negated one.
    expect(withoutNegatedPhrases('unconscious, not able to breastfeed, no cough')).toBe('unconscious, not able to breastfeed,');
    expect(withoutNegatedPhrases('no longer able to drink')).toBe('no longer able to drink');
  });

  it('reads a diagnosis of what the patient does not have, and not a grade, a course or a doubt', () => {
    expect(conditionStatedAbsent('no anaemia')).toBe('anaemia');
    expect(conditionStatedAbsent('TB ruled out')).toBe('TB');
    expect(conditionStatedAbsent('without malaria')).toBe('malaria');
    for (const present of ['malaria, not severe', 'non-severe malaria', 'no danger signs pneumonia', 'no improvement on AL', 'no weight gain on RUTF', 'not yet confirmed hypertension', 'not able to drink', 'HIV negative']) {
      expect(conditionStatedAbsent(present), present).toBeUndefined();
    }
  });

  it('reads a test result one way for the extractor and the plan: words, plus signs, reactive, seen', () => {
    for (const positive of ['positive', 'pos', '+ve', '+ ve', '+', '+++', 'reactive', 'RDT +', 'protein ++', 'parasites seen', 'After a positive result']) {
      expect(resultPolarity(positive), positive).toBe('positive');
    }
    for (const negative of ['negative', 'neg', '-ve', 'non-reactive', 'nonreactive', 'HIV non reactive', 'parasites not seen', 'absent', 'when the test is negative']) {
      expect(resultPolarity(negative), negative).toBe('negative');
    }
    for (const none of ['RDT done', 'fever 3 days', 'BP 140/90', 'A+B', 'RDT - waiting']) expect(resultPolarity(none), none).toBeUndefined();
  });

  it('reads a test that could not be done as no result, neither positive nor negative', () => {
    for (const unavailable of ['RDT not available', 'no RDT', 'test kits finished', 'RDT not done', 'mRDTs out of stock']) expect(resultUnavailable(unavailable), unavailable).toBe(true);
    for (const done of ['RDT positive', 'RDT negative', 'no fever', 'RDT done', 'not available: RDT positive']) expect(resultUnavailable(done), done).toBe(false);
  });

  it('leaves the words for the weeks after birth out of a diagnosis when the demographics already say so', () => {
    const delivered = { sex: 'female' as const, ageYears: 30, postpartum: true, daysSinceDelivery: 5 };
    expect(withoutStatedPostpartum('BP high after delivery', delivered)).toBe('BP high');
    expect(withoutStatedPostpartum('postpartum pre-eclampsia', delivered)).toBe('pre-eclampsia');
    // Nothing else left: the diagnosis is kept whole.
    expect(withoutStatedPostpartum('postpartum', delivered)).toBe('postpartum');
    // Her state is not known from the demographics: the words are what says it.
    expect(withoutStatedPostpartum('BP high after delivery', { sex: 'female', ageYears: 30 })).toBe('BP high after delivery');
  });

  it('keeps a delivery the consult knows of over a later bare pregnancy word, and takes a later delivery or gestation', () => {
    const delivered = { sex: 'female' as const, ageYears: 26, pregnant: false, postpartum: true, daysSinceDelivery: 21 };
    // "HIV known since her pregnancy" in a later message speaks of the pregnancy that ended.
    expect(pregnancyStatus(withLaterDemographics(delivered, { pregnant: true }))).toEqual({ state: 'postpartum', daysSinceDelivery: 21 });
    // A gestation said later is a correction: she is pregnant.
    expect(pregnancyStatus(withLaterDemographics(delivered, { pregnant: true, gestationWeeks: 30, trimester: 3 }))).toEqual({ state: 'pregnant', weeks: 30, trimester: 3 });
    // A delivery said later ends the pregnancy known before, and its weeks with it.
    const pregnant = { sex: 'female' as const, ageYears: 26, pregnant: true, gestationWeeks: 38, trimester: 3 as const };
    expect(withLaterDemographics(pregnant, { pregnant: false, postpartum: true, daysSinceDelivery: 1 })).toEqual({ sex: 'female', ageYears: 26, pregnant: false, postpartum: true, daysSinceDelivery: 1 });
  });
});
