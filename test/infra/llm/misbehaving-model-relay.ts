/**
 * A pass-through HTTP relay in front of FakeAnthropicServer for the two things the fake will not
 * script, because in most tests they are mistakes: a model that calls a tool it was never offered
 * (the relay renames a scripted tool_use, found by its id, in the SSE or JSON the fake sent), and a
 * stream that goes silent after its first event. Requests are forwarded byte for byte, so the fake's
 * record of what the adapter sent stays exact.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export class MisbehavingModelRelay {
  private server: http.Server | undefined;
  private readonly renames = new Map<string, string>();
  private stallsLeft = 0;

  constructor(private readonly upstreamUrl: string) {}

  /** The tool_use block with this id reaches the client as a call to `name`. */
  renameToolCall(toolUseId: string, name: string): void {
    this.renames.set(toolUseId, name);
  }

  /** The next `count` streamed responses send their first SSE event, then nothing, and never end. */
  stallNextStreams(count: number): void {
    this.stallsLeft += count;
  }

  async start(): Promise<{ url: string }> {
    const server = http.createServer((req, res) => {
      this.relay(req, res).catch((error: unknown) => {
        if (!res.headersSent) res.writeHead(502, { 'content-type': 'text/plain' });
        res.end(`relay error: ${String(error)}`);
      });
    });
    this.server = server;
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
  }

  async close(): Promise<void> {
    const server = this.server;
    if (!server) return;
    this.server = undefined;
    server.closeAllConnections();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  }

  private async relay(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const headers = new Headers();
    for (const [key, value] of Object.entries(req.headers)) {
      if (value === undefined || ['host', 'connection', 'content-length'].includes(key)) continue;
      headers.set(key, Array.isArray(value) ? value.join(', ') : value);
    }
    const upstream = await fetch(`${this.upstreamUrl}${req.url ?? '/'}`, {
      method: req.method ?? 'POST',
      headers,
      body: chunks.length > 0 ? Buffer.concat(chunks) : null,
    });
    let body = await upstream.text();
    for (const [id, name] of this.renames) {
      body = body.replace(new RegExp(`("id":"${id}","name":")[^"]*"`, 'g'), `$1${name}"`);
    }
    const outHeaders: Record<string, string> = {};
    for (const key of ['content-type', 'request-id', 'retry-after', 'x-should-retry']) {
      const value = upstream.headers.get(key);
      if (value !== null) outHeaders[key] = value;
    }
    const streaming = (outHeaders['content-type'] ?? '').startsWith('text/event-stream');
    if (streaming && this.stallsLeft > 0) {
      this.stallsLeft -= 1;
      res.writeHead(upstream.status, outHeaders);
      res.write(`${body.split('\n\n')[0] ?? ''}\n\n`); // message_start, then silence
      return;
    }
    res.writeHead(upstream.status, outHeaders);
    res.end(body);
  }
}
