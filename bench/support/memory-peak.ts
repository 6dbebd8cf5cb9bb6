/** The largest process.memoryUsage() figures seen while a measurement ran, in bytes. */
export interface MemoryPeak {
  rss: number;
  heapUsed: number;
  /** Samples taken (one every intervalMs, plus one at start and stop). */
  samples: number;
}

/**
 * Samples memory every `intervalMs` (default 50 ms) until stopped. The timer only fires when the event
 * loop is free, which a streaming parse gives it between files; start and stop take a sample too.
 */
export function startMemoryPeak(intervalMs = 50): { stop(): MemoryPeak } {
  const peak: MemoryPeak = { rss: 0, heapUsed: 0, samples: 0 };
  const sample = (): void => {
    const usage = process.memoryUsage();
    peak.rss = Math.max(peak.rss, usage.rss);
    peak.heapUsed = Math.max(peak.heapUsed, usage.heapUsed);
    peak.samples += 1;
  };
  sample();
  const timer = setInterval(sample, intervalMs);
  return {
    stop() {
      clearInterval(timer);
      sample();
      return { ...peak };
    },
  };
}

/** Heap still reachable after a forced collection, which (unlike peak heapUsed) shows what is retained. */
export interface LiveHeapProbe {
  /** Collects and records the live heap; returns the milliseconds the collection took. */
  probe(): number;
  readonly start: number;
  readonly max: number;
  /** Milliseconds spent in forced collections, to leave out of timings. */
  readonly gcMs: number;
}

/** Needs `node --expose-gc`; takes the first reading at once. */
export function startLiveHeapProbe(): LiveHeapProbe {
  const collect = (globalThis as { gc?: () => void }).gc;
  if (!collect) throw new Error('the live-heap probe needs node --expose-gc');
  const state = { start: 0, max: 0, gcMs: 0 };
  const probe = (): number => {
    const started = performance.now();
    collect();
    const live = process.memoryUsage().heapUsed;
    const ms = performance.now() - started;
    state.max = Math.max(state.max, live);
    state.gcMs += ms;
    return ms;
  };
  probe();
  state.start = state.max;
  state.gcMs = 0;
  return {
    probe,
    get start() {
      return state.start;
    },
    get max() {
      return state.max;
    },
    get gcMs() {
      return state.gcMs;
    },
  };
}
