import { medicinesTaken, type Demographics, type Finding } from '../../patient/findings.js';
import type { CitedSection } from '../guideline-section.js';
import type { LabelledSection } from '../plan-writer.js';
import { forbiddenDrugs, namesForbiddenDrug, warnsAgainstForbidden, type ForbiddenDrug } from './plan-fit.js';
import { sectionBody, splitSentences } from './section-text.js';
import { DRUG_CLASSES, drugsNamed } from './drug-names.js';
import { restrictsMedicine } from './medicine-restrictions.js';

/**
 * What the plan's guidelines say against a medicine the patient already takes. A pregnant woman on
 * lisinopril needs "ACE inhibitors (such as lisinopril) must not be used in pregnancy" in her plan,
 * though no search for "chronic hypertension in pregnancy" ranks that section among its first: the
 * sections of the plan's books that name her medicine in a sentence that forbids or restricts it join
 * the plan. Only the books the plan already draws on are read, so another disease's book adds nothing.
 */

/**
 * The sections of the chosen sections' books that restrict one of `medicines`, not chosen yet, at most
 * `limit`, in the order of the books' first appearance. `find` lists a book's sections that name any
 * of the medicines (already fitted to the patient by the caller).
 */
export async function medicineWarningSections<S extends Pick<CitedSection, 'id' | 'accession' | 'text'>>(
  chosen: readonly S[],
  medicines: readonly string[],
  find: (accession: string, names: string[]) => Promise<readonly S[]>,
  limit = 2,
): Promise<S[]> {
  if (medicines.length === 0) return [];
  const ids = new Set(chosen.map((s) => s.id));
  const added: S[] = [];
  for (const accession of [...new Set(chosen.map((s) => s.accession))]) {
    for (const section of await find(accession, [...medicines])) {
      if (added.length >= limit) return added;
      if (ids.has(section.id) || !restrictsMedicine(section, medicines)) continue;
      ids.add(section.id);
      added.push(section);
    }
  }
  return added;
}

/**
 * The sections of the chosen sections' books that forbid, for this patient, a medicine the chosen
 * sections give, not chosen yet, at most `limit`. A pregnant woman with dysentery is given "ciprofloxacin,
 * about 15 mg per kg, twice daily" by the dysentery section, while "Do not give ciprofloxacin in pregnancy
 * at community level; refer instead" is in "Diarrhoea in pregnancy", eighth in her search: the plan's
 * check forbids only what its own sections forbid, so the section that forbids it must be among them.
 * `find` lists a book's sections that name any of the medicines (already fitted to the patient by the caller).
 */
export async function prohibitionSections<S extends CitedSection>(
  chosen: readonly S[],
  patient: { demographics: Demographics; findings: readonly Finding[]; conditions: readonly string[] },
  find: (accession: string, names: string[]) => Promise<readonly S[]>,
  limit = 2,
): Promise<S[]> {
  const ids = new Set(chosen.map((s) => s.id));
  const added: S[] = [];
  for (const accession of [...new Set(chosen.map((s) => s.accession))]) {
    const given = [...new Set(chosen.filter((s) => s.accession === accession).flatMap((s) => [...drugsNamed(sectionBody(s))]))];
    if (given.length === 0) continue;
    // Her state alone may forbid a medicine (an allergy, or PrEP to anyone living with HIV, whose PrEP
    // sections say nothing she needs): only a section's own words count here.
    const stateForbids = forbiddenWhateverSaid(given, patient);
    const candidates = given.filter((drug) => !namesForbiddenDrug(drug, stateForbids));
    // One lookup per medicine and per class of them ("antibiotics"), each once: "zinc" alone names more
    // sections than a lookup returns.
    const lookups = new Map<string, string[]>();
    for (const drug of candidates) {
      for (const name of [drug, ...Object.keys(DRUG_CLASSES).filter((c) => DRUG_CLASSES[c]?.includes(drug))]) lookups.set(name, [...(lookups.get(name) ?? []), drug]);
    }
    for (const [name, drugs] of lookups) {
      for (const section of await find(accession, [name])) {
        if (added.length >= limit) return added;
        if (ids.has(section.id)) continue;
        const forbidden = forbiddenDrugs([{ label: '', section }], patient.demographics, patient.findings, patient.conditions);
        if (!drugs.some((drug) => namesForbiddenDrug(drug, forbidden))) continue;
        ids.add(section.id);
        added.push(section);
      }
    }
  }
  return added;
}

