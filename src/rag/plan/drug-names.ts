import { medicinesTaken, type Finding } from '../../patient/findings.js';

/**
 * Medicines and treatments the sample guidelines name, for checking that a drafted line names only what
 * the sections it cites name. Kept as data: add a medicine here when a guideline adds one.
 */
const DRUG_NAMES = [
  'artemether-lumefantrine',
  'artesunate-amodiaquine',
  'amodiaquine',
  'rectal artesunate',
  'injectable artesunate',
  'sulfadoxine-pyrimethamine',
  'quinine',
  'clindamycin',
  'primaquine',
  'amoxicillin',
  'ciprofloxacin',
  'cotrimoxazole',
  'salbutamol',
  'zinc',
  'loperamide',
  'albendazole',
  'mebendazole',
  'ferrous',
  'iron',
  'folic acid',
  'RUTF',
  'isoniazid',
  'rifapentine',
  'pyridoxine',
  'dolutegravir',
  'tenofovir',
  'PrEP',
  'pre-exposure prophylaxis',
  'PEP',
  'post-exposure prophylaxis',
  'lamivudine',
  'efavirenz',
  'nevirapine',
  'zidovudine',
  'metformin',
  'sulfonylurea',
  'glibenclamide',
  'gliclazide',
  'insulin',
  'glucagon',
  'amlodipine',
  'hydrochlorothiazide',
  'chlorthalidone',
  'lisinopril',
  'enalapril',
  'losartan',
  'methyldopa',
  'nifedipine',
  'labetalol',
  'magnesium sulfate',
  'oxytocin',
  'misoprostol',
  'tranexamic acid',
  'paracetamol',
  'ibuprofen',
  'aspirin',
];

/** Short forms a CHW or a model writes, read as the medicine they stand for. */
const ALIASES: Record<string, string> = {
  'AS-AQ': 'artesunate-amodiaquine',
  'SP': 'sulfadoxine-pyrimethamine',
  'IPTp': 'sulfadoxine-pyrimethamine',
  'AL': 'artemether-lumefantrine',
  'MgSO4': 'magnesium sulfate',
};

const NAME_PATTERN = new RegExp(
  `(?<![\\p{L}-])(${[...DRUG_NAMES, ...Object.keys(ALIASES)].map((n) => n.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})(?![\\p{L}-])`,
  'giu',
);

/**
 * Drug classes the sample guidelines forbid or recommend as a whole, each with the medicines of the list
 * above that belong to it (singular, lower case): "ACE inhibitors must not be used in pregnancy" forbids
 * lisinopril too.
 */
export const DRUG_CLASSES: Readonly<Record<string, readonly string[]>> = {
  'ace inhibitor': ['lisinopril', 'enalapril'],
  'angiotensin receptor blocker': ['losartan'],
  'sulfonylurea': ['glibenclamide', 'gliclazide'],
  // "Do not give iron before referral" forbids the iron salts a table names ("ferrous sulfate").
  'iron': ['ferrous'],
  // "A child with wheeze should not be given antibiotics for pneumonia before ..." forbids amoxicillin.
  'antibiotic': ['amoxicillin', 'ciprofloxacin'],
  // "Do not give deworming tablets in the first trimester" forbids the medicines that deworm.
  'deworming tablet': ['albendazole', 'mebendazole'],
  // The medicines that treat malaria ("should not receive antimalarial medicine" after a negative RDT).
  // Not sulfadoxine-pyrimethamine or amodiaquine alone: given as prevention (IPTp, SMC), not treatment.
  'antimalarial': ['artemether-lumefantrine', 'artesunate-amodiaquine', 'rectal artesunate', 'injectable artesunate', 'quinine', 'primaquine'],
};

/** The drug classes a text names (singular, lower case), plural or not: "ACE inhibitors" -> "ace inhibitor". */
export function drugClassesNamed(text: string): string[] {
  const lower = text.toLowerCase();
  return Object.keys(DRUG_CLASSES).filter((name) => new RegExp(`(?<![\\p{L}-])${name}s?(?![\\p{L}-])`, 'u').test(lower));
}

