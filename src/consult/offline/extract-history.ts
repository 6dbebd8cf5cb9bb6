/**
 * Past history, medicines already taken and allergies. Medicines are recognised from a list of drugs
 * common in community care, then from the whole medicine vocabulary, and recorded under one name ('artemether-lumefantrine' for
 * Coartem, AL, ALu); short ambiguous names (AL, ACT, ART, SP) count only after "on", "given",
 * "took" and the like. Allergies run first so that "allergic to penicillin" is not a medicine.
 */
import { doseWrittenAfterName } from '../../patient/medicine-dose.js';
import { illnessBackAfterCourse } from '../../patient/illness-returned.js';
import { MISSED_DOSES, MISSED_MEDICINES } from '../../patient/missed-doses.js';
import { findMentions } from '../../patient/negation.js';
import { medicineVocabulary, wordPattern } from '../../patient/medicine-vocabulary.js';
import type { Extraction } from './extraction.js';

const re = (source: string): RegExp => new RegExp(source, 'g');

const NO_KNOWN_ALLERGIES = re(String.raw`\b(?:nka|nkda|no known (?:drug )?allerg\w*|no allerg\w*)\b`);
const ALLERGIC_TO = re(String.raw`\ballerg(?:ic|y|ies)\s*(?:to|:|-)\s*([a-z][a-z-]+(?: drugs?)?)`);
const NAMED_ALLERGY = re(String.raw`\b([a-z][a-z-]+)\s+allerg(?:y|ic)\b`);
const NOT_AN_ALLERGEN = new Set([
  'no', 'known', 'drug', 'any', 'food', 'severe', 'an', 'the', 'with', 'has', 'is', 'not',
]);

/**
 * [recorded name, phrasings, adjective that alone states the history, whether a plain mention is history].
 * Lifelong conditions a consult is never about treating are history from a plain mention ("has sickle cell
 * disease", "kidney disease", "sickler"): they decide which medicines a guideline withholds (iron and sickle
 * cell disease, metformin and kidney disease). The others need a cue ("known asthmatic", "history of TB").
 */
const KNOWN_CONDITIONS: ReadonlyArray<readonly [string, string, (string | undefined)?, 'plain'?]> = [
  ['asthma', String.raw`asthma\w*`, 'asthmatic'],
  ['diabetes', String.raw`diabet\w*`, 'diabetic'],
  ['epilepsy', String.raw`epilep\w*`, 'epileptic'],
  ['hypertension', String.raw`hypertensi\w*`, 'hypertensive'],
  // "PLHIV" (a person living with HIV) states the history by itself.
  ['HIV', String.raw`hiv(?! test)|plhiv`, 'plhiv'],
  ['sickle cell disease', String.raw`sickle[- ]cell(?! trait)(?: disease| anaemia| anemia)?|scd|sickler|hb ?ss|\bss\b(?= (?:patient|child|genotype))|genotype ss`, undefined, 'plain'],
  ['tuberculosis', String.raw`tuberculosis|tb(?! test)`],
  ['heart failure', String.raw`heart failure|cardiac failure`, undefined, 'plain'],
  ['heart disease', String.raw`heart (?:disease|problem)`],
  ['kidney disease', String.raw`(?:chronic )?(?:kidney|renal) (?:disease|failure|impairment)|ckd`, undefined, 'plain'],
  ['liver disease', String.raw`liver (?:disease|failure)|cirrhosis`, undefined, 'plain'],
  ['caesarean section', String.raw`c-?section|caesarean\w*|cesarean\w*`],
  ['pre-eclampsia', String.raw`pre-?eclamp\w*`],
];
const HISTORY_CUE = String.raw`(?:history of|known|previous|prior|past|k\/c\/o|known case of)`;

