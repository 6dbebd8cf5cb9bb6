import { describe, expect, it } from 'vitest';
import type { CitedSection } from '../../../src/rag/guideline-section.js';
import { medicineWarningSections, ownMedicineWarningLines, prohibitionSections } from '../../../src/rag/plan/medicine-warnings.js';
import { restrictsMedicine, restrictsMedicineOrClass } from '../../../src/rag/plan/medicine-restrictions.js';
import { forbiddenDrugs } from '../../../src/rag/plan/plan-fit.js';
import { drugsAllergicTo } from '../../../src/rag/plan/drug-names.js';

function section(accession: string, sectionPath: string, text: string): CitedSection {
  return { id: `${accession}:${sectionPath}`, bookTitle: accession, sectionPath, titlePath: `${accession} > ${sectionPath}`, text, accession, contentHash: sectionPath };
}

const AVOID = section(
  'PREGNANCY',
  'Antihypertensive medicines in pregnancy > Medicines to avoid in pregnancy',
  'ACE inhibitors (such as lisinopril and enalapril) must not be used in pregnancy. A woman who becomes pregnant while taking any of these should be switched by a clinician.',
);
const DOSES = section('PREGNANCY', 'Antihypertensive medicines in pregnancy > Oral medicines', 'Methyldopa 250 mg two or three times daily. Lisinopril is listed in Annex 2.');
const CLASSIFY = section('PREGNANCY', 'Hypertensive disorders of pregnancy > Chronic hypertension', 'Chronic hypertension is raised blood pressure before 20 weeks.');
const MALARIA = section('MALARIA', 'Malaria in pregnancy > Medicines not to give', 'Do not give primaquine in pregnancy.');

describe('what the plan\'s guidelines say against a medicine the patient already takes', () => {
  it('reads a sentence that names her medicine and forbids or restricts it, not one that only names it', () => {
    expect(restrictsMedicine(AVOID, ['lisinopril'])).toBe(true);
    expect(restrictsMedicine(AVOID, ['Lisinopril'])).toBe(true);
    expect(restrictsMedicine(DOSES, ['lisinopril'])).toBe(false);
    expect(restrictsMedicine(AVOID, ['amlodipine'])).toBe(false);
    // A name is matched as a whole word: "enalapril" is not "april".
    expect(restrictsMedicine(AVOID, ['april'])).toBe(false);
  });

  it('adds the warning from a book the plan already draws on, once, and nothing from another book', async () => {
    const books: Record<string, CitedSection[]> = { PREGNANCY: [DOSES, AVOID, CLASSIFY], MALARIA: [MALARIA] };
    const asked: string[] = [];
    const find = async (accession: string, names: string[]) => {
      asked.push(`${accession}:${names.join(',')}`);
      return books[accession] ?? [];
    };
    expect(await medicineWarningSections([CLASSIFY], ['lisinopril'], find)).toEqual([AVOID]);
    expect(asked).toEqual(['PREGNANCY:lisinopril']);
    // Already chosen: not added twice. No medicine: nothing is looked up.
    expect(await medicineWarningSections([CLASSIFY, AVOID], ['lisinopril'], find)).toEqual([]);
    asked.length = 0;
    expect(await medicineWarningSections([CLASSIFY], [], find)).toEqual([]);
    expect(asked).toEqual([]);
  });
});

describe('the guideline sentence against her own medicine, when a plan leaves it out', () => {
  const sections = [
    { label: 'S1', section: DOSES },
    { label: 'S2', section: AVOID },
  ];
  const pregnant = { sex: 'female' as const, ageYears: 34, pregnant: true, gestationWeeks: 16, trimester: 2 as const };
  const onLisinopril = [{ category: 'medication' as const, value: 'lisinopril 10 mg daily' }];

  it('gives the sentence that forbids it for her, cited to its section', () => {
    expect(ownMedicineWarningLines('- Methyldopa 250 mg two or three times daily [S1]', forbiddenDrugs(sections, pregnant), { sections, findings: onLisinopril, demographics: pregnant })).toEqual([
      '- ACE inhibitors (such as lisinopril and enalapril) must not be used in pregnancy. [S2]',
    ]);
  });

  it('adds nothing when the plan already names it, when she does not take it, or when it is not forbidden for the patient', () => {
    expect(ownMedicineWarningLines('- ACE inhibitors (such as lisinopril) must not be used in pregnancy [S2]', forbiddenDrugs(sections, pregnant), { sections, findings: onLisinopril, demographics: pregnant })).toEqual([]);
    expect(ownMedicineWarningLines('- Methyldopa [S1]', forbiddenDrugs(sections, pregnant), { sections, findings: [{ category: 'medication', value: 'amlodipine' }], demographics: pregnant })).toEqual([]);
    expect(ownMedicineWarningLines('- Methyldopa [S1]', forbiddenDrugs(sections, pregnant), { sections, findings: [{ ...onLisinopril[0]!, negated: true }], demographics: pregnant })).toEqual([]);
    expect(ownMedicineWarningLines('- Amlodipine [S1]', forbiddenDrugs(sections, { sex: 'male', ageYears: 50 }), { sections, findings: onLisinopril, demographics: { sex: 'male', ageYears: 50 } })).toEqual([]);
  });
});

