import type { Messenger } from '../consult/consult-store.js';
import type { ChannelName, OutboundMessage } from '../consult/messages.js';
import type { ChannelOutbound } from './delivery/channel-outbound.js';

/** The senders this process holds, by channel; a channel left out stays in the outbox for another process. */
export type ChannelSenders = Partial<Record<ChannelName, ChannelOutbound & { sendTyping?(chatId: string): Promise<unknown> }>>;

/** Routes the consult's outbound messages to the channel they belong to. */
export function createChannelMessenger(senders: ChannelSenders): Messenger {
  return {
    canSend: (channel) => senders[channel] !== undefined,
    async send(channel: ChannelName, message: OutboundMessage) {
      const sender = senders[channel];
      if (!sender) throw new Error(`no sender for channel ${channel} in this process`);
      const receipt = await sender.send(message);
      return { channelMessageIds: receipt.messageIds };
    },
    async typing(channel, chatId) {
      await senders[channel]?.sendTyping?.(chatId);
    },
  };
}
