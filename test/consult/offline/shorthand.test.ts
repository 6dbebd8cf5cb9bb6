import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../../src/consult/offline/extract-facts.js';
import type { Demographics, Finding } from '../../../src/patient/findings.js';

interface Case {
  readonly text: string;
  /** Compared exactly. */
  readonly demographics?: Demographics;
  /** Each must be among the findings. */
  readonly findings?: readonly Finding[];
  /** No finding may have one of these values. */
  readonly absent?: readonly string[];
}

const symptom = (value: string): Finding => ({ category: 'symptom', value });
const history = (value: string): Finding => ({ category: 'history', value });
const F = 'female' as const;
const M = 'male' as const;

/** How CHWs write: obstetric shorthand, sex+age tokens, ages in small units, postpartum, Pidgin, typos. */
const SHORTHAND: readonly Case[] = [
  // Gravida/para and gestational age
  { text: 'G2P1 at 32 weeks', demographics: { pregnant: true, gestationWeeks: 32, trimester: 3, sex: F }, findings: [history('gravida 2 para 1')] },
  { text: 'G3P2, 28/40', demographics: { pregnant: true, gestationWeeks: 28, trimester: 3, sex: F }, findings: [history('gravida 3 para 2')] },
  { text: 'G1P0 10/40 fever', demographics: { pregnant: true, gestationWeeks: 10, trimester: 1, sex: F }, findings: [symptom('fever')] },
  { text: 'g4p3', demographics: { sex: F }, findings: [history('gravida 4 para 3')] },
  { text: '24/40', demographics: { pregnant: true, gestationWeeks: 24, trimester: 2, sex: F } },
  { text: 'woman 30y, 8 weeks pregnant', demographics: { ageYears: 30, sex: F, pregnant: true, gestationWeeks: 8, trimester: 1 } },
  { text: 'woman 27y 36wks pregnant, BP 150/100', demographics: { ageYears: 27, sex: F, pregnant: true, gestationWeeks: 36, trimester: 3 } },
  { text: 'man 40y HIV+ on TLD 2 yrs', demographics: { ageYears: 40, sex: M } },
  { text: 'preg 10 wks', demographics: { pregnant: true, gestationWeeks: 10, trimester: 1, sex: F } },
  { text: '25yo F, 12wks preg, RDT +ve', demographics: { ageYears: 25, pregnant: true, gestationWeeks: 12, trimester: 1, sex: F } },
  { text: 'EGA 36 weeks', demographics: { pregnant: true, gestationWeeks: 36, trimester: 3, sex: F } },
  // Sex and age as one token, or a bare number beside the sex
  { text: 'F25 fever', demographics: { ageYears: 25, sex: F }, findings: [symptom('fever')] },
  { text: '3yo M cough', demographics: { ageYears: 3, ageMonths: 36, sex: M }, findings: [symptom('cough')] },
  { text: 'pt M 45, chest pain', demographics: { ageYears: 45, sex: M } },
  { text: 'female 32, headache', demographics: { ageYears: 32, sex: F }, findings: [symptom('headache')] },
  { text: 'boy 7, cough', demographics: { ageYears: 7, sex: M } },
  { text: '40 male with cough', demographics: { ageYears: 40, sex: M } },
  { text: 'f/28 g2p1 32/40 bp 142/92', demographics: { ageYears: 28, sex: F, pregnant: true, gestationWeeks: 32, trimester: 3 } },
  { text: 'm 67 dm on metformin 1g bd', demographics: { ageYears: 67, sex: M } },
  { text: 'f 39.2, cough', demographics: {} },
  // Ages in days, weeks, months
  { text: 'baby 10 days old', demographics: { ageYears: 0, ageMonths: 0.3 } },
  { text: 'newborn 5 days', demographics: { ageYears: 0, ageMonths: 0.2 } },
  { text: '3 wk old baby', demographics: { ageYears: 0, ageMonths: 0.7 } },
  { text: 'infant 4 mths', demographics: { ageYears: 0, ageMonths: 4 } },
  { text: 'baby 6 weeks 4kg, cough', demographics: { ageYears: 0, ageMonths: 1.4, weightKg: 4 } },
  { text: '2/52 old', demographics: { ageYears: 0, ageMonths: 0.5 } },
  { text: '18/12 male 10.5kg fever', demographics: { ageYears: 1, ageMonths: 18, sex: M, weightKg: 10.5 } },
  { text: '6 mo 6kg fever 3d', demographics: { ageYears: 0, ageMonths: 6, weightKg: 6 } },
  // After delivery (the mother)
  { text: 'delivered 3 days ago, fever', demographics: { sex: F, pregnant: false, postpartum: true, daysSinceDelivery: 3 }, findings: [history('recently delivered'), symptom('fever')] },
  { text: 'woman 24, gave birth at home last night', demographics: { ageYears: 24, sex: F, pregnant: false, postpartum: true, daysSinceDelivery: 0 } },
  { text: 'mother, baby just born, bleeding', demographics: { sex: F, pregnant: false, postpartum: true } },
  { text: 'post-partum day 2', demographics: { sex: F, pregnant: false, postpartum: true, daysSinceDelivery: 2 } },
  { text: 'after birth she is bleeding', demographics: { pregnant: false, postpartum: true, sex: F } },
  { text: 'she don born yesterday', demographics: { pregnant: false, postpartum: true, daysSinceDelivery: 1, sex: F } },
  // A recent delivery ends the pregnancy the rest of the message speaks of; an old or a past one does not
  { text: 'woman 26, delivered 3 weeks ago, HIV known since pregnancy', demographics: { ageYears: 26, sex: F, pregnant: false, postpartum: true, daysSinceDelivery: 21 } },
  { text: 'delivered 2 days ago at 36 weeks gestation, BP 150/100', demographics: { sex: F, pregnant: false, postpartum: true, daysSinceDelivery: 2 } },
  { text: '36 weeks pregnant, delivered her first baby at home', demographics: { pregnant: true, gestationWeeks: 36, trimester: 3, sex: F } },
  { text: 'woman 30, gave birth 2 years ago, fever', demographics: { ageYears: 30, sex: F }, absent: ['recently delivered'] },
  { text: 'delivered 10 weeks ago, fever', demographics: {}, absent: ['recently delivered'] },
  { text: 'gave birth 72 hours ago', demographics: { sex: F, pregnant: false, postpartum: true, daysSinceDelivery: 3 } },
  { text: 'she delivered and has fever since yesterday', demographics: { pregnant: false, postpartum: true, sex: F }, findings: [symptom('fever')] },
  { text: 'woman 30, pre-eclampsia in her last pregnancy', demographics: { ageYears: 30, sex: F } },
  // A woman in labour is pregnant, and weeks said of the labour are the pregnancy's
  { text: 'woman 26 in labour at 38 weeks, first baby', demographics: { ageYears: 26, sex: F, pregnant: true, gestationWeeks: 38, trimester: 3, inLabour: true } },
  { text: 'woman 30, in labour at home, third baby', demographics: { ageYears: 30, sex: F, pregnant: true, inLabour: true } },
  { text: '32 weeks pregnant, contractions since morning', demographics: { pregnant: true, gestationWeeks: 32, trimester: 3, sex: F, inLabour: true } },
  { text: '39 weeks pregnant, not in labour, headache', demographics: { pregnant: true, gestationWeeks: 39, trimester: 3, sex: F } },
  // A mother who breastfeeds; a baby who feeds poorly is not one
  { text: 'delivered 3 weeks ago, breastfeeding, HIV positive', findings: [history('breastfeeding')] },
  { text: 'woman 30, lactating mother, fever', findings: [history('breastfeeding'), symptom('fever')] },
  { text: '4 month old baby, breastfeeding poorly', absent: ['breastfeeding'] },
  { text: 'baby unable to breastfeed since morning', absent: ['breastfeeding'] },
  // Doses of her medicine missed or forgotten; a missed appointment is not a missed dose
  { text: 'on amlodipine 5mg but sometimes she forget the drugs', findings: [history('missed medicines')] },
  { text: 'on TLD 18 months, misses doses when he travels for work', findings: [history('missed medicines')] },
  { text: 'she dey skip her BP tablets', findings: [history('missed medicines')] },
  { text: 'not taking the medicine regularly', findings: [history('missed medicines')] },
  { text: 'missed clinic appointment last month', absent: ['missed medicines'] },
  { text: 'he never misses a dose', absent: ['missed medicines'] },
  // West African English and Pidgin
  { text: 'she get belle 5 months', demographics: { pregnant: true, trimester: 2, sex: F } },
  { text: 'carry belle, fever', demographics: { pregnant: true, sex: F }, findings: [symptom('fever')] },
  { text: 'pikin 2 years, hot body', demographics: { ageYears: 2, ageMonths: 24 }, findings: [symptom('fever')] },
  { text: 'my pikin get fever', findings: [symptom('fever')] },
  { text: 'belle woman with fever', demographics: { pregnant: true, sex: F }, findings: [symptom('fever')] },
  { text: 'body dey hot since 2 days', findings: [symptom('fever')] },
  // Typos of common words
  { text: 'pregant 20 weeks', demographics: { pregnant: true, gestationWeeks: 20, trimester: 2, sex: F } },
  { text: 'feaver and coff', findings: [symptom('fever'), symptom('cough')] },
  { text: 'diarhea 2 days', findings: [symptom('diarrhoea')] },
  // Past events that are over are history, not current findings
  { text: 'had convulsions as a baby, now fever', findings: [history('history of convulsions'), symptom('fever')], absent: ['convulsions'] },
  { text: 'cough last year, fine now; fever today', findings: [symptom('fever')], absent: ['cough'] },
];

describe('offline extraction reads how CHWs write', () => {
  it.each(SHORTHAND)('$text', ({ text, demographics, findings, absent }) => {
    const facts = extractFacts(text);
    if (demographics) expect(facts.demographics).toEqual(demographics);
    if (findings) expect(facts.findings).toEqual(expect.arrayContaining(findings.map((f) => expect.objectContaining(f))));
    for (const value of absent ?? []) expect(facts.findings.map((finding) => finding.value)).not.toContain(value);
  });
});
