import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { parsePartFile, type PartResult, type PartTask } from './part-file.js';

/** Turns part files into records, in this thread or in worker threads. */
export interface PartParser {
  parse(task: PartTask): Promise<PartResult>;
  /** Stops the worker threads; pending parses resolve as failed. */
  close(): Promise<void>;
  /** Worker threads in use; 0 when parsing in this thread (also after workers failed to start). */
  readonly threads: number;
}

/** Parses in the calling thread. */
export function inlinePartParser(): PartParser {
  return { parse: parsePartFile, close: async () => {}, threads: 0 };
}

/** One worker per core by default, so parsing a large corpus uses the whole machine. */
export function defaultParseThreads(): number {
  return availableParallelism();
}

interface Job {
  id: number;
  task: PartTask;
  resolve: (result: PartResult) => void;
}

interface Slot {
  worker: Worker;
  ready: boolean;
  /** Jobs posted to this worker and not answered yet, oldest first (a worker answers in order). */
  jobs: Job[];
}

// A worker holds a few jobs at once, so it never waits a round trip through a busy main thread for its
// next file.
const JOBS_PER_WORKER = 4;

/**
 * A pool of `threads` worker threads parsing part files, jobs handed out as workers free up. Results
 * come back per task, so the caller decides the order they are written in. A worker that cannot start
 * (no TypeScript loader, say) makes the pool parse in this thread instead of failing every file; one
 * that dies mid-file fails that file, naming the reason, and is replaced.
 */
export function createWorkerPartParser(threads: number = defaultParseThreads()): PartParser {
  if (threads < 1) return inlinePartParser();
  const queue: Job[] = [];
  const slots: Slot[] = [];
  let nextId = 0;
  let closed = false;
  let inline = false;

  const dispatch = (): void => {
    for (const slot of slots) {
      while (slot.ready && slot.jobs.length < JOBS_PER_WORKER) {
        const job = queue.shift();
        if (job === undefined) return;
        slot.jobs.push(job);
        slot.worker.postMessage({ id: job.id, task: job.task });
      }
    }
  };

  const fallBackToInline = (): void => {
    inline = true;
    const stranded = [...slots.flatMap((slot) => slot.jobs.splice(0)), ...queue.splice(0)];
    for (const slot of slots.splice(0)) void slot.worker.terminate();
    for (const job of stranded) void parsePartFile(job.task).then(job.resolve);
  };

  const spawn = (): void => {
    const slot: Slot = { worker: startWorker(), ready: false, jobs: [] };
    slots.push(slot);
    slot.worker.on('message', (message: { ready?: true; id?: number; result?: PartResult }) => {
      if (message.ready) {
        slot.ready = true;
      } else if (message.result !== undefined) {
        const index = slot.jobs.findIndex((job) => job.id === message.id);
        const [job] = index === -1 ? [] : slot.jobs.splice(index, 1);
        job?.resolve(message.result);
      }
      dispatch();
    });
    slot.worker.on('error', (error) => {
      if (closed || inline) return;
      if (!slot.ready) return fallBackToInline();
      for (const job of slot.jobs.splice(0)) job.resolve({ outcome: 'failed', bytes: 0, error: `parser worker failed: ${error.message}` });
      slots.splice(slots.indexOf(slot), 1);
      spawn();
    });
  };

  for (let i = 0; i < threads; i += 1) spawn();

  return {
    get threads() {
      return inline ? 0 : slots.length;
    },
    parse(task) {
      if (closed) return Promise.resolve({ outcome: 'failed', bytes: 0, error: 'parser closed' });
      if (inline) return parsePartFile(task);
      return new Promise((resolve) => {
        queue.push({ id: nextId++, task, resolve });
        dispatch();
      });
    },
    async close() {
      closed = true;
      const pending = [...slots.flatMap((slot) => slot.jobs.splice(0)), ...queue.splice(0)];
      for (const job of pending) job.resolve({ outcome: 'failed', bytes: 0, error: 'parsing stopped' });
      await Promise.all(slots.splice(0).map((slot) => slot.worker.terminate()));
    },
  };
}

/**
 * Starts parse-worker in a thread. Under tsx (which the npm scripts use) this module is a .ts file and
 * a worker does not inherit tsx's loader, so the worker first loads tsx's API and imports the .ts entry
 * through it; built as .js, the entry loads directly.
 */
function startWorker(): Worker {
  const entry = new URL(import.meta.url.endsWith('.ts') ? './parse-worker.ts' : './parse-worker.js', import.meta.url);
  if (!entry.pathname.endsWith('.ts')) return new Worker(entry);
  const tsx = import.meta.resolve('tsx/esm/api');
  const bootstrap = `import(${JSON.stringify(tsx)}).then((tsx) => tsx.tsImport(${JSON.stringify(entry.href)}, ${JSON.stringify(import.meta.url)}))`;
  return new Worker(bootstrap, { eval: true });
}
