import type { CitedSection } from '../rag/guideline-section.js';

/** The port for plans: stored once per key with their citations and outbound message. */
export interface PlanStore {
  planExists(idempotencyKey: string): Promise<boolean>;
  /**
   * Stores a plan, its citations and its outbound message in one transaction, once per key. For an
   * Assessment & Plan it also completes the consult (stage done).
   */
  commitPlan(input: {
    consultId: string;
    idempotencyKey: string;
    kind: 'assessment_plan' | 'follow_up';
    mode: 'llm' | 'extractive';
    model: string | null;
    text: string;
    citations: Array<{ label: string } & CitedSection>;
  }): Promise<void>;
  /** Sections cited by the consult's earlier plans (for follow-up questions). */
  citedSections(consultId: string): Promise<CitedSection[]>;
  inboundText(messageId: string): Promise<string | null>;
}
