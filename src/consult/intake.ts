/**
 * Where a platform message enters: the sender gate and the store, and nothing slower. A channel
 * acknowledges the platform (a webhook's 200, the next getUpdates offset, a WhatsApp read) only after
 * `take` resolved, so a message is on disk before the platform forgets it; the turn, its LLM call and
 * paced replies run afterwards, in the background, and a crash there loses nothing that the pump's
 * resume does not find again.
 */
import pRetry from 'p-retry';
import { userMessage } from '../core/app-error.js';
import { acceptInbound, processChat, triageOnArrival, type ConsultEngineDeps } from './consult-engine.js';
import { deliverGateReply, storeGateReply, type GateReplyDeps } from './send-gate-reply.js';
import type { PendingInbound } from './message-store.js';
import type { InboundMessage } from './messages.js';
import { gateSender, type GateReply } from './sender-gate.js';
import type { IdentityStore } from './enrollment/ports.js';
import type { AttemptLimits } from '../core/attempt-limits.js';

export interface Intake {
  /**
   * Gates and stores one message; resolves once whatever must survive a crash (the message, or the
   * gate's answer to it) is stored. Rejects when nothing could be stored: the caller must then not
   * acknowledge, so the platform delivers it again.
   */
  take(message: InboundMessage): Promise<TakeResult>;
  /**
   * `take`, tried again while the database cannot be reached (a restart, an outage) until it can, for
   * a channel that holds the platform back meanwhile (long polling asks for no further updates). A
   * message that fails while the database answers is tried three times, then given up (logged), so one
   * bad message cannot stop a whole bot. `signal` (shutdown) stops the waiting: the message stays
   * unacknowledged.
   */
  takePatiently(message: InboundMessage, signal?: AbortSignal): Promise<TakeResult>;
  /** Resolves when the background work started so far (turns, sends) has ended. */
  idle(): Promise<void>;
}

export type TakeResult = 'stored' | 'duplicate' | 'answered' | 'given_up';

/** Tries at a message that fails while the database answers, before it is given up. */
const ATTEMPTS_WHILE_REACHABLE = 3;

export interface IntakeDeps {
  /** The engine, and the keyed hash the gate's answers are keyed with. */
  engine: ConsultEngineDeps & GateReplyDeps;
  identities: IdentityStore;
  /** Wrong invite codes per chat and per code prefix. */
  limits: AttemptLimits;
  /** Reports background work that failed (ids only); the runtime's pump retries what was stored. */
  onBackgroundError: (error: unknown, chatRef: string) => void;
  /** Whether the database answers at all: tells an outage from a message that cannot be stored. */
  databaseReachable: () => Promise<boolean>;
  /** Waits between tries while the database is away; default 250 ms doubling to 5 s. */
  retryDelays?: { minMs: number; maxMs: number };
}

export function createIntake(deps: IntakeDeps): Intake {
  const { engine } = deps;
  const background = new Set<Promise<void>>();
  // Chats this process is draining now; `again` records that a message arrived meanwhile.
  const draining = new Map<string, { again: boolean }>();

  const track = (chatRef: string, work: Promise<void>): void => {
    const settled = work.catch((error: unknown) => deps.onBackgroundError(error, chatRef));
    background.add(settled);
    void settled.finally(() => background.delete(settled));
  };

  const drain = (chatRef: string, arrived: PendingInbound | undefined): void => {
    const running = draining.get(chatRef);
    if (running) {
      running.again = true;
      // This process holds the chat for an earlier message: a danger sign in this one must not wait.
      if (arrived) track(chatRef, triageOnArrival(engine, arrived));
      return;
    }
    const state = { again: false };
    draining.set(chatRef, state);
    track(
      chatRef,
      (async () => {
        let first = arrived;
        do {
          state.again = false;
          await processChat(engine, chatRef, first);
          first = undefined;
        } while (state.again);
      })().finally(() => draining.delete(chatRef)),
    );
  };

  // The gate's answer is stored before the message counts as taken; its send runs in the background.
  const storeReply = async (reply: GateReply): Promise<void> => {
    const chatRef = await storeGateReply(engine, reply);
    track(chatRef, deliverGateReply(engine, chatRef, reply));
  };

  const takeOnce = async (message: InboundMessage): Promise<TakeResult> => {
    const gate = await gateSender({ identities: deps.identities, limits: deps.limits, reply: storeReply, log: engine.log }, message);
    if (gate.kind !== 'consult') return 'answered';
    const accepted = await acceptInbound(engine, message, gate.healthWorkerId);
    if (!accepted) return 'duplicate';
    drain(accepted.chatRef, accepted.inbound);
    return 'stored';
  };

  // Chats told that their answer is delayed, until one of their messages is stored again.
  const toldDelayed = new Set<string>();
  const tellDelayed = async (message: InboundMessage): Promise<void> => {
    const chat = `${message.channel}:${message.chatId}`;
    if (toldDelayed.has(chat)) return;
    toldDelayed.add(chat);
    // Sent straight to the platform: the outbox is the database that is away. A notice that fails is
    // not retried; the answer itself still comes.
    await engine.messenger
      .send(message.channel, { chatId: message.chatId, text: userMessage('reply_delayed'), kind: 'reply', idempotencyKey: `delayed:${message.channel}:${message.messageId}` })
      .catch(() => undefined);
  };
  const taken = (message: InboundMessage, result: TakeResult): TakeResult => {
    toldDelayed.delete(`${message.channel}:${message.chatId}`);
    return result;
  };

  // Takes still running: shutdown waits for them as for the background work.
  const inFlight = <T>(work: Promise<T>): Promise<T> => {
    const settled = work.then(
      () => undefined,
      () => undefined,
    );
    background.add(settled);
    void settled.finally(() => background.delete(settled));
    return work;
  };

  return {
    take: (message) => inFlight(takeNow(message)),
    takePatiently: (message, signal) => inFlight(takeWithPatience(message, signal)),
    async idle() {
      while (background.size > 0) await Promise.all([...background]);
    },
  };

  async function takeNow(message: InboundMessage): Promise<TakeResult> {
    try {
      return taken(message, await takeOnce(message));
    } catch (error) {
      if (!(await deps.databaseReachable().catch(() => false))) await tellDelayed(message);
      throw error;
    }
  }

  async function takeWithPatience(message: InboundMessage, signal?: AbortSignal): Promise<TakeResult> {
    let failuresWhileReachable = 0;
    try {
      const result = await pRetry(() => takeOnce(message), {
        retries: Infinity,
        minTimeout: deps.retryDelays?.minMs ?? 250,
        maxTimeout: deps.retryDelays?.maxMs ?? 5_000,
        randomize: true,
        ...(signal ? { signal } : {}),
        shouldRetry: async () => {
          if (!(await deps.databaseReachable().catch(() => false))) {
            await tellDelayed(message);
            return true;
          }
          return ++failuresWhileReachable < ATTEMPTS_WHILE_REACHABLE;
        },
      });
      return taken(message, result);
    } catch (error) {
      if (signal?.aborted) throw error;
      engine.log.error({ channel: message.channel, messageRef: engine.messageRef?.(message.channel, message.messageId), error: error instanceof Error ? error.name : 'unknown' }, 'inbound message failed while the database answers; given up');
      return 'given_up';
    }
  }
}
