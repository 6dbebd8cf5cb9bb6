import type { LabelledSection, PlanWriter, PlanWriterInput } from '../plan-writer.js';
import { checkPlanDraft, type PlanCheckResult } from './check-plan.js';
import { CITATION_GROUP, formatCitation, labelsInGroup, sortLabels } from './citations.js';
import type { ForbiddenDrug } from './plan-fit.js';
import { extractivePlan } from './extractive-plan.js';
import { formatSources } from './format-sources.js';
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

export interface ComposedPlan {
  /** Disclaimer, plan and Sources block, in the neutral markup of OutboundMessage. */
  text: string;
  mode: 'llm' | 'extractive';
  /** S1..Sn without gaps: the cited sections are renumbered in the order of their first labels. */
  citedLabels: string[];
  /** The cited sections under the labels the plan text uses. */
  citedSections: LabelledSection[];
  /** Drugs a retrieved section forbids for this patient: no line of the plan names them. */
  forbidden: ForbiddenDrug[];
  /** What the check removed from the writer's draft (empty without a draft). */
  removed: PlanCheckResult['removed'];
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
        const numbered = renumber(checked.text, checked.citedLabels, input.sections);
        return { text: assemble(numbered.text, numbered.sections), mode: 'llm', citedLabels: numbered.sections.map((s) => s.label), citedSections: numbered.sections, forbidden: checked.forbidden, removed };
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
  const numbered = renumber(extractive.text, extractive.citedLabels, input.sections);
  return {
    text: assemble(numbered.text, numbered.sections),
    mode: 'extractive',
    citedLabels: numbered.sections.map((s) => s.label),
    citedSections: numbered.sections,
    forbidden: extractive.forbidden,
    removed,
    fallbackReason,
  };
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

function assemble(plan: string, cited: readonly LabelledSection[]): string {
  const notes = [DECISION_SUPPORT_NOTE];
  if (cited.some((s) => s.section.accession.startsWith('SAMPLE-'))) notes.push(SAMPLE_CONTENT_NOTE);
  const body = cited.length > 0 ? plan : NO_SECTIONS_NOTE;
  return [notes.join('\n'), body, formatSources(cited, cited.map((s) => s.label))].filter((block) => block !== '').join('\n\n');
}
