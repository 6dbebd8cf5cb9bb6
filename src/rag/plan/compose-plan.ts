import type { LabelledSection, PlanWriter, PlanWriterInput } from '../plan-writer.js';
import { checkPlanDraft, type PlanCheckResult } from './check-plan.js';
import { CITATION_GROUP, citedLabelsIn, formatCitation, labelsInGroup, sortLabels } from './citations.js';
import type { ForbiddenDrug } from './plan-fit.js';
import { extractivePlan } from './extractive-plan.js';
import { formatCompactSources } from './format-sources.js';
import { withDoseForWeight } from './doses-for-weight.js';
import { withOneRegimen } from './one-regimen.js';
import { actionLine, planAction } from './plan-action.js';
import { readPlanText, writePlanText, type PlanTextLine } from './plan-text.js';
import { withoutPointersElsewhere } from './pointers-elsewhere.js';
import { ALLERGY_HEADING, allergyNoticeLines, OWN_MEDICINES_HEADING, ownMedicineWarningLines } from './medicine-warnings.js';

export interface ComposePlanOptions {
  /** Absent: the offline, extractive plan. */
  writer?: PlanWriter;
  input: PlanWriterInput;
  /** Recommendation lines that must survive the check for a draft to be used; default 3. */
  minKeptLines?: number;
  /** Copied sentences at most in an extractive plan; default 10. */
  maxExtractiveSentences?: number;
  signal?: AbortSignal;
}

export type FallbackReason = 'no_writer' | 'writer_failed' | 'too_little_survived';

/** A line the check removed, or one the phone steps left out: an alternative regimen, a pointer to a chapter she does not have. */
export type PlanRemoval = PlanCheckResult['removed'][number] | { line: string; reason: 'alternative_regimen' | 'points_elsewhere' };

export interface ComposedPlan {
  /**
   * What to do (refer now, treat and refer, treat at home) as its first line, the plan, the decision-support
   * note and the compact Sources block ("S1: Malaria at community level 3.2"), in the neutral markup of
   * OutboundMessage. A follow-up answer has no first line of its own.
   */
  text: string;
  mode: 'llm' | 'extractive';
  /** S1..Sn without gaps: the cited sections are renumbered in the order of their first labels. */
  citedLabels: string[];
  /** The cited sections under the labels the plan text uses. */
  citedSections: LabelledSection[];
  /** Drugs a retrieved section forbids for this patient: no line of the plan names them. */
  forbidden: ForbiddenDrug[];
  /** What the check removed from the writer's draft (empty without a draft), and what the phone steps left out of the plan sent. */
  removed: PlanRemoval[];
  fallbackReason?: FallbackReason;
}

export const DECISION_SUPPORT_NOTE = 'Decision support only: your clinical judgement and the local protocol come first.';
export const SAMPLE_CONTENT_NOTE = 'Sources are SAMPLE content, not clinical guidance.';
export const NO_SECTIONS_NOTE = 'No guideline section matched this consult. Follow your local protocol and ask your supervisor.';

/**
 * The Assessment & Plan (or a follow-up answer) for a consult: the writer's draft when one is
 * configured and enough of it survives checkPlanDraft, otherwise an extractive plan copied from the
 * sections; always with the decision-support note and the Sources block. Writer errors fall back to
 * the extractive plan; an abort through `signal` is rethrown.
 */
export async function composePlan(options: ComposePlanOptions): Promise<ComposedPlan> {
  const { writer, input, signal } = options;
  const minKeptLines = options.minKeptLines ?? 3;
  let removed: PlanCheckResult['removed'] = [];
  let fallbackReason: FallbackReason = 'no_writer';

  if (writer) {
    try {
      const draft = await writer.writePlan(input, signal ? { signal } : {});
      const checked = withAllergyNotice(withOwnMedicineWarnings(checkPlanDraft(draft, input.sections, input.demographics, input.findings, conditionsOf(input)), input), input);
      removed = checked.removed;
      if (checked.kept >= minKeptLines && checked.citedLabels.length > 0) {
        const phone = forPhone(checked.text, input);
        const numbered = renumber(phone.text, phone.citedLabels, input.sections);
        return {
          text: assemble(numbered.text, numbered.sections, input),
          mode: 'llm',
          citedLabels: numbered.sections.map((s) => s.label),
          citedSections: numbered.sections,
          forbidden: checked.forbidden,
          removed: [...removed, ...phone.removed],
        };
      }
      fallbackReason = 'too_little_survived';
    } catch (error) {
      if (signal?.aborted) throw error;
      fallbackReason = 'writer_failed';
    }
  }

  const extractiveDraft = extractivePlan({
    diagnoses: input.diagnoses,
    demographics: input.demographics,
    findings: input.findings,
    sections: input.sections,
    ...(options.maxExtractiveSentences !== undefined ? { maxSentences: options.maxExtractiveSentences } : {}),
    ...(input.question !== undefined ? { question: input.question } : {}),
  });
  const extractive = withAllergyNotice(withOwnMedicineWarnings(checkPlanDraft(extractiveDraft, input.sections, input.demographics, input.findings, conditionsOf(input)), input), input);
  const phone = forPhone(extractive.text, input);
  const numbered = renumber(phone.text, phone.citedLabels, input.sections);
  return {
    text: assemble(numbered.text, numbered.sections, input),
    mode: 'extractive',
    citedLabels: numbered.sections.map((s) => s.label),
    citedSections: numbered.sections,
    forbidden: extractive.forbidden,
    removed: [...removed, ...phone.removed],
    fallbackReason,
  };
}

