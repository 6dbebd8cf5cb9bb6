import { adolescentTextApplies, adultTextApplies, ageGroupOf, ageInMonths, childTextApplies, isOlderAdult } from '../patient/age.js';
import type { Demographics } from '../patient/findings.js';
import { birthIsNear, pregnancyStatus, writtenForNonPregnant, type Trimester } from '../patient/pregnancy.js';
import { preventionSection } from './section-role.js';

const POSTPARTUM = /\b(postpartum|post-partum|postnatal|after (child)?birth|after delivery|breastfeeding women|women who are breastfeeding)\b/;
/** The hours and weeks after the birth itself, not the months of breastfeeding. */
const AFTER_BIRTH = /\b(postpartum|post-partum|postnatal|after (child)?birth|after delivery)\b/;
// Breastfeeding concerns a mother after birth and her baby alike ("Pregnancy, breastfeeding and
// HIV-exposed infants > Breastfeeding" answers a mother 10 days after delivery as well as a toddler's
// feeding), and a pregnant woman choosing how she will feed.
const BREASTFEEDING = /\b(breastfeeding|breast-feeding|breastfed|lactating)\b/;
const BREASTFED_MONTHS = 24;
const PREGNANCY = /\b(pregnan\w*|trimesters?|antenatal|eclampsia|pre-eclampsia)\b/;
// "Urinary infection in girls": a girl or a boy is a child; "adolescent girls" is also adolescents'.
const CHILD = /\b(child|children|girls?|boys?|under[- ](five|5)|paediatric)\b/;
// Adolescents are their own population: "adults and adolescents" is not written for a toddler.
const ADOLESCENT = /\badolescents?\b/;
const INFANT = /\b(infants?|newborns?|neonates?)\b/;
const ADULT = /\b(adults?|older (adults?|people)|elderly)\b/;
const OLDER = /\b(older (adults?|people)|elderly)\b/;
const LOW_WEIGHT_INFANT = /\b(young infants?|newborns?|infants? (weighing )?(less than|under) \d+ ?kg|infants? under \d+ months)\b/;
const TRIMESTER = /\b(first|second|third)[- ]trimester\b/g;
const TRIMESTER_NUMBER = { first: 1, second: 2, third: 3 } as const;

/**
 * Whether a section is written for a population this patient is not in. The deepest title that names a
 * population decides ("Malaria in pregnancy > ... > Relieving fever" is a pregnancy section; "... > Infant
 * prophylaxis" is an infant section even in a chapter on pregnancy); a title naming several populations
 * fits them all. Another trimester, or infants for a school child, is never the right section for this
 * patient however well its words match. Pregnancy sections fit a woman who is pregnant or has not said
 * (a woman of child-bearing age), never one who cannot be pregnant; sections for after birth fit a
 * woman who has delivered (or has not said), not a pregnant one; but a woman in labour or at term (her
 * birth is near) prepares its prevention ("Preventing bleeding after birth"). Its treatment is not hers:
 * the oxytocin and tranexamic acid for bleeding after birth are not for a bleed before it (antepartum
 * haemorrhage is referred). Unknown demographics exclude nothing.
 * The age and pregnancy rules are those of src/patient.
 */
export function sectionFitsPatient(sectionPath: string, d: Demographics): boolean {
  const segments = sectionPath.toLowerCase().split(' > ');
  for (let i = segments.length - 1; i >= 0; i--) {
    let title = segments[i] ?? '';
    // "In women who are not pregnant or breastfeeding", "Non-pregnant adults": not for a pregnant woman;
    // the rest of the title ("adults") still says whom it is for.
    if (writtenForNonPregnant(title)) {
      if (pregnancyStatus(d).state === 'pregnant') return false;
      if (/\b(?:or|nor)\s+breastfeeding\b/.test(title) && d.breastfeeding === true) return false;
      title = title.replace(/\bnon-?pregnant\b|\b(?:who are |are |is )?not pregnant(?:\s+(?:or|nor)\s+breastfeeding)?\b/g, ' ');
    }
    const postpartum = POSTPARTUM.test(title);
    const pregnancy = !postpartum && PREGNANCY.test(title);
    const breastfeeding = !postpartum && BREASTFEEDING.test(title);
    const child = CHILD.test(title) || INFANT.test(title);
    const adolescent = ADOLESCENT.test(title);
    const adult = ADULT.test(title);
    if (!postpartum && !pregnancy && !breastfeeding && !child && !adolescent && !adult) continue;
    // A title naming several populations fits a patient in any of them ("Pregnancy, breastfeeding and
    // HIV-exposed infants" fits a pregnant woman or an infant, not a man of 38).
    return (
      (postpartum && (postpartumFits(d) || (AFTER_BIRTH.test(title) && preventionSection({ sectionPath: title }) && birthIsNear(d)))) ||
      (pregnancy && pregnancyFits(title, d)) ||
      (breastfeeding && (postpartumFits(d) || pregnancyStatus(d).state === 'pregnant' || (childTextApplies(d) !== false && (ageInMonths(d) ?? 0) < BREASTFED_MONTHS))) ||
      (child && childTextApplies(d) !== false && infantFits(title, d)) ||
      (adolescent && adolescentTextApplies(d) !== false) ||
      (adult && (OLDER.test(title) && ageInMonths(d) !== undefined ? isOlderAdult(d) : adultTextApplies(d) !== false))
    );
  }
  return true;
}

