import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';

/** Path of the health endpoint, on the health server and on the review app. */
export const HEALTH_PATH = '/healthz';

export interface HealthServer {
  /** The port it listens on (the one asked for, or the one the system chose for port 0). */
  readonly port: number;
  close(): Promise<void>;
}

/**
 * Answers `GET /healthz` with 200 `{"status":"ok"}` while `probe` resolves true, 503
 * `{"status":"unavailable"}` otherwise (a probe that throws counts as false); anything else is 404.
 * For a process with no HTTP server of its own (the worker, the polling bot) to give Docker or an
 * orchestrator something to ask. `probe` should settle within a few seconds (the check's timeout).
 */
export async function startHealthServer(options: { host: string; port: number; probe: () => Promise<boolean> }): Promise<HealthServer> {
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    if (request.method !== 'GET' || (request.url ?? '').split('?')[0] !== HEALTH_PATH) {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('not found\n');
      return;
    }
    void options.probe().then(
      (ok) => respond(response, ok),
      () => respond(response, false),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, resolve);
  });
  const address = server.address();
  return {
    port: typeof address === 'object' && address !== null ? address.port : options.port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

/** The health answer for `ok` (shared with the review app's route). */
export function healthResponse(ok: boolean): { status: number; body: string } {
  return ok ? { status: 200, body: '{"status":"ok"}\n' } : { status: 503, body: '{"status":"unavailable"}\n' };
}

function respond(response: ServerResponse, ok: boolean): void {
  const { status, body } = healthResponse(ok);
  response.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' }).end(body);
}
