import cliProgress, { type Options, type Params } from 'cli-progress';

// CommonJS: its names come off the default export.
const { Format, SingleBar } = cliProgress;

/**
 * Progress for long admin commands (cli-progress): on a terminal a redrawn bar with counts, rate and
 * time left; otherwise (CI, a log file) no bar, a plain line every few seconds.
 */
export interface Progress {
  /** Sets the total (unknown totals show counts and rate only). */
  setTotal(total: number | undefined): void;
  update(done: number, detail?: string): void;
  /** Ends the bar and prints the final line. */
  done(message: string): void;
}

export interface ProgressOptions {
  label: string;
  /** Default process.stderr: stdout keeps only what the command reports. */
  stream?: NodeJS.WritableStream & { isTTY?: boolean };
  /** Seconds between plain lines when not a TTY; default 5. */
  intervalSeconds?: number;
}

interface Payload {
  rate: number;
  detail: string;
}

/** `label: [bar] done/total  pct%  rate/s  ETA 1m05s  detail`; the bar on a terminal only. */
function formatter(label: string, tty: boolean) {
  return (options: Options, params: Params, payload: Payload): string => {
    const known = params.total > 0;
    const parts = [`${label}: ${tty && known ? `${Format.BarFormat(params.progress, options)} ` : ''}${params.value}${known ? `/${params.total}` : ''}`];
    if (known) parts.push(`${Math.floor(params.progress * 100)}%`);
    if (payload.rate > 0) parts.push(`${payload.rate.toFixed(payload.rate < 10 ? 1 : 0)}/s`);
    if (known && payload.rate > 0 && params.value < params.total) parts.push(`ETA ${Format.TimeFormat(Math.ceil((params.total - params.value) / payload.rate), options, 1).trim()}`);
    if (payload.detail) parts.push(payload.detail);
    return parts.join('  ');
  };
}

export function createProgress(options: ProgressOptions): Progress {
  const stream = options.stream ?? process.stderr;
  const tty = Boolean(stream.isTTY);
  const started = Date.now();
  const bar = new SingleBar({
    format: formatter(options.label, tty),
    stream,
    barsize: 24,
    hideCursor: tty,
    // Off a terminal: no redraws, one plain line per interval.
    noTTYOutput: true,
    notTTYSchedule: (options.intervalSeconds ?? 5) * 1000,
  });
  let running = false;
  const payload = (done: number, detail = ''): Payload => {
    const seconds = (Date.now() - started) / 1000;
    return { rate: seconds > 0 ? done / seconds : 0, detail };
  };
  return {
    setTotal(total) {
      if (running) bar.setTotal(total ?? 0);
      else {
        bar.start(total ?? 0, 0, payload(0));
        running = true;
      }
    },
    update(done, detail) {
      if (!running) {
        bar.start(0, done, payload(done, detail));
        running = true;
      }
      bar.update(done, payload(done, detail));
    },
    done(message) {
      if (running) bar.stop();
      stream.write(`${message}\n`);
    },
  };
}
