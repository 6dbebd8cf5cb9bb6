import { describe, expect, it } from 'vitest';
import { createReconnectPolicy } from '../../../src/bot/whatsapp/reconnect-policy.js';
import { FakeClock } from './fake-clock.js';

/** A reconnect action that fails until told otherwise, recording when each attempt ran. */
function scriptedReconnect(clock: FakeClock) {
  const attempts: number[] = [];
  let succeed = false;
  return {
    attempts,
    succeedFromNowOn: () => {
      succeed = true;
    },
    failFromNowOn: () => {
      succeed = false;
    },
    reconnect: async () => {
      attempts.push(clock.now);
      if (!succeed) throw new Error('Failed to launch the browser process');
    },
  };
}

describe('the WhatsApp reconnect policy', () => {
  it('waits 1 s after a loss, then doubles after each failed attempt up to 5 minutes', async () => {
    const clock = new FakeClock();
    const script = scriptedReconnect(clock);
    const policy = createReconnectPolicy({ reconnect: script.reconnect, timers: clock });

    policy.lost();
    await clock.advance(999);
    expect(script.attempts).toEqual([]);
    await clock.advance(1);
    expect(script.attempts).toEqual([1_000]);

    await clock.advance(60 * 60_000);
    const waits = script.attempts.map((at, i) => at - (script.attempts[i - 1] ?? 0));
    expect(waits.slice(0, 12)).toEqual([1_000, 2_000, 4_000, 8_000, 16_000, 32_000, 64_000, 128_000, 256_000, 300_000, 300_000, 300_000]);
    expect(Math.max(...clock.requested)).toBe(300_000);
    expect(policy.state).toBe('scheduled');
  });

  it('starts again from 1 s once the session is ready, but not merely because an attempt resolved', async () => {
    const clock = new FakeClock();
    const script = scriptedReconnect(clock);
    const policy = createReconnectPolicy({ reconnect: script.reconnect, timers: clock });

    policy.lost();
    await clock.advance(1_000 + 2_000 + 4_000); // three failures: the next wait is 8 s
    expect(script.attempts).toHaveLength(3);
    script.succeedFromNowOn();
    await clock.advance(8_000);
    expect(script.attempts).toHaveLength(4);
    expect(policy.state).toBe('idle');

    // initialize() resolved, but WhatsApp never became ready before dropping again: keep backing off.
    policy.lost();
    expect(clock.requested.at(-1)).toBe(16_000);
    await clock.advance(16_000);
    expect(script.attempts).toHaveLength(5);

    policy.ready();
    policy.lost();
    expect(clock.requested.at(-1)).toBe(1_000);
    await clock.advance(1_000);
    expect(script.attempts).toHaveLength(6);
  });

  it('coalesces losses reported while an attempt is pending, and retries after one reported while it runs', async () => {
    const clock = new FakeClock();
    let release: () => void = () => undefined;
    const started: number[] = [];
    const policy = createReconnectPolicy({
      timers: clock,
      reconnect: () =>
        new Promise<void>((resolve) => {
          started.push(clock.now);
          release = resolve;
        }),
    });

    policy.lost();
    policy.lost();
    policy.lost();
    expect(clock.pendingCount).toBe(1);
    await clock.advance(1_000);
    expect(started).toEqual([1_000]);
    expect(policy.state).toBe('running');

    policy.lost(); // the session being brought up went away too
    release();
    await clock.advance(0);
    expect(policy.state).toBe('scheduled');
    await clock.advance(2_000);
    expect(started).toEqual([1_000, 3_000]);
  });

  it('stop() cancels a pending attempt and ignores later losses', async () => {
    const clock = new FakeClock();
    const script = scriptedReconnect(clock);
    const policy = createReconnectPolicy({ reconnect: script.reconnect, timers: clock });

    policy.lost();
    policy.stop();
    expect(clock.pendingCount).toBe(0);
    policy.lost();
    await clock.advance(10 * 60_000);
    expect(script.attempts).toEqual([]);
    expect(policy.state).toBe('stopped');
  });

  it('stop() during a running attempt drops its failure instead of scheduling another', async () => {
    const clock = new FakeClock();
    let fail: (error: Error) => void = () => undefined;
    let runs = 0;
    const failures: number[] = [];
    const policy = createReconnectPolicy({
      timers: clock,
      reconnect: () =>
        new Promise<void>((_, reject) => {
          runs += 1;
          fail = reject;
        }),
      onAttemptFailed: (_error, { attempt }) => failures.push(attempt),
    });

    policy.lost();
    await clock.advance(1_000);
    policy.stop();
    fail(new Error('browser closed'));
    await clock.advance(10 * 60_000);
    expect(runs).toBe(1);
    expect(failures).toEqual([1]);
    expect(clock.pendingCount).toBe(0);
  });
});
