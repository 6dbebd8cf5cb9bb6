import { z } from 'zod';
import { permanentJobError, type JobDefinition } from '../core/jobs.js';
import { medicineNamesTaken } from '../patient/findings.js';
import { noBloodPressureMedicineToStart } from '../patient/adult-blood-pressure.js';
import { missesDoses } from '../patient/missed-doses.js';
import { pregnancyStatus } from '../patient/pregnancy.js';
import { namesInconclusiveResult, namesNegativeResult, resultUnavailable } from '../patient/test-result.js';
import { onTbPreventiveTreatmentOnly, symptomaticTbContact } from '../patient/tb-symptom-screen.js';
import { coverageOf } from '../rag/condition-coverage.js';
import type { GuidelineIndex } from '../rag/guideline-index.js';
import type { CitedSection } from '../rag/guideline-section.js';
import { composePlan, type ComposedPlan } from '../rag/plan/compose-plan.js';
import { givesMedicineDoses } from '../rag/plan/doses.js';
import { ACTION_LINE } from '../rag/plan/plan-action.js';
import { medicineWarningSections, prohibitionSections } from '../rag/plan/medicine-warnings.js';
import { enclosingKey, firstDosingSection, lacksMedicineToStart, loadEnclosingIntroductions, mergePlanSections, namedMedicineSections, referencedSections, referencedTables, sectionsOnTopic } from '../rag/plan/plan-sections.js';
import { introGivesForPositiveResult, namesMedicineTaken, sectionForAnotherTestResult, sectionForClearResult, sectionForUnstatedPregnancy, stepsUpTreatmentNotTaken, sectionForIllnessBackNotStated, sectionForTestNotDone } from '../rag/plan/plan-fit.js';
import { labelSections } from '../rag/plan/label-sections.js';
import { titlesExcludePatient } from '../rag/plan/patient-fit.js';
import { DEFERS_PREGNANCY, sectionFitsPatient, withoutBooksDeferringPregnancy, writtenForPregnancyOnly } from '../rag/population-fit.js';
import type { PlanWriter } from '../rag/plan-writer.js';
import { asksToConfirm, confirmingSection, exampleSection, medicinesBlamed, screeningSection, sideEffectSection, startingSection, statesConfirmed, tbDiseaseTreatmentSection, workupSection } from '../rag/section-role.js';
import type { SearchGuidelinesInput, SearchGuidelinesResult } from '../rag/search-guidelines.js';
import type { ConsultSnapshot, ConsultStore } from './consult-store.js';
import type { PlanStore } from './plan-store.js';
import { deliverOutbox, type DeliveryDeps } from './deliver-outbox.js';
import { extractFacts } from './offline/extract-facts.js';
import { planCondition } from './plan-condition.js';
import { earlierPatientHeading } from './plan-recipient.js';
import { planAfterReferral, sectionAssumesNoDangerSigns } from './triage/plan-after-referral.js';
import { notCovered, statedAbsent, writtenForOtherPatients } from './turn/texts.js';

export interface PlanJobDeps extends Omit<DeliveryDeps, 'store'> {
  store: ConsultStore & PlanStore;
  search: (input: SearchGuidelinesInput) => Promise<SearchGuidelinesResult>;
  /** Absent: extractive plans (offline). */
  writer?: PlanWriter;
  /** Follows a section's "as described in Plan B" to that heading's sections; absent: not followed. */
  sectionsWithHeading?: GuidelineIndex['sectionsWithHeading'];
  /** Finds what the plan's books say against a medicine the patient takes; absent: not looked for. */
  sectionsMentioning?: GuidelineIndex['sectionsMentioning'];
  /** Sections per diagnosis; default 4. */
  sectionsPerDiagnosis?: number;
}

/** Both jobs retry a failed provider call: 5 attempts from 1 s, two at a time per process. */
const ANSWER_JOB_OPTIONS = { attempts: 5, backoffMs: 1_000, concurrency: 2 };

/** The Assessment & Plan of a consult, once: its job id is the plan's key (`plan:<consultId>`). */
export const planJob: JobDefinition<{ consultId: string }, PlanJobDeps> = {
  name: 'plan',
  payload: z.object({ consultId: z.string().min(1) }),
  jobId: ({ consultId }) => `plan:${consultId}`,
  handle: (deps, { consultId }) => runPlanJob(deps, consultId),
  options: ANSWER_JOB_OPTIONS,
};