const DRUGS: ReadonlyArray<readonly [string, string]> = [
  ['paracetamol', String.raw`paracetamol|panadol|acetaminophen|calpol`],
  ['ibuprofen', String.raw`ibuprofen|brufen`],
  ['amoxicillin', String.raw`amox[iy]?cill?in|amoxil|\bamox\b`],
  ['cotrimoxazole', String.raw`co-?trimoxazole|septrin|bactrim`],
  ['artemether-lumefantrine', String.raw`coartem|artemether[- ]?lumefantrine|\balu\b`],
  ['artesunate', String.raw`artesunate`],
  ['quinine', String.raw`quinine`],
  ['ORS', String.raw`\bors\b|oral rehydration (?:salts?|solution)`],
  ['zinc', String.raw`\bzinc\b`],
  ['antiretroviral therapy', String.raw`\barvs?\b|antiretrovirals?`],
  ['metformin', String.raw`metformin`],
  ['insulin', String.raw`insulin`],
  ['iron and folic acid', String.raw`ferrous|fefol|iron (?:tablets|and folic acid|\+ folic acid)|folic acid`],
  ['ciprofloxacin', String.raw`ciprofloxacin|\bcipro\b`],
  ['metronidazole', String.raw`metronidazole|flagyl`],
  ['gentamicin', String.raw`gentamicin`],
  ['ceftriaxone', String.raw`ceftriaxone`],
  ['salbutamol', String.raw`salbutamol|ventolin`],
  ['nifedipine', String.raw`nifedipine`],
  ['methyldopa', String.raw`methyldopa|aldomet`],
  ['magnesium sulfate', String.raw`magnesium sul(?:ph|f)ate|mgso4`],
  ['albendazole', String.raw`albendazole|mebendazole|deworm\w*`],
  // Seasonal malaria chemoprevention is amodiaquine with SP: "Do not use AS-AQ for a child who received
  // amodiaquine as seasonal malaria chemoprevention in the past four weeks".
  ['seasonal malaria chemoprevention (sulfadoxine-pyrimethamine + amodiaquine)', String.raw`\bsmc\b|seasonal malaria chemoprevention|\bspaq\b`],
  ['vitamin A', String.raw`vitamin a\b|vit a\b`],
  ['antibiotics', String.raw`antibiotics?`],
  ['herbal medicine', String.raw`herbs?|herbal\w*|traditional medicine|local medicine|concoction`],
  // Long-term medicines the guidelines name: what a patient already takes decides the next step
  // (stepping up), and some must be stopped in pregnancy (ACE inhibitors, angiotensin receptor blockers).
  ['amlodipine', String.raw`amlodipine|norvasc`],
  ['hydrochlorothiazide', String.raw`hydrochlorothiazide|\bhctz\b`],
  ['lisinopril', String.raw`lisinopril`],
  ['enalapril', String.raw`enalapril`],
  ['losartan', String.raw`losartan`],
  ['glibenclamide', String.raw`glibenclamide|glyburide|daonil`],
  ['gliclazide', String.raw`gliclazide`],
  ['isoniazid', String.raw`isoniazid|\binh\b`],
  ['rifampicin', String.raw`rifampicin|rifampin`],
  ['pyridoxine', String.raw`pyridoxine|vitamin b6`],
  ['tenofovir-lamivudine-dolutegravir', String.raw`\btld\b|dolutegravir`],
  // Antiretrovirals that decide which antimalarial a patient may have ("Do not give artesunate-amodiaquine
  // to a patient taking efavirenz or zidovudine") and an HIV-exposed infant's prophylaxis.
  ['zidovudine', String.raw`zidovudine|\bazt\b|\bzdv\b`],
  ['efavirenz', String.raw`efavirenz|\befv\b`],
  ['nevirapine', String.raw`nevirapine|\bnvp\b`],
  ['ready-to-use therapeutic food', String.raw`\brutf\b|plumpy'?\s?nut|ready-to-use therapeutic food`],
  ['oxytocin', String.raw`oxytocin`],
  ['misoprostol', String.raw`misoprostol`],
];
const GIVEN = String.raw`(?:on|given|gave|took|taken|taking|started(?: on)?|received|using|used|bought|treated with)\s+(?:some\s+)?`;
const AMBIGUOUS_DRUGS: ReadonlyArray<readonly [string, string]> = [
  ['artemether-lumefantrine', String.raw`${GIVEN}(?:al|act)\b`],
  ['antiretroviral therapy', String.raw`${GIVEN}art\b`],
  ['sulfadoxine-pyrimethamine', String.raw`${GIVEN}(?:sp|fansidar|iptp)\b`],
];