/**
 * The checked plan made fit to act on from a phone, in named steps over its lines (each line a step
 * leaves out keeps its reason): pointers to chapters and annexes she does not have taken out
 * (pointers-elsewhere.ts), one regimen per illness (one-regimen.ts), and per-kilogram doses worked out for
 * her weight (doses-for-weight.ts). Returns the labels the remaining lines cite, in label order.
 */
function forPhone(text: string, input: PlanWriterInput): { text: string; removed: PlanRemoval[]; citedLabels: string[] } {
  const before = readPlanText(text);
  const removed: PlanRemoval[] = [];
  const pointed = before.flatMap((line): PlanTextLine[] => {
    if (line.kind !== 'line') return [line];
    const kept = withoutPointersElsewhere(line.text);
    if (kept === null) removed.push({ line: line.text, reason: 'points_elsewhere' });
    return kept === null ? [] : [{ ...line, text: kept }];
  });
  const regimen = withOneRegimen(pointed, input.sections);
  removed.push(...regimen.removed);
  const dosed = regimen.lines.map((line) => (line.kind === 'line' ? { ...line, text: withDoseForWeight(line.text, input.demographics.weightKg) } : line));
  const out = writePlanText(dosed, before);
  const known = new Set(input.sections.map((s) => s.label.toUpperCase()));
  return { text: out, removed, citedLabels: sortLabels(citedLabelsIn(out).map((l) => l.toUpperCase()).filter((l) => known.has(l))) };
}

/** The diagnoses as stated, for prohibitions that name a condition. */
function conditionsOf(input: PlanWriterInput): string[] {
  return input.diagnoses.map((d) => d.condition);
}

/**
 * A checked plan that does not name a medicine the patient already takes, where a section forbids it
 * for her, gets the section's own sentence saying so under its own heading, checked like every line.
 */
function withOwnMedicineWarnings(checked: PlanCheckResult, input: PlanWriterInput): PlanCheckResult {
  const lines = ownMedicineWarningLines(checked.text, checked.forbidden, input);
  if (lines.length === 0) return checked;
  const added = checkPlanDraft([OWN_MEDICINES_HEADING, ...lines].join('\n'), input.sections, input.demographics, input.findings, conditionsOf(input));
  if (added.kept === 0) return checked;
  return {
    ...checked,
    text: `${checked.text}\n\n${added.text}`,
    kept: checked.kept + added.kept,
    citedLabels: sortLabels([...new Set([...checked.citedLabels, ...added.citedLabels])]),
  };
}

/**
 * A checked plan that left out a medicine the patient is allergic to opens with a line saying so (not
 * counted among the kept lines a draft needs): otherwise a plan for pneumonia in a child allergic to
 * penicillin names no antibiotic and never says why.
 */
function withAllergyNotice(checked: PlanCheckResult, input: PlanWriterInput): PlanCheckResult {
  const notices = allergyNoticeLines(checked.forbidden, input.sections);
  if (notices.length === 0) return checked;
  return {
    ...checked,
    text: `${[ALLERGY_HEADING, ...notices.map((n) => n.line)].join('\n')}\n\n${checked.text}`,
    citedLabels: sortLabels([...new Set([...checked.citedLabels, ...notices.map((n) => n.label)])]),
  };
}

/**
 * Numbers the cited sections S1..Sn without gaps, in the order of their retrieval labels, and rewrites
 * every citation marker of the text to the new labels.
 */
function renumber(text: string, citedLabels: readonly string[], sections: readonly LabelledSection[]): { text: string; sections: LabelledSection[] } {
  const byLabel = new Map(sections.map((s) => [s.label.toUpperCase(), s]));
  const newLabel = new Map<string, string>();
  const renumbered: LabelledSection[] = [];
  for (const label of citedLabels) {
    const section = byLabel.get(label.toUpperCase());
    if (!section) continue;
    const next = `S${renumbered.length + 1}`;
    newLabel.set(label.toUpperCase(), next);
    renumbered.push({ ...section, label: next });
  }
  const rewritten = text.replace(CITATION_GROUP, (group) => {
    const labels = [...new Set(labelsInGroup(group).map((l) => newLabel.get(l.toUpperCase())).filter((l): l is string => l !== undefined))];
    return labels.length === 0 ? group : formatCitation(labels);
  });
  return { text: rewritten, sections: renumbered };
}

/**
 * The plan as sent: what to do first (not for a follow-up answer, nor when nothing is cited), the plan,
 * the notes, then the compact Sources block.
 */
function assemble(plan: string, cited: readonly LabelledSection[], input: PlanWriterInput): string {
  const notes = [DECISION_SUPPORT_NOTE];
  if (cited.some((s) => s.section.accession.startsWith('SAMPLE-'))) notes.push(SAMPLE_CONTENT_NOTE);
  if (cited.length === 0) return [notes.join('\n'), NO_SECTIONS_NOTE].join('\n\n');
  const first = input.question === undefined ? actionLine(planAction(readPlanText(plan), cited, input.diagnoses, false, input.demographics)) : '';
  return [first, plan, notes.join('\n'), formatCompactSources(cited, cited.map((s) => s.label))].filter((block) => block !== '').join('\n\n');
}