describe('a sentence that restricts a medicine she takes, in her situation', () => {
  const cautions = 'Metformin is not used in people with severe kidney or liver disease. Metformin should be stopped for a few days during severe vomiting.';
  const avoid = 'ACE inhibitors (such as enalapril) and angiotensin receptor blockers must not be used in pregnancy.';

  it('reads a class as its members: "ACE inhibitors must not be used in pregnancy" restricts lisinopril for a pregnant woman', () => {
    expect(restrictsMedicineOrClass(avoid, new Set(['lisinopril']), ['hypertension', 'pregnancy'])).toBe(true);
    expect(restrictsMedicineOrClass(avoid, new Set(['methyldopa']), ['hypertension', 'pregnancy'])).toBe(false);
  });

  it('needs the restriction to be about something her consult says: vomiting, not kidney disease she does not have', () => {
    expect(restrictsMedicineOrClass(cautions, new Set(['metformin']), ['diabetes', 'vomiting'])).toBe(true);
    expect(restrictsMedicineOrClass(cautions, new Set(['metformin']), ['diabetes', 'follow-up'])).toBe(false);
  });
});

describe('the medicines an allergy rules out', () => {
  const allergy = (value: string, negated = false) => [{ category: 'allergy' as const, value, negated }];
  const drugs = (findings: ReturnType<typeof allergy>) => drugsAllergicTo(findings).map((a) => a.drug).sort();

  it('reads a medicine named, a group named, and a brand name', () => {
    // A penicillin allergy is to every penicillin, not to every antibiotic.
    for (const said of ['allergy to amoxicillin', 'allergy to penicillin', 'allergic to ampicillin']) {
      expect(drugs(allergy(said))).toEqual(expect.arrayContaining(['amoxicillin', 'cloxacillin', 'flucloxacillin', 'benzathine benzylpenicillin']));
      expect(drugs(allergy(said))).not.toContain('azithromycin');
      expect(drugs(allergy(said))).not.toContain('cefalexin');
    }
    expect(drugs(allergy('allergic to beta-lactams'))).toEqual(expect.arrayContaining(['amoxicillin', 'cefalexin', 'ceftriaxone']));
    expect(drugs(allergy('allergy to sulfa drugs'))).toEqual(expect.arrayContaining(['cotrimoxazole', 'sulfadoxine-pyrimethamine']));
    expect(drugs(allergy('allergy to septrin'))).toEqual(expect.arrayContaining(['cotrimoxazole', 'sulfadoxine-pyrimethamine']));
    expect(drugs(allergy('allergy to septrin'))).not.toContain('amoxicillin');
    expect(drugsAllergicTo(allergy('allergy to penicillin'))[0]?.allergen).toBe('penicillin');
  });

  it('rules out nothing for an allergy said absent, or one to something that is not a medicine', () => {
    expect(drugs(allergy('no known drug allergies', true))).toEqual([]);
    expect(drugs(allergy('allergy to groundnuts'))).toEqual([]);
  });
});

describe('the sections that forbid her a medicine the plan\'s sections give', () => {
  const DYSENTERY = section('DIARRHOEA', 'Dysentery', 'Give ciprofloxacin, about 15 mg per kg, twice daily for 3 days. Give zinc and ORS.');
  const IN_PREGNANCY = section('DIARRHOEA', 'Diarrhoea in adults > Diarrhoea in pregnancy', 'Refer a pregnant woman with blood in the stool. Do not give ciprofloxacin in pregnancy at community level; refer instead.');
  const ZINC = section('DIARRHOEA', 'Zinc', 'Zinc is given for 10 to 14 days.');
  const find = async (_accession: string, names: string[]) => [ZINC, IN_PREGNANCY].filter((s) => names.some((n) => s.text.toLowerCase().includes(n)));
  const pregnant = { demographics: { sex: 'female' as const, ageYears: 26, pregnant: true, gestationWeeks: 22, trimester: 2 as const }, findings: [], conditions: ['dysentery'] };

  it('adds "Diarrhoea in pregnancy" for a pregnant woman with dysentery, and nothing for a man', async () => {
    expect(await prohibitionSections([DYSENTERY], pregnant, find)).toEqual([IN_PREGNANCY]);
    expect(await prohibitionSections([DYSENTERY], { ...pregnant, demographics: { sex: 'male', ageYears: 30 } }, find)).toEqual([]);
  });

  it('adds nothing that only her state forbids (an allergy), nor a section already chosen', async () => {
    const allergic = { demographics: { sex: 'male' as const, ageYears: 30 }, findings: [{ category: 'allergy' as const, value: 'allergy to ciprofloxacin' }], conditions: ['dysentery'] };
    expect(await prohibitionSections([DYSENTERY], allergic, find)).toEqual([]);
    expect(await prohibitionSections([DYSENTERY, IN_PREGNANCY], pregnant, find)).toEqual([]);
  });
});
