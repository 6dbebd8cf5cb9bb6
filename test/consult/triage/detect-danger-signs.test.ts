import { describe, expect, it } from 'vitest';
import {
  detectDangerSigns,
  type DangerSignCode,
  type TriageContext,
} from '../../../src/consult/triage/detect-danger-signs.js';

type Case = readonly [text: string, expected: readonly DangerSignCode[], context?: TriageContext];

const codesOf = (text: string, context?: TriageContext): DangerSignCode[] =>
  detectDangerSigns(text, context).map((hit) => hit.code);

const CHILD: TriageContext = { ageMonths: 18 };
const ADULT: TriageContext = { ageYears: 30 };
const PREGNANT: TriageContext = { ageYears: 24, pregnant: true };

// Each row is one way a health worker might write; the expected list is exact and in code order.
const AFFIRMED: readonly Case[] = [
  ['Child is not able to drink', ['unable_to_drink_or_breastfeed']],
  ["baby can't drink anything since morning", ['unable_to_drink_or_breastfeed']],
  ['cannot drink anything', ['unable_to_drink_or_breastfeed']],
  ['cant drink', ['unable_to_drink_or_breastfeed']],
  ['unable to breastfeed since yesterday', ['unable_to_drink_or_breastfeed']],
  ['the baby stopped breastfeeding and is very hot', ['unable_to_drink_or_breastfeed']],
  ['refuses the breast', ['unable_to_drink_or_breastfeed']],
  ['not eating or drinking', ['unable_to_drink_or_breastfeed']],
  ['able to drink? no', ['unable_to_drink_or_breastfeed']],
  ['Child hasnt been able to drink since morning', ['unable_to_drink_or_breastfeed']],
  ['he is no longer able to breastfeed', ['unable_to_drink_or_breastfeed']],
  ['vomits everything', ['vomits_everything']],
  ['vomiting everything he eats', ['vomits_everything']],
  ['Vomitting every thing', ['vomits_everything']],
  ['cannot keep anything down', ['vomits_everything']],
  ['convulsions this morning', ['convulsions']],
  ['he is fitting now', ['convulsions']],
  ['had seizures twice', ['convulsions']],
  ['child convulsing', ['convulsions']],
  ['had a fit yesterday', ['convulsions']],
  ['siezure at home', ['convulsions']],
  ['has not stopped fitting', ['convulsions']],
  ['very sleepy, difficult to wake', ['lethargic_or_unconscious']],
  ['lethargic', ['lethargic_or_unconscious']],
  ['she is unconcious', ['lethargic_or_unconscious']],
  ['not responding when called', ['lethargic_or_unconscious']],
  ['cannot wake him up', ['lethargic_or_unconscious']],
  ['not rousable', ['lethargic_or_unconscious']],
  ['chest indrawing present', ['chest_indrawing']],
  ['lower chest wall in-drawing', ['chest_indrawing']],
  ['grunting and gasping', ['severe_difficulty_breathing']],
  ['cant breathe', ['severe_difficulty_breathing']],
  ['SOB severe', ['severe_difficulty_breathing']],
  ['severe difficulty breathing', ['severe_difficulty_breathing']],
  ['lips turning blue', ['severe_difficulty_breathing']],
  ['chest pain since last night', ['chest_pain'], ADULT],
  ['pain in the chest when walking', ['chest_pain']],
  // Pidgin.
  ['BP 190/118. chest dey pain am, like pressure', ['chest_pain'], ADULT],
  ['pain for im chest since morning', ['chest_pain'], ADULT],
  ['neck stiffness and fever 3 days', ['stiff_neck_with_fever']],
  ['stiff neck and fever', ['stiff_neck_with_fever']],
  ['stiff neck, temp 39.5', ['stiff_neck_with_fever']],
  ['stiff neck', ['stiff_neck_with_fever']],
  ['sunken eyes and skin pinch goes back very slowly', ['severe_dehydration']],
  ['diarrhoea, sunken eyes, not able to drink', ['unable_to_drink_or_breastfeed', 'severe_dehydration']],
  ['severely dehydrated', ['severe_dehydration']],
  ['bleeding a lot PV', ['heavy_vaginal_bleeding']],
  ['heavy bleeding after delivery', ['heavy_vaginal_bleeding']],
  ['soaking pads every hour', ['heavy_vaginal_bleeding']],
  ['vaginal bleeding', ['vaginal_bleeding_in_pregnancy'], PREGNANT],
  ['32 weeks pregnant with vaginal bleeding', ['vaginal_bleeding_in_pregnancy']],
  ['pregnant woman bleeding since morning', ['vaginal_bleeding_in_pregnancy']],
  ['bad headache and blurry vision', ['severe_headache_blurred_vision']],
  ['severe headache', ['severe_headache_blurred_vision'], PREGNANT],
  ['severe abdominal pain', ['severe_abdominal_pain_in_pregnancy'], PREGNANT],
  ['pregnant 7 months, tummy pain very bad', ['severe_abdominal_pain_in_pregnancy']],
  ['heavy bleeding from a cut on the leg', ['heavy_bleeding']],
];

