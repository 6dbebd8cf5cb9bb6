import type { Messenger, SendOutcome } from '../../src/consult/messenger.js';
import type { ChannelName, OutboundMessage } from '../../src/consult/messages.js';

/** One message the engine handed to the messenger, with the performance.now() time it was sent. */
export interface RecordedSend {
  chatId: string;
  kind: OutboundMessage['kind'];
  text: string;
  at: number;
}

/**
 * A Messenger that sends instantly and records each message per chat, so a bench can time a turn up
 * to the moment its reply leaves the engine and wait for a chat's n-th message.
 */
export class RecordingMessenger implements Messenger {
  private readonly byChat = new Map<string, RecordedSend[]>();
  private readonly waiters = new Set<() => void>();
  private sentCount = 0;

  canSend(_channel: ChannelName): boolean {
    return true;
  }

  async send(_channel: ChannelName, message: OutboundMessage): Promise<SendOutcome> {
    let list = this.byChat.get(message.chatId);
    if (!list) this.byChat.set(message.chatId, (list = []));
    list.push({ chatId: message.chatId, kind: message.kind, text: message.text, at: performance.now() });
    this.sentCount += 1;
    for (const waiter of [...this.waiters]) waiter();
    return { status: 'sent', channelMessageIds: [String(this.sentCount)] };
  }

  async typing(): Promise<void> {
    // A typing indicator costs nothing here; the channel bench measures the real one.
  }

  sentTo(chatId: string): readonly RecordedSend[] {
    return this.byChat.get(chatId) ?? [];
  }

  /** Resolves with the chat's messages once it has at least `count`; rejects after `timeoutMs`. */
  waitFor(chatId: string, count: number, timeoutMs: number): Promise<readonly RecordedSend[]> {
    return new Promise((resolve, reject) => {
      const check = (): void => {
        const sent = this.sentTo(chatId);
        if (sent.length < count) return;
        clearTimeout(timer);
        this.waiters.delete(check);
        resolve(sent);
      };
      const timer = setTimeout(() => {
        this.waiters.delete(check);
        const kinds = this.sentTo(chatId).map((s) => s.kind).join(', ');
        reject(new Error(`chat ${chatId}: waited ${timeoutMs} ms for ${count} message(s), got [${kinds}]`));
      }, timeoutMs);
      this.waiters.add(check);
      check();
    });
  }
}
