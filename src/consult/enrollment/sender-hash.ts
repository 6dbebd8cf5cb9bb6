import { createHmac } from 'node:crypto';
import type { ChannelName } from '../messages.js';

/** Turns a channel identity (a Telegram user id, a WhatsApp number, a message id) into an opaque reference. */
export type SenderHasher = (channel: ChannelName, id: string) => string;

/** The same keyed hash for any named kind of id (`scope`): an e-mail, a client address, a code prefix. */
export type KeyedHasher = (scope: string, id: string) => string;

/** The shortest secret accepted: 32 characters (e.g. `openssl rand -hex 32` gives 64). */
export const MIN_SENDER_HASH_SECRET_LENGTH = 32;

/**
 * HMAC-SHA-256 of `channel:id` (or `scope:id`) under the deployment's secret, 128 bits in hex. Telegram user ids are
 * small integers, so an unkeyed hash of one is reversed by trying them all; without the secret a
 * database dump of hashed unknown senders reveals nobody.
 */
export function createSenderHasher(secret: string): KeyedHasher {
  if (secret.length < MIN_SENDER_HASH_SECRET_LENGTH) throw new Error(`the sender hash secret must be at least ${MIN_SENDER_HASH_SECRET_LENGTH} characters`);
  return (channel, id) => createHmac('sha256', secret).update(`${channel}:${id}`).digest('hex').slice(0, 32);
}
