import type { PlanWriter, PlanWriterInput } from '../plan-writer.js';
import { checkPlanDraft, type PlanCheckResult } from './check-plan.js';
import { extractivePlan } from './extractive-plan.js';
import { formatSources } from './format-sources.js';

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
  citedLabels: string[];
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
      const checked = checkPlanDraft(draft, input.sections);
      removed = checked.removed;
      if (checked.kept >= minKeptLines && checked.citedLabels.length > 0) {
        return { text: assemble(checked.text, checked.citedLabels, input), mode: 'llm', citedLabels: checked.citedLabels, removed };
      }
      fallbackReason = 'too_little_survived';
    } catch (error) {
      if (signal?.aborted) throw error;
      fallbackReason = 'writer_failed';
    }
  }

  const extractive = checkPlanDraft(
    extractivePlan({
      diagnoses: input.diagnoses,
      demographics: input.demographics,
      findings: input.findings,
      sections: input.sections,
      ...(options.maxExtractiveSentences !== undefined ? { maxSentences: options.maxExtractiveSentences } : {}),
      ...(input.question !== undefined ? { question: input.question } : {}),
    }),
    input.sections,
  );
  return { text: assemble(extractive.text, extractive.citedLabels, input), mode: 'extractive', citedLabels: extractive.citedLabels, removed, fallbackReason };
}

function assemble(plan: string, citedLabels: readonly string[], input: PlanWriterInput): string {
  const cited = input.sections.filter((s) => citedLabels.includes(s.label));
  const notes = [DECISION_SUPPORT_NOTE];
  if (cited.some((s) => s.accession.startsWith('SAMPLE-'))) notes.push(SAMPLE_CONTENT_NOTE);
  const body = citedLabels.length > 0 ? plan : NO_SECTIONS_NOTE;
  return [notes.join('\n'), body, formatSources(input.sections, citedLabels)].filter((block) => block !== '').join('\n\n');
}
