import { describe, expect, it } from 'vitest';
import { extractFacts } from '../../../src/consult/offline/extract-facts.js';
import { triageMessage } from '../../../src/consult/triage/triage-message.js';
import { compilePatientWords, phrasingPattern } from '../../../src/patient/patient-words.js';

/** What triage finds in one message read on its own, as the consult's first message is. */
function signsIn(text: string): string[] {
  return triageMessage({ text, before: {}, stated: extractFacts(text).demographics, earlier: [] }).map((hit) => hit.code);
}

describe('who the patient is, written in French, Pidgin or Kiswahili (knowledge/patient-words.yaml)', () => {
  it.each([
    ['Femme enceinte de 32 semaines, toux', { pregnant: true, gestationWeeks: 32 }],
    ['femme enceinte de 5 mois', { pregnant: true, trimester: 2 }],
    ['Madam get belle 8 months', { pregnant: true, trimester: 3 }],
    ['Mwanamke mjamzito, homa', { pregnant: true }],
    ['Accouchée il y a 5 jours', { postpartum: true, daysSinceDelivery: 5 }],
    ['Madam born pikin yesterday', { postpartum: true, daysSinceDelivery: 1 }],
    ['Bébé de 5 jours', { ageMonths: 0.2 }],
    ['Garçon 2 ans, diarrhée', { ageYears: 2 }],
    ['Nourrisson 1 mois', { ageMonths: 1 }],
    ['Mtoto wa miaka 3, homa', { ageYears: 3 }],
    ['Di baby na 10 days', { ageMonths: 0.3 }],
  ])('%s', (text, expected) => {
    expect(extractFacts(text).demographics).toMatchObject(expected);
  });

  it('keeps a duration a duration: "diarrhée depuis 3 semaines" gives no age', () => {
    expect(extractFacts('diarrhée depuis 3 semaines').demographics.ageMonths).toBeUndefined();
  });

  it('so the signs that apply to her are read: bleeding in a French pregnancy, a cold or a hot French newborn', () => {
    expect(signsIn('Femme enceinte de 32 semaines, saignement vaginal depuis ce matin')).toContain('vaginal_bleeding_in_pregnancy');
    expect(signsIn('Bébé de 5 jours, température 35,1, froid au toucher').length).toBeGreaterThan(0);
    expect(signsIn('Nourrisson de 3 semaines, température 38,5 °C')).toContain('fever_in_young_infant');
    // The same words with no patient who is pregnant or a young infant raise nothing.
    expect(signsIn('Homme de 40 ans, température 38,5')).toEqual([]);
  });

  it('compiles a phrasing with a number against its unit and a hyphen or a space between words', () => {
    expect('32sa'.replace(phrasingPattern('{n} sa'), 'X')).toBe('X');
    expect('nouveau-ne et nouveau ne'.match(phrasingPattern('nouveau ne'))).toHaveLength(2);
    expect('fillette'.match(phrasingPattern('fille'))).toBeNull();
    const [rewrite] = compilePatientWords({ version: 1, words: [{ says: { fr: ['{n} ans'] }, reads: '{n} years', source: 'test' }] });
    expect('garcon 12 ans'.replace(rewrite?.pattern ?? /$^/, rewrite?.replacement ?? (() => ''))).toBe('garcon 12 years');
  });
});

describe('a temperature written as CHWs write it', () => {
  it('reads the number after a fever word, and a one-decimal reading in a message about fever', () => {
    expect(signsIn('Pregnant 24 wks, fever 38.9, repeat 38.7')).toContain('fever_in_pregnancy');
    expect(signsIn('Di baby na 10 days, im body hot, I check am two times na 38,8 and 38,6')).toContain('fever_in_young_infant');
    // A weight is not a temperature.
    expect(signsIn('Baby 3 weeks, fever, weight 3.8 kg')).not.toContain('young_infant_low_temperature');
  });
});

describe('signs named in a question about what to watch for', () => {
  it('are not the patient\'s signs, in English and French', () => {
    expect(signsIn('Pregnant woman 20 weeks, everything is normal today. Which danger signs should I tell her to watch, like bleeding or severe headache?')).toEqual([]);
    expect(signsIn('Enfant 2 ans, toux simple. Quels signes doivent pousser la maman à revenir, comme les convulsions ?')).toEqual([]);
  });

  it('while a sign stated before the question is', () => {
    expect(signsIn('2 year old, she is convulsing, what should I do?')).toContain('convulsions');
    expect(signsIn('What should I do, the 2 year old is convulsing?')).toContain('convulsions');
  });
});

describe('French negation brackets one verb', () => {
  it('so a "ne ... plus" before another verb does not negate the next sign', () => {
    expect(signsIn('Bébé 8 mois, il ne tette plus le sein et ne boit plus rien depuis hier soir')).toContain('unable_to_drink_or_breastfeed');
    expect(signsIn('Enfant 3 ans, pas de convulsions et boit bien')).toEqual([]);
  });
});

describe('phrasings with a gap, and French "ne ... que"', () => {
  it('read a sign whose words are apart, but never across a negation', () => {
    expect(signsIn('4 yr old, eye problem, the cornea is cloudy')).toContain('cornea_clouding');
    expect(signsIn('Baby 5 days old, yellow eyes, palms and soles not yellow, sucking well')).not.toContain('young_infant_severe_jaundice');
  });

  it('read "ne bouge que quand on le stimule" as moving only when stimulated, not as a negation', () => {
    expect(signsIn('Nourrisson 1 mois, ne bouge que quand on le stimule')).toContain('young_infant_movement_only_when_stimulated');
  });
});