/** Pregnant women as a guideline's readership; a title's "Pregnancy care" is its topic, which covers the weeks after birth too. */
const PREGNANT_WOMEN = /\bpregnant women\b/;

/**
 * True when a guideline's own title says it is written for people this patient is not: "Cough and
 * pneumonia in children under five" for a man of 29, "Acute malnutrition in children aged 6 to 59
 * months" for a woman of 40. A title naming no readership ("Pregnancy care: pre-eclampsia, danger signs
 * and referral", "Malaria at community level") is for anyone; unknown demographics exclude nothing.
 */
export function guidelineWrittenForOthers(bookTitle: string, d: Demographics): boolean {
  const title = bookTitle.toLowerCase();
  const child = CHILD.test(title) || INFANT.test(title);
  const adolescent = ADOLESCENT.test(title);
  const adult = ADULT.test(title);
  const pregnant = PREGNANT_WOMEN.test(title);
  if (pregnancyCareBookForOthers(bookTitle, d)) return true;
  if (!child && !adolescent && !adult && !pregnant) return false;
  const state = pregnancyStatus(d).state;
  return !(
    (child && childTextApplies(d) !== false) ||
    (adolescent && adolescentTextApplies(d) !== false) ||
    (adult && adultTextApplies(d) !== false) ||
    (pregnant && (state === 'pregnant' || state === 'unknown'))
  );
}

/** A guideline on the care of pregnancy and birth, by its title. */
const PREGNANCY_BOOK = /\b(?:pregnan\w*|antenatal|maternal|maternity|obstetric\w*)\b/;
/** ... that also covers the baby ("Pregnancy, childbirth, postpartum and newborn care"). */
const BOOK_FOR_CHILDREN_TOO = /\b(?:child(?!birth)\w*|infants?|newborns?|babies|baby|neonat\w*)\b/;

/**
 * True when the guideline is on pregnancy care (and not also the baby's) and the patient cannot be
 * pregnant or have just given birth: "Pregnancy care: pre-eclampsia, danger signs and referral" (its
 * "First aid during a fit" gives magnesium sulfate) is not for a boy of 3 with a febrile fit, or a man.
 */
export function pregnancyCareBookForOthers(bookTitle: string, d: Demographics): boolean {
  const title = bookTitle.toLowerCase();
  return PREGNANCY_BOOK.test(title) && !BOOK_FOR_CHILDREN_TOO.test(title) && pregnancyStatus(d).state === 'cannot_be_pregnant';
}

/**
 * True when the section is written for pregnancy alone: its deepest title naming a population names
 * pregnancy and no other ("Antihypertensive medicines in pregnancy > Severe hypertension in pregnancy").
 */
export function writtenForPregnancyOnly(sectionPath: string): boolean {
  const segments = sectionPath.toLowerCase().split(' > ');
  for (let i = segments.length - 1; i >= 0; i--) {
    const title = segments[i] ?? '';
    const others = [POSTPARTUM, BREASTFEEDING, CHILD, INFANT, ADOLESCENT, ADULT].some((p) => p.test(title));
    if (PREGNANCY.test(title)) return !others;
    if (others) return false;
  }
  return false;
}

/**
 * How specifically a section that fits is written for this patient: 1 when its deepest population
 * title names her own trimester, her state after birth, or the youngest band she is in ("Young infants
 * under 2 months" for a baby of 1 month: a young infant with fast breathing is referred, not given the
 * children's amoxicillin), else 0. Retrieval puts such sections first,
 * so `dx: malaria` for a woman 10 weeks pregnant reaches the first-trimester treatment.
 */
