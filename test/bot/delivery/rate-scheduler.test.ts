import { describe, expect, it } from 'vitest';
import { RateScheduler } from '../../../src/bot/delivery/rate-scheduler.js';

describe('RateScheduler', () => {
  it('grants one chat its slots in request order, spaced by its rate', async () => {
    const scheduler = new RateScheduler({ perChat: { perSecond: 10, burst: 1 }, global: { perSecond: 100, burst: 100 } });
    const started = Date.now();
    const granted: Array<[number, number]> = [];
    await Promise.all([1, 2, 3, 4].map((n) => scheduler.acquire('a').then(() => granted.push([n, Date.now() - started]))));
    expect(granted.map(([n]) => n)).toEqual([1, 2, 3, 4]);
    expect(granted[3]?.[1]).toBeGreaterThanOrEqual(280); // three waits of 100 ms
  });

  it('holds a paused chat back (a 429) while other chats carry on', async () => {
    const scheduler = new RateScheduler({ perChat: { perSecond: 100, burst: 5 }, global: { perSecond: 100, burst: 100 } });
    scheduler.pause('a', 400);
    const started = Date.now();
    const order: string[] = [];
    await Promise.all([scheduler.acquire('a').then(() => order.push('a')), scheduler.acquire('b').then(() => order.push('b'))]);
    expect(order).toEqual(['b', 'a']);
    expect(Date.now() - started).toBeGreaterThanOrEqual(390);
  });

  it('gives an urgent referral the chat\'s next slot, ahead of the replies already waiting', async () => {
    const scheduler = new RateScheduler({ perChat: { perSecond: 5, burst: 1 }, global: { perSecond: 100, burst: 100 } });
    const order: string[] = [];
    await scheduler.acquire('a');
    const waiting = [1, 2, 3].map((n) => scheduler.acquire('a').then(() => order.push(`reply ${n}`)));
    await new Promise((r) => setTimeout(r, 20));
    const urgent = scheduler.acquire('a', { ahead: true }).then(() => order.push('urgent'));
    await Promise.all([...waiting, urgent]);
    expect(order).toEqual(['urgent', 'reply 1', 'reply 2', 'reply 3']);
  });
});