/** The medicines a text names, by their full names (lower case). */
export function drugsNamed(text: string): Set<string> {
  const names = new Set<string>();
  for (const match of text.matchAll(NAME_PATTERN)) {
    const word = match[1] ?? '';
    const alias = ALIASES[word];
    // Short forms are case-sensitive ("SP", not "sp" in "spoon").
    if (alias) {
      if (word === Object.keys(ALIASES).find((k) => k === word)) names.add(alias);
      continue;
    }
    if (Object.keys(ALIASES).some((k) => k.toLowerCase() === word.toLowerCase() && k !== word)) continue;
    names.add(word.toLowerCase());
  }
  return names;
}

/** "ACT" (artemisinin-based combination therapy): the combinations the guidelines give as one. Case-sensitive: "act" is a verb. */
const ACT = /\bACTs?\b/;
const ACT_MEDICINES = ['artemether-lumefantrine', 'artesunate-amodiaquine'];

/** The medicines a text names, the medicines of the drug classes it names, and the ACTs when it says "ACT". */
export function medicinesAndClassMembersNamed(text: string): Set<string> {
  const names = drugsNamed(text);
  for (const drugClass of drugClassesNamed(text)) for (const drug of DRUG_CLASSES[drugClass] ?? []) names.add(drug);
  if (ACT.test(text)) for (const drug of ACT_MEDICINES) names.add(drug);
  return names;
}

/** The medicines (by the names above) the findings say the patient takes. */
export function drugsTaken(findings: readonly Finding[]): Set<string> {
  return drugsNamed(medicinesTaken(findings).join(' ; '));
}

/**
 * Words for a group of medicines a patient is allergic to, with the medicines of the list above that
 * belong to it: "allergic to penicillin" rules out amoxicillin, "sulfa allergy" cotrimoxazole and SP.
 * Brand names a health worker writes for one medicine stand here too ("septrin" is cotrimoxazole).
 */
const ALLERGY_GROUPS: ReadonlyArray<{ words: RegExp; drugs: readonly string[] }> = [
  { words: /\b(?:penicillins?|amoxyl|ampicillin|beta-?lactams?)\b/i, drugs: ['amoxicillin'] },
  { words: /\b(?:sulfa|sulpha|sulfonamides?|sulphonamides?|sulfur drugs?|sulphur drugs?|septrin|bactrim|fansidar)\b/i, drugs: ['cotrimoxazole', 'sulfadoxine-pyrimethamine'] },
  { words: /\b(?:artemisinins?|artesunate|artemether|coartem)\b/i, drugs: ['artemether-lumefantrine', 'artesunate-amodiaquine', 'rectal artesunate', 'injectable artesunate'] },
  { words: /\b(?:quinolones?|fluoroquinolones?|cipro)\b/i, drugs: ['ciprofloxacin'] },
  { words: /\b(?:nsaids?|anti-inflammator\w*)\b/i, drugs: ['ibuprofen', 'aspirin'] },
  { words: /\bsulfonylureas?\b/i, drugs: ['glibenclamide', 'gliclazide'] },
];

/** An allergy said present: the category, or the words ("allergic to septrin" recorded among the history). */
const ALLERGY_WORDS = /\ballerg(?:y|ic|ies)\b/i;

/**
 * The medicines (by the names above) the patient must not be given because of an allergy the findings
 * state, with the allergen as said: a medicine named ("allergy to amoxicillin"), or every medicine of a
 * group named ("allergic to penicillin"). An allergy said absent ("no known allergies") rules out nothing.
 */
export function drugsAllergicTo(findings: readonly Finding[]): Array<{ drug: string; allergen: string }> {
  const found: Array<{ drug: string; allergen: string }> = [];
  for (const f of findings) {
    if (f.negated || (f.category !== 'allergy' && !ALLERGY_WORDS.test(f.value))) continue;
    const allergen = f.value.replace(/^.*?\ballerg(?:y|ic|ies)\s*(?:to|:|-)?\s*/i, '').trim() || f.value;
    const drugs = new Set([...drugsNamed(f.value)]);
    for (const group of ALLERGY_GROUPS) if (group.words.test(f.value)) for (const drug of group.drugs) drugs.add(drug);
    for (const drug of drugs) found.push({ drug, allergen });
  }
  return found;
}