export function populationPreference(sectionPath: string, d: Demographics): 0 | 1 {
  const status = pregnancyStatus(d);
  const segments = sectionPath.toLowerCase().split(' > ');
  for (let i = segments.length - 1; i >= 0; i--) {
    const title = segments[i] ?? '';
    if (status.state === 'postpartum' && POSTPARTUM.test(title)) return 1;
    if (LOW_WEIGHT_INFANT.test(title) && ageInMonths(d) !== undefined) return infantFits(title, d) && youngestBandFits(title, d) ? 1 : 0;
    if (status.state === 'pregnant' && status.trimester !== undefined) {
      const named = trimestersIn(title);
      if (named.length > 0) return named.includes(status.trimester) ? 1 : 0;
    }
  }
  return 0;
}

/**
 * Keeps the sections that fit the patient, those written for her own state first (stable otherwise);
 * only items `promotable` says may move (e.g. above the relevance floor) are moved.
 */
export function fitToPatient<T>(items: readonly T[], pathOf: (item: T) => string, d: Demographics, promotable: (item: T) => boolean = () => true): T[] {
  const fitting = items.filter((item) => sectionFitsPatient(pathOf(item), d));
  const preferred = new Set(fitting.filter((item) => promotable(item) && populationPreference(pathOf(item), d) === 1));
  return [...preferred, ...fitting.filter((item) => !preferred.has(item))];
}

function trimestersIn(title: string): Trimester[] {
  return [...title.matchAll(TRIMESTER)].map((m) => TRIMESTER_NUMBER[m[1] as keyof typeof TRIMESTER_NUMBER]);
}

function postpartumFits(d: Demographics): boolean {
  const state = pregnancyStatus(d).state;
  return state === 'postpartum' || state === 'unknown';
}

function pregnancyFits(title: string, d: Demographics): boolean {
  const status = pregnancyStatus(d);
  if (status.state !== 'pregnant' && status.state !== 'unknown') return false;
  if (status.state === 'pregnant' && status.trimester !== undefined) {
    const named = trimestersIn(title);
    if (named.length > 0 && !named.includes(status.trimester)) return false;
  }
  return true;
}

/** "Young infants" (under 2 months), "infants under 6 months", "infants weighing less than 5 kg": her age or weight is under the band's limit. */
function youngestBandFits(title: string, d: Demographics): boolean {
  const months = ageInMonths(d) ?? Infinity;
  const band = /\b(?:under|less than) (\d+) ?(kg|months?)\b/.exec(title);
  if (band) return band[2] === 'kg' ? d.weightKg !== undefined && d.weightKg < Number(band[1]) : months < Number(band[1]);
  // A newborn is in the first month of life.
  return /\byoung infants?\b/.test(title) ? ageGroupOf(d) === 'young_infant' : months < 1;
}

function infantFits(title: string, d: Demographics): boolean {
  const months = ageInMonths(d);
  if (months === undefined) return true;
  if (LOW_WEIGHT_INFANT.test(title)) return months < 12 || (d.weightKg !== undefined && d.weightKg < 5);
  if (INFANT.test(title) && !CHILD.test(title)) return months < 24;
  return true;
}

/** A book sending its pregnant patients to the pregnancy guideline ("follow the pregnancy guideline instead"). */
export const DEFERS_PREGNANCY = /\b(?:follow|use|see)\s+the\s+(?:sample\s+)?pregnancy guideline\b/i;

/**
 * For a pregnant woman, the general sections of a book that sends pregnancy to the pregnancy guideline
 * are left out when that guideline's own sections are there: the hypertension book's "do not bring the
 * pressure down quickly" contradicts the pregnancy book's "160/110 mmHg or more in pregnancy must be
 * lowered within an hour", and the hypertension book says to follow the pregnancy guideline instead.
 * Its own pregnancy sections stay ("Women who are or may become pregnant": ACE inhibitors must not be
 * used), and nothing is left out when no other book writes for pregnancy here.
 */
export function withoutBooksDeferringPregnancy<S extends { sectionPath: string; accession: string }>(sections: readonly S[], d: Demographics, deferring: ReadonlySet<string>): S[] {
  if (pregnancyStatus(d).state !== 'pregnant' || deferring.size === 0) return [...sections];
  const otherPregnancyGuidance = sections.some((s) => !deferring.has(s.accession) && writtenForPregnancyOnly(s.sectionPath));
  // "Women who are or may become pregnant" is the deferring book's own word on pregnancy.
  const onPregnancy = (s: S) => writtenForPregnancyOnly(s.sectionPath) || PREGNANCY.test((s.sectionPath.split(' > ').at(-1) ?? '').toLowerCase());
  return otherPregnancyGuidance ? sections.filter((s) => !deferring.has(s.accession) || onPregnancy(s)) : [...sections];
}
