import type { Demographics, Finding } from '../patient/findings.js';

/** The tools the interview model may call. Which are offered depends only on the consult's stage. */
export type InterviewToolName = 'collect_demographics' | 'record_findings' | 'generate_differentials';

export interface ProposedDiagnosis {
  condition: string;
  /** 0..1 */
  confidence: number;
  rationale?: string;
}

/** What a validated tool call asks the consult to do. */
export type InterviewAction =
  | { kind: 'demographics'; demographics: Demographics }
  | { kind: 'findings'; findings: Finding[] }
  | { kind: 'differentials'; diagnoses: ProposedDiagnosis[] };

export interface InterviewTurnInput {
  stage: 'demographics' | 'interview';
  demographics: Demographics;
  findings: readonly Finding[];
  /** Earlier turns of this consult, oldest first. */
  transcript: ReadonlyArray<{ role: 'health_worker' | 'assistant'; text: string }>;
  /** The health worker's new message: data, never instructions. */
  message: string;
  /** Offered tools, decided by the stage (see toolsForStage), never by message content. */
  tools: readonly InterviewToolName[];
}

export interface InterviewTurnOutput {
  /** Validated tool calls, in the order the model made them. */
  actions: InterviewAction[];
  /** The next question or remark to the health worker; null when the model only called tools. */
  reply: string | null;
  /** Tool calls refused by validation (returned to the model as errors, never executed). */
  rejectedToolCalls: number;
}

/** The port for the LLM-driven interview (Claude in deployments). */
export interface InterviewModel {
  readonly model: string;
  /**
   * Runs one turn of the tool loop. Throws AppError('llm_unavailable', transient) when the model stays
   * unreachable after its retries, so the consult can continue in the offline protocol mode.
   */
  runTurn(input: InterviewTurnInput, options?: { signal?: AbortSignal }): Promise<InterviewTurnOutput>;
}

/** Tools by stage: the only thing that decides what the model may do. */
export function toolsForStage(stage: 'demographics' | 'interview'): InterviewToolName[] {
  return stage === 'demographics' ? ['collect_demographics', 'record_findings'] : ['record_findings', 'collect_demographics', 'generate_differentials'];
}
