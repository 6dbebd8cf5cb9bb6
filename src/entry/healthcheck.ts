import { cliProgram } from './runtime.js';

/**
 * `node dist/src/entry/healthcheck.js URL`: the container health check (the images have no curl). Exits
 * 0 when URL answers 2xx within --timeout ms, 1 otherwise, naming what it got on stderr.
 */
const program = cliProgram('healthcheck', 'Exits 0 when URL (a /healthz endpoint) answers 2xx within --timeout ms, 1 otherwise: the container health check.')
  .argument('<url>', 'the endpoint, e.g. http://127.0.0.1:9090/healthz')
  .option('--timeout <ms>', 'how long to wait for the answer', '3000')
  .parse();
const [url] = program.args as [string];
const timeoutMs = Number(program.opts<{ timeout: string }>().timeout);

try {
  const response = await fetch(url, { signal: AbortSignal.timeout(Number.isFinite(timeoutMs) && timeoutMs > 0 ? timeoutMs : 3000) });
  if (!response.ok) {
    process.stderr.write(`unhealthy: ${url} answered ${response.status}\n`);
    process.exitCode = 1;
  }
} catch (error) {
  process.stderr.write(`unhealthy: ${url}: ${error instanceof Error ? error.message : String(error)}\n`);
  process.exitCode = 1;
}
