import { deliverOutbox, type DeliveryDeps } from './deliver-outbox.js';
import type { SenderHasher } from './enrollment/sender-hash.js';
import type { ChannelName } from './messages.js';
import type { GateReply } from './sender-gate.js';

/** What sending a gate answer needs: the outbox, and the keyed hash its key is made with. */
export interface GateReplyDeps extends DeliveryDeps {
  /** The deployment's keyed hash (`createSenderHasher`); platform ids never reach a key. */
  messageRef: SenderHasher;
}

/**
 * The outbox key of a gate answer: `gate:<channel>:<keyed hash of the message id>`. A Telegram message id
 * is `<chat id>:<n>` and a WhatsApp one holds the phone number, and the key outlives the chat in the
 * side-effect ledger (`send:<key>`), so only the hash goes in. It is the same for every retry and every
 * process of the deployment, so a retried or redelivered answer is still stored and sent once.
 */
export function gateReplyKey(messageRef: SenderHasher, reply: { channel: ChannelName; messageId: string }): string {
  return `gate:${reply.channel}:${messageRef(reply.channel, reply.messageId)}`;
}

/**
 * Sends one answer of the sender gate (welcome, refusal, bad code) through the outbox: stored once by
 * its key, then delivered. A send that fails stays in the outbox and the runtime's pump retries it; a
 * chat of an unknown sender is forgotten once its answer is out, so it leaves no readable id behind.
 */
export async function sendGateReply(deps: GateReplyDeps, reply: GateReply): Promise<void> {
  await deliverGateReply(deps, await storeGateReply(deps, reply), reply);
}

/** Stores the answer in the chat's outbox once (by its key); returns the chat's reference. */
export function storeGateReply(deps: GateReplyDeps, reply: GateReply): Promise<string> {
  return deps.store.recordGateReply({
    channel: reply.channel,
    externalChatId: reply.chatId,
    healthWorkerId: reply.healthWorkerId,
    text: reply.text,
    idempotencyKey: gateReplyKey(deps.messageRef, reply),
  });
}

/** Delivers the stored answer, then forgets an unknown sender's chat; a failed send waits for the pump. */
export async function deliverGateReply(deps: GateReplyDeps, chatRef: string, reply: Pick<GateReply, 'healthWorkerId'>): Promise<void> {
  try {
    await deliverOutbox(deps, chatRef);
  } catch (error) {
    // deliverOutbox recorded the attempt; the answer waits in the outbox for the next pass.
    deps.log.warn({ chatRef, error: error instanceof Error ? error.name : 'unknown' }, 'gate reply not delivered yet; the outbox will retry it');
    return;
  }
  if (reply.healthWorkerId === null) await deps.store.forgetStrangers(chatRef);
}
