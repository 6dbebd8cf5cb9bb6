import { createServer, connect, type Server, type Socket } from 'node:net';

/**
 * A TCP proxy in front of a database server, so a test can take the database away the way a restart
 * does: every open connection is reset and new ones are refused until it comes back.
 */
export interface TcpProxy {
  /** The database URL with the proxy's port in place of the server's. */
  url: string;
  /** Resets every connection and refuses new ones. */
  cut(): Promise<void>;
  /** Accepts connections again on the same port. */
  restore(): Promise<void>;
  close(): Promise<void>;
}

export async function startTcpProxy(databaseUrl: string): Promise<TcpProxy> {
  const target = new URL(databaseUrl);
  const targetPort = Number(target.port || 5432);
  const sockets = new Set<Socket>();
  const serve = (): Server =>
    createServer((client) => {
      const upstream = connect(targetPort, target.hostname);
      for (const socket of [client, upstream]) {
        sockets.add(socket);
        socket.on('close', () => sockets.delete(socket));
        socket.on('error', () => {
          client.destroy();
          upstream.destroy();
        });
      }
      client.pipe(upstream);
      upstream.pipe(client);
    });
  const listen = (server: Server, port: number) =>
    new Promise<number>((resolve, reject) => {
      server.once('error', reject);
      server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port));
    });
  let server: Server | undefined = serve();
  const port = await listen(server, 0);
  const url = new URL(databaseUrl);
  url.hostname = '127.0.0.1';
  url.port = String(port);
  const stop = async () => {
    const closing = server;
    server = undefined;
    for (const socket of sockets) socket.resetAndDestroy();
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };
  return {
    url: url.toString(),
    cut: stop,
    async restore() {
      if (server) return;
      server = serve();
      await listen(server, port);
    },
    close: stop,
  };
}
