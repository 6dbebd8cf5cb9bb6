import { deliverOutbox, type DeliveryDeps } from './deliver-outbox.js';
import type { GateReply } from './sender-gate.js';

/**
 * Sends one answer of the sender gate (welcome, refusal, bad code) through the outbox: stored once by
 * its key, then delivered. A send that fails stays in the outbox and the runtime's pump retries it; a
 * chat of an unknown sender is forgotten once its answer is out, so it leaves no readable id behind.
 */
export async function sendGateReply(deps: DeliveryDeps, reply: GateReply): Promise<void> {
  const chatRef = await deps.store.recordGateReply({
    channel: reply.channel,
    externalChatId: reply.chatId,
    healthWorkerId: reply.healthWorkerId,
    text: reply.text,
    idempotencyKey: reply.idempotencyKey,
  });
  try {
    await deliverOutbox(deps, chatRef);
  } catch (error) {
    // deliverOutbox recorded the attempt; the answer waits in the outbox for the next pass.
    deps.log.warn({ chatRef, error: error instanceof Error ? error.name : 'unknown' }, 'gate reply not delivered yet; the outbox will retry it');
    return;
  }
  if (reply.healthWorkerId === null) await deps.store.forgetStrangers(chatRef);
}
