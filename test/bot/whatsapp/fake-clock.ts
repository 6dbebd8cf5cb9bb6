import type { ReconnectTimers } from '../../../src/bot/whatsapp/reconnect-policy.js';

/** A manual clock: timers fire only when the test advances time, in due order. */
export class FakeClock implements ReconnectTimers {
  now = 0;
  /** Every delay ever asked for, in order. */
  readonly requested: number[] = [];
  private readonly pending = new Map<number, { at: number; callback: () => void }>();
  private nextId = 1;

  setTimeout(callback: () => void, ms: number): number {
    const id = this.nextId++;
    this.requested.push(ms);
    this.pending.set(id, { at: this.now + ms, callback });
    return id;
  }

  clearTimeout(handle: unknown): void {
    this.pending.delete(handle as number);
  }

  get pendingCount(): number {
    return this.pending.size;
  }

  /** Moves time forward, firing due timers one by one and letting their promises settle in between. */
  async advance(ms: number): Promise<void> {
    const until = this.now + ms;
    for (;;) {
      await settle();
      const due = [...this.pending.entries()].filter(([, t]) => t.at <= until).sort((a, b) => a[1].at - b[1].at)[0];
      if (!due) break;
      this.pending.delete(due[0]);
      this.now = due[1].at;
      due[1].callback();
    }
    this.now = until;
    await settle();
  }
}

/** Lets queued promise callbacks run (a few macrotask turns cover chains of awaits). */
export async function settle(): Promise<void> {
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setImmediate(resolve));
}
