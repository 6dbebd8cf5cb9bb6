import { readFile } from 'node:fs/promises';

/** Linux's USER_HZ: /proc/<pid>/stat counts CPU time in these ticks. */
const TICKS_PER_SECOND = 100;

/**
 * Peak resident memory and CPU time of child processes, from Linux's /proc/<pid>/status VmHWM (the
 * high-water mark the kernel keeps for the process's whole life) and /proc/<pid>/stat (user + system
 * time), sampled every `intervalMs` so a process that is killed keeps the last figures read before it
 * died. Elsewhere the figures stay 0.
 */
export function watchPeakRss(intervalMs = 1_000): {
  track(label: string, pid: number | undefined): void;
  peaks(): Map<string, number>;
  /** CPU milliseconds each process used (as last sampled). */
  cpuMs(): Map<string, number>;
  /** Samples now (the figures are otherwise up to `intervalMs` old). */
  refresh(): Promise<void>;
  stop(): Promise<void>;
} {
  const tracked = new Map<string, number>();
  const peaks = new Map<string, number>();
  const cpu = new Map<string, number>();
  const sample = async () => {
    for (const [label, pid] of tracked) {
      try {
        const status = await readFile(`/proc/${pid}/status`, 'utf8');
        const kib = Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
        peaks.set(label, Math.max(peaks.get(label) ?? 0, kib * 1024));
        // Fields after the command name (which may hold spaces): utime and stime are the 12th and 13th.
        const stat = (await readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1]?.split(' ') ?? [];
        const ticks = Number(stat[11] ?? 0) + Number(stat[12] ?? 0);
        cpu.set(label, Math.max(cpu.get(label) ?? 0, (ticks * 1000) / TICKS_PER_SECOND));
      } catch {
        // Gone (killed or exited): its peak so far stays.
      }
    }
  };
  const timer = setInterval(() => void sample(), intervalMs);
  return {
    track(label, pid) {
      if (pid !== undefined) tracked.set(label, pid);
      peaks.set(label, peaks.get(label) ?? 0);
    },
    peaks: () => peaks,
    cpuMs: () => cpu,
    refresh: sample,
    async stop() {
      clearInterval(timer);
      await sample();
    },
  };
}
