import { describe, expect, it } from 'vitest';
import { CHW_LEXICON } from '../../src/rag/chw-lexicon.js';
import { conditionQueryText, diagnosisHead, expandLexicon, normaliseQueryText, searchTerms, severityOf, withLexiconSlipsCorrected } from '../../src/rag/normalise-query.js';

describe('the CHW lexicon', () => {
  it('reads Pidgin and West African English as the guidelines write it', () => {
    expect(searchTerms(normaliseQueryText('pikin get hot body, running stomach'))).toEqual(
      expect.arrayContaining(['child', 'fever', 'diarrhoea']),
    );
    expect(normaliseQueryText('she get belle 2 months')).toContain('pregnant');
    expect(normaliseQueryText('catarrh and cough')).toContain('runny nose');
    expect(normaliseQueryText('loose stools 3 days')).toContain('diarrhoea');
    expect(normaliseQueryText('postpartum pre-eclampsia')).toContain('after birth');
  });

  it('reads discordant tests as the testing strategy\'s inconclusive result, and a discordant couple as a partner with HIV', () => {
    expect(normaliseQueryText('discordant HIV rapid tests')).toContain('inconclusive');
    const couple = normaliseQueryText('discordant couple wants PrEP');
    expect(couple).toContain('partner living with hiv');
    expect(couple).not.toContain('inconclusive');
  });

  it('reads a pale child as the guideline\'s pallor, the sign it files under anaemia', () => {
    expect(searchTerms(normaliseQueryText('palm small pale'))).toEqual(expect.arrayContaining(['pallor', 'anaemia']));
    // "Palely" or "paler" are other words: the entry is the whole word.
    expect(normaliseQueryText('palely lit room')).not.toContain('pallor');
  });

  it('counts an expansion as the one word it explains: "rdt" adds three words worth one together', () => {
    const shares = expandLexicon('fever, rdt neg').shares;
    expect(Object.fromEntries(shares)).toEqual({ rapid: 1 / 3, diagnostic: 1 / 3, test: 1 / 3, negative: 1 });
    // A word the CHW wrote keeps its full weight even when an expansion repeats it.
    expect(expandLexicon('malaria test, mrdt positive').shares.has('test')).toBe(false);
    expect(expandLexicon('fever for 2 days').shares.size).toBe(0);
  });

  it('reads a low or high sugar in either order, as Pidgin puts the sugar first, not as diabetes alone', () => {
    for (const written of ['sugar low?', 'sugar don low', 'low blood sugar', 'low sugar', 'hypo', 'recurrent hypos']) expect(normaliseQueryText(written), written).toContain('hypoglycaemia');
    for (const written of ['sugar high', 'sugar dey high', 'high blood sugar']) expect(normaliseQueryText(written), written).toContain('hyperglycaemia');
    expect(normaliseQueryText('sugar low')).not.toContain('diabetes');
  });

  it('prefers the longest phrase, so "belle pain" is abdominal pain and not pregnancy', () => {
    const text = normaliseQueryText('strong belle pain');
    expect(text).toContain('abdominal pain');
    expect(text).not.toContain('pregnancy');
  });

  it('reads habits, missed medicines and supplies that ran out in the words the guidelines use', () => {
    expect(searchTerms(normaliseQueryText('smokes 10 sticks a day, drinks beer'))).toEqual(expect.arrayContaining(['tobacco', 'alcohol']));
    expect(normaliseQueryText('sometimes she forget the drugs')).toContain('adherence');
    // A long treatment stopped on one's own is an interruption, the guideline's word.
    expect(normaliseQueryText('TB defaulter')).toContain('interrupted treatment');
    expect(normaliseQueryText('stopped treatment 3 weeks ago')).toContain('interrupted treatment');
    expect(normaliseQueryText('LTFU since March')).toContain('lost to follow-up');
    expect(normaliseQueryText('malaria shot for 5 month baby')).toContain('vaccination');
    // Smoke from a fire is not tobacco.
    expect(normaliseQueryText('smoke from the cooking fire, cooking smoke in the room')).not.toContain('tobacco');
    expect(normaliseQueryText('RDT out of stock')).toContain('not available');
    expect(normaliseQueryText('test kits finish since monday')).toContain('kits not available');
    expect(normaliseQueryText('ORS finish for my kit, zinc dey')).toContain('oral rehydration salts not available');
    // "finish" alone is not a stock-out: finishing a course of medicine is adherence, not a shortage.
    expect(normaliseQueryText('she will finish the course')).toBe('she will finish the course');
  });

  it('reads a clinical word in the everyday word a guideline for health workers uses: convulsion is a fit', () => {
    expect(searchTerms(normaliseQueryText('one convulsion at home'))).toEqual(expect.arrayContaining(['convulsion', 'fit']));
    expect(searchTerms(normaliseQueryText('jaundice since Monday'))).toEqual(expect.arrayContaining(['yellow', 'eyes']));
    expect(searchTerms(normaliseQueryText('had a seizure'))).toEqual(expect.arrayContaining(['convulsions', 'fits']));
    // The pregnancy guideline heads its sections "Bleeding after birth", never "postpartum haemorrhage".
    expect(searchTerms(normaliseQueryText('postpartum haemorrhage'))).toEqual(expect.arrayContaining(['bleeding', 'after', 'birth']));
    expect(searchTerms(normaliseQueryText('antepartum hemorrhage'))).toContain('bleeding');
  });

  it('reads a named complication under the heading the guideline files it by: DKA is a hyperglycaemic emergency', () => {
    expect(searchTerms(normaliseQueryText('DKA'))).toEqual(expect.arrayContaining(['ketoacidosis', 'hyperglycaemic', 'emergency']));
    expect(searchTerms(normaliseQueryText('diabetic ketoacidosis'))).toEqual(expect.arrayContaining(['hyperglycaemic', 'emergency']));
    expect(searchTerms(normaliseQueryText('HHS in an old man'))).toEqual(expect.arrayContaining(['hyperosmolar', 'hyperglycaemic']));
    expect(searchTerms(normaliseQueryText('diabetic foot ulcer'))).not.toContain('emergency');
  });

  it('reads high or raised blood pressure as hypertension, the word the guideline is titled with', () => {
    expect(searchTerms(normaliseQueryText('raised blood pressure reading'))).toContain('hypertension');
    expect(searchTerms(normaliseQueryText('high blood pressure'))).toContain('hypertension');
    expect(searchTerms(normaliseQueryText('blood pressure 120/80'))).not.toContain('hypertension');
  });

  it('expands lab shorthand and units', () => {
    expect(normaliseQueryText('FBS 8.2 mmol/l')).toContain('fasting glucose');
    expect(normaliseQueryText('RBS 50 mg/dl')).toContain('random glucose');
    expect(normaliseQueryText('HB 6 g/dl')).toContain('haemoglobin');
    expect(normaliseQueryText('mRDT +ve')).toContain('positive');
  });

  it('keeps the original words so a guideline that uses the abbreviation still matches', () => {
    expect(normaliseQueryText('give ORS')).toBe('give ORS oral rehydration salts solution');
  });

  it('leaves words it does not know alone, and matches whole words only', () => {
    expect(normaliseQueryText('salt and sugar')).toBe('salt and sugar diabetes glucose');
    expect(normaliseQueryText('also')).toBe('also');
    expect(normaliseQueryText('alcohol')).toBe('alcohol');
  });

  it('is data: every entry is lower case, unique and says something new', () => {
    const phrases = CHW_LEXICON.map(([phrase]) => phrase);
    expect(new Set(phrases).size).toBe(phrases.length);
    for (const [phrase, meaning] of CHW_LEXICON) {
      expect(phrase).toBe(phrase.toLowerCase());
      expect(meaning.trim()).not.toBe('');
      expect(meaning).not.toBe(phrase);
    }
  });
});