/**
 * Habits that change the advice (tobacco, alcohol): the finding recorded when present or absent, the
 * phrasings that name the habit and those that deny it. "Drinks" alone is not alcohol (a child "drinks
 * eagerly"), nor is "smoke" alone tobacco ("smoke from the cooking fire").
 */
const HABITS: ReadonlyArray<{ present: string; absent: string; source: string; denial: string }> = [
  { present: 'smokes tobacco', absent: 'no smoking', source: String.raw`smok(?:es|er|ers|ing)|cigarettes?|tobacco|snuff`, denial: String.raw`non-?smok\w*|never smoked|stopped smoking|quit smoking` },
  { present: 'drinks alcohol', absent: 'no alcohol use', source: String.raw`alcohol\w*|beer|palm wine|ogogoro|gin|drinker`, denial: String.raw`non-?drinker|teetotal\w*|stopped drinking` },
];

/**
 * The illness is not getting better, usually on a treatment already given: still ill or still high,
 * not improving, worse, not gaining weight. The next step is then the guideline's follow-up section
 * (stepping up, treatment failure), not the starting dose. "Still" counts only before a sign or a
 * number ("BP still 156/98", "still breathing fast"), not in "still breastfeeding".
 */
const NOT_IMPROVING = new RegExp(
  String.raw`\b(?:not (?:improving|improved|getting better|better|responding|gaining(?: weight)?|controlled)|no improvement|getting worse|weight not (?:increasing|going up)|still\s+(?:has\s+|having\s+|with\s+)?(?:high|raised|fast|breathing fast|fever\w*|febrile|hot|sick|ill|vomiting|cough\w*|breathless|bleeding|\d))`,
);

/** Adds history, medication, habit, allergy and course findings to `extraction`. */
export function extractHistory(extraction: Extraction): void {
  extractAllergies(extraction);
  extractConditions(extraction);
  extractAppetiteTest(extraction);
  extractMedicines(extraction);
  extractHabits(extraction);
  extractBreastfeeding(extraction);
  extractCourse(extraction);
  extractMissedDoses(extraction);
}

/**
 * Doses said to be missed (missed-doses.ts), recorded once as "missed medicines"; "never misses a dose" is
 * recorded as absent. Not as "missed doses": as a search word, "doses" drew the dose tables (a man of 36
 * on TLD had the cotrimoxazole table by weight), where "medicines" draws the adherence sections.
 */
function extractMissedDoses(extraction: Extraction): void {
  const mentions = findMentions(extraction.clinical, MISSED_DOSES);
  const said = mentions.find((m) => !m.negated);
  if (said) extraction.addFinding(said.start, 'history', MISSED_MEDICINES);
  else if (mentions[0]) extraction.addFinding(mentions[0].start, 'history', `no ${MISSED_MEDICINES}`, true);
}

/**
 * A mother who breastfeeds ("delivered 3 weeks ago, breastfeeding", "lactating"): her plan differs (a
 * woman found to have HIV while breastfeeding starts treatment at once and her baby is tested). Not a
 * feeding problem ("poor breastfeeding", "unable to breastfeed": danger-sign words, read as symptoms), and
 * not a denied or a past one.
 */
