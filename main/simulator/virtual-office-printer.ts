/**
 * A virtual office printer on 127.0.0.1: the raw port of a network printer (AppSocket/JetDirect, "9100") that
 * reads a job until the sender's FIN, records its bytes and then closes — what the raw-tcp driver talks to. It
 * never answers anything (no `~HS`: that is a Zebra's), and can misbehave on purpose: reset after some bytes, or
 * read everything and never close. Used by tests of document printing.
 */
import net from 'node:net';

export interface VirtualOfficePrinter {
  readonly host: string;
  readonly port: number;
  /** Every connection's bytes, in order, empty ones (status probes) included. */
  received(): Buffer[];
  /** The print jobs: connections that carried bytes, each read up to the sender's FIN. */
  jobs(): Buffer[];
  waitForJobs(count: number, timeoutMs?: number): Promise<void>;
  /** Resets each connection after it read this many bytes. */
  closeEarly(afterBytes: number): void;
  /** Reads everything but never closes the connection (a printer that hangs mid-job). */
  stall(): void;
  normal(): void;
  close(): Promise<void>;
}

type Fault = { kind: 'none' } | { kind: 'closeEarly'; afterBytes: number } | { kind: 'stall' };

interface Connection {
  chunks: Buffer[];
  bytes: number;
  complete: boolean;
}

export async function createVirtualOfficePrinter(
  options: { host?: string; port?: number } = {},
): Promise<VirtualOfficePrinter> {
  const host = options.host ?? '127.0.0.1';
  let fault: Fault = { kind: 'none' };
  const connections: Connection[] = [];
  const sockets = new Set<net.Socket>();
  const waiters = new Set<() => void>();
  const notify = (): void => {
    for (const check of [...waiters]) check();
  };

  // Half-open allowed: the printer, not Node, decides when to close after the sender's FIN.
  const server = net.createServer({ allowHalfOpen: true }, (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.on('error', () => undefined); // a sender that resets is not the printer's problem
    const connection: Connection = { chunks: [], bytes: 0, complete: false };
    connections.push(connection);
    const current = fault;
    socket.on('data', (chunk: Buffer) => {
      const room = current.kind === 'closeEarly' ? current.afterBytes - connection.bytes : chunk.length;
      const data = chunk.subarray(0, Math.max(0, room));
      connection.chunks.push(data);
      connection.bytes += data.length;
      if (current.kind === 'closeEarly' && connection.bytes >= current.afterBytes) socket.resetAndDestroy();
    });
    socket.on('end', () => {
      connection.complete = true;
      notify();
      if (current.kind !== 'stall') socket.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('virtual office printer: no address');

  const jobs = (): Buffer[] =>
    connections.filter((c) => c.complete && c.bytes > 0).map((c) => Buffer.concat(c.chunks));

  return {
    host,
    port: address.port,
    received: () => connections.map((c) => Buffer.concat(c.chunks)),
    jobs,
    waitForJobs(count, timeoutMs = 5000) {
      if (jobs().length >= count) return Promise.resolve();
      return new Promise((resolve, reject) => {
        const check = (): void => {
          if (jobs().length < count) return;
          waiters.delete(check);
          clearTimeout(timer);
          resolve();
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`virtual office printer: ${jobs().length} of ${count} jobs`));
        }, timeoutMs);
        waiters.add(check);
      });
    },
    closeEarly(afterBytes) {
      fault = { kind: 'closeEarly', afterBytes };
    },
    stall() {
      fault = { kind: 'stall' };
    },
    normal() {
      fault = { kind: 'none' };
    },
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
