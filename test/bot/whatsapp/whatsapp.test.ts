import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import type { InboundMessage } from '../../../src/consult/messages.js';
import { isDeliveryError } from '../../../src/bot/delivery/delivery-error.js';
import { RateScheduler } from '../../../src/bot/delivery/rate-scheduler.js';
import type { WhatsAppChatLike, WhatsAppClientLike, WhatsAppMessageLike } from '../../../src/bot/whatsapp/whatsapp-client.js';
import { inboundFromWhatsAppMessage, subscribeWhatsAppInbound } from '../../../src/bot/whatsapp/whatsapp-inbound.js';
import { WhatsAppOutbound } from '../../../src/bot/whatsapp/whatsapp-outbound.js';

const CHW = '233200000001@c.us';
const GROUP = '120363041234567890@g.us';
const AT = new Date('2025-03-01T09:00:00Z');
const FAST = { perChat: { perSecond: 50, burst: 50 }, global: { perSecond: 100, burst: 100 } };

/**
 * A stand-in for whatsapp-web.js's Client: an EventEmitter that emits 'message' / 'message_edit' with
 * Message-shaped objects and records what the bot sends, as WhatsApp Web would show it.
 */
class FakeWhatsAppClient extends EventEmitter implements WhatsAppClientLike {
  readonly sent: Array<{ chatId: string; text: string; at: number; options: unknown }> = [];
  readonly chatStates: Array<{ chatId: string; state: 'typing' | 'cleared' }> = [];
  /** The next sendMessage calls throw, as whatsapp-web.js does when its page has gone away. */
  failNextSends = 0;
  private counter = 0;

  sendMessage(chatId: string, content: string, options?: { linkPreview?: boolean }): Promise<{ id: { _serialized: string } }> {
    if (this.failNextSends > 0) {
      this.failNextSends -= 1;
      return Promise.reject(new Error('Evaluation failed: Error: Session closed'));
    }
    this.sent.push({ chatId, text: content, at: Date.now(), options });
    return Promise.resolve({ id: { _serialized: `true_${chatId}_3EB0${String(++this.counter).padStart(16, '0')}` } });
  }

  getChatById(chatId: string): Promise<WhatsAppChatLike> {
    return Promise.resolve({
      sendStateTyping: () => Promise.resolve(this.chatStates.push({ chatId, state: 'typing' })),
      clearState: () => Promise.resolve(this.chatStates.push({ chatId, state: 'cleared' })),
    });
  }

