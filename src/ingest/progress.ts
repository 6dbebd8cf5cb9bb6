/** Progress for long admin commands: a redrawn bar with counts and ETA on a terminal, periodic lines otherwise. */
export interface Progress {
  /** Sets the total (unknown totals show counts only). */
  setTotal(total: number | undefined): void;
  update(done: number, detail?: string): void;
  /** Ends the bar and prints the final line. */
  done(message: string): void;
}

export interface ProgressOptions {
  label: string;
  stream?: NodeJS.WriteStream | { isTTY?: boolean; columns?: number; write(chunk: string): boolean };
  /** Seconds between plain lines when not a TTY; default 5. */
  intervalSeconds?: number;
  now?: () => number;
}

export function createProgress(options: ProgressOptions): Progress {
  const stream = options.stream ?? process.stderr;
  const now = options.now ?? Date.now;
  const tty = Boolean(stream.isTTY);
  const interval = (options.intervalSeconds ?? 5) * 1000;
  const started = now();
  let total: number | undefined;
  let lastPrinted = 0;
  let lastDone = 0;

  const describe = (done: number, detail?: string): string => {
    const elapsed = (now() - started) / 1000;
    const rate = elapsed > 0 ? done / elapsed : 0;
    const parts = [`${options.label}: ${done}${total !== undefined ? `/${total}` : ''}`];
    if (total !== undefined && total > 0) parts.push(`${Math.floor((100 * done) / total)}%`);
    if (rate > 0) parts.push(`${rate.toFixed(rate < 10 ? 1 : 0)}/s`);
    if (total !== undefined && rate > 0 && done < total) parts.push(`ETA ${formatSeconds((total - done) / rate)}`);
    if (detail) parts.push(detail);
    return parts.join('  ');
  };
  const bar = (done: number): string => {
    if (total === undefined || total === 0) return '';
    const width = 24;
    const filled = Math.min(width, Math.round((width * done) / total));
    return `[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] `;
  };

  return {
    setTotal(value) {
      total = value;
    },
    update(done, detail) {
      lastDone = done;
      const t = now();
      if (tty) {
        if (t - lastPrinted < 100 && done !== total) return;
        lastPrinted = t;
        const line = `${bar(done)}${describe(done, detail)}`;
        const columns = (stream as { columns?: number }).columns ?? 100;
        stream.write(`\r${line.slice(0, columns - 1).padEnd(Math.min(columns - 1, line.length + 5))}`);
      } else if (t - lastPrinted >= interval) {
        lastPrinted = t;
        stream.write(`${describe(done, detail)}\n`);
      }
    },
    done(message) {
      if (tty) stream.write(`\r${bar(lastDone)}${describe(lastDone)}\n`);
      stream.write(`${message}\n`);
    },
  };
}

function formatSeconds(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}
