import { medicinesTaken, type Finding } from '../../patient/findings.js';
import { medicineVocabulary, wordKey } from '../../patient/medicine-vocabulary.js';

/** Drug classes a guideline forbids or recommends as a whole, each with its medicines (knowledge/medicines.yaml). */
export const DRUG_CLASSES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  medicineVocabulary().classes.map((c) => [c.name, c.members]),
);

/** The classes whose members, given for one illness, are alternatives of each other (two ACTs), with their medicines. */
export const ALTERNATIVE_CLASSES: Readonly<Record<string, readonly string[]>> = Object.fromEntries(
  medicineVocabulary().classes.filter((c) => c.oneRegimen).map((c) => [c.name, c.members]),
);

/**
 * Where a text names a medicine: by a name or another name (any case), or by a short form, as written
 * unless `anyCase` (text that lost its case, where reading "sp" as SP only leaves a line out).
 */
function medicineMentions(text: string, anyCase = false): Array<{ drug: string; start: number; end: number }> {
  const vocabulary = medicineVocabulary();
  const found: Array<{ drug: string; start: number; end: number }> = [];
  for (const match of text.matchAll(vocabulary.namePattern)) {
    const drug = vocabulary.byWord.get(wordKey(match[0]));
    if (drug) found.push({ drug, start: match.index, end: match.index + match[0].length });
  }
  const shortForms = anyCase ? vocabulary.shortFormAnyCasePattern : vocabulary.shortFormPattern;
  if (shortForms) {
    for (const match of text.matchAll(shortForms)) {
      const drug = anyCase ? vocabulary.byShortFormLower.get(match[0].toLowerCase()) : vocabulary.byShortForm.get(match[0]);
      if (drug) found.push({ drug, start: match.index, end: match.index + match[0].length });
    }
  }
  return found;
}

/**
 * The drug classes a text names, plural or not ("ACE inhibitors" -> "ace inhibitor"). A class word inside
 * a medicine's own name is not the class: "benzathine penicillin" is one medicine, not every penicillin.
 * A word that names both ("iron") is both.
 */
export function drugClassesNamed(text: string): string[] {
  let rest = text;
  for (const m of medicineMentions(text).filter((m) => !(m.drug in DRUG_CLASSES))) rest = rest.slice(0, m.start) + ' '.repeat(m.end - m.start) + rest.slice(m.end);
  return medicineVocabulary()
    .classes.filter((c) => {
      c.pattern.lastIndex = 0;
      return c.pattern.test(rest);
    })
    .map((c) => c.name);
}

/** The medicine a text is the name of, whole ("IPTp-SP", "Coartem"), in any case; undefined for any other text. */
export function medicineCalled(text: string): string | undefined {
  const trimmed = text.trim();
  return medicineMentions(trimmed, true).find((m) => m.start === 0 && m.end === trimmed.length)?.drug;
}

/** The medicines a text names, by their names in the vocabulary (lower case); `anyCase` reads short forms in any case. */
export function drugsNamed(text: string, anyCase = false): Set<string> {
  return new Set(medicineMentions(text, anyCase).map((m) => m.drug));
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
    // An allergy to "penicillin" is to every penicillin; so is an allergy to one of them, where the class
    // cross-reacts (not "antibiotic": an amoxicillin allergy leaves azithromycin).
    const named = new Set(drugs);
    for (const c of medicineVocabulary().classes) {
      const crossReacts = c.allergyCrossReacts && c.members.some((drug) => named.has(drug));
      if (c.allergyPattern.test(f.value) || crossReacts) for (const drug of c.members) drugs.add(drug);
    }
    for (const drug of drugs) found.push({ drug, allergen });
  }
  return found;
}