describe('a diagnosis mistyped by one slip from a word of the lexicon', () => {
  it('is put right, so the lexicon, the patient rules and the coverage check read it', () => {
    expect(withLexiconSlipsCorrected('diarhea')).toBe('diarrhea');
    expect(withLexiconSlipsCorrected('runing stomach')).toBe('running stomach');
    expect(withLexiconSlipsCorrected('pnuemonia')).toBe('pneumonia');
    expect(withLexiconSlipsCorrected('maleria')).toBe('malaria');
    expect(searchTerms(normaliseQueryText(conditionQueryText('diarhea')))).toContain('diarrhoea');
  });

  it('puts right a five-letter word with a letter missed inside it: "svere" is "severe"', () => {
    expect(withLexiconSlipsCorrected('svere malaria?')).toBe('severe malaria?');
    expect(severityOf('svere malaria?')).toBe('severe');
    expect(severityOf('sevre pneumonia')).toBe('severe');
  });

  it('leaves a five-letter word that is another form of a lexicon word, missing only its last letter', () => {
    for (const written of ['weigh', 'raise', 'fever', 'cough']) expect(withLexiconSlipsCorrected(written)).toBe(written);
  });

  it('leaves words the lexicon spells, short words and words two slips away as written', () => {
    for (const written of ['diarrhoea', 'diarrhea', 'malaria', 'hypertension', 'measles', 'fitting', 'mlaeria', 'swel']) {
      expect(withLexiconSlipsCorrected(written)).toBe(written);
    }
  });
});

describe('severity stated in the diagnosis', () => {
  it('reads "not severe" and "uncomplicated" as not severe, "severe" as severe, and nothing as unknown', () => {
    expect(severityOf('malaria, not severe')).toBe('not severe');
    expect(severityOf('non-severe pneumonia')).toBe('not severe');
    expect(severityOf('uncomplicated malaria')).toBe('not severe');
    expect(severityOf('severe malaria')).toBe('severe');
    expect(severityOf('malaria')).toBeUndefined();
  });

  it('never searches for the severity the health worker ruled out', () => {
    const query = conditionQueryText('malaria, not severe');
    expect(searchTerms(query)).not.toContain('severe');
    expect(searchTerms(query)).toEqual(expect.arrayContaining(['malaria', 'uncomplicated']));
    expect(conditionQueryText('severe malaria')).toBe('severe malaria');
  });

  it('reads BP named as the diagnosis as hypertension, unless the pressure is low', () => {
    expect(searchTerms(conditionQueryText('BP + sugar'))).toContain('hypertension');
    expect(searchTerms(conditionQueryText('high bp, smoke and drink'))).toContain('hypertension');
    expect(searchTerms(conditionQueryText('low BP on standing'))).not.toContain('hypertension');
    expect(conditionQueryText('hypertension, BP 150/95')).toBe('hypertension, BP 150/95');
  });

  it('keeps the condition and drops the treatment the patient is on from the diagnosis head', () => {
    expect(diagnosisHead('hypoglycaemia on sulfonylurea')).toBe('hypoglycaemia');
    expect(diagnosisHead('postural hypotension on antihypertensive treatment')).toBe('postural hypotension');
    expect(diagnosisHead('pneumonia')).toBe('pneumonia');
  });
});
