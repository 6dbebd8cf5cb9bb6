import { describe, expect, it } from 'vitest';
import { readDangerSigns } from '../../../src/consult/triage/catalogue-triage.js';
import { parseDangerSignCatalogue } from '../../../src/patient/danger-sign-catalogue.js';

// A catalogue written for these tests, so they pin the reading mechanism, not the shipped wordings.
const CATALOGUE = parseDangerSignCatalogue(`
version: 1
features:
  - code: fever
    name: Fever
    phrasings: {en: [fever, hot body], fr: [fievre], pcm: [body dey hot]}
  - code: sunken_eyes
    name: Sunken eyes
    phrasings: {en: [sunken eyes, eyes sunken], fr: [yeux enfonces]}
  - code: slow_pinch
    name: Skin pinch goes back very slowly
    phrasings: {en: [skin pinch ... very slowly, very slow skin pinch]}
  - code: lethargic
    name: Lethargic
    phrasings: {en: [lethargic, very sleepy], fr: [lethargique]}
signs:
  - code: convulsions
    name: Convulsions during this illness
    counts_earlier_in_illness: true
    phrasings: {en: [convulsion*, seizure*, had a fit], fr: [convulsion*], pcm: [body dey shake]}
    ambiguous: {pcm: [fit]}
    other_readings: {pcm: ["fit drink|waka|suck"]}
    question: {en: "Did the child have a fit (convulsion) during this illness?"}
    advice: {en: Refer urgently., fr: Referer en urgence.}
    source: {repository: test, table: T1, row: "1", licence: CC0-1.0}
  - code: young_infant_hypothermia
    name: Temperature below 35.5 C in a young infant
    applies_to: {age_months: {max: 2}, age_must_be_known: true}
    when: {measured: {quantity: temperature_c, below: 35.5}}
    advice: {en: Keep the baby warm and refer.}
    source: {repository: test, table: T2, row: "2", licence: CC0-1.0}
  - code: low_spo2
    name: SpO2 below 90%
    when: {measured: {quantity: spo2_pct, below: 90}}
    advice: {en: Refer.}
    source: {repository: test, table: T3, row: "3", licence: CC0-1.0}
  - code: fever_in_pregnancy
    name: Fever of 38 C or more in pregnancy
    applies_to: {pregnancy: [pregnant]}
    when: {any: [{measured: {quantity: temperature_c, at_least: 38}}, {says: fever}]}
    advice: {en: Refer.}
    source: {repository: test, table: T4, row: "4", licence: CC0-1.0}
  - code: severe_dehydration
    name: Severe dehydration
    when: {at_least: {n: 2, of: [{says: lethargic}, {says: sunken_eyes}, {says: slow_pinch}]}}
    advice: {en: Refer.}
    source: {repository: test, table: T5, row: "5", licence: CC0-1.0}
`);

const codes = (text: string, context = {}): string[] => readDangerSigns(text, context, CATALOGUE).hits.map((h) => h.code);

describe('reading a message against the danger-sign catalogue', () => {
  it('reads a sign through look-alike letters and invisible marks', () => {
    expect(codes('child had c\u043envulsi\u03bfns this morning')).toEqual(['convulsions']);
    expect(codes('had convul\u200bsions')).toEqual(['convulsions']);
  });

  it('reads a misspelt word as the catalogue word one letter away', () => {
    expect(codes('convalsions since yesterday')).toEqual(['convulsions']);
    expect(codes('the baby is letharjic and has sunkin eyes')).toEqual(['severe_dehydration']);
  });

  it('reads negation in French and English, not only the word', () => {
    expect(codes('enfant 2 ans, fievre, pas de convulsions')).toEqual([]);
    expect(codes('no convulsions, drinking well')).toEqual([]);
    expect(codes('il a eu des convulsions hier')).toEqual(['convulsions']);
  });

  it('takes Pidgin "fit" before a verb as "can", and asks about a bare "fit"', () => {
    expect(readDangerSigns('she fit drink and e fit waka', {}, CATALOGUE)).toMatchObject({ hits: [], questions: [] });
    const bare = readDangerSigns('the pikin fit since morning', {}, CATALOGUE);
    expect(bare.hits).toEqual([]);
    expect(bare.questions.map((q) => q.code)).toEqual(['convulsions']);
  });

  it('reads a decimal comma and a threshold, only for the patients the sign applies to', () => {
    expect(codes('baby 3 weeks, temp 35,2', { ageMonths: 0.7 })).toEqual(['young_infant_hypothermia']);
    expect(codes('temp 35,2', {})).toEqual([]); // the age must be known for this sign
    expect(codes('temp 35,2', { ageMonths: 30 })).toEqual([]);
    expect(codes('temp 36,1', { ageMonths: 1 })).toEqual([]);
    expect(codes('sats 88%')).toEqual(['low_spo2']);
    expect(codes('SpO\u2082 93%')).toEqual([]);
  });

  it('applies a pregnancy sign only when she is known to be pregnant', () => {
    expect(codes('temp 38,4', { ageYears: 25, pregnant: true })).toEqual(['fever_in_pregnancy']);
    expect(codes('temp 38,4', { ageYears: 25 })).toEqual([]);
  });

  it('counts a sign earlier in this illness but not a remote past', () => {
    expect(codes('convulsions yesterday, now alert')).toEqual(['convulsions']);
    expect(codes('had convulsions as a baby 3 years ago, now cough')).toEqual([]);
  });

  it('answers in the language of the message', () => {
    const reading = readDangerSigns('enfant de 3 ans avec des convulsions depuis ce matin', {}, CATALOGUE);
    expect(reading.language).toBe('fr');
    expect(reading.hits[0]?.advice).toBe('Referer en urgence.');
  });
});

describe('the catalogue schema', () => {
  it('names the entry and field of a bad entry', () => {
    expect(() => parseDangerSignCatalogue('version: 1\nsigns:\n  - code: x\n    name: X\n    phrasings: {en: [x]}\n    advice: {en: y}\n')).toThrow(/signs\.0\.source/);
    expect(() =>
      parseDangerSignCatalogue(
        'version: 1\nsigns:\n  - code: x\n    name: X\n    when: {says: nothing_here}\n    advice: {en: y}\n    source: {repository: r, table: t, row: "1", licence: l}\n',
      ),
    ).toThrow(/unknown code nothing_here/);
  });
});

describe('a correctly spelt word is not a misspelling', () => {
  it('"he cries" is no French "crise", while "convalsions" still reads as convulsions', async () => {
    const { triageMessage } = await import('../../../src/consult/triage/triage-message.js');
    const read = (text: string) => triageMessage({ text, before: { ageMonths: 4, ageYears: 0, sex: 'male' }, stated: {}, earlier: [] }).map((h) => h.code);
    expect(read('mother says he cries and rubs left ear since 2 days')).toEqual([]);
    expect(read('baby had convalsions yesterday')).toContain('convulsions');
  });
});
