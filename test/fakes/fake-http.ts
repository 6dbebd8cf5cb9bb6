/**
 * Shared plumbing for the local HTTP fakes: a node:http server on 127.0.0.1 with an ephemeral port,
 * a request log with parsed bodies, held ("hanging") responses that close() releases, and a queue of
 * injected faults. Each fake owns the wire format; this file knows nothing about any protocol.
 */
import http from 'node:http';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** One request as the fake received it; `body` is parsed JSON or form fields, else the raw text. */
export interface RecordedRequest {
  method: string;
  path: string;
  query: Record<string, string>;
  headers: IncomingHttpHeaders;
  body: unknown;
  rawBody: string;
  receivedAt: number;
}

export type FakeRequestHandler = (
  request: RecordedRequest,
  res: ServerResponse,
  incoming: IncomingMessage,
) => void | Promise<void>;

/** A started/stopped node:http server that records every request before handing it to the fake. */
export class FakeHttpServer {
  readonly requests: RecordedRequest[] = [];
  /** Errors thrown by a fake's handler: a bug in the test's script, surfaced instead of swallowed. */
  readonly handlerErrors: Error[] = [];
  private server: http.Server | undefined;
  private readonly held = new Map<ServerResponse, () => void>();

  constructor(private readonly handle: FakeRequestHandler) {}

  /** Listens on 127.0.0.1 with an OS-assigned port; resolves with the base URL (no trailing slash). */
  async start(): Promise<{ url: string }> {
    if (this.server) throw new Error('fake server already started');
    const server = http.createServer((incoming, res) => {
      void this.dispatch(incoming, res);
    });
    this.server = server;
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(0, '127.0.0.1', () => resolve());
    });
    const { port } = server.address() as AddressInfo;
    return { url: `http://127.0.0.1:${port}` };
  }

  /** Releases held responses (each fake decides how), then drops every connection and stops listening. */
  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    for (const release of [...this.held.values()]) release();
    this.held.clear();
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  /**
   * Keeps `res` open until the fake answers it, the client disconnects, or close() runs `onClose`
   * (default: destroy the socket, which a client sees as a dropped connection).
   */
  hold(res: ServerResponse, onClose: () => void = () => res.destroy()): void {
    this.held.set(res, onClose);
    res.once('close', () => this.held.delete(res));
  }

  /** Stops tracking a held response, e.g. once the fake has answered it. */
  release(res: ServerResponse): void {
    this.held.delete(res);
  }

  get heldCount(): number {
    return this.held.size;
  }

  private async dispatch(incoming: IncomingMessage, res: ServerResponse): Promise<void> {
    try {
      const rawBody = await readBody(incoming);
      const url = new URL(incoming.url ?? '/', 'http://fake.local');
      const request: RecordedRequest = {
        method: incoming.method ?? 'GET',
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: incoming.headers,
        body: parseBody(rawBody, incoming.headers['content-type']),
        rawBody,
        receivedAt: Date.now(),
      };
      this.requests.push(request);
      await this.handle(request, res, incoming);
    } catch (error) {
      if (incoming.destroyed && res.destroyed) return; // the client went away mid-request: nothing to report
      const err = error instanceof Error ? error : new Error(String(error));
      this.handlerErrors.push(err);
      if (!res.headersSent && !res.destroyed) {
        sendJson(res, 500, { fake_handler_error: err.message }, { 'x-should-retry': 'false' });
      }
    }
  }
}

async function readBody(incoming: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of incoming) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

function parseBody(raw: string, contentType: string | undefined): unknown {
  if (raw === '') return undefined;
  const type = (contentType ?? '').toLowerCase();
  if (type.includes('application/json')) {
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return raw; // the fake answers malformed JSON with its own protocol's 400
    }
  }
  if (type.includes('application/x-www-form-urlencoded')) {
    return Object.fromEntries(new URLSearchParams(raw));
  }
  return raw;
}

/** Writes a JSON response with a correct content-length. */
export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const payload = JSON.stringify(body);
  res.writeHead(status, {
    'content-type': 'application/json',
    'content-length': String(Buffer.byteLength(payload)),
    ...headers,
  });
  res.end(payload);
}

/** Resolves after `ms` milliseconds. */
export function delay(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

interface QueuedFault<F> {
  fault: F;
  remaining: number;
  applies: (request: RecordedRequest) => boolean;
}

/** Faults to serve in FIFO order, each for its next `count` matching requests. */
export class FaultQueue<F> {
  private readonly queue: QueuedFault<F>[] = [];

  add(count: number, fault: F, applies: (request: RecordedRequest) => boolean = () => true): void {
    if (!Number.isInteger(count) || count < 1) throw new Error(`fault count must be a positive integer, got ${count}`);
    this.queue.push({ fault, remaining: count, applies });
  }

  /** The fault that applies to this request, consuming one use of it; undefined when none applies. */
  take(request: RecordedRequest): F | undefined {
    const entry = this.queue.find((candidate) => candidate.applies(request));
    if (!entry) return undefined;
    entry.remaining -= 1;
    if (entry.remaining === 0) this.queue.splice(this.queue.indexOf(entry), 1);
    return entry.fault;
  }

  get pending(): number {
    return this.queue.reduce((sum, entry) => sum + entry.remaining, 0);
  }

  clear(): void {
    this.queue.length = 0;
  }
}
