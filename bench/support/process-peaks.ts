import { readFile } from 'node:fs/promises';

/**
 * Peak resident memory of child processes, from Linux's /proc/<pid>/status VmHWM (the high-water mark
 * the kernel keeps for the process's whole life), sampled every `intervalMs` so a process that is
 * killed keeps the last figure read before it died. Elsewhere the figures stay 0.
 */
export function watchPeakRss(intervalMs = 1_000): { track(label: string, pid: number | undefined): void; peaks(): Map<string, number>; stop(): Promise<void> } {
  const tracked = new Map<string, number>();
  const peaks = new Map<string, number>();
  const sample = async () => {
    for (const [label, pid] of tracked) {
      try {
        const status = await readFile(`/proc/${pid}/status`, 'utf8');
        const kib = Number(/^VmHWM:\s+(\d+)\s+kB/m.exec(status)?.[1] ?? 0);
        peaks.set(label, Math.max(peaks.get(label) ?? 0, kib * 1024));
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
    async stop() {
      clearInterval(timer);
      await sample();
    },
  };
}
