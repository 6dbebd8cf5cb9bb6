/**
 * What every channel sender offers the delivery job: send one OutboundMessage (rendered, split and
 * paced by the channel), and show a typing indicator while a reply is being prepared.
 */
import type { OutboundMessage } from '../../consult/messages.js';

export interface SendOptions {
  /** Skip the first parts: they were delivered before a failure (DeliveryError.deliveredMessageIds). */
  resumeFromPart?: number;
}

export interface DeliveryReceipt {
  /** Platform ids of the parts sent by this call, in order. */
  messageIds: string[];
  /** How many parts the message was split into (including any skipped by resumeFromPart). */
  parts: number;
  /** Parts that went out as plain text because the platform refused their markup. */
  plainTextFallbacks: number;
}

export interface ChannelOutbound {
  /** Sends all parts in order, or throws a DeliveryError that says what arrived. */
  send(message: OutboundMessage, options?: SendOptions): Promise<DeliveryReceipt>;
  /** Shows "typing..." once while a reply is prepared; false when the chat cannot be reached. Never throws. */
  sendTyping(chatId: string): Promise<boolean>;
}
