/**
 * Why an outbound message could not be (fully) delivered: an AppError with one of the delivery codes.
 * `deliveredParts` counts the parts that did arrive, so a retry passes it as `resumeFromPart` instead
 * of sending the first parts twice.
 */
import { AppError, isAppError } from '../../core/app-error.js';
import type { ChannelName } from '../../consult/messages.js';

export type DeliveryErrorCode =
  /** The user blocked the bot, left, or deleted the account (Telegram 403): stop sending. */
  | 'recipient_blocked'
  /** The platform asked for a longer pause than the sender waits in-line. */
  | 'rate_limited'
  /** The platform refused the message itself (a 400 other than bad markup): retrying cannot help. */
  | 'delivery_rejected'
  /** Network, 5xx, or a client that is not connected, after the sender's own retries. */
  | 'channel_unavailable';

const DELIVERY_CODES: readonly DeliveryErrorCode[] = ['recipient_blocked', 'rate_limited', 'delivery_rejected', 'channel_unavailable'];

export interface DeliveryDetails {
  channel: ChannelName;
  /** Ids of the parts this call delivered before failing. */
  deliveredMessageIds: readonly string[];
  /** Parts of the whole message now delivered (resumeFromPart + deliveredMessageIds.length). */
  deliveredParts: number;
  /** For rate_limited: seconds the platform asked to wait. */
  retryAfterSeconds?: number;
}

export type DeliveryError = AppError<DeliveryDetails> & { code: DeliveryErrorCode };

/** A delivery failure; transient for rate_limited and channel_unavailable. */
export function deliveryError(code: DeliveryErrorCode, message: string, details: DeliveryDetails, cause?: unknown): DeliveryError {
  const transient = code === 'rate_limited' || code === 'channel_unavailable';
  return new AppError(code, message, { transient, details, ...(cause === undefined ? {} : { cause }) }) as DeliveryError;
}

/** Narrows by code (one of the delivery codes, or the one given). */
export function isDeliveryError(error: unknown, code?: DeliveryErrorCode): error is DeliveryError {
  return isAppError(error, code ?? DELIVERY_CODES);
}
