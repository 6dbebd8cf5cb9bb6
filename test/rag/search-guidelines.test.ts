import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError } from '../../src/core/app-error.js';
import { databaseGuidelineIndex } from '../../src/infra/db/guideline-index.js';
import { createOpenAiEmbedder } from '../../src/infra/embeddings/openai-embedder.js';
import { embedPendingChunks } from '../../src/ingest/load/embed-pending-chunks.js';
import { createIngestStore } from '../../src/infra/db/stores/ingest-run-store.js';
import { loadSampleCorpus } from '../../src/ingest/load-sample-corpus.js';
import { buildQueryVariants } from '../../src/rag/build-queries.js';
import { normaliseQueryText } from '../../src/rag/normalise-query.js';
import { RERANK_LIMIT, searchGuidelines, type RetrievedSection, type SearchGuidelinesDeps } from '../../src/rag/search-guidelines.js';
import { FAKE_OPENAI_API_KEY, FakeOpenAiEmbeddingsServer } from '../fakes/fake-openai-embeddings-server.js';
import type { SqlSession } from '../../src/infra/db/sql-session.js';
import { openTestDatabase, type TestDatabase } from '../support/test-database.js';

describe('searchGuidelines over the sample corpus', () => {
  let db: TestDatabase;
  let textOnly: SearchGuidelinesDeps;
  let hybrid: SearchGuidelinesDeps;
  const embeddings = new FakeOpenAiEmbeddingsServer();
  let url: string;

  beforeAll(async () => {
    db = await openTestDatabase('pglite');
    await loadSampleCorpus(createIngestStore(db));
    url = (await embeddings.start()).url;
    const embedder = createOpenAiEmbedder({ baseUrl: `${url}/v1`, apiKey: FAKE_OPENAI_API_KEY, model: 'nomic-embed-text', dimensions: 768 });
    await embedPendingChunks(createIngestStore(db), embedder, { batchSize: 128, concurrency: 2 });
    textOnly = { index: databaseGuidelineIndex(db) };
    hybrid = { index: databaseGuidelineIndex(db), embedder };
  });
  afterAll(async () => {
    await db?.close();
    await embeddings.close();
  });

  it('finds the trimester-specific section for malaria in pregnancy', async () => {
    const first = await searchGuidelines(textOnly, {
      condition: 'uncomplicated malaria',
      demographics: { ageYears: 24, sex: 'female', pregnant: true, trimester: 1 },
      findings: [{ category: 'test_result', value: 'RDT positive' }],
    });
    const second = await searchGuidelines(textOnly, {
      condition: 'uncomplicated malaria',
      demographics: { ageYears: 24, sex: 'female', pregnant: true, trimester: 2 },
      findings: [{ category: 'test_result', value: 'RDT positive' }],
    });
    const rankOf = (sections: RetrievedSection[], id: string) => sections.findIndex((s) => s.section.sectionId === id);
    expect(rankOf(first.sections, 'mal-preg-t1')).toBeGreaterThanOrEqual(0);
    expect(rankOf(second.sections, 'mal-preg-t2')).toBeGreaterThanOrEqual(0);
    const t2InFirst = rankOf(first.sections, 'mal-preg-t2');
    if (t2InFirst >= 0) expect(rankOf(first.sections, 'mal-preg-t1')).toBeLessThan(t2InFirst);
    const t1InSecond = rankOf(second.sections, 'mal-preg-t1');
    if (t1InSecond >= 0) expect(rankOf(second.sections, 'mal-preg-t2')).toBeLessThan(t1InSecond);
  });

  it('does not move her trimester\'s section first when it is written for the other severity: severe malaria in the third trimester', async () => {
    const result = await searchGuidelines(textOnly, {
      condition: 'severe malaria in pregnancy',
      demographics: { ageYears: 23, sex: 'female', pregnant: true, trimester: 3 },
      findings: [
        { category: 'test_result', value: 'RDT positive' },
        { category: 'exam_sign', value: 'prostrate, cannot stand' },
        { category: 'symptom', value: 'convulsion once' },
      ],
    });
    expect(result.sections[0]?.section.sectionId).toBe('mal-preg-severe');
  });

  it('puts the daily supplement first when prevention of anaemia in pregnancy is asked, the treatment dose when she is anaemic', async () => {
    const demographics = { ageYears: 25, sex: 'female' as const, pregnant: true, trimester: 2 as const };
    const prevention = await searchGuidelines(textOnly, { condition: 'prevention of anaemia in pregnancy', demographics, findings: [{ category: 'history', value: '14 weeks, booking visit' }] });
    expect(prevention.sections[0]?.section.sectionId).toBe('an-iron-preg-prevention');
    const anaemic = await searchGuidelines(textOnly, { condition: 'anaemia in pregnancy', demographics, findings: [{ category: 'test_result', value: 'Hb 9.1 g/dL' }] });
    const ids = anaemic.sections.map((s) => s.section.sectionId);
    expect(ids.indexOf('an-iron-preg-treatment')).toBeGreaterThanOrEqual(0);
    if (ids.includes('an-iron-preg-prevention')) expect(ids.indexOf('an-iron-preg-treatment')).toBeLessThan(ids.indexOf('an-iron-preg-prevention'));
  });

  it('returns provenance, text, fused score and which retrievers found each section', async () => {
    const result = await searchGuidelines(hybrid, {
      condition: 'pneumonia',
      demographics: { ageMonths: 18, weightKg: 11 },
      findings: [{ category: 'exam_sign', value: 'chest indrawing' }, { category: 'symptom', value: 'cough' }],
      k: 5,
    });
    expect(result.legs).toEqual(['text', 'vector']);
    expect(result.sections.length).toBeGreaterThan(0);
    expect(result.sections.length).toBeLessThanOrEqual(5);
    const top = result.sections[0];
    expect(top?.section).toMatchObject({ accession: 'SAMPLE-PNEUMONIA', bookTitle: expect.stringMatching(/pneumonia/i) });
    expect(top?.section.text.startsWith(top.section.titlePath)).toBe(true);
    expect(result.sections.some((s) => s.foundBy.some((f) => f.startsWith('vector:')) && s.foundBy.some((f) => f.startsWith('text:')))).toBe(true);
    // The order is the reranker's; each section still carries its fused (RRF) score.
    for (const { score } of result.sections) expect(score).toBeGreaterThan(0);
  });

  it('finds a section by its title path alone', async () => {
    // "Storing test kits" is a section title; its body talks of heat, damp and packets, not storage.
    const result = await searchGuidelines(textOnly, { condition: 'storing test kits', demographics: {}, findings: [] });
    expect(result.sections[0]?.section.sectionPath).toMatch(/Storing test kits$/);
  });

  it('expands CHW abbreviations, which changes what is found', async () => {
    expect(normaliseQueryText('RDT neg, give ORS')).toBe('RDT rapid diagnostic test neg negative, give ORS oral rehydration salts solution');
    const abbreviated = { condition: 'diarrhoea', demographics: { ageYears: 2 }, findings: [{ category: 'medication' as const, value: 'ORS' }] };
    const withExpansion = await searchGuidelines(textOnly, abbreviated);
    const terms = buildQueryVariants(abbreviated).contextual;
    expect(terms).toContain('oral rehydration salts');
    // Without expansion only the literal "ORS" would be searched: compare with the raw text leg.
    const [raw = []] = await textOnly.index.searchText({ queries: [{ terms: ['diarrhoea', 'child', 'ors'] }], k: 5 });
    expect(withExpansion.sections.map((s) => s.section.id)).not.toEqual(raw.map((h) => h.section.id));
    expect(withExpansion.sections.some((s) => /oral rehydration/i.test(s.section.text))).toBe(true);
  });

  it('caps sections per part and fits the token budget', async () => {
    const result = await searchGuidelines(textOnly, {
      condition: 'malaria',
      demographics: { ageYears: 5, weightKg: 18 },
      findings: [{ category: 'test_result', value: 'RDT positive' }],
      k: 8,
      perPartCap: 2,
      tokenBudget: 900,
    });
    const perPart = new Map<string, number>();
    for (const { section: s } of result.sections) perPart.set(`${s.accession}/${s.partFile}`, (perPart.get(`${s.accession}/${s.partFile}`) ?? 0) + 1);
    expect(Math.max(...perPart.values())).toBeLessThanOrEqual(2);
    expect(result.sections.reduce((n, s) => n + s.section.tokenCount, 0)).toBeLessThanOrEqual(900);
  });

  it('serves from full text alone when no embedder is configured', async () => {
    const result = await searchGuidelines(textOnly, { condition: 'hypertension', demographics: { ageYears: 60 }, findings: [] });
    expect(result.legs).toEqual(['text']);
    expect(result.sections.every((s) => s.foundBy.every((f) => f.startsWith('text:')))).toBe(true);
  });

  it('refuses a query embedded with another model than the stored vectors', async () => {
    const other = createOpenAiEmbedder({ baseUrl: `${url}/v1`, apiKey: FAKE_OPENAI_API_KEY, model: 'text-embedding-3-small', dimensions: 768 });
    const search = searchGuidelines({ index: databaseGuidelineIndex(db), embedder: other }, { condition: 'malaria', demographics: {}, findings: [] });
    await expect(search).rejects.toSatisfy((e: unknown) => isAppError(e, 'embedding_model_mismatch'));
  });

  it('sets ef_search for its own transaction only', async () => {
    await searchGuidelines(hybrid, { condition: 'malaria', demographics: {}, findings: [] });
    const rows = await db.sql.query<{ v: string }>(`SELECT current_setting('hnsw.ef_search') AS v`);
    expect(rows[0]?.v).toBe('40'); // pgvector's default: the search's SET LOCAL did not leak
  });

  it('asks the database twice per hybrid search: one statement for the text variants, one for the vectors', async () => {
    const sent: string[] = [];
    const counting = (session: SqlSession): SqlSession => ({
      exec: (script) => (sent.push(script), session.exec(script)),
      query: (sql, params) => (sent.push(sql), session.query(sql, params)),
      transaction: (work) => (sent.push('BEGIN'), session.transaction((tx) => work(counting(tx)))),
    });
    const index = databaseGuidelineIndex({ ...db, sql: counting(db.sql) });
    const input = { condition: 'pneumonia', demographics: { ageMonths: 18, weightKg: 11 }, findings: [{ category: 'exam_sign' as const, value: 'chest indrawing' }] };
    await searchGuidelines({ ...hybrid, index }, input);
    sent.length = 0; // the first search also read which embedding models the stored vectors use (cached)
    const result = await searchGuidelines({ ...hybrid, index }, input);
    expect(sent).toHaveLength(2);
    expect(sent.filter((sql) => sql.includes('<=>'))).toHaveLength(1);
    expect(result.sections.some((s) => s.foundBy.some((f) => f.startsWith('vector:condition')))).toBe(true);
    expect(result.sections.some((s) => s.foundBy.some((f) => f.startsWith('vector:contextual')))).toBe(true);
  });

  it('does not search for what the health worker said is absent', async () => {
    const variants = buildQueryVariants({
      condition: 'acute watery diarrhoea',
      demographics: { ageYears: 3 },
      findings: [{ category: 'exam_sign', value: 'alert, drinking normally, no sunken eyes' }, { category: 'symptom', value: 'vomiting', negated: true }],
    });
    expect(variants.contextual).toContain('drinking normally');
    expect(variants.contextual).not.toMatch(/sunken|vomiting/);
  });

  it('reads "not severe" in the diagnosis: an adult with uncomplicated malaria gets the adult treatment, not severe-malaria care', async () => {
    const input = {
      condition: 'malaria, not severe',
      demographics: { ageYears: 34, sex: 'male' as const, weightKg: 70 },
      findings: [{ category: 'test_result' as const, value: 'mRDT +ve' }, { category: 'symptom' as const, value: 'hot body 2 days, body pain' }],
    };
    const { sections } = await searchGuidelines(textOnly, input);
    expect(sections[0]?.section.titlePath.toLowerCase()).not.toContain('severe');
    // The adult chapter, or its artemether-lumefantrine section when the chunk budget splits it.
    expect(sections.slice(0, 3).some((s) => s.section.sectionId?.startsWith('mal-tx-adults'))).toBe(true);
  });

  it('ranks first the section whose numbers hold what was measured: the weight band, the haemoglobin cut-off', async () => {
    const weighed = await searchGuidelines(textOnly, {
      condition: 'uncomplicated malaria',
      demographics: { ageYears: 7, sex: 'female', weightKg: 20 },
      findings: [{ category: 'test_result', value: 'RDT positive' }, { category: 'symptom', value: 'fever and vomiting once' }],
    });
    // "From 15 kg to under 25 kg, two tablets": not "Relieving fever and discomfort", which only shares words.
    expect(weighed.sections[0]?.section.sectionId).toBe('mal-tx-child-al-dosing');
    const measured = await searchGuidelines(textOnly, {
      condition: 'low blood',
      demographics: { ageYears: 24, sex: 'female', pregnant: true, trimester: 2, gestationWeeks: 22 },
      findings: [{ category: 'test_result', value: 'HB 8.5g/dl' }, { category: 'symptom', value: 'tired, dizzy' }],
    });
    expect(measured.sections[0]?.section.sectionId).toBe('an-iron-preg-treatment');
  });

  it('prefers how to treat, unless the health worker asks how to do or keep a test', async () => {
    const { sections } = await searchGuidelines(textOnly, {
      condition: 'malaria test kit storage',
      demographics: { ageYears: 30, sex: 'female' },
      findings: [{ category: 'history', value: 'rdt kits left in hot store, expiry soon' }],
    });
    expect(sections[0]?.section.sectionId).toBe('mal-dx-rdt-storage');
  });

  it('finds the section a health worker means when she writes Pidgin and shorthand', async () => {
    const { sections } = await searchGuidelines(textOnly, {
      condition: 'running stomach',
      demographics: { ageMonths: 14, sex: 'female', weightKg: 9 },
      findings: [{ category: 'symptom', value: 'watery stool 5x today' }, { category: 'exam_sign', value: 'drinking eagerly, eyes sunken small, skin pinch slow' }],
    });
    expect(sections.map((s) => s.section.accession)).toContain('SAMPLE-DIARRHOEA');
    expect(sections[0]?.section.accession).toBe('SAMPLE-DIARRHOEA');
  });

  it('finds the anaemia follow-up for a pale child on iron, not another book\'s follow-up visits', async () => {
    const { sections } = await searchGuidelines(textOnly, {
      condition: 'pale pikin follow up',
      demographics: { ageMonths: 30, sex: 'male', weightKg: 12 },
      findings: [{ category: 'medication', value: 'iron syrup 2ml daily since 2 months' }, { category: 'exam_sign', value: 'palm still pale' }, { category: 'test_result', value: 'RDT neg today' }],
    });
    expect(sections[0]?.section.accession).toBe('SAMPLE-ANAEMIA');
    expect(sections.slice(0, 3).map((s) => s.section.sectionId)).toContain('an-fu');
  });

  it('finds the lifestyle advice from everyday words: a smoker who takes beer', async () => {
    const habits = await searchGuidelines(textOnly, {
      condition: 'hypertension',
      demographics: { ageYears: 52, sex: 'male' },
      findings: [{ category: 'vital_sign', value: 'BP 148/94' }, { category: 'history', value: 'smoker, takes beer most evenings' }],
    });
    expect(habits.sections.slice(0, 3).map((s) => s.section.sectionId)).toContain('htn-lifestyle-tobacco-alcohol');
  });

  it('finds adherence help when the health worker writes that the patient forgets her medicine', async () => {
    const tablets = await searchGuidelines(textOnly, {
      condition: 'hypertension',
      demographics: { ageYears: 61, sex: 'female' },
      findings: [{ category: 'history', value: 'she forget am sometimes' }],
    });
    expect(tablets.sections.slice(0, 3).map((s) => s.section.sectionId)).toContain('htn-drugs-adherence');
  });

  it('keeps the first steps for bleeding after birth, though three other sections of its chapter rank higher', async () => {
    const bleeding = await searchGuidelines(textOnly, {
      condition: 'postpartum haemorrhage',
      demographics: { ageYears: 22, sex: 'female', postpartum: true, daysSinceDelivery: 0 },
      findings: [{ category: 'symptom', value: 'gave birth 40 minutes ago, soaking pads' }, { category: 'exam_sign', value: 'uterus not firm' }],
    });
    // Three other sections of the bleeding-after-birth chapter rank higher; what to do first must not be dropped for them.
    expect(bleeding.sections.map((s) => s.section.sectionId)).toContain('preg-pph-first-steps');
  });

  it('puts the subsection that answers before the introduction of its chapter when both are found', async () => {
    const cases = [
      {
        condition: 'hypoglycaemia',
        demographics: { ageYears: 61, sex: 'male' as const },
        findings: [{ category: 'medication' as const, value: 'gliclazide 80 mg twice daily' }, { category: 'test_result' as const, value: 'glucose 2.9 mmol/L, sweaty and confused' }],
        introduction: 'dm-hypo',
      },
      {
        condition: 'HIV on ART',
        demographics: { ageYears: 35, sex: 'female' as const },
        findings: [{ category: 'history' as const, value: 'missed two clinic visits, out of pills for a month' }],
        introduction: 'hiv-art',
      },
    ];
    for (const { introduction, ...input } of cases) {
      const ids = (await searchGuidelines(textOnly, input)).sections.map((s) => s.section.sectionId ?? '');
      const subsections = ids.filter((id) => id.startsWith(`${introduction}-`));
      expect(subsections.length, introduction).toBeGreaterThan(0);
      if (ids.includes(introduction)) expect(ids.indexOf(introduction), introduction).toBeGreaterThan(Math.max(...subsections.map((id) => ids.indexOf(id))));
    }
  });

  it('finds the first aid for a fit when the health worker writes convulsion', async () => {
    const fitting = await searchGuidelines(textOnly, {
      condition: 'eclampsia',
      demographics: { ageYears: 19, sex: 'female', pregnant: true, trimester: 3, gestationWeeks: 36 },
      findings: [{ category: 'symptom', value: 'had a convulsion at home an hour ago, confused now' }, { category: 'vital_sign', value: 'BP 170/112' }],
    });
    expect(fitting.sections.map((s) => s.section.sectionId)).toContain('preg-eclampsia-fit-first-aid');
  });

  it('answers with the next step when the treatment is not working: blood pressure still high on amlodipine', async () => {
    const notControlled = await searchGuidelines(textOnly, {
      condition: 'hypertension',
      demographics: { ageYears: 58, sex: 'female' },
      findings: [{ category: 'medication', value: 'amlodipine 10 mg daily' }, { category: 'vital_sign', value: 'BP still 156/98 after 3 months' }],
    });
    expect(notControlled.sections[0]?.section.sectionId).toBe('htn-drugs-stepwise');
  });

  it('reads "BP" named as the problem as raised blood pressure: a diabetic man gets the hypertension advice for people with diabetes', async () => {
    const bpAndSugar = await searchGuidelines(textOnly, {
      condition: 'BP + sugar',
      demographics: { ageYears: 59, sex: 'male' },
      findings: [{ category: 'history', value: 'diabetic, bp 142/88 on metformin' }],
    });
    expect(bpAndSugar.sections.slice(0, 3).map((s) => s.section.sectionId)).toContain('htn-diabetes-ckd');
  });

  it('reads a severe-range pressure after birth as severe pre-eclampsia, whose section after birth comes first', async () => {
    const input = {
      condition: 'BP high after delivery',
      demographics: { ageYears: 30, sex: 'female' as const, postpartum: true, daysSinceDelivery: 5 },
      findings: [
        { category: 'symptom' as const, value: 'strong headache, eye dey blur' },
        { category: 'vital_sign' as const, value: 'BP 168/112' },
        { category: 'history' as const, value: 'BP was high small for belle' },
      ],
    };
    expect(buildQueryVariants(input).condition).toContain('severe pre-eclampsia');
    const found = await searchGuidelines(textOnly, input);
    expect(found.sections[0]?.section.sectionId).toBe('preg-postpartum-preeclampsia');
    // Written for a woman after birth, but about bleeding: it does not move above her loading dose of
    // magnesium sulfate, and at most one such section is in her first three.
    const ids = found.sections.map((s) => s.section.sectionId ?? '');
    expect(ids.slice(0, 3)).toContain('preg-mgso4-loading');
    expect(ids.slice(0, 3).filter((id) => id.startsWith('preg-pph')).length).toBeLessThanOrEqual(1);
  });

  it('asks for the medicine a patient has not started: HIV never treated finds first-line treatment above the testing strategy', async () => {
    const input = {
      condition: 'HIV',
      demographics: { ageYears: 26, sex: 'female' as const, pregnant: false, postpartum: true, daysSinceDelivery: 21 },
      findings: [
        { category: 'history' as const, value: 'breastfeeding' },
        { category: 'test_result' as const, value: 'HIV test reactive' },
        { category: 'medication' as const, value: 'no antiretroviral therapy', negated: true },
      ],
    };
    expect(buildQueryVariants(input).contextual).toContain('antiretroviral');
    const ids = (await searchGuidelines(textOnly, input)).sections.map((s) => s.section.sectionId ?? '');
    expect(ids[0]).toBe('hiv-art-tld');
    expect(ids.slice(0, 3).filter((id) => id.startsWith('hiv-testing'))).toEqual([]);
  });

  it('reads the follow-up of a child on RUTF: a MUAC of 126 mm is the discharge criteria, a falling weight is not responding', async () => {
    const demographics = { ageMonths: 30, sex: 'male' as const, weightKg: 10.8 };
    const recovered = { condition: 'SAM follow up', demographics, findings: [{ category: 'history' as const, value: 'plumpy nut 6 weeks' }, { category: 'exam_sign' as const, value: 'muac 126mm, no swelling of feet' }] };
    const failing = { condition: 'SAM follow up', demographics, findings: [{ category: 'history' as const, value: 'plumpy nut 3 weeks' }, { category: 'exam_sign' as const, value: 'weight dropping every visit, muac 108' }] };
    expect(buildQueryVariants(recovered).condition).toContain('discharg');
    expect(buildQueryVariants(failing).condition).toContain('respond');
    for (const input of [recovered, failing]) {
      const found = await searchGuidelines(textOnly, input);
      expect(found.sections[0]?.section.sectionId).toBe('mn-fu');
    }
  });

  it('classifies a diarrhoea the diagnosis does not: two signs of some dehydration want Plan B, three weeks of it with dehydration the referral for severe persistent diarrhoea', async () => {
    const demographics = { ageMonths: 14, sex: 'male' as const, weightKg: 9 };
    const some = { condition: 'loose stools', demographics, findings: [{ category: 'exam_sign' as const, value: 'very thirsty, eyes sunken' }, { category: 'exam_sign' as const, value: 'skin pinch goes back slowly' }] };
    const planB = (await searchGuidelines(textOnly, some)).sections.slice(0, 3).map((s) => s.section.titlePath);
    expect(planB.some((path) => path.includes('Plan B'))).toBe(true);
    expect(planB.some((path) => path.includes('Plan A'))).toBe(false);
    const persistent = { condition: 'diarrhoea', demographics, findings: [{ category: 'duration' as const, value: 'diarrhoea for 4 weeks' }, { category: 'exam_sign' as const, value: 'irritable, sunken eyes' }] };
    expect(buildQueryVariants(persistent).condition).toContain('severe persistent diarrhoea');
    expect((await searchGuidelines(textOnly, persistent)).sections[0]?.section.sectionId).toBe('dia-persistent');
  });

  it('reads a cough in a person living with HIV as presumptive TB: the screen for people living with HIV is among the first sections', async () => {
    const input = {
      condition: 'cough',
      demographics: { ageYears: 29, sex: 'male' as const },
      findings: [
        { category: 'history' as const, value: 'HIV+ on TLD' },
        { category: 'symptom' as const, value: 'cough 5 days' },
      ],
    };
    expect(buildQueryVariants(input).condition).toContain('tuberculosis');
    const found = await searchGuidelines(textOnly, input);
    expect(found.sections.slice(0, 5).map((s) => s.section.sectionId)).toContain('tb-screen-plhiv');
    const negative = await searchGuidelines(textOnly, { ...input, findings: [{ category: 'history' as const, value: 'HIV negative' }, input.findings[1]!] });
    expect(negative.sections.slice(0, 5).map((s) => s.section.accession)).not.toContain('SAMPLE-TB');
  });

  it('finds the dose table of a condition whose medicines are named for it: confirmed high BP on no medicine gets "First-line antihypertensive medicines"', async () => {
    const input = {
      condition: 'high BP',
      demographics: { ageYears: 61, sex: 'female' as const },
      findings: [
        { category: 'vital_sign' as const, value: 'BP 158/98 and 160/100 on two visits' },
        { category: 'medication' as const, value: 'not on any medicine' },
      ],
    };
    expect(buildQueryVariants(input).contextual).toContain('antihypertensive');
    expect(buildQueryVariants({ ...input, condition: 'diabetes' }).contextual).not.toContain('antihypertensive');
    const untreated = await searchGuidelines(textOnly, input);
    expect(untreated.sections.slice(0, 5).map((s) => s.section.sectionId)).toContain('htn-drugs-first-line');
  });

  it('finds both the emergency and its referral for DKA, which the guideline files under hyperglycaemic emergencies', async () => {
    const dka = await searchGuidelines(textOnly, {
      condition: 'DKA',
      demographics: { ageYears: 16, sex: 'male' },
      findings: [{ category: 'test_result', value: 'glucometer says HI' }, { category: 'symptom', value: 'vomiting, breathing deep and fast' }],
    });
    expect(dka.sections.slice(0, 5).map((s) => s.section.sectionId)).toEqual(expect.arrayContaining(['dm-hyper-emergency', 'dm-hyper-referral']));
  });

  it('treats the medicine a patient is on as context, not as the topic: hypoglycaemia on a sulfonylurea is treated, not started', async () => {
    const hypo = await searchGuidelines(textOnly, {
      condition: 'hypoglycaemia on sulfonylurea',
      demographics: { ageYears: 67, sex: 'male' },
      findings: [{ category: 'medication', value: 'glibenclamide 10 mg daily and metformin' }, { category: 'test_result', value: 'glucose 2.8 mmol/L' }],
    });
    const ids = hypo.sections.map((s) => s.section.sectionId);
    expect(ids[0]).toBe('dm-hypo-treat');
    if (ids.includes('dm-tx-sulfonylurea')) expect(ids.indexOf('dm-tx-sulfonylurea')).toBeGreaterThan(ids.indexOf('dm-hypo-treat'));
  });

  it('finds what to do without a test when the RDTs ran out', async () => {
    const noTest = await searchGuidelines(textOnly, {
      condition: 'fever, RDT out of stock',
      demographics: { ageYears: 4, sex: 'male', weightKg: 15 },
      findings: [{ category: 'symptom', value: 'fever for 1 day' }],
    });
    expect(noTest.sections.slice(0, 3).map((s) => s.section.sectionId)).toContain('mal-dx-no-test');
  });

  it('lists the sections under a heading of one book, where "as described in Plan B" sends the reader', async () => {
    const sections = await databaseGuidelineIndex(db).sectionsWithHeading({ accession: 'SAMPLE-DIARRHOEA', heading: 'plan b', limit: 10 });
    const paths = sections.map((s) => s.sectionPath);
    expect(paths.length).toBeGreaterThanOrEqual(3);
    expect(paths.every((p) => p.toLowerCase().includes('plan b'))).toBe(true);
    expect(paths).toContain('Rehydration: Plans A, B and C > Plan B: treat some dehydration with ORS > How much ORS to give in the first 4 hours');
    expect(sections.every((s) => s.accession === 'SAMPLE-DIARRHOEA')).toBe(true);
  });

  it('lists the sections of one book that name a medicine, a phrase or a name that is not search syntax', async () => {
    const index = databaseGuidelineIndex(db);
    const lisinopril = await index.sectionsMentioning({ accession: 'SAMPLE-PREGNANCY', names: ['lisinopril'], limit: 10 });
    expect(lisinopril.map((s) => s.sectionId)).toContain('preg-antihypertensives-avoid');
    expect(lisinopril.every((s) => s.accession === 'SAMPLE-PREGNANCY' && /lisinopril/i.test(s.text))).toBe(true);
    const phrase = await index.sectionsMentioning({ accession: 'SAMPLE-ANAEMIA', names: ['iron and folic acid'], limit: 50 });
    expect(phrase.length).toBeGreaterThan(0);
    expect(phrase.every((s) => /iron and folic acid/i.test(s.text))).toBe(true);
    expect(await index.sectionsMentioning({ accession: 'SAMPLE-PREGNANCY', names: ['"lisinopril \\ & | !(', ''], limit: 5 })).toBeDefined();
    expect(await index.sectionsMentioning({ accession: 'SAMPLE-PREGNANCY', names: [], limit: 5 })).toEqual([]);
  });

  it('hands the reranker the best RERANK_LIMIT fused candidates and keeps the rest, in fused order, after them', async () => {
    const handed: number[] = [];
    const counting = { name: 'counting', rerank: async (_query: unknown, candidates: readonly unknown[]) => (handed.push(candidates.length), candidates.map(() => 0)) };
    const result = await searchGuidelines({ ...hybrid, reranker: counting }, { condition: 'malaria', demographics: { ageYears: 4, weightKg: 15 }, findings: [{ category: 'symptom', value: 'fever and cough for 3 days' }] });
    expect(result.candidates.length).toBeGreaterThan(RERANK_LIMIT);
    expect(handed).toEqual([RERANK_LIMIT]);
  });

  it('returns the same sections in the same order every time', async () => {
    const input = { condition: 'pneumonia', demographics: { ageYears: 2 }, findings: [{ category: 'symptom' as const, value: 'cough' }] };
    const first = await searchGuidelines(textOnly, input);
    const second = await searchGuidelines(textOnly, input);
    expect(second.sections.map((s) => s.section.id)).toEqual(first.sections.map((s) => s.section.id));
  });
});