/** What her state alone forbids of these medicines, whatever a section says (an allergy; PrEP for a person with HIV). */
function forbiddenWhateverSaid(drugs: readonly string[], patient: { demographics: Demographics; findings: readonly Finding[]; conditions: readonly string[] }): ForbiddenDrug[] {
  const named: CitedSection = { id: '', accession: '', bookTitle: '', sectionPath: '', titlePath: '', text: drugs.join(', '), contentHash: '' };
  return forbiddenDrugs([{ label: '', section: named }], patient.demographics, patient.findings, patient.conditions);
}

export const OWN_MEDICINES_HEADING = '**Medicines the patient already takes**';

/**
 * The guideline's own sentences forbidding, for this patient, a medicine she already takes, as cited
 * plan lines, for each such medicine the plan does not name yet: a writer's draft may leave her
 * lisinopril unmentioned, and the check removes any line that names it without forbidding it for her.
 * Each line is a section's sentence that passes the check (warnsAgainstForbidden), cited to it.
 * `forbidden` is what the check of the plan found the sections forbid for her.
 */
export function ownMedicineWarningLines(
  plan: string,
  forbidden: readonly ForbiddenDrug[],
  input: { sections: readonly LabelledSection[]; findings: readonly Finding[]; demographics: Demographics; diagnoses?: ReadonlyArray<{ condition: string }> },
): string[] {
  const medicines = medicinesTaken(input.findings);
  const unsaid = forbidden.filter((f) => medicines.some((m) => namesForbiddenDrug(m, [f])) && !namesForbiddenDrug(plan, [f]));
  if (unsaid.length === 0) return [];
  const lines: string[] = [];
  for (const { label, section } of input.sections) {
    for (const sentence of sectionBody(section).split('\n').flatMap((line) => splitSentences(line))) {
      if (namesForbiddenDrug(sentence, unsaid) && warnsAgainstForbidden(sentence, forbidden, input.demographics, input.findings, (input.diagnoses ?? []).map((d) => d.condition))) lines.push(`- ${sentence.trim()} [${label}]`);
    }
    if (lines.length > 0) break;
  }
  return lines;
}

export const ALLERGY_HEADING = '**Allergy**';

/**
 * One line per allergy the findings state whose medicines a section of the plan gives: the check leaves
 * those medicines out of every line, and the health worker must know why the plan names no antibiotic
 * for a child allergic to penicillin. Cited to the first section that names one of them. `forbidden`
 * is what the check of the plan found forbidden for her (allergies carry their allergen).
 */
export function allergyNoticeLines(forbidden: readonly ForbiddenDrug[], sections: readonly LabelledSection[]): Array<{ line: string; label: string }> {
  const byAllergen = new Map<string, Set<string>>();
  for (const f of forbidden) if (f.allergen !== undefined) byAllergen.set(f.allergen, (byAllergen.get(f.allergen) ?? new Set()).add(f.drug));
  const lines: Array<{ line: string; label: string }> = [];
  for (const [allergen, drugs] of byAllergen) {
    for (const { label, section } of sections) {
      const withheld = [...drugsNamed(`${section.titlePath}\n${sectionBody(section)}`)].filter((drug) => drugs.has(drug));
      if (withheld.length === 0) continue;
      lines.push({ line: `- Allergy to ${allergen}: ${withheld.join(', ')} ${withheld.length === 1 ? 'is' : 'are'} left out of this plan. Do not give ${withheld.length === 1 ? 'it' : 'them'}; refer to a clinician to choose another medicine. [${label}]`, label });
      break;
    }
  }
  return lines;
}
