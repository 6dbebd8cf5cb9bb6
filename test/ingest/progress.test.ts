import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createProgress } from '../../src/ingest/progress.js';

/** A stream that keeps what was written; `tty` makes it look like a terminal. */
function capture(tty: boolean) {
  const stream = Object.assign(new PassThrough(), { isTTY: tty, columns: 120 });
  let text = '';
  stream.on('data', (d: Buffer) => (text += d.toString()));
  return { stream, text: () => text };
}

const wait = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('progress of a long command', () => {
  it('on a terminal draws a bar with counts, rate and time left, then the final line', async () => {
    const out = capture(true);
    const progress = createProgress({ label: 'part files', stream: out.stream });
    progress.setTotal(100);
    await wait(300);
    progress.update(25);
    await wait(200);
    progress.done('parse finished');
    const text = out.text();
    expect(text).toMatch(/part files: =+-+ 25\/100 {2}25% {2}\d+(\.\d)?\/s {2}ETA \d+s/);
    expect(text).toContain('\u001b['); // redrawn in place
    expect(text.trimEnd().endsWith('parse finished')).toBe(true);
  });

  it('off a terminal (CI, a pipe) prints plain periodic lines: no bar, no escape codes', async () => {
    const out = capture(false);
    const progress = createProgress({ label: 'chunk lines', stream: out.stream, intervalSeconds: 0.1 });
    progress.setTotal(10);
    for (let i = 1; i <= 10; i++) {
      progress.update(i * 1);
      await wait(60);
    }
    progress.done('load finished');
    const lines = out.text().split('\n').filter(Boolean);
    expect(lines.length).toBeGreaterThan(3);
    expect(lines.at(-1)).toBe('load finished');
    for (const line of lines.slice(0, -1)) expect(line).toMatch(/^chunk lines: \d+\/10 {2}\d+%/);
    expect(lines.some((line) => /\/s {2}ETA \d+s/.test(line))).toBe(true);
    expect(out.text()).not.toMatch(/\u001b|=-|\r/);
  });
});
