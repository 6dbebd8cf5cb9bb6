import type { PGlite } from '@electric-sql/pglite';
import type { PGLiteSocketServer } from '@electric-sql/pglite-socket';

interface QueryQueue {
  enqueue(handlerId: number, message: Uint8Array, onData: (data: Uint8Array) => void): Promise<number>;
  clearTransactionIfNeeded(handlerId: number): Promise<void>;
}

const SYNC = 0x53; // 'S'
const QUERY = 0x51; // 'Q'
const TERMINATE = 0x58; // 'X'
const PROTOCOL_3 = 196_608;

/**
 * pglite-socket serves many client connections from one PGlite session and queues their protocol
 * messages one at a time, so another connection's Parse can land between this connection's Parse and
 * Bind ("bind message supplies 3 parameters, but prepared statement "" requires 7"). Real PostgreSQL
 * gives every connection its own session. This gives each connection the session from its first
 * message until the end of its query cycle (Sync, a simple Query, startup or Terminate), and for as
 * long as it holds a transaction open, so several processes can share the test database safely.
 */
export function serialisePgliteSessions(server: PGLiteSocketServer, db: PGlite): void {
  const queue = (server as unknown as { queryQueue: QueryQueue }).queryQueue;
  const enqueue = queue.enqueue.bind(queue);
  const clear = queue.clearTransactionIfNeeded.bind(queue);
  let owner: number | null = null;
  let waiters: Array<() => void> = [];
  // Connections that hung up. A message of theirs still waiting for the session must not take it when
  // it wakes: nobody would send the rest of its query cycle, and every other connection would wait
  // forever (a worker killed mid-query stalled the whole database this way).
  const gone = new Set<number>();

  const acquire = async (handlerId: number) => {
    while (owner !== null && owner !== handlerId) await new Promise<void>((resolve) => waiters.push(resolve));
    owner = handlerId;
  };
  const release = (handlerId: number) => {
    if (owner !== handlerId) return;
    owner = null;
    const wake = waiters;
    waiters = [];
    for (const w of wake) w();
  };

  queue.enqueue = async (handlerId, message, onData) => {
    await acquire(handlerId);
    if (gone.has(handlerId)) {
      release(handlerId);
      throw new Error('connection closed');
    }
    const startup = message.length >= 8 && new DataView(message.buffer, message.byteOffset, message.byteLength).getInt32(4) === PROTOCOL_3;
    const type = message[0];
    try {
      return await enqueue(handlerId, message, onData);
    } finally {
      const cycleEnds = startup || type === SYNC || type === QUERY || type === TERMINATE;
      if (cycleEnds && !db.isInTransaction()) release(handlerId);
    }
  };
  queue.clearTransactionIfNeeded = async (handlerId) => {
    // pglite-socket calls this only when a connection detaches.
    gone.add(handlerId);
    await clear(handlerId);
    release(handlerId);
  };
}
