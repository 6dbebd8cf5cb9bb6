import type { Demographics } from '../consult/findings.js';

const PREGNANCY = /\b(pregnan\w*|trimesters?|antenatal|postpartum|after (child)?birth|eclampsia|pre-eclampsia|breastfeeding women)\b/;
const CHILD = /\b(child|children|under[- ](five|5)|paediatric|adolescents?)\b/;
const INFANT = /\b(infants?|newborns?|neonates?)\b/;
const ADULT = /\b(adults?|older (adults?|people)|elderly)\b/;
const LOW_WEIGHT_INFANT = /\b(young infants?|newborns?|infants? (weighing )?(less than|under) \d+ ?kg|infants? under \d+ months)\b/;

/**
 * Whether a section is written for a population this patient is not in. The deepest title that names a
 * population decides ("Malaria in pregnancy > ... > Relieving fever" is a pregnancy section; "... > Infant
 * prophylaxis" is an infant section even in a chapter on pregnancy); a title naming several populations
 * fits them all. Another trimester, or infants for a school child, is never the right section for this
 * patient however well its words match. Unknown demographics exclude nothing.
 */
export function sectionFitsPatient(sectionPath: string, d: Demographics): boolean {
  const segments = sectionPath.toLowerCase().split(' > ');
  const months = d.ageMonths ?? (d.ageYears !== undefined ? d.ageYears * 12 : undefined);
  for (let i = segments.length - 1; i >= 0; i--) {
    const title = segments[i] ?? '';
    const pregnancy = PREGNANCY.test(title);
    const child = CHILD.test(title) || INFANT.test(title);
    const adult = ADULT.test(title);
    const named = [pregnancy, child, adult].filter(Boolean).length;
    if (named === 0) continue;
    if (named > 1) return true;
    if (pregnancy) return pregnancyFits(title, d, months);
    if (child) return months === undefined || (months < 180 && infantFits(title, d, months));
    return months === undefined || months >= 144;
  }
  return true;
}

function pregnancyFits(title: string, d: Demographics, months: number | undefined): boolean {
  if (d.pregnant === false || d.sex === 'male' || (months !== undefined && months < 120)) return false;
  if (d.pregnant && d.trimester) {
    const named = [...title.matchAll(/\b(first|second|third)[- ]trimester\b/g)].map((m) => ({ first: 1, second: 2, third: 3 })[m[1] as 'first' | 'second' | 'third']);
    if (named.length > 0 && !named.includes(d.trimester)) return false;
  }
  return true;
}

function infantFits(title: string, d: Demographics, months: number): boolean {
  if (LOW_WEIGHT_INFANT.test(title)) return months < 12 || (d.weightKg !== undefined && d.weightKg < 5);
  if (INFANT.test(title) && !CHILD.test(title)) return months < 24;
  return true;
}
