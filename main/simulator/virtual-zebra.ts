/**
 * A virtual Zebra on 127.0.0.1: a raw TCP 9100-style listener that records every byte it reads, answers `~HS`
 * with a realistic three-string status, and can misbehave on purpose (refuse, close early, stall, report paper
 * out…, answer garbage, go offline and come back on the same port). Used by tests, the demo and benchmarks.
 */
import net from 'node:net';
import type { PrinterProblem } from '../../preload/api';
import { formatHostStatus } from '../printers/zpl-status';

export type ZebraProblem = Exclude<PrinterProblem, 'unreachable' | 'unknown_status'>;

export type ZebraFault =
  | { kind: 'none' }
  /** Accepts each connection and resets it at once (ECONNRESET for the client). */
  | { kind: 'refuse' }
  /** Reads `afterBytes` bytes of a connection, then resets it. */
  | { kind: 'closeEarly'; afterBytes: number }
  /** Accepts but never reads (or reads only up to the first `~HS` answer when `afterStatus`). */
  | { kind: 'stall'; afterStatus: boolean };

export interface VirtualZebraOptions {
  port?: number;
  host?: string;
}

export interface VirtualZebra {
  readonly host: string;
  readonly port: number;
  /** Every byte read, one Buffer per connection, `~HS` queries included. */
  received(): Buffer[];
  /** What the printer would print: per connection, with `~HS` queries removed. */
  printData(): Buffer[];
  /** Every `^XA…^XZ` format received, in order, across connections. */
  labels(): Buffer[];
  connectionCount(): number;
  statusQueries(): number;
  waitForBytes(count: number, timeoutMs?: number): Promise<void>;
  waitForLabels(count: number, timeoutMs?: number): Promise<void>;
  /** Back to a well-behaved printer; stalled connections are dropped (their bytes were never read). */
  normal(): void;
  refuse(): void;
  closeEarly(afterBytes: number): void;
  stall(options?: { afterStatus?: boolean }): void;
  /** The problems `~HS` reports from now on (`[]` or no argument = ready). */
  status(problems?: ZebraProblem | ZebraProblem[]): void;
  /** Answer `~HS` with this text (default: a line of noise) instead of a status. */
  garbageStatus(text?: string): void;
  /** Stops listening and drops every connection (ECONNREFUSED for clients). */
  offline(): Promise<void>;
  /** Listens again on the same port. */
  online(): Promise<void>;
  clearRecords(): void;
  close(): Promise<void>;
}

interface ConnectionRecord {
  chunks: Buffer[];
  bytes: number;
  answered: number;
}

const HS = '~HS';

function countQueries(buffer: Buffer): number {
  const text = buffer.toString('latin1');
  let count = 0;
  for (let i = text.indexOf(HS); i !== -1; i = text.indexOf(HS, i + HS.length)) count++;
  return count;
}

function stripQueries(buffer: Buffer): Buffer {
  return Buffer.from(buffer.toString('latin1').split(HS).join(''), 'latin1');
}