const NEGATED: readonly Case[] = [
  ['no convulsions', []],
  ['not vomiting', []],
  ['denies chest pain', [], ADULT],
  ['without stiff neck', []],
  ['she is able to drink', []],
  ['able to drink and breastfeed well', []],
  ['no fits, no bleeding', [], PREGNANT],
  ['neither lethargic nor unconscious', []],
  ['convulsions: no', []],
  ['chest pain absent', [], ADULT],
  ['Danger signs: fits no, lethargy no', []],
  ['Fits - none', []],
  ["hasn't had any fits", []],
  ['no history of fits', []],
  ['no signs of chest indrawing', []],
  ['not vomiting everything', []],
  ['does not drink alcohol', [], ADULT],
  ['not drinking well', []],
  ['fever not responding to paracetamol', []],
  ['she is not having fits', []],
  ['alert, not lethargic, no stiff neck', []],
  ['not breathing fast', []],
  ['difficulty breathing', []],
  ['headache', [], PREGNANT],
  ['stiff neck after sleeping badly, no fever', []],
  ['stiff neck, afebrile', []],
  // Named as what is to be prevented, not as what she has.
  ['dx: prevention of postpartum haemorrhage', [], { ageYears: 24 }],
  ['baby just born, give misoprostol to prevent heavy bleeding', [], { ageYears: 24 }],
  ['dx: prevent PPH', [], { ageYears: 30, pregnant: true }],
  ['in labour, PPH prevention', [], { ageYears: 30, pregnant: true }],
  ['PPH prophylaxis', [], { ageYears: 30, pregnant: true }],
  ['vaginal bleeding', [], { ageYears: 30, pregnant: false }],
  ['not pregnant, light vaginal bleeding', []],
  ['severe abdominal pain', [], ADULT],
  ['a lot of blood in the stool', []],
  ['she is fit and well', []],
  ['looks well, drinking normally', []],
  ['rousable and alert', []],
];

const MIXED: readonly Case[] = [
  ['no fever but she had a fit this morning', ['convulsions']],
  ['not eating, vomiting everything', ['vomits_everything']],
  ['not eating vomiting everything', ['vomits_everything']],
  ['no fever he is not able to drink', ['unable_to_drink_or_breastfeed']],
  ['no convulsions but very sleepy and cannot drink', ['lethargic_or_unconscious', 'unable_to_drink_or_breastfeed']],
  ['no cough, grunting, chest indrawing', ['severe_difficulty_breathing', 'chest_indrawing']],
  ['fits: yes, vomiting everything: no', ['convulsions']],
  ['not pregnant. chest pain and fits', ['convulsions', 'chest_pain']],
  [
    'pregnant 30 weeks, severe headache, blurred vision, had a fit',
    ['convulsions', 'severe_headache_blurred_vision'],
  ],
  [
    'child 2 years, unable to drink, vomits everything, convulsions, lethargic',
    ['convulsions', 'lethargic_or_unconscious', 'unable_to_drink_or_breastfeed', 'vomits_everything'],
  ],
  ['no headache, blurred vision', [], { ageYears: 40 }],
  ['no chest pain but SOB severe', ['severe_difficulty_breathing'], ADULT],
  // A negation runs over a comma list only when the list is joined by "or".
  ['denies vomiting, fits, or chest pain', [], ADULT],
  ['no fever, cough or fits', []],
  ['no fever, fits', ['convulsions']],
];