  /** Emits a received message the way whatsapp-web.js does. */
  receive(fields: Partial<WhatsAppMessageLike> & { body?: string }): WhatsAppMessageLike {
    const message: WhatsAppMessageLike = {
      id: { _serialized: `false_${fields.from ?? CHW}_3A${String(++this.counter).padStart(18, '0')}` },
      from: CHW,
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

const map = (fields: Partial<WhatsAppMessageLike>) =>
  inboundFromWhatsAppMessage(
    { id: { _serialized: 'false_x_1' }, from: CHW, fromMe: false, type: 'chat', body: '', timestamp: 1_740_819_600, ...fields },
    { now: () => AT },
  );

describe('whatsapp inbound', () => {
  it('maps a private text message', () => {
    expect(map({ id: { _serialized: 'false_233200000001@c.us_3A01' }, body: 'child 2 years, fever' })).toEqual({
      channel: 'whatsapp',
      chatId: CHW,
      messageId: 'false_233200000001@c.us_3A01',
      senderId: CHW,
      chatType: 'private',
      text: 'child 2 years, fever',
      receivedAt: AT,
    });
  });

  it('maps media types, keeping image and video captions but never vcard or location bodies', () => {
    const kinds = ['ptt', 'audio', 'image', 'video', 'sticker', 'document', 'location', 'vcard', 'multi_vcard', 'poll_creation', 'product'];
    expect(kinds.map((type) => map({ type })?.media)).toEqual([
      'voice',
      'audio',
      'photo',
      'video',
      'sticker',
      'document',
      'location',
      'contact',
      'contact',
      'poll',
      'other',
    ]);
    expect(map({ type: 'image', body: 'rash on arms' })).toMatchObject({ media: 'photo', text: 'rash on arms' });
    const vcard = map({ type: 'vcard', body: 'BEGIN:VCARD\nFN:Kofi Mensah\nTEL:+233200000000\nEND:VCARD' });
    expect(vcard?.text).toBeUndefined();
    expect(map({ type: 'location', body: '/9j/4AAQSkZJRgABAQ' })?.text).toBeUndefined();
  });

  it('ignores status broadcasts, own messages, channels and protocol events', () => {
    expect(map({ from: 'status@broadcast', isStatus: true, body: 'my status' })).toBeUndefined();
    expect(map({ fromMe: true, body: 'sent by the bot' })).toBeUndefined();
    expect(map({ from: '120363000000000000@newsletter', body: 'news' })).toBeUndefined();
    expect(map({ type: 'revoked' })).toBeUndefined();
    expect(map({ type: 'e2e_notification' })).toBeUndefined();
  });

  it('maps a group message as a group chat sent by its author', () => {
    expect(map({ from: GROUP, author: CHW, body: 'hello' })).toMatchObject({ chatType: 'group', chatId: GROUP, senderId: CHW });
  });

  it('feeds client events to the handler: groups and statuses dropped, a repeated event keeps its id, edits get their own', async () => {
    const client = new FakeWhatsAppClient();
    const received: InboundMessage[] = [];
    const unsubscribe = subscribeWhatsAppInbound(client, (message) => {
      received.push(message);
    });

    const first = client.receive({ body: 'fever 3 days' });
    client.emit('message', first); // whatsapp-web.js can emit the same message twice after a reconnect
    client.receive({ from: GROUP, author: CHW, body: 'hi group' });
    client.receive({ from: 'status@broadcast', isStatus: true, body: 'status' });
    client.emit('message_edit', { ...first, latestEditSenderTimestampMs: 1_740_819_700_000 }, 'fever 4 days', 'fever 3 days');
    await new Promise((resolve) => setImmediate(resolve));

    expect(received.map((message) => [message.messageId, message.text, message.edited ?? false])).toEqual([
      [first.id._serialized, 'fever 3 days', false],
      [first.id._serialized, 'fever 3 days', false], // same id: the exactly-once table drops it
      [`${first.id._serialized}:e1740819700000`, 'fever 4 days', true],
    ]);
    unsubscribe();
    client.receive({ body: 'after unsubscribe' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(received).toHaveLength(3);
  });

  it('reports a failing handler instead of leaving an unhandled rejection', async () => {
    const client = new FakeWhatsAppClient();
    const errors: unknown[] = [];
    subscribeWhatsAppInbound(client, () => Promise.reject(new Error('db down')), { onError: (error) => errors.push(error) });
    client.receive({ body: 'hello' });
    await new Promise((resolve) => setImmediate(resolve));
    expect(errors).toEqual([new Error('db down')]);
  });
});

describe('WhatsAppOutbound', () => {
  it('sends WhatsApp formatting in order, split under 4000 characters and labelled', async () => {
    const client = new FakeWhatsAppClient();
    const outbound = new WhatsAppOutbound({ client, scheduler: new RateScheduler(FAST) });
    const text = Array.from({ length: 24 }, (_, p) => `**Section ${p}**\n- ${'Sample step with BP <90/60 & HR >120. '.repeat(8)}`).join('\n\n');
    const receipt = await outbound.send({ chatId: CHW, text, kind: 'plan', idempotencyKey: 'k1' });

    expect(client.sent.length).toBeGreaterThanOrEqual(2);
    expect(receipt.messageIds).toHaveLength(client.sent.length);
    client.sent.forEach((message, i) => {
      expect(message.text.length).toBeLessThanOrEqual(4000);
      expect(message.text.endsWith(`(part ${i + 1} of ${client.sent.length})`)).toBe(true);
      expect(message.options).toEqual({ linkPreview: false });
    });
    const shown = client.sent.map((message) => message.text).join('\n');
    expect([...shown.matchAll(/^\*Section (\d+)\*$/gm)].map((match) => Number(match[1]))).toEqual(Array.from({ length: 24 }, (_, i) => i));
    expect(shown).toContain('- Sample step with BP <90/60 & HR >120.');
  });

  it('retries a failed send, then gives up with a transient error that counts delivered parts', async () => {
    const client = new FakeWhatsAppClient();
    const outbound = new WhatsAppOutbound({ client, backoffMs: 10, scheduler: new RateScheduler(FAST) });
    client.failNextSends = 1;
    await outbound.send({ chatId: CHW, text: 'saved', kind: 'reply', idempotencyKey: 'k2' });
    expect(client.sent.map((message) => message.text)).toEqual(['saved']);

    client.failNextSends = 3;
    const error = await outbound.send({ chatId: CHW, text: 'second', kind: 'reply', idempotencyKey: 'k3' }).catch((e: unknown) => e);
    expect(isDeliveryError(error, 'channel_unavailable')).toBe(true);
    expect(error).toMatchObject({ transient: true, details: { deliveredParts: 0, channel: 'whatsapp' } });
  });

  it('paces one chat to ~1 message per second while another chat goes at once', async () => {
    const client = new FakeWhatsAppClient();
    const outbound = new WhatsAppOutbound({ client });
    const other = '233200000002@c.us';
    const started = Date.now();
    await Promise.all([
      outbound.send({ chatId: CHW, text: 'one', kind: 'reply', idempotencyKey: 'a1' }),
      outbound.send({ chatId: CHW, text: 'two', kind: 'reply', idempotencyKey: 'a2' }),
      outbound.send({ chatId: other, text: 'other', kind: 'reply', idempotencyKey: 'b1' }),
    ]);
    const at = (text: string) => (client.sent.find((message) => message.text === text)?.at ?? NaN) - started;
    expect(client.sent.filter((message) => message.chatId === CHW).map((message) => message.text)).toEqual(['one', 'two']);
    expect(at('other')).toBeLessThan(300);
    expect(at('two') - at('one')).toBeGreaterThanOrEqual(900);
  });

  it('shows the typing state', async () => {
    const client = new FakeWhatsAppClient();
    const outbound = new WhatsAppOutbound({ client });
    expect(await outbound.sendTyping(CHW)).toBe(true);
    expect(client.chatStates).toEqual([{ chatId: CHW, state: 'typing' }]);
  });
});
