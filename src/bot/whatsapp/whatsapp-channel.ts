/**
 * WhatsApp intake: client events to the sender gate and the consult engine. The same wiring runs in
 * `npm run whatsapp` and in the tests (over a fake client), so what the tests prove is what runs.
 */
import type { ConsultEngineDeps } from '../../consult/consult-engine.js';
import { createIntake } from '../../consult/intake.js';
import type { AttemptLimits } from '../../core/attempt-limits.js';
import type { Log } from '../../core/logging.js';
import type { Messenger } from '../../consult/messenger.js';
import type { InboundMessage } from '../../consult/messages.js';
import type { IdentityStore } from '../../consult/enrollment/ports.js';
import type { GateReplyDeps } from '../../consult/send-gate-reply.js';
import { createChannelMessenger } from '../channel-messenger.js';
import type { WhatsAppClientLike } from './whatsapp-client.js';
import { subscribeWhatsAppInbound } from './whatsapp-inbound.js';
import type { WhatsAppOutbound } from './whatsapp-outbound.js';

/**
 * The consult's messenger for a WhatsApp process. While WhatsApp Web is not connected, canSend says
 * no, so replies and plans wait in the outbox (the engine's resume sends them) instead of failing.
 */
export function createWhatsAppMessenger(outbound: WhatsAppOutbound, isConnected: () => boolean): Messenger {
  const channels = createChannelMessenger({ whatsapp: outbound });
  return { ...channels, canSend: (channel) => channels.canSend(channel) && (channel !== 'whatsapp' || isConnected()) };
}

export interface WhatsAppChannelOptions {
  client: Pick<WhatsAppClientLike, 'on' | 'off'>;
  /** Sends the gate's answers too, keyed by the hash of the message id (`GateReplyDeps`). */
  engine: ConsultEngineDeps & GateReplyDeps;
  identities: IdentityStore;
  /** Whether the database answers: while it does not, a message is held and tried again, not dropped. */
  databaseReachable: () => Promise<boolean>;
  /** Wrong invite codes per chat and per code prefix. */
  limits: AttemptLimits;
  log: Log;
  /** Default `() => new Date()`. */
  now?: () => Date;
}

export interface WhatsAppChannel {
  /** Resolves when every message received so far has been gated and handed to the engine. */
  idle(): Promise<void>;
  /** Stops taking messages, then waits for the ones already taken (the engine's own jobs are not awaited). */
  stop(): Promise<void>;
}

/**
 * Subscribes to the client: each private message passes the sender gate (unknown senders get one fixed
 * reply, an invite code enrols) and then the consult engine. Messages of one chat are handled one after
 * another in the order WhatsApp delivered them, so the gate's lookups cannot reorder a fast typist's
 * messages; different chats run concurrently. Groups and status broadcasts never get here.
 */
export function startWhatsAppChannel(options: WhatsAppChannelOptions): WhatsAppChannel {
  const { engine, identities, limits, log } = options;
  const chains = new Map<string, Promise<void>>();

  const intake = createIntake({
    engine,
    identities,
    limits,
    databaseReachable: options.databaseReachable,
    onBackgroundError: (error, chatRef) => log.error({ chatRef, error: error instanceof Error ? error.name : 'unknown' }, 'chat work failed after its message was stored; the pump resumes it'),
  });
  const stopping = new AbortController();
  // WhatsApp Web does not deliver a message twice: one the database cannot take yet is held here and
  // tried again (later messages of its chat wait behind it) until it is stored.
  const handle = async (inbound: InboundMessage): Promise<void> => {
    await intake.takePatiently(inbound, stopping.signal);
  };

  const enqueue = (inbound: InboundMessage): Promise<void> => {
    const run = (chains.get(inbound.chatId) ?? Promise.resolve()).then(() => handle(inbound));
    const tail = run.catch(() => undefined);
    chains.set(inbound.chatId, tail);
    void tail.then(() => {
      if (chains.get(inbound.chatId) === tail) chains.delete(inbound.chatId);
    });
    return run;
  };

  const unsubscribe = subscribeWhatsAppInbound(options.client, enqueue, {
    ...(options.now ? { now: options.now } : {}),
    // A WhatsApp message id contains the sender's phone number: only its hash is logged. A message
    // already stored is answered by the periodic resume; one that could not be stored is lost (the
    // engine logged that separately).
    onError: (error, inbound) =>
      log.error({ messageHash: engine.messageRef?.('whatsapp', inbound.messageId), error: error instanceof Error ? error.name : 'unknown' }, 'whatsapp message failed'),
  });

  const idle = async (): Promise<void> => {
    // The subscription hands events over in a microtask: let those queued so far join their chains.
    await new Promise((resolve) => setImmediate(resolve));
    // A message arriving while we wait joins a chain; loop until none is left.
    while (chains.size > 0) await Promise.all([...chains.values()]);
    await intake.idle();
  };
  let stopped: Promise<void> | undefined;
  return {
    idle,
    stop() {
      stopped ??= (async () => {
        unsubscribe();
        // A message still waiting for an absent database is given up only at shutdown, and logged.
        if (!(await options.databaseReachable())) stopping.abort();
        await idle();
      })();
      return stopped;
    },
  };
}
