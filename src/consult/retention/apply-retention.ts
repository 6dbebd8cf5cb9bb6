/** What one retention pass deleted. */
export interface RetentionResult {
  /** processed_inbound rows: unknown senders' hashed message ids and enrolled chats' redelivery guards. */
  redeliveryRecords: number;
  /** Audit events of unknown senders, wrong invite codes, and undeliverable answers to chats since forgotten. */
  unknownSenderEvents: number;
  /** Side-effect ledger rows (sends long done, or of answers to unknown senders whose chat is gone). */
  ledgerRecords: number;
  /** Chats of unknown senders whose answer never went out: the raw chat id it was waiting to be sent to. */
  strangerChats: number;
}

/** The store port: deletes expired traces, never what a consult still needs. */
export interface RetentionStore {
  /**
   * Deletes redelivery records, unknown-sender audit events, ledger rows and unknown senders' chats
   * older than `before`. A redelivery record whose inbound message is still waiting in a chat's inbox
   * is kept, and so is the ledger row of a message still waiting in an outbox.
   */
  deleteExpired(before: Date): Promise<RetentionResult>;
}

/** Platforms redeliver an update for about a day: a redelivery guard younger than this is always kept. */
export const MIN_RETENTION_DAYS = 1;

/**
 * Deletes unknown-sender traces, redelivery records and side-effect ledger rows older than `days` (at
 * least 1). Messages, consults, plans, enrolled workers' chats and their audit are never touched.
 */
export async function applyRetention(store: RetentionStore, input: { days: number; now?: Date }): Promise<RetentionResult> {
  const days = Math.max(MIN_RETENTION_DAYS, input.days);
  const before = new Date((input.now ?? new Date()).getTime() - days * 86_400_000);
  return store.deleteExpired(before);
}
