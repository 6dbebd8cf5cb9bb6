/**
 * Health workers write the way clinicians talk: abbreviations, US spellings, lay words. Guidelines spell
 * things out. Each entry expands a whole word (case-insensitive) into the words the guidelines use; the
 * original word is kept too, so a guideline that does use the abbreviation still matches.
 */
const EXPANSIONS: Record<string, string> = {
  rdt: 'rapid diagnostic test',
  mrdt: 'malaria rapid diagnostic test',
  ors: 'oral rehydration salts solution',
  act: 'artemisinin-based combination therapy',
  acts: 'artemisinin-based combination therapy',
  al: 'artemether-lumefantrine',
  asaq: 'artesunate-amodiaquine',
  htn: 'hypertension high blood pressure',
  bp: 'blood pressure',
  pph: 'postpartum haemorrhage bleeding after birth',
  sam: 'severe acute malnutrition',
  mam: 'moderate acute malnutrition',
  muac: 'mid-upper arm circumference',
  rutf: 'ready-to-use therapeutic food',
  tb: 'tuberculosis',
  ptb: 'pulmonary tuberculosis',
  tpt: 'tuberculosis preventive treatment',
  art: 'antiretroviral therapy',
  arv: 'antiretroviral',
  arvs: 'antiretroviral',
  prep: 'pre-exposure prophylaxis',
  pmtct: 'prevention of mother-to-child transmission',
  anc: 'antenatal care',
  iptp: 'intermittent preventive treatment in pregnancy',
  sp: 'sulfadoxine-pyrimethamine',
  smc: 'seasonal malaria chemoprevention',
  itn: 'insecticide-treated net',
  llin: 'insecticide-treated net',
  rr: 'respiratory rate breathing',
  sob: 'difficulty breathing',
  dm: 'diabetes',
  t2dm: 'type 2 diabetes',
  hb: 'haemoglobin',
  ga: 'gestational age',
  pv: 'vaginal',
  uti: 'urinary tract infection',
  ari: 'acute respiratory infection',
  imci: 'integrated management of childhood illness',
  iccm: 'integrated community case management',
  chw: 'community health worker',
  dx: 'diagnosis',
  hx: 'history',
  tx: 'treatment',
  yo: 'years old',
  wks: 'weeks',
  // Spellings: the corpus is in British English.
  diarrhea: 'diarrhoea',
  anemia: 'anaemia',
  anemic: 'anaemia',
  hemorrhage: 'haemorrhage',
  hemoglobin: 'haemoglobin',
  edema: 'oedema',
  pediatric: 'paediatric',
  dehydrated: 'dehydration',
  // Lay words and stems the English stemmer does not join.
  pregnant: 'pregnancy',
  fits: 'convulsions',
  fitting: 'convulsions',
  seizure: 'convulsions',
  seizures: 'convulsions',
  breathless: 'difficulty breathing',
  sugar: 'glucose',
  malnourished: 'malnutrition',
  wasting: 'malnutrition',
  swelling: 'oedema',
  swollen: 'oedema',
  cough: 'cough',
  baby: 'infant',
  newborn: 'newborn infant',
  kid: 'child',
  toddler: 'child',
};

/** Expands abbreviations, spellings and lay words; returns the text with expansions appended after each word. */
export function normaliseQueryText(text: string): string {
  const words = text.split(/(\s+|[,;:()/])/);
  return words
    .map((word) => {
      const key = word.toLowerCase().replace(/[^a-z0-9]/g, '');
      const expansion = EXPANSIONS[key];
      return expansion && expansion !== key ? `${word} ${expansion}` : word;
    })
    .join('')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Plain search words of a text: letters and digits, at least two characters, in order, de-duplicated. */
export function searchTerms(text: string): string[] {
  const seen = new Set<string>();
  for (const raw of text.toLowerCase().split(/[^a-z0-9<>.-]+/)) {
    const word = raw.replace(/^[.-]+|[.-]+$/g, '');
    // Bare numbers ("52", "138/78") match unrelated table cells; the words around them carry the meaning.
    if (word.length >= 2 && !STOP_WORDS.has(word) && !/^[0-9.<>-]+$/.test(word)) seen.add(word);
  }
  return [...seen];
}

const STOP_WORDS = new Set(['and', 'or', 'the', 'of', 'in', 'with', 'for', 'to', 'a', 'an', 'no', 'not', 'on', 'at', 'is', 'was', 'has', 'had']);
