import type { Finding } from '../../patient/findings.js';
import { resultPolarity } from '../../patient/test-result.js';
import { sameWord } from '../condition-words.js';
import { drugsAllergicTo, drugsNamed, drugsTaken, medicinesAndClassMembersNamed } from './drug-names.js';

/**
 * A line addressed to a subgroup defined by a long-term condition or a medicine its members take: "A
 * pregnant woman living with HIV who takes cotrimoxazole every day continues it", "People taking
 * efavirenz should receive ...". Such a line is for this patient only when something said of her names
 * that condition or medicine; otherwise it is another patient's line, and on a phone it is noise.
 */
/** Who a subgroup line addresses. */
const PEOPLE = String.raw`(?:people|persons?|patients?|women|woman|men|man|children|child|adults?|girls?|boys?|mothers?|anyone|those)`;
const SUBGROUP = new RegExp(String.raw`\b${PEOPLE}\s+(?:(?:who (?:are |is )?)?(living with)|who (?:takes?|are on|is on|receives?|are taking|is taking)|taking|receiving)\s+(?:daily\s+|regular\s+)?([a-z][a-z0-9-]*(?:\s+[a-z0-9-]+){0,3}?)(?=\s*(?:[,.;:)]|$)|\s+(?:and|or|who|should|must|continues?|is|are|can|may|needs?|receives?|gets?|as|every|daily|for|with)\b)`, 'gi');

/** "children allergic to penicillin", "patients who are allergic to sulfa drugs": a subgroup by an allergy. */
const ALLERGIC_SUBGROUP = new RegExp(String.raw`\b${PEOPLE}\s+(?:who (?:are|is|have|has) (?:an? )?)?(?:allergic to|(?:with |having )?(?:an? )?allergy to)\s+([a-z][a-z0-9-]*(?:\s+[a-z0-9-]+){0,2})`, 'gi');

const words = (text: string): string[] => text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];

/** True when the line is for a subgroup by condition, medicine or allergy that nothing said of her puts her in. */
export function lineForSubgroupSheIsNotIn(line: string, conditions: readonly string[], findings: readonly Finding[]): boolean {
  const said = [...conditions, ...findings.filter((f) => !f.negated && resultPolarity(f.value) !== 'negative').map((f) => f.value)];
  const saidWords = said.flatMap(words);
  const taken = drugsTaken(findings);
  // "Table 4.2 Azithromycin ... in children allergic to penicillin": only for her if she has that allergy.
  // The allergy may be said in the diagnosis too ("dx: AOM, allergic to penicillin").
  const allergicTo = new Set(drugsAllergicTo([...findings, ...conditions.map((value): Finding => ({ category: 'history', value }))]).map((a) => a.drug));
  for (const m of line.matchAll(ALLERGIC_SUBGROUP)) {
    const medicines = [...medicinesAndClassMembersNamed(m[1] ?? '')];
    if (medicines.length > 0 && !medicines.some((drug) => allergicTo.has(drug))) return true;
  }
  for (const m of line.matchAll(SUBGROUP)) {
    const named = m[2] ?? '';
    if (m[1]) {
      const condition = words(named).filter((w) => w.length >= 2);
      if (condition.length > 0 && !condition.some((w) => saidWords.some((s) => sameWord(w, s)))) return true;
      continue;
    }
    const medicines = [...drugsNamed(named)];
    if (medicines.length > 0 && !medicines.some((drug) => taken.has(drug) || saidWords.some((s) => sameWord(drug, s)))) return true;
  }
  return false;
}