/** The answer to a question asked after the plan, once per question: its job id is the answer's key. */
export const followUpJob: JobDefinition<{ consultId: string; inboundId: string }, PlanJobDeps> = {
  name: 'follow-up',
  payload: z.object({ consultId: z.string().min(1), inboundId: z.string().min(1) }),
  jobId: ({ inboundId }) => `follow-up:${inboundId}`,
  handle: (deps, payload) => runFollowUpJob(deps, payload),
  options: ANSWER_JOB_OPTIONS,
};

/** How long a plan may wait before a fresh job is enqueued for it, and for how long that is retried. */
const PLAN_RETRY_AFTER_MS = 2 * 60_000;
const PLAN_RETRY_FOR_MS = 30 * 60_000;

/**
 * The job id for a plan awaiting its job. Normally the plan's key (a duplicate enqueue is a no-op);
 * once the plan has waited too long (its job failed or was lost with a dead worker), a new id every
 * two minutes for half an hour. The plan job is idempotent: the plan is stored once by its key and
 * delivered once through the outbox, so a second job can only finish what the first did not.
 */
export function planJobId(consultId: string, waitingMs: number): string {
  const key = planJob.jobId?.({ consultId }) ?? consultId;
  if (waitingMs < PLAN_RETRY_AFTER_MS || waitingMs > PLAN_RETRY_FOR_MS) return key;
  return `${key}:retry-${Math.floor(waitingMs / PLAN_RETRY_AFTER_MS)}`;
}

/**
 * The skeleton both jobs share: the consult must exist; the answer is composed and stored with its
 * outbound message once per key (a retry after a crash finds it stored and only delivers); then the
 * outbox is delivered.
 */
async function answerOnce(
  deps: PlanJobDeps,
  job: { consultId: string; key: string; kind: 'assessment_plan' | 'follow_up' },
  compose: (consult: ConsultSnapshot) => Promise<Pick<ComposedPlan, 'text' | 'mode' | 'citedSections'>>,
): Promise<void> {
  const consult = await deps.store.consultById(job.consultId);
  if (!consult) throw permanentJobError(`consult ${job.consultId} does not exist`);
  if (!(await deps.store.planExists(job.key))) {
    const answer = await compose(consult);
    // After an urgent referral every answer leads with it.
    const led = consult.urgentReferral ? planAfterReferral(answer.text) : answer.text;
    // The chat moved on to another patient while this was composed: say whom the answer is for.
    const active = await deps.store.activeConsult(consult.chatRef);
    const text = active?.id === consult.id ? led : `${earlierPatientHeading(consult)}\n\n${led}`;
    await deps.store.commitPlan({
      consultId: job.consultId,
      idempotencyKey: job.key,
      kind: job.kind,
      mode: answer.mode,
      model: answer.mode === 'llm' ? (deps.writer?.model ?? null) : null,
      text,
      citations: answer.citedSections.map(({ label, section }) => ({ label, ...section })),
    });
  }
  await deliverOutbox(deps, consult.chatRef);
}

/**
 * Retrieves guideline sections for each diagnosis, composes the cited Assessment & Plan and stores it
 * with its outbound message in one transaction (once per consult), then delivers the outbox.
 */