const CONTEXT_DEPENDENT: readonly Case[] = [
  // Breastfeeding is a child's sign: a mother who cannot breastfeed is not in danger herself.
  ['unable to breastfeed', ['unable_to_drink_or_breastfeed'], CHILD],
  ['unable to breastfeed', [], ADULT],
  ['unable to breastfeed', ['unable_to_drink_or_breastfeed']],
  // Not able to drink is a sign at any age.
  ['unable to drink', ['unable_to_drink_or_breastfeed'], ADULT],
  // IMCI does not use chest pain in young children.
  ['chest pain', [], CHILD],
  ['chest pain', ['chest_pain']],
  // Any vaginal bleeding counts only in the context of pregnancy; heavy bleeding always counts.
  ['bleeding PV', []],
  ['bleeding PV', ['vaginal_bleeding_in_pregnancy'], PREGNANT],
  ['bleeding PV, she is pregnant', ['vaginal_bleeding_in_pregnancy']],
  ['heavy PV bleeding', ['heavy_vaginal_bleeding'], { ageYears: 35, pregnant: false }],
  // Blurred vision alone is a pregnancy danger sign (pre-eclampsia), not a general one.
  ['blurred vision', [], ADULT],
  ['blurred vision', ['severe_headache_blurred_vision'], PREGNANT],
  // Fever in a young infant (under 2 months) is IMCI's sign of very severe disease; at 2 months or at an
  // unknown age fever alone is not a danger sign.
  ['fever, RDT positive', ['fever_in_young_infant'], { ageMonths: 1 }],
  ['hot body since morning', ['fever_in_young_infant'], { ageMonths: 1.5 }],
  ['temp 37.8, feeding well', ['fever_in_young_infant'], { ageMonths: 1 }],
  ['temp 37.8, feeding well', [], CHILD],
  ['fever, RDT positive', [], { ageMonths: 2 }],
  ['fever, RDT positive', []],
  ['no fever, feeding well', [], { ageMonths: 1 }],
  // Under 2 months, fast breathing (60 a minute or more, or said) and feeding poorly are signs to refer
  // (IMCI's sick young infant); from 2 months they classify pneumonia or are asked about.
  ['cough and fast breathing RR 70', ['fast_breathing_in_young_infant'], { ageMonths: 1 }],
  ['breathing 64 per minute', ['fast_breathing_in_young_infant'], { ageMonths: 1 }],
  ['RR 56, feeding well', [], { ageMonths: 1 }],
  ['RR 64', [], CHILD],
  ['no fast breathing', [], { ageMonths: 1 }],
  ['not feeding well', ['feeding_poorly_in_young_infant'], { ageMonths: 1 }],
  ['feeds poorly since yesterday', ['feeding_poorly_in_young_infant'], { ageMonths: 1.5 }],
  ['feeds poorly since yesterday', [], CHILD],
  // The baby in the womb moving less or not at all is a pregnancy danger sign; of a born baby, it is not this sign.
  ['baby no dey move since yesterday', ['reduced_fetal_movements'], PREGNANT],
  ['not feeling the baby move today', ['reduced_fetal_movements'], PREGNANT],
  ['30 weeks pregnant, baby has stopped moving', ['reduced_fetal_movements']],
  ['baby moving well, no reduced fetal movements', [], PREGNANT],
  ['baby not moving', [], { ageMonths: 3 }],
  // The waters broken before labour has started is a pregnancy danger sign; with pains or contractions she is in labour.
  ['waters broke 2 hours ago, no pains yet', ['waters_broken_before_labour'], PREGNANT],
  ['water don break, no pain', ['waters_broken_before_labour'], PREGNANT],
  ['in labour, waters broke', [], PREGNANT],
  ['waters broke, having contractions', [], PREGNANT],
  ['waters broke, labour pains started', [], PREGNANT],
  ['waters broke this morning, some back pain', ['waters_broken_before_labour'], PREGNANT],
  // 160/110 or more in pregnancy or after birth "must be lowered within an hour"; outside them it is not this sign.
  ['BP 165/110, headache', ['severe_blood_pressure_in_pregnancy'], PREGNANT],
  ['3 days after delivery, BP 162/100', ['severe_blood_pressure_in_pregnancy']],
  ['BP 150/100', [], PREGNANT],
  ['G2P1 28/40, BP 140/90', [], PREGNANT],
  ['BP 185/115', [], { ageYears: 50 }],
  // 180/110 or more with a severe headache, confusion, blurred vision or weakness of one side is a hypertensive emergency.
  ['BP 200/120, severe headache, confusion', ['hypertensive_emergency'], { ageYears: 55 }],
  ['BP 190/112, weakness of the left side', ['hypertensive_emergency'], { ageYears: 70 }],
  ['BP 170/100, confused', [], { ageYears: 60 }],
  ['BP 185/115, no headache, not confused', [], { ageYears: 50 }],
];

