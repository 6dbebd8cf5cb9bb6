/**
 * Why an outbound message could not be (fully) delivered. Callers branch on `code`; `transient` says
 * whether a later retry can succeed. `deliveredParts` counts the parts that did arrive, so a retry
 * passes it as `resumeFromPart` instead of sending the first parts twice.
 */
import type { ChannelName } from '../../consult/messages.js';

export type DeliveryErrorCode =
  /** The user blocked the bot, left, or deleted the account (Telegram 403): stop sending. */
  | 'recipient_blocked'
  /** The platform asked for a longer pause than the sender waits in-line. */
  | 'rate_limited'
  /** The platform refused the message itself (a 400 other than bad markup): retrying cannot help. */
  | 'rejected'
  /** Network, 5xx, or a client that is not connected, after the sender's own retries. */
  | 'unavailable';

export class DeliveryError extends Error {
  readonly code: DeliveryErrorCode;
  readonly channel: ChannelName;
  readonly transient: boolean;
  /** Ids of the parts this call delivered before failing. */
  readonly deliveredMessageIds: readonly string[];
  /** Parts of the whole message now delivered (resumeFromPart + deliveredMessageIds.length). */
  readonly deliveredParts: number;
  /** For rate_limited: seconds the platform asked to wait. */
  readonly retryAfterSeconds: number | undefined;

  constructor(
    code: DeliveryErrorCode,
    message: string,
    details: {
      channel: ChannelName;
      deliveredMessageIds: readonly string[];
      deliveredParts: number;
      retryAfterSeconds?: number;
      cause?: unknown;
    },
  ) {
    super(message, details.cause === undefined ? undefined : { cause: details.cause });
    this.name = 'DeliveryError';
    this.code = code;
    this.channel = details.channel;
    this.transient = code === 'rate_limited' || code === 'unavailable';
    this.deliveredMessageIds = details.deliveredMessageIds;
    this.deliveredParts = details.deliveredParts;
    this.retryAfterSeconds = details.retryAfterSeconds;
  }
}

/** Narrows by name and code rather than instanceof, so copies of this module still match. */
export function isDeliveryError(error: unknown, code?: DeliveryErrorCode): error is DeliveryError {
  return (
    typeof error === 'object' &&
    error !== null &&
    (error as { name?: unknown }).name === 'DeliveryError' &&
    (code === undefined || (error as { code?: unknown }).code === code)
  );
}
