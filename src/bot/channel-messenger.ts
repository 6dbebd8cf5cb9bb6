import type { Messenger, SendOutcome } from '../consult/messenger.js';
import { isDeliveryError } from './delivery/delivery-error.js';
import type { ChannelName, OutboundMessage } from '../consult/messages.js';
import type { ChannelOutbound } from './delivery/channel-outbound.js';

/** The senders this process holds, by channel; a channel left out stays in the outbox for another process. */
export type ChannelSenders = Partial<Record<ChannelName, ChannelOutbound>>;

/** Routes the consult's outbound messages to the channel they belong to. */
export function createChannelMessenger(senders: ChannelSenders): Messenger {
  return {
    canSend: (channel) => senders[channel] !== undefined,
    async send(channel: ChannelName, message: OutboundMessage, options: { resumeFromPart?: number } = {}): Promise<SendOutcome> {
      const sender = senders[channel];
      if (!sender) throw new Error(`no sender for channel ${channel} in this process`);
      try {
        const receipt = await sender.send(message, options);
        return { status: 'sent', channelMessageIds: receipt.messageIds };
      } catch (error) {
        return deliveryOutcome(error, options.resumeFromPart ?? 0);
      }
    },
    async typing(channel, chatId) {
      await senders[channel]?.sendTyping(chatId);
    },
  };
}

/** Reads a channel's DeliveryError as the consult's outcome: refused for good, or worth a later retry. */
function deliveryOutcome(error: unknown, alreadyDelivered: number): SendOutcome {
  if (!isDeliveryError(error)) {
    return { status: 'retry_later', reason: error instanceof Error ? error.name : 'unknown', retryAfterMs: null, deliveredParts: alreadyDelivered };
  }
  const deliveredParts = Math.max(alreadyDelivered, error.details.deliveredParts);
  if (error.code === 'recipient_blocked' || error.code === 'delivery_rejected') {
    return { status: 'undeliverable', reason: error.code, deliveredParts };
  }
  const retryAfterMs = error.details.retryAfterSeconds === undefined ? null : error.details.retryAfterSeconds * 1000;
  return { status: 'retry_later', reason: error.code, retryAfterMs, deliveredParts };
}