describe('detectDangerSigns', () => {
  describe.each([
    ['affirmed phrasings', AFFIRMED],
    ['negated phrasings', NEGATED],
    ['negated and affirmed in one message', MIXED],
    ['signs that depend on the patient', CONTEXT_DEPENDENT],
  ])('%s', (_name, cases) => {
    it.each(cases.map(([text, expected, context]) => ({ text, expected, context })))(
      '$text -> $expected',
      ({ text, expected, context }) => {
        expect(codesOf(text, context)).toEqual(expected);
      },
    );
  });

  it('covers at least 100 phrasings in its tables', () => {
    expect(AFFIRMED.length + NEGATED.length + MIXED.length + CONTEXT_DEPENDENT.length).toBeGreaterThanOrEqual(100);
  });

  it('reports the words the health worker typed, not the normalised form', () => {
    const [hit] = detectDangerSigns("Mama says he CAN'T drink anything");
    expect(hit).toEqual({
      code: 'unable_to_drink_or_breastfeed',
      label: 'Not able to drink or breastfeed',
      population: 'any',
      matched: "CAN'T drink",
    });
  });

  it('joins the parts of a combined sign', () => {
    const [hit] = detectDangerSigns('Stiff neck since morning and Fever');
    expect(hit?.matched).toBe('Stiff neck + Fever');
    expect(hit?.label).toBe('Stiff neck with fever');
  });

  it('labels the population from the context', () => {
    expect(detectDangerSigns('vomits everything', CHILD)[0]?.population).toBe('child');
    expect(detectDangerSigns('severe headache, blurred vision', PREGNANT)[0]?.population).toBe('pregnancy');
    expect(detectDangerSigns('severe headache, blurred vision', ADULT)[0]?.population).toBe('adult');
  });

  it('asks the health worker to check for fever when a stiff neck comes without one', () => {
    expect(detectDangerSigns('stiff neck')[0]?.label).toBe('Stiff neck (fever not reported)');
  });

  it('reports each sign once however often it is mentioned', () => {
    expect(codesOf('fits yesterday, fits again today, convulsing now')).toEqual(['convulsions']);
  });

  it('returns nothing for an ordinary message', () => {
    expect(codesOf('Girl 4 years, cough and runny nose for 2 days, playing, eating well')).toEqual([]);
  });
});
