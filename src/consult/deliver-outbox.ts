import { setTimeout as sleep } from 'node:timers/promises';
import { AppError } from '../core/app-error.js';
import type { SideEffectLedger } from '../core/side-effects.js';
import type { MessageStore, PendingOutbound } from './message-store.js';
import type { Messenger, SendOutcome } from './messenger.js';
import type { Log } from '../core/logging.js';

/** What delivering a chat's outbox needs; the engine and the plan jobs both have it. */
export interface DeliveryDeps {
  /** Only the outbox is read and written here. */
  store: MessageStore;
  messenger: Messenger;
  ledger: SideEffectLedger;
  log: Log;
}

/** How long an unfinished send claimed by another process is respected before it is taken over. */
export const SEND_CLAIM_TAKEOVER_MS = 60_000;

/** Tries at recording a send the platform accepted (a lost record is a second copy a minute later). */
const RECORD_SENT_ATTEMPTS = 4;

/**
 * Sends the chat's unsent outbound messages in order, urgent referrals first. Each send is claimed in
 * the ledger first and completed after, so a retry, a second worker or the pump never sends it again.
 * Only a process that dies between the platform accepting a message and our record of it leaves that
 * uncertain: its claim is taken over after SEND_CLAIM_TAKEOVER_MS and the message sent again, with a
 * warning, because a copy too many is safer than a plan that never arrives.
 */
export async function deliverOutbox(
  deps: DeliveryDeps,
  chatRef: string,
  options: { urgentOnly?: boolean } = {},
): Promise<void> {
  const unsent = await deps.store.unsentOutbound(chatRef);
  // Urgent referrals go first, then everything else in the order it was written.
  const ordered = [...unsent.filter((m) => m.kind === 'urgent'), ...(options.urgentOnly ? [] : unsent.filter((m) => m.kind !== 'urgent'))];
  for (const message of ordered) {
    if (!deps.messenger.canSend(message.channel, message.externalChatId)) return;
    // The platform asked for a pause: later messages wait too, so the chat's order holds.
    if (message.retryAfter && message.retryAfter.getTime() > Date.now()) return;
    const key = `send:${message.idempotencyKey}`;
    // A claim left by a process that died mid-send is taken over after a minute. Most of a send's time
    // is the platform's pacing wait before the request, so a dead sender almost always sent nothing; a
    // duplicate is possible only if it died between the platform accepting and our record, and a plan
    // that arrives twice is safer for a patient than one that arrives ten minutes late.
    const claim = await deps.ledger.claim(key, 'outbound_message', { reclaimAfterMs: SEND_CLAIM_TAKEOVER_MS });
    if (claim === 'done') continue;
    // Another delivery of this chat (the plan job, a poller) is sending it right now.
    if (claim === 'in_progress') return;
    if (claim === 'taken_over') deps.log.warn({ chatRef, outboundId: message.id }, 'send taken over from a process that stopped mid-send; it may arrive twice');
    const outcome = await sendOnce(deps, message);
    if (outcome.status === 'sent') {
      await recordSent(deps, key, message.id, outcome.channelMessageIds);
      continue;
    }
    if (outcome.status === 'undeliverable') {
      // Refused for good (blocked, chat gone): retrying cannot help and would block the chat's later
      // messages, so it is recorded (with an audit event) and delivery moves on.
      await deps.store.markUndeliverable(message.id, { reason: outcome.reason, deliveredParts: outcome.deliveredParts });
      await deps.ledger.complete(key, { undeliverable: outcome.reason });
      deps.log.warn({ chatRef, outboundId: message.id, reason: outcome.reason, deliveredParts: outcome.deliveredParts }, 'message undeliverable; not retried');
      continue;
    }
    // Not accepted (or only partly): safe to try again later, from the first part that did not arrive.
    await deps.store.recordDeliveryAttempt(message.id, { deliveredParts: outcome.deliveredParts, retryAfterMs: outcome.retryAfterMs });
    await deps.ledger.release(key);
    deps.log.error({ chatRef, outboundId: message.id, reason: outcome.reason, deliveredParts: outcome.deliveredParts }, 'send failed; will retry');
    throw outcome.thrown ?? new AppError('busy', `outbound ${message.id} not delivered (${outcome.reason}); it stays in the outbox`, { transient: true });
  }
}

/** Records an accepted send, trying again through a database hiccup; throws only when every try failed. */
async function recordSent(deps: DeliveryDeps, key: string, outboundId: string, channelMessageIds: string[]): Promise<void> {
  for (let attempt = 1; ; attempt++) {
    try {
      await deps.store.markSent(outboundId, channelMessageIds);
      // The ledger outlives the chat of an unknown sender, and a WhatsApp message id holds the
      // recipient's number: the ids stay on the message row, the ledger records only how many.
      await deps.ledger.complete(key, { parts: channelMessageIds.length });
      return;
    } catch (error) {
      if (attempt >= RECORD_SENT_ATTEMPTS) throw error;
      deps.log.warn({ outboundId, attempt, error: error instanceof Error ? error.name : 'unknown' }, 'recording a sent message failed; trying again');
      await sleep(250 * attempt);
    }
  }
}

/** One send attempt; a messenger that throws instead of answering counts as "try again later". */
async function sendOnce(deps: Pick<DeliveryDeps, 'messenger'>, message: PendingOutbound): Promise<SendOutcome & { thrown?: unknown }> {
  try {
    return await deps.messenger.send(
      message.channel,
      { chatId: message.externalChatId, text: message.text, kind: message.kind, idempotencyKey: message.idempotencyKey },
      message.deliveredParts > 0 ? { resumeFromPart: message.deliveredParts } : {},
    );
  } catch (error) {
    return { status: 'retry_later', reason: error instanceof Error ? error.name : 'unknown', retryAfterMs: null, deliveredParts: message.deliveredParts, thrown: error };
  }
}