async function runPlanJob(deps: PlanJobDeps, consultId: string): Promise<void> {
  await answerOnce(deps, { consultId, key: planJobId(consultId, 0), kind: 'assessment_plan' }, async (consult) => {
    if (consult.diagnoses.length === 0) throw permanentJobError(`consult ${consultId} has no diagnosis`);
    // "SAM" with a failed appetite test is complicated SAM: the plan is referral, not RUTF at home.
    const diagnoses = consult.diagnoses.map((d) => ({ ...d, condition: planCondition(d.condition, consult) }));
    const retrieved: CitedSection[] = [];
    const uncovered: string[] = [];
    const closest: string[] = [];
    // Covered, but every section found is written for other patients (a book for children under five).
    const forOthers: string[] = [];
    // Diagnoses of what the patient does not have ("no anaemia"): no plan from the condition's sections.
    const absent: Array<{ diagnosis: string; absent: string }> = [];
    for (const diagnosis of diagnoses.slice(0, 3)) {
      const k = deps.sectionsPerDiagnosis ?? 4;
      // The treatment query has no per-chapter cap: what a plan needs (the dosing table, what to do first)
      // is usually a sibling of the sections already taken. The condition query keeps the cap, so one
      // chapter of classification cannot crowd out the rest; mergePlanSections bounds how many are used.
      const search = (condition: string, n: number, perPartCap?: number) =>
        deps.search({ condition, demographics: consult.demographics, findings: consult.findings, k: n, ...(perPartCap ? { perPartCap } : {}) }).then((r) => r.sections.map((s) => s.section));
      // A plan asks how to treat and manage the condition, not what it is: besides the condition as
      // stated, a treatment query brings the management sections (dosing table, rehydration plan,
      // medicines) that a bare condition name often ranks below its classification. After an urgent
      // referral, what applies is the pre-referral and referral guidance for the condition.
      const [found, forTreatment] = await Promise.all(
        consult.urgentReferral
          ? [search(`${diagnosis.condition} danger signs pre-referral treatment referral`, k * 2, k * 2), Promise.resolve([])]
          : [search(diagnosis.condition, k * 2), search(`${diagnosis.condition} treatment`, k * 2, k * 2)],
      );
      // Sections about another condition never feed a plan: their doses would be for the wrong disease.
      const coverage = coverageOf(diagnosis.condition, found);
      if (coverage.covered) {
        // After an urgent referral, sections written for patients without danger signs do not apply.
        // Sections from another condition's book, or about a distinct form of the illness (dysentery
        // for watery diarrhoea), do not apply either.
        // Nor an example (a referral note about another woman), whose lines would read as this patient's.
        // Neither do sections for the other test result ("when the test is negative" for a positive RDT,
        // "Inconclusive results" for a negative HIV test),
        // nor a step up ("Adding a sulfonylurea") for a patient on no medicine,
        // nor pregnancy's own sections for a woman not said to be pregnant (unless the diagnosis says so),
        // nor sections whose titles state an age or weight band she is not in (a book for 6 to 59 months).
        // Which books are on topic is read from both lists together: the treatment query alone may find
        // no section naming the condition and would then keep every book.
        // A reported test result decides which sections are hers, and so may the introduction of the
        // section enclosing one ("Children with a positive malaria test ... are treated with an ACT").
        const introductions = new Map<string, CitedSection | null>();
        const reportsTest = consult.findings.some((f) => f.category === 'test_result');
        const withIntroductions = async (sections: readonly CitedSection[]) => {
          if (reportsTest && deps.sectionsWithHeading) {
            const byHeading = deps.sectionsWithHeading;
            await loadEnclosingIntroductions(sections, (accession, heading) => byHeading({ accession, heading, limit: 8 }), introductions);
          }
          return sections;
        };
        await withIntroductions([...found, ...forTreatment]);
        const introducedForAnotherResult = (section: CitedSection) => {
          const key = enclosingKey(section);
          const introduction = key === undefined ? undefined : introductions.get(key);
          return introduction ? introGivesForPositiveResult(section, introduction, consult.findings) : false;
        };
        // A diagnosis not yet confirmed ("raised BP, not yet confirmed", "presumptive TB") is confirmed
        // first: its workup leads, no medicine is started on it, and its treatment's side effects are not hers yet.
        // So is a test whose results disagree: no antiretroviral regimen for an inconclusive HIV test. So is a TB
        // contact with a symptom of TB disease: assessed for it first, neither preventive treatment nor its side effects yet.
        const unconfirmed =
          !consult.urgentReferral && (asksToConfirm(diagnosis.condition) || namesInconclusiveResult(diagnosis.condition) || symptomaticTbContact(diagnosis.condition, consult.findings));
        // A negative screen or test ("TB screen negative"): the illness is not found, so no medicine for it
        // is started and its treatment's side effects are not hers. The test is done: it does not lead.
        const testedNegative = namesNegativeResult(diagnosis.condition);
        // Unless the question is the side effect itself ("TB drugs side effect?" with yellow eyes): its
        // section says which effects stop the medicines.
        const asksAboutSideEffect = medicinesBlamed(diagnosis.condition).length > 0;
        // A diagnosis stated as established is not screened for again: the symptom screen is for people not known to have it.
        const confirmed = statesConfirmed(diagnosis.condition);
        // A blood pressure below 140/90 in an adult on no medicine is not treated with medicines: no section giving doses is hers.
        const medicines = medicineNamesTaken(consult.findings);
        const belowTreatment = noBloodPressureMedicineToStart(diagnosis.condition, consult.demographics, consult.findings, medicines);
        // A medicine for this condition taken now (amlodipine at 165/105), or doses said to be missed of one not
        // named: she is on treatment already, so starting it, confirming the diagnosis and grading a first
        // reading ("Confirm on another day; refer to start treatment") are not her plan.
        // The medicines she takes for this condition: TLD taken by a man in whom hypertension is found today does not treat it.
        const takesForCondition = medicines.length > 0 && namesMedicineTaken([...found, ...forTreatment], medicines);
        const onTreatment = !unconfirmed && ((missesDoses(consult.findings) && medicines.length === 0) || takesForCondition);
        // On TB preventive treatment only: the care of people treated for TB disease is not hers.
        const preventiveOnly = onTbPreventiveTreatmentOnly(diagnosis.condition, consult.findings);
        const fits = (sections: readonly CitedSection[]) => {
          const onTopic = new Set(sectionsOnTopic(diagnosis.condition, [...sections, ...found, ...forTreatment]).map((s) => s.id));
          return sections.filter(
            (section) =>
              !exampleSection(section) &&
              !(consult.urgentReferral && sectionAssumesNoDangerSigns(section)) &&
              !sectionForAnotherTestResult(section, consult.findings) &&
              !sectionForClearResult(section, consult.findings, diagnosis.condition) &&
              !introducedForAnotherResult(section) &&
              !stepsUpTreatmentNotTaken(section, consult.findings, diagnosis.condition) &&
              !sectionForIllnessBackNotStated(section, consult.findings, diagnosis.condition) &&
              !((unconfirmed || testedNegative) && !asksAboutSideEffect && sideEffectSection(section.sectionPath.split(' > ').at(-1) ?? '')) &&
              !(confirmed && screeningSection(section)) &&
              !(preventiveOnly && tbDiseaseTreatmentSection(section)) &&
              !(belowTreatment && givesMedicineDoses(section.text)) &&
              !(onTreatment && (startingSection(section) || confirmingSection(section) || workupSection(section))) &&
              !sectionForUnstatedPregnancy(section, consult.demographics, diagnosis.condition) &&
              onTopic.has(section.id) &&
              !titlesExcludePatient(section.titlePath, consult.demographics),
          );
        };
        let chosen = mergePlanSections(fits(found), fits(forTreatment), consult.urgentReferral ? k * 2 : k, Math.ceil(k / 2), unconfirmed);
        // Every section found is for someone else (the book is for children of 6 to 59 months, she is 4
        // months old): her own section ("Infants under 6 months") ranks further down; look deeper once, in
        // the same books.
        if (chosen.length === 0 && found.length > 0) {
          const books = new Set(found.map((s) => s.accession));
          chosen = fits((await search(diagnosis.condition, k * 4)).filter((s) => books.has(s.accession))).slice(0, k);
          if (chosen.length === 0) {
            forOthers.push(diagnosis.condition);
            continue;
          }
        }
        // Her test could not be done: what the guideline says to do without it comes first ("send her the
        // same day to a facility where testing is possible"), and its treatment of a positive result is not hers.
        if (!consult.urgentReferral && consult.findings.some((f) => f.category === 'test_result' && !f.negated && resultUnavailable(f.value))) {
          const ids = new Set(chosen.map((s) => s.id));
          const withoutTest = fits(await search(`${diagnosis.condition} no test available`, k, k)).filter((s) => sectionForTestNotDone(s) && !ids.has(s.id));
          chosen = [...withoutTest.slice(0, 1), ...chosen];
        }
        // Not yet confirmed: how the guideline confirms it comes first ("ask them to return for a second measurement").
        if (unconfirmed) {
          const confirming = chosen.find(confirmingSection) ?? fits(await search(`${diagnosis.condition} confirming the diagnosis test`, k * 2, k * 2)).find(confirmingSection);
          if (confirming) chosen = [confirming, ...chosen.filter((s) => s.id !== confirming.id)];
        }
        // A patient on no medicine for this condition, and no dose in any chosen section: the plan would say to treat but not with what.
        if (!consult.urgentReferral && !unconfirmed && !testedNegative && !belowTreatment && lacksMedicineToStart(chosen, takesForCondition ? medicines : [])) {
          const dosing = firstDosingSection(fits(await withIntroductions(await search(`${diagnosis.condition} first-line medicines doses`, k, k))), chosen);
          if (dosing) chosen.push(dosing);
        }
        // What the chosen sections send the reader to ("as described in Plan B") is part of the plan.
        // Sections looked up by heading or by name rather than ranked: fitted to her like the rest.
        const fitted = (sections: readonly CitedSection[]) => fits(sections.filter((s) => sectionFitsPatient(s.sectionPath, consult.demographics)));
        const sectionsWithHeading = deps.sectionsWithHeading;
        let referenced = sectionsWithHeading
          ? await referencedSections(chosen, async (accession, heading) => fitted(await sectionsWithHeading({ accession, heading, limit: 8 })))
          : [];
        // After an urgent referral, the medicine the best section gives by name before the journey, where
        // the book has a section on it ("including magnesium sulfate and referral"). Not otherwise: "when
        // glucose remains high on metformin" names a medicine whose starting doses are not a pregnant woman's.
        if (consult.urgentReferral && sectionsWithHeading) {
          referenced.push(...(await namedMedicineSections([...chosen, ...referenced], async (accession, heading) => fitted(await sectionsWithHeading({ accession, heading, limit: 8 })))));
        }
        const sectionsMentioning = deps.sectionsMentioning;
        // The tables they point to and do not hold ("the magnesium sulfate loading dose (Table 5.1)").
        if (sectionsMentioning) {
          referenced.push(...(await referencedTables([...chosen, ...referenced], async (accession, label) => fitted(await sectionsMentioning({ accession, names: [label], limit: 8 })))));
        }
        // A pregnant woman: a book that sends pregnancy to the pregnancy guideline gives her only its pregnancy sections.
        if (pregnancyStatus(consult.demographics).state === 'pregnant' && sectionsMentioning) {
          const books = [...new Set([...chosen, ...referenced].map((s) => s.accession))];
          const mentions = await Promise.all(books.map((accession) => sectionsMentioning({ accession, names: ['pregnancy guideline'], limit: 8 })));
          const deferring = new Set(books.filter((_, i) => (mentions[i] ?? []).some((s) => DEFERS_PREGNANCY.test(s.text))));
          const kept = withoutBooksDeferringPregnancy(chosen, consult.demographics, deferring);
          if (kept.length < chosen.length) {
            // What the left-out book sent her to: the pregnancy guideline's own medicines for the condition.
            const ids = new Set(kept.map((s) => s.id));
            const forPregnancy = fits(await search(`${diagnosis.condition} in pregnancy medicines`, k, k)).filter(
              (s) => !deferring.has(s.accession) && writtenForPregnancyOnly(s.sectionPath) && !ids.has(s.id),
            );
            kept.push(...forPregnancy.slice(0, Math.ceil(k / 2)));
          }
          chosen = kept;
          referenced = withoutBooksDeferringPregnancy(referenced, consult.demographics, deferring);
        }
        // What these books say against a medicine she already takes ("must not be used in pregnancy").
        const warnings = sectionsMentioning
          ? await medicineWarningSections([...chosen, ...referenced], medicines, async (accession, names) => fitted(await sectionsMentioning({ accession, names, limit: 8 })))
          : [];
        // ... and against a medicine these sections give, for her ("Do not give ciprofloxacin in pregnancy").
        const prohibitions = sectionsMentioning
          ? await prohibitionSections(
              [...chosen, ...referenced, ...warnings],
              { demographics: consult.demographics, findings: consult.findings, conditions: [diagnosis.condition] },
              // A class ("antibiotics") is named in many sections of its book: the one that forbids it comes late.
              // Fitted to her population only: the section that forbids a medicine may be about another
              // form of the illness ("Wheeze" for a child classified with pneumonia) and still bind her.
              async (accession, names) => (await sectionsMentioning({ accession, names, limit: 40 })).filter((s) => sectionFitsPatient(s.sectionPath, consult.demographics)),
            )
          : [];
        retrieved.push(...chosen, ...referenced, ...warnings, ...prohibitions);
      }
      else if (coverage.statedAbsent) absent.push({ diagnosis: diagnosis.condition, absent: coverage.statedAbsent });
      else {
        uncovered.push(diagnosis.condition);
        closest.push(...coverage.closest);
      }
    }
    const sections = labelSections(retrieved);
    const composed =
      sections.length > 0
        ? await composePlan({
            ...(deps.writer ? { writer: deps.writer } : {}),
            input: {
              demographics: consult.demographics,
              findings: consult.findings,
              diagnoses: diagnoses.filter((d) => !uncovered.includes(d.condition) && !forOthers.includes(d.condition) && !absent.some((a) => a.diagnosis === d.condition)),
              sections,
            },
          })
        : null;
    const notice = [
      uncovered.length > 0 ? notCovered(uncovered, [...new Set(closest)].slice(0, 4), false) : '',
      forOthers.length > 0 ? writtenForOtherPatients(forOthers) : '',
      ...absent.map((a) => statedAbsent(a.diagnosis, a.absent, [], false)),
    ]
      .filter(Boolean)
      .join('\n\n');
    if (!composed) return { text: notice, mode: 'extractive', citedSections: [] };
    deps.log.info({ consultId, mode: composed.mode, sections: sections.length, cited: composed.citedLabels.length, removed: composed.removed.length, fallback: composed.fallbackReason ?? null }, 'plan composed');
    const refused = composed.removed.filter((r) => r.reason === 'contraindicated_for_patient' || r.reason === 'section_for_other_population').map((r) => r.reason);
    // Ids and reasons only: never the line, which may carry patient details.
    const forbidden = [...new Set(composed.forbidden.map((f) => f.drug))];
    if (refused.length > 0 || forbidden.length > 0) deps.log.warn({ consultId, refused, forbidden }, 'plan: drugs or lines refused for this patient');
    return { ...composed, text: notice ? withNotice(composed.text, notice) : composed.text };
  });
}

