import { describe, expect, it } from 'vitest';
import { detectDangerSigns, type DangerSignCode, type TriageContext } from '../../../src/consult/triage/detect-danger-signs.js';

type Case = readonly [text: string, expected: readonly DangerSignCode[], context?: TriageContext];

const codesOf = (text: string, context?: TriageContext): DangerSignCode[] => detectDangerSigns(text, context).map((hit) => hit.code);

const CHILD: TriageContext = { ageMonths: 18 };
const BABY: TriageContext = { ageMonths: 3 };
const PREGNANT: TriageContext = { ageYears: 24, pregnant: true };

/**
 * IMCI general danger signs and maternal danger signs as a caregiver or a CHW writes them without the
 * textbook term (what a fit, lethargy or heavy bleeding looks like to a mother), in West African
 * English and Pidgin too. Expected lists are exact.
 */
const LAY_AFFIRMED: readonly Case[] = [
  // Convulsions
  ['mother says he was shaking and his eyes rolled back', ['convulsions'], CHILD],
  ['her body was jerking and she foamed at the mouth', ['convulsions'], CHILD],
  ['the baby went stiff and was shaking all over', ['convulsions'], BABY],
  ['he dey shake shake, eye turn', ['convulsions'], CHILD],
  ['pikin dey jerk, eyes rolling', ['convulsions'], CHILD],
  ['arms and legs jerking', ['convulsions'], CHILD],
  ['she had a fitting episode last night', ['convulsions'], CHILD],
  ['eyes rolled up and body stiff', ['convulsions'], CHILD],
  ['the baby had jerky movements', ['convulsions'], BABY],
  ['she fit for house 1 hour ago', ['convulsions'], PREGNANT],
  ['pikin don fit two times since morning', ['convulsions'], CHILD],
  ['e dey fit', ['convulsions'], CHILD],
  // Lethargy / unconscious
  ["can't wake him", ['lethargic_or_unconscious'], CHILD],
  ['hard to wake up', ['lethargic_or_unconscious'], CHILD],
  ['he just lies there floppy', ['lethargic_or_unconscious'], CHILD],
  ['baby is very weak and floppy', ['lethargic_or_unconscious'], BABY],
  ['sleeping all the time and not waking properly', ['lethargic_or_unconscious'], CHILD],
  ['does not respond to me', ['lethargic_or_unconscious'], CHILD],
  ['she dey sleep sleep, no fit wake', ['lethargic_or_unconscious'], CHILD],
  ['passed out', ['lethargic_or_unconscious']],
  ['fainted and not talking', ['lethargic_or_unconscious']],
  ['limp and not moving', ['lethargic_or_unconscious'], BABY],
  // Unable to drink / breastfeed
  ["won't suck", ['unable_to_drink_or_breastfeed'], BABY],
  ['wont drink anything', ['unable_to_drink_or_breastfeed'], CHILD],
  ['refusing to suck at the breast', ['unable_to_drink_or_breastfeed'], BABY],
  ['he no dey drink water', ['unable_to_drink_or_breastfeed'], CHILD],
  ['baby no gree suck breast', ['unable_to_drink_or_breastfeed'], BABY],
  ['too weak to suck', ['unable_to_drink_or_breastfeed'], BABY],
  ['not taking the breast since morning', ['unable_to_drink_or_breastfeed'], BABY],
  // Vomits everything
  ['everything he eats comes out', ['vomits_everything'], CHILD],
  ['throws up everything', ['vomits_everything'], CHILD],
  ['vomit everytin', ['vomits_everything'], CHILD],
  ['anything I give she vomit am', ['vomits_everything'], CHILD],
  ['even water comes back up', ['vomits_everything'], CHILD],
  ['cannot hold down even water', ['vomits_everything'], CHILD],
  // Heavy bleeding (maternal)
  ['soaked pads, bleeding plenty after the baby came', ['heavy_vaginal_bleeding']],
  ['blood dey comot plenty after she born', ['heavy_vaginal_bleeding']],
  ['bleeding plenty from below', ['heavy_vaginal_bleeding']],
  ['blood pouring since the delivery', ['heavy_vaginal_bleeding']],
  ['wrapper soaked with blood after delivery', ['heavy_vaginal_bleeding']],
  ['changed 3 cloths in an hour, all soaked', ['heavy_vaginal_bleeding']],
  ['blood clots big like fist after birth', ['heavy_vaginal_bleeding']],
  // Pregnancy danger signs in lay words
  ['she get belle and she dey bleed', ['vaginal_bleeding_in_pregnancy']],
  ['carrying belle 6 months, blood coming from below', ['vaginal_bleeding_in_pregnancy']],
  ['head dey pain her well well and eye dey blur', ['severe_headache_blurred_vision'], PREGNANT],
  ['terrible headache, seeing spots', ['severe_headache_blurred_vision'], PREGNANT],
  ['belly pain too much', ['severe_abdominal_pain_in_pregnancy'], PREGNANT],
  // Breathing
  ['breathing very fast and the ribs are sucking in', ['chest_indrawing'], CHILD],
  ['struggling to breathe', ['severe_difficulty_breathing']],
];

/** Past, resolved signs do not trigger, but a fit in this illness does; anything ambiguous still refers (the safe direction). */
const PAST_AND_AMBIGUOUS: readonly Case[] = [
  ['had convulsions as a baby, none since', [], CHILD],
  ['history of fits 2 years ago, fine now', [], CHILD],
  ['fitted last year, no fits since then', [], CHILD],
  ['vomited everything yesterday but now drinking well', [], CHILD],
  ['was bleeding heavily in her last pregnancy, now fine', []],
  // Ambiguous: a fit this week, resolved or not, is a danger sign.
  ['had a fit 2 days ago', ['convulsions'], CHILD],
  // IMCI asks about convulsions during this illness: over now, a fit in it still refers.
  ['fever rdt +, convulsion yesterday, now alert', ['convulsions'], CHILD],
  ['had a fit 2 days ago, fine now', ['convulsions'], CHILD],
  ['shaking episode this morning, maybe fit', ['convulsions'], CHILD],
  ['not sure if it was a fit', ['convulsions'], CHILD],
  // "Fit" that is not a fit.
  ['the cuff did not fit her arm, she fit the small one', [], PREGNANT],
  ['he fit in well at school', [], CHILD],
];

describe('triage reads lay and Pidgin phrasings of danger signs', () => {
  it.each(LAY_AFFIRMED.map(([text, expected, context]) => ({ text, expected, context })))('$text -> $expected', ({ text, expected, context }) => {
    expect(codesOf(text, context)).toEqual(expected);
  });

  it.each(PAST_AND_AMBIGUOUS.map(([text, expected, context]) => ({ text, expected, context })))('$text -> $expected', ({ text, expected, context }) => {
    expect(codesOf(text, context)).toEqual(expected);
  });

  it('has at least 50 lay phrasings', () => {
    expect(LAY_AFFIRMED.length + PAST_AND_AMBIGUOUS.length).toBeGreaterThanOrEqual(50);
  });
});

describe('triage of a very long message', () => {
  it('handles a 200 KB message and still finds the danger sign at its end (negation and clause lookup are linear)', () => {
    const filler = 'child 3 years, fever 3 days, no convulsions, cough, RDT positive; '.repeat(3200);
    expect(filler.length).toBeGreaterThan(200_000);
    expect(codesOf(`${filler} now he is fitting`)).toEqual(['convulsions']);
    expect(codesOf(filler)).toEqual([]);
  });
});
