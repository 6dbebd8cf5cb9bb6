import { EventEmitter } from 'node:events';
import type { WhatsAppChatLike, WhatsAppMessageLike } from '../../../src/bot/whatsapp/whatsapp-client.js';
import type { WhatsAppSessionClient } from '../../../src/bot/whatsapp/whatsapp-web-client.js';

/**
 * A stand-in for whatsapp-web.js's Client: an EventEmitter that emits the library's events ('message',
 * 'qr', 'ready', 'disconnected', ...) with Message-shaped objects, and records what the bot sends and
 * each initialize/destroy, as WhatsApp Web would see them. No browser.
 */
export class FakeWhatsAppClient extends EventEmitter implements WhatsAppSessionClient {
  readonly sent: Array<{ chatId: string; text: string }> = [];
  readonly lifecycle: string[] = [];
  /** initialize() rejects this many more times (the browser failing to start). */
  failNextInitialize = 0;
  private counter = 0;

  constructor(private readonly defaultFrom = '233200000001@c.us') {
    super();
  }

  initialize(): Promise<void> {
    this.lifecycle.push('initialize');
    if (this.failNextInitialize > 0) {
      this.failNextInitialize -= 1;
      return Promise.reject(new Error('Failed to launch the browser process!'));
    }
    return Promise.resolve();
  }

  destroy(): Promise<void> {
    this.lifecycle.push('destroy');
    return Promise.resolve();
  }

  sendMessage(chatId: string, content: string): Promise<{ id: { _serialized: string } }> {
    this.sent.push({ chatId, text: content });
    return Promise.resolve({ id: { _serialized: `true_${chatId}_3EB0${String(++this.counter).padStart(16, '0')}` } });
  }

  getChatById(): Promise<WhatsAppChatLike> {
    return Promise.resolve({ sendStateTyping: () => Promise.resolve(), clearState: () => Promise.resolve() });
  }

  /** What the bot sent to one chat, in order. */
  to(chatId: string): string[] {
    return this.sent.filter((message) => message.chatId === chatId).map((message) => message.text);
  }

  /** Emits a received message the way whatsapp-web.js does; returns it so a test can emit it again. */
  receive(fields: Partial<WhatsAppMessageLike>): WhatsAppMessageLike {
    const from = fields.from ?? this.defaultFrom;
    const message: WhatsAppMessageLike = {
      id: { _serialized: `false_${from}_3A${String(++this.counter).padStart(18, '0')}` },
      from,
      fromMe: false,
      type: 'chat',
      body: '',
      isStatus: false,
      author: undefined,
      timestamp: 1_740_819_600,
      ...fields,
    };
    this.emit('message', message);
    return message;
  }
}
