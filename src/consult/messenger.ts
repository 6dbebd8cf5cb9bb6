import type { ChannelName, OutboundMessage } from './messages.js';

/** What became of one send: delivered, worth another try later, or refused for good. */
export type SendOutcome =
  | { status: 'sent'; channelMessageIds: string[] }
  | { status: 'retry_later'; reason: string; retryAfterMs: number | null; deliveredParts: number }
  | { status: 'undeliverable'; reason: string; deliveredParts: number };

/** The port for sending a message on the chat's channel. */
export interface Messenger {
  /**
   * Whether this process can reach the channel (a worker process cannot print to a terminal chat) and,
   * when `chatId` (the chat's id on the channel) is given, that chat (a terminal session prints only its
   * own); messages it cannot reach stay in the outbox for the process that can.
   */
  canSend(channel: ChannelName, chatId?: string): boolean;
  /**
   * Sends one message (split by the adapter as the platform needs), skipping `resumeFromPart` parts
   * that an earlier attempt delivered. Says what happened rather than throwing.
   */
  send(channel: ChannelName, message: OutboundMessage, options?: { resumeFromPart?: number }): Promise<SendOutcome>;
  /** Shows that a reply is being prepared, where the platform can. */
  typing?(channel: ChannelName, chatId: string): Promise<void>;
}
