import type { Demographics, Finding } from '../patient/findings.js';
import type { CitedSection } from './guideline-section.js';

/** A section as the plan prompt sees it: labelled S1..Sn. */
export interface LabelledSection {
  label: string;
  section: CitedSection;
}

export interface PlanWriterInput {
  demographics: Demographics;
  findings: readonly Finding[];
  diagnoses: ReadonlyArray<{ condition: string; confidence?: number | null }>;
  sections: readonly LabelledSection[];
  /** A follow-up question after the plan; absent for the Assessment & Plan itself. */
  question?: string;
}

/** The port for the LLM that drafts an Assessment & Plan (or a follow-up answer) citing [Sn] labels. */
export interface PlanWriter {
  readonly model: string;
  /** Returns the draft in the neutral markup of OutboundMessage, with [S1]-style citations. */
  writePlan(input: PlanWriterInput, options?: { signal?: AbortSignal }): Promise<string>;
}
