import type { Attachment, ChannelName, InboundMessage, OutboundMessage } from './messages.js';

/** An inbound message as stored in the chat's inbox, waiting for its turn. */
export interface PendingInbound {
  /** Database id of the stored message. */
  id: string;
  chatRef: string;
  externalChatId: string;
  channel: ChannelName;
  text: string | null;
  media: string | null;
  /** The voice note's or photo's file reference (absent: none); cleared when the turn commits. */
  attachment?: Attachment | null;
  edited: boolean;
}

/** An outbound message waiting in the outbox. */
export interface PendingOutbound {
  id: string;
  chatRef: string;
  externalChatId: string;
  channel: ChannelName;
  text: string;
  kind: OutboundMessage['kind'];
  idempotencyKey: string;
  /** Parts of a split reply already delivered before a failure: the next attempt resumes after them. */
  deliveredParts: number;
  /** Not before this time (the platform asked for a pause); null = now. */
  retryAfter: Date | null;
}

/** The port for a chat's inbox and outbox (and the chat lock that serialises its turns). */
export interface MessageStore {
  /**
   * Stores an inbound message in its chat's inbox once. Returns null for a redelivery (same channel and
   * message id): it changes nothing and sends nothing.
   */
  recordInbound(message: InboundMessage, healthWorkerId: string | null): Promise<{ chatRef: string; inboundId: string } | null>;
  /** Runs `work` holding the chat's lease lock; returns false at once if another turn holds it. */
  withChatLock(chatRef: string, work: () => Promise<void>): Promise<boolean>;
  /** The chat's unhandled inbound messages in arrival order (at most `limit`): the first takes the next turn, the rest are triaged ahead. */
  pendingInbound(chatRef: string, limit: number): Promise<PendingInbound[]>;
  hasPendingInbound(chatRef: string): Promise<boolean>;
  unsentOutbound(chatRef: string): Promise<PendingOutbound[]>;
  markSent(outboundId: string, channelMessageIds: string[]): Promise<void>;
  /** A failed attempt that may succeed later: how many parts arrived, and when to try again. */
  recordDeliveryAttempt(outboundId: string, attempt: { deliveredParts: number; retryAfterMs: number | null }): Promise<void>;
  /** The platform refused the message for good: it is never retried; an audit event says why (no text). */
  markUndeliverable(outboundId: string, outcome: { reason: string; deliveredParts: number }): Promise<void>;
  /**
   * Stores an answer of the sender gate in the chat's outbox once (by its key), creating the chat if
   * needed (a welcome binds it to its health worker). Returns the chat's reference.
   */
  recordGateReply(input: { channel: ChannelName; externalChatId: string; healthWorkerId: string | null; text: string; idempotencyKey: string }): Promise<string>;
  /**
   * Deletes chats that belong to no health worker (gate answers to unknown senders) once nothing is
   * left to send in them, with their messages: an unknown sender leaves no readable id. One chat, or all.
   */
  forgetStrangers(chatRef?: string): Promise<void>;
  /** The chat's reference for a channel's chat id, or null if it never wrote. */
  findChat(channel: ChannelName, externalChatId: string): Promise<string | null>;
  /** Chats with unhandled inbound or unsent outbound messages (resumed at start-up). */
  chatsWithPendingWork(): Promise<string[]>;
}