const BREASTFEEDING = re(String.raw`\b(?:breast\s?-?\s?feeding|lactating)\b`);
const FEEDING_PROBLEM_BEFORE = /\b(?:unable|not able|cannot|can't|stopped|refus\w*|poor\w*|difficult\w*|problems?|weak|no)\s+(?:with\s+)?$/;
const FEEDING_PROBLEM_AFTER = /^\s+(?:poorly|badly|weakly|less|little|not well|problems?|difficult\w*)\b/;

function extractBreastfeeding(extraction: Extraction): void {
  const { text } = extraction;
  const said = findMentions(extraction.clinical, BREASTFEEDING).find(
    (m) => !m.negated && !m.historical && !FEEDING_PROBLEM_BEFORE.test(text.slice(Math.max(0, m.start - 24), m.start)) && !FEEDING_PROBLEM_AFTER.test(text.slice(m.end, m.end + 24)),
  );
  if (said) extraction.addFinding(said.start, 'history', 'breastfeeding');
}

/**
 * The appetite test of a child with severe acute malnutrition (offered RUTF under observation): it
 * decides between treatment at home and referral. "Ate the RUTF well" at an assessment is the test, not
 * a medicine the child takes ("on RUTF 5 weeks" is).
 */
const APPETITE_TEST: ReadonlyArray<readonly [string, RegExp]> = [
  ['failed appetite test', re(String.raw`\b(?:fail(?:ed|s)?|did not pass|not pass(?:ed)?)\s+(?:the\s+)?appetite test|\bappetite test\s*(?::|-|is|was)?\s*(?:failed|fail|negative|not passed)|\b(?:refuse[sd]?|(?:did|does|would) not eat|cannot eat|not able to eat|unable to eat|no eat)\s+(?:the\s+)?rutf\b`)],
  ['passed appetite test', re(String.raw`\b(?:pass(?:ed|es)?)\s+(?:the\s+)?appetite test|\bappetite test\s*(?::|-|is|was)?\s*(?:passed|pass|ok|good|positive)|\b(?:eats?|ate|eating|took|takes|finished)\s+(?:the\s+)?rutf(?:\s+test)?(?:\s+sachet)?\s+(?:well|fine|quickly|all)\b`)],
];

function extractAppetiteTest(extraction: Extraction): void {
  for (const [value, pattern] of APPETITE_TEST) {
    const match = extraction.unclaimedMatches(pattern)[0];
    if (!match) continue;
    extraction.claim(match);
    extraction.addFinding(match.start, 'test_result', value);
    return;
  }
}

function extractCourse(extraction: Extraction): void {
  // Read over claimed spans too: "still" sits inside a claimed reading ("BP still 156/98").
  const at = extraction.text.search(NOT_IMPROVING);
  if (at >= 0) extraction.addFinding(at, 'history', 'not improving');
  // The illness back after a finished course (illness-returned.ts): both kept as said, in one finding, since
  // neither alone says it ("again" is not a symptom, and the course would otherwise be a bare duration).
  const back = illnessBackAfterCourse(extraction.text);
  if (back) extraction.addFinding(back.at, 'history', back.said);
}

function extractHabits(extraction: Extraction): void {
  for (const { present, absent, source, denial } of HABITS) {
    const denied = findMentions(extraction.clinical, new RegExp(String.raw`\b(?:${denial})\b`));
    const mentions = findMentions(extraction.clinical, new RegExp(String.raw`\b(?:${source})\b`)).filter(
      (mention) => !denied.some((d) => mention.start >= d.start && mention.start < d.end),
    );
    const affirmed = mentions.find((mention) => !mention.negated);
    const absentAt = denied[0] ?? mentions[0];
    if (affirmed) extraction.addFinding(affirmed.start, 'history', present);
    else if (absentAt) extraction.addFinding(absentAt.start, 'history', absent, true);
  }
}

/** What a drug allergy looks like when a health worker describes it instead of naming it. */
const REACTION = String.raw`(?:rash\w*|itch\w*|swell\w*|swollen|hives|wheez\w*|collaps\w*|(?:bad |severe )?reaction)`;

/**
 * "After amoxyl she got big itchy rash and lips swell", "rash from septrin": a reaction to a medicine,
 * recorded as an allergy to it (by its name in knowledge/medicines.yaml).
 */
function reactionPatterns(): RegExp[] {
  reactions ??= (() => {
    const names = [...medicineVocabulary().byWord.keys()].sort((a, b) => b.length - a.length).map(wordPattern);
    const medicine = String.raw`(${names.join('|')})`;
    return [
      re(String.raw`\b(?:after|from|with|to)\s+(?:taking\s+|using\s+|the\s+|some\s+)?${medicine}\b[^.;]{0,50}?\b${REACTION}`),
      re(String.raw`\b${REACTION}\s+(?:after|from|to|with|when (?:she|he|they) (?:took|takes|was given))\s+(?:taking\s+|the\s+)?${medicine}\b`),
    ];
  })();
  return reactions;
}
let reactions: RegExp[] | undefined;

function extractAllergies(extraction: Extraction): void {
  for (const pattern of reactionPatterns()) {
    for (const match of extraction.unclaimedMatches(pattern)) {
      const drug = medicineVocabulary().byWord.get((match.groups[0] ?? '').replace(/-/g, ' '));
      if (!drug) continue;
      extraction.claim(match);
      extraction.addFinding(match.start, 'allergy', `allergy to ${drug}`, false);
    }
  }
  for (const match of extraction.unclaimedMatches(NO_KNOWN_ALLERGIES)) {
    extraction.claim(match);
    extraction.addFinding(match.start, 'allergy', 'no known drug allergies', true);
  }
  for (const pattern of [ALLERGIC_TO, NAMED_ALLERGY]) {
    for (const mention of findMentions(extraction.clinical, pattern)) {
      const allergen = mention.groups[0] ?? '';
      if (extraction.isClaimed(mention.start, mention.end) || NOT_AN_ALLERGEN.has(allergen)) continue;
      extraction.claim(mention);
      const value = `allergy to ${allergen}`;
      extraction.addFinding(mention.start, 'allergy', mention.negated ? `no ${value}` : value, mention.negated);
    }
  }
}

function extractConditions(extraction: Extraction): void {
  for (const [condition, source, adjective, plain] of KNOWN_CONDITIONS) {
    const alternatives = [
      String.raw`${HISTORY_CUE}\s+(?:of\s+)?(?:${source})`,
      String.raw`(?:${source})\s+(?:patient|history)`,
      ...(adjective ? [adjective] : []),
      ...(plain ? [source] : []),
    ];
    const mentions = findMentions(extraction.clinical, new RegExp(String.raw`\b(?:${alternatives.join('|')})\b`));
    const affirmed = mentions.find((mention) => !mention.negated);
    const chosen = affirmed ?? mentions[0];
    if (!chosen) continue;
    const value = `history of ${condition}`;
    extraction.addFinding(chosen.start, 'history', affirmed ? value : `no ${value}`, !affirmed);
  }
}

/**
 * The medicines of knowledge/medicines.yaml the list above does not already read ("cloxacillin",
 * "praziquantel"), by their names and other names: a guideline's whole vocabulary, not only the common ones.
 */
function vocabularyDrugs(): ReadonlyArray<readonly [string, string]> {
  vocabularyOnly ??= medicineVocabulary()
    .medicines.filter((name) => !DRUG_CLASSES_BY_NAME.has(name))
    .filter((name) => !DRUGS.some(([drug, source]) => drug === name || new RegExp(String.raw`\b(?:${source})`).test(name)))
    .map((name) => {
      const words = [...medicineVocabulary().byWord].filter(([, drug]) => drug === name).map(([word]) => wordPattern(word));
      return [name, String.raw`(?:${words.join('|')})\b`] as const;
    });
  return vocabularyOnly;
}
/** "Iron" names a class as well as a medicine: "give iron?" is a question, not iron she takes. */
const DRUG_CLASSES_BY_NAME = new Set(medicineVocabulary().classes.map((c) => c.name));
let vocabularyOnly: ReadonlyArray<readonly [string, string]> | undefined;

function extractMedicines(extraction: Extraction): void {
  for (const [drug, source] of [...DRUGS, ...AMBIGUOUS_DRUGS, ...vocabularyDrugs()]) {
    const mentions = findMentions(extraction.clinical, new RegExp(String.raw`\b(?:${source})`)).filter(
      (mention) => !extraction.isClaimed(mention.start, mention.end),
    );
    const affirmed = mentions.find((mention) => !mention.negated);
    const chosen = affirmed ?? mentions[0];
    if (!chosen) continue;
    // "metformin 1 g twice daily": the dose goes with the medicine (the plan reads how much she takes a day).
    const dose = affirmed ? doseWrittenAfterName(extraction.clinical.text.slice(chosen.end, chosen.end + 60)) : undefined;
    extraction.addFinding(chosen.start, 'medication', affirmed ? (dose ? `${drug} ${dose}` : drug) : `no ${drug}`, !affirmed);
  }
}
