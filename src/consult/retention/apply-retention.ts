/** What one retention pass deleted. */
export interface RetentionResult {
  /** processed_inbound rows: unknown senders' hashed message ids and enrolled chats' redelivery guards. */
  redeliveryRecords: number;
  /** Audit events of unknown senders and wrong invite codes. */
  unknownSenderEvents: number;
}

/** The store port: deletes expired traces, never what a consult still needs. */
export interface RetentionStore {
  /**
   * Deletes redelivery records and unknown-sender audit events older than `before`. A redelivery record
   * whose inbound message is still waiting in a chat's inbox is kept.
   */
  deleteExpired(before: Date): Promise<RetentionResult>;
}

/** Platforms redeliver an update for about a day: a redelivery guard younger than this is always kept. */
export const MIN_RETENTION_DAYS = 1;

/**
 * Deletes unknown-sender traces and redelivery records older than `days` (at least 1). Messages,
 * consults, plans and the audit of enrolled workers are never touched.
 */
export async function applyRetention(store: RetentionStore, input: { days: number; now?: Date }): Promise<RetentionResult> {
  const days = Math.max(MIN_RETENTION_DAYS, input.days);
  const before = new Date((input.now ?? new Date()).getTime() - days * 86_400_000);
  return store.deleteExpired(before);
}