/** The plan with a notice (a diagnosis not covered, or written for others) after its first line, which says what to do. */
function withNotice(plan: string, notice: string): string {
  const [first = '', ...rest] = plan.split('\n\n');
  return ACTION_LINE.test(first) ? [first, notice, ...rest].join('\n\n') : `${notice}\n\n${plan}`;
}

/** Answers a question asked after the plan, from the consult's cited sections plus a fresh retrieval. */
async function runFollowUpJob(deps: PlanJobDeps, payload: { consultId: string; inboundId: string }): Promise<void> {
  const key = followUpJob.jobId?.(payload) ?? payload.inboundId;
  await answerOnce(deps, { consultId: payload.consultId, key, kind: 'follow_up' }, async (consult) => {
    const question = await deps.store.inboundText(payload.inboundId);
    if (!question) throw permanentJobError(`follow-up question ${payload.inboundId} not found`);
    const earlier = await deps.store.citedSections(payload.consultId);
    // The diagnoses as the plan read them ("presumptive tuberculosis: cough" for a cough on ART).
    const diagnoses = consult.diagnoses.map((d) => ({ ...d, condition: planCondition(d.condition, consult) }));
    const condition = diagnoses[0]?.condition ?? '';
    // "What dose for 12 kg?": the answer is for the weight asked about.
    const askedWeight = extractFacts(question).demographics.weightKg;
    const demographics = askedWeight !== undefined ? { ...consult.demographics, weightKg: askedWeight } : consult.demographics;
    const fresh = await deps.search({ condition: `${condition} ${question}`.trim(), demographics, findings: consult.findings, k: 4 });
    const sections = labelSections([...fresh.sections.map((s) => s.section), ...earlier]);
    return composePlan({
      ...(deps.writer ? { writer: deps.writer } : {}),
      // A follow-up answer may rightly be one or two lines.
      minKeptLines: 1,
      input: { demographics, findings: consult.findings, diagnoses, sections, question },
    });
  });
}