export async function createVirtualZebra(options: VirtualZebraOptions = {}): Promise<VirtualZebra> {
  const host = options.host ?? '127.0.0.1';
  let fault: ZebraFault = { kind: 'none' };
  let problems: ZebraProblem[] = [];
  let garbage: string | undefined;
  let queries = 0;
  const records: ConnectionRecord[] = [];
  const sockets = new Set<net.Socket>();
  const stalled = new Set<net.Socket>();
  const waiters = new Set<() => void>();

  const notify = (): void => {
    for (const check of [...waiters]) check();
  };

  const statusAnswer = (): string =>
    garbage ?? formatHostStatus(Object.fromEntries(problems.map((p) => [p, true])));

  function onConnection(socket: net.Socket): void {
    if (fault.kind === 'refuse') {
      socket.resetAndDestroy();
      return;
    }
    sockets.add(socket);
    socket.on('close', () => {
      sockets.delete(socket);
      stalled.delete(socket);
    });
    socket.on('error', () => undefined); // a client that resets is not our problem
    const record: ConnectionRecord = { chunks: [], bytes: 0, answered: 0 };
    records.push(record);
    if (fault.kind === 'stall' && !fault.afterStatus) {
      socket.pause();
      stalled.add(socket);
      return;
    }
    socket.on('data', (chunk: Buffer) => {
      let data = chunk;
      const current = fault;
      if (current.kind === 'closeEarly' && record.bytes + data.length >= current.afterBytes) {
        data = data.subarray(0, Math.max(0, current.afterBytes - record.bytes));
      }
      record.chunks.push(data);
      record.bytes += data.length;
      const total = countQueries(Buffer.concat(record.chunks));
      for (; record.answered < total; record.answered++) {
        queries++;
        socket.write(statusAnswer(), 'latin1');
      }
      notify();
      if (current.kind === 'closeEarly' && record.bytes >= current.afterBytes) {
        socket.resetAndDestroy();
      } else if (current.kind === 'stall' && current.afterStatus && record.answered > 0) {
        socket.pause();
        stalled.add(socket);
      }
    });
    socket.on('end', () => socket.end());
  }

  let server = net.createServer(onConnection);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port ?? 0, host, () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('virtual zebra: no TCP address');
  const port = address.port;
  let listening = true;

  function dropAll(set: Iterable<net.Socket>): void {
    for (const s of [...set]) s.destroy();
  }

  function waitUntil(done: () => boolean, what: () => string, timeoutMs: number): Promise<void> {
    if (done()) return Promise.resolve();
    return new Promise((resolve, reject) => {
      const check = (): void => {
        if (!done()) return;
        waiters.delete(check);
        clearTimeout(timer);
        resolve();
      };
      const timer = setTimeout(() => {
        waiters.delete(check);
        reject(new Error(`virtual zebra: timed out waiting; ${what()}`));
      }, timeoutMs);
      waiters.add(check);
    });
  }

  const zebra: VirtualZebra = {
    host,
    port,
    received: () => records.map((r) => Buffer.concat(r.chunks)),
    printData: () => records.map((r) => stripQueries(Buffer.concat(r.chunks))),
    labels() {
      // Per connection: a format cut short by a reset never joins up with the next connection's bytes.
      return zebra
        .printData()
        .flatMap((data) =>
          (data.toString('latin1').match(/\^XA[\s\S]*?\^XZ/g) ?? []).map((l) => Buffer.from(l, 'latin1')),
        );
    },
    connectionCount: () => records.length,
    statusQueries: () => queries,
    waitForBytes(count, timeoutMs = 5000) {
      const total = (): number => zebra.printData().reduce((n, b) => n + b.length, 0);
      return waitUntil(
        () => total() >= count,
        () => `${total()} of ${count} bytes`,
        timeoutMs,
      );
    },
    waitForLabels(count, timeoutMs = 5000) {
      return waitUntil(
        () => zebra.labels().length >= count,
        () => `${zebra.labels().length} of ${count} labels`,
        timeoutMs,
      );
    },
    normal() {
      fault = { kind: 'none' };
      dropAll(stalled);
    },
    refuse() {
      fault = { kind: 'refuse' };
    },
    closeEarly(afterBytes) {
      fault = { kind: 'closeEarly', afterBytes };
    },
    stall(stallOptions = {}) {
      fault = { kind: 'stall', afterStatus: stallOptions.afterStatus ?? false };
    },
    status(next = []) {
      problems = Array.isArray(next) ? [...next] : [next];
      garbage = undefined;
    },
    garbageStatus(text = 'PRINTER READY?? \x02lorem,ipsum\x03\r\n') {
      garbage = text;
    },
    async offline() {
      if (!listening) return;
      listening = false;
      dropAll(sockets);
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
    async online() {
      if (listening) return;
      server = net.createServer(onConnection);
      await new Promise<void>((resolve, reject) => {
        server.once('error', reject);
        server.listen(port, host, () => resolve());
      });
      listening = true;
    },
    clearRecords() {
      records.length = 0;
      queries = 0;
    },
    async close() {
      await zebra.offline();
      waiters.clear();
    },
  };
  return zebra;
}
