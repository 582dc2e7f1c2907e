/**
 * The TCP plumbing every raw-socket printer driver shares (zpl-tcp, raw-tcp): a connection with its own connect
 * timeout, writes with a deadline, reading answers in order, and "accepted" as the printer's orderly close after
 * our FIN — the way CUPS' socket backend waits for an AppSocket/JetDirect printer. What a driver says to its
 * printer (Zebra's `~HS`, or nothing) stays in the driver.
 */
import net from 'node:net';
import type { Result } from '../../result';
import { err, ok } from '../../result';
import type { SendHooks } from '../driver';
import { describeError, mayHavePrintedError, printerError } from '../driver';
import type { PrinterError } from '../types';

/**
 * The time every deadline here is set and read in: the monotonic clock, not the PC's wall clock, which an NTP or
 * domain time correction steps by minutes. Stepped back during a send, a wall-clock deadline would keep the printer's
 * queue waiting on a silent printer for those minutes; stepped forward, it would end a send the printer was taking
 * as a timeout ("may have printed").
 */
export const monotonicNow = (): number => performance.now();

/** A printer that has started answering sends the rest in one go: this much silence ends the answer. */
const ANSWER_QUIET_MS = 150;

/** One TCP connection with its unread input, so that status answers can be awaited in order. */
export class PrinterConnection {
  private input = '';
  private lastDataAt = 0;
  private failure: Error | undefined;
  private ended = false;
  private closed = false;
  private readonly wakers = new Set<() => void>();

  constructor(readonly socket: net.Socket) {
    socket.setNoDelay(true);
    const wakeAll = (): void => {
      for (const wake of [...this.wakers]) wake();
    };
    socket.on('data', (chunk: Buffer) => {
      this.input += chunk.toString('latin1');
      this.lastDataAt = monotonicNow();
      wakeAll();
    });
    socket.on('error', (error) => {
      this.failure = error;
      wakeAll();
    });
    socket.on('end', () => {
      this.ended = true;
      wakeAll();
    });
    socket.on('close', () => {
      this.closed = true;
      wakeAll();
    });
  }

  get alive(): boolean {
    return !this.closed && !this.ended && this.failure === undefined && !this.socket.destroyed;
  }

  get error(): Error | undefined {
    return this.failure;
  }

  /** Resolves when `done()` holds, or says why it never will: the connection failed, was closed, or time ran out. */
  private async until(
    done: () => boolean,
    deadline: () => number,
    stopOnEnd: boolean,
  ): Promise<'done' | 'timeout' | 'failed' | 'ended'> {
    for (;;) {
      if (done()) return 'done';
      if (this.failure !== undefined) return 'failed';
      if (this.closed || (stopOnEnd && this.ended)) return 'ended';
      const remaining = deadline() - monotonicNow();
      if (remaining <= 0) return 'timeout';
      await new Promise<void>((resolve) => {
        const wake = (): void => {
          clearTimeout(timer);
          this.wakers.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, remaining);
        this.wakers.add(wake);
      });
    }
  }

  /**
   * Reads one answer and consumes it: once `complete(input)` holds, or — for a printer that answers something
   * else — whatever arrived once it went quiet. Nothing by the deadline is `none`.
   */
  async readAnswer(
    complete: (input: string) => boolean,
    deadline: number,
  ): Promise<{ kind: 'answer'; text: string } | { kind: 'none'; why: 'timeout' | 'failed' | 'ended' }> {
    const outcome = await this.until(
      () => complete(this.input),
      () => (this.input.length > 0 ? Math.min(deadline, this.lastDataAt + ANSWER_QUIET_MS) : deadline),
      true,
    );
    if (outcome !== 'done' && this.input.length === 0) return { kind: 'none', why: outcome };
    const text = this.input;
    this.input = '';
    return { kind: 'answer', text };
  }

  /** Writes and waits until the bytes are handed to the OS, the connection fails, or the deadline passes. */
  write(data: Buffer, deadline: number): Promise<'ok' | 'timeout' | 'failed'> {
    return new Promise((resolve) => {
      let settled = false;
      const settle = (outcome: 'ok' | 'timeout' | 'failed'): void => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        this.socket.off('close', onClose);
        resolve(outcome);
      };
      const onClose = (): void => settle('failed');
      const timer = setTimeout(() => settle('timeout'), Math.max(0, deadline - monotonicNow()));
      this.socket.once('close', onClose);
      this.socket.write(data, (error) => settle(error ? 'failed' : 'ok'));
    });
  }

  /** After our FIN: waits for the printer's orderly close. */
  async closedCleanly(deadline: number): Promise<'done' | 'timeout' | 'failed'> {
    const outcome = await this.until(
      () => this.closed,
      () => deadline,
      false,
    );
    if (outcome === 'done' && this.failure !== undefined) return 'failed';
    return outcome === 'ended' ? 'done' : outcome;
  }

  destroy(): void {
    this.socket.destroy();
  }
}

function classifyConnectError(error: Error, target: string): PrinterError {
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'ETIMEDOUT')
    return printerError('timeout', `${target}: no connection within the connect timeout`, true, [
      'unreachable',
    ]);
  return printerError('unreachable', `${target}: ${describeError(error)}`, true, ['unreachable']);
}

/** Opens a connection to the printer, or says why not (refused/unreachable, or no connection in time). */
export function connectTcp(
  host: string,
  port: number,
  connectTimeoutMs: number,
  target: string,
): Promise<Result<PrinterConnection, PrinterError>> {
  return new Promise((resolve) => {
    const socket = net.connect({ host, port });
    const timer = setTimeout(() => {
      socket.destroy();
      resolve(
        err(
          printerError('timeout', `${target}: no connection within ${connectTimeoutMs} ms`, true, [
            'unreachable',
          ]),
        ),
      );
    }, connectTimeoutMs);
    socket.once('error', (error) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(err(classifyConnectError(error, target)));
    });
    socket.once('connect', () => {
      clearTimeout(timer);
      socket.removeAllListeners('error');
      resolve(ok(new PrinterConnection(socket)));
    });
  });
}

/**
 * When a document must have been taken: the write timeout from the first byte, plus 1 ms per 10 bytes so that a
 * big document (at least 10 kB/s) is never cut off by a false timeout — which would mean a retry, and a double print.
 * On `monotonicNow`'s clock, as every deadline the connection reads.
 */
export function sendDeadline(bytes: number, writeTimeoutMs: number): number {
  return monotonicNow() + writeTimeoutMs + Math.ceil(bytes / 10);
}

/** Right before the first byte the spool records the job as `sending`; when it cannot, nothing is sent. */
export async function announceFirstByte(
  connection: PrinterConnection,
  hooks: SendHooks,
): Promise<Result<void, PrinterError>> {
  try {
    await hooks.beforeFirstByte?.();
    return ok(undefined);
  } catch (error) {
    connection.destroy();
    return err(printerError('io', `could not record the job as sending: ${describeError(error)}`, true));
  }
}

/** Writes the document; a failed or timed-out write drops the connection and says so (retryable). */
export async function writeDocument(
  connection: PrinterConnection,
  payload: Buffer,
  deadline: number,
  target: string,
  writeTimeoutMs: number,
): Promise<Result<void, PrinterError>> {
  const written = await connection.write(payload, deadline);
  if (written === 'ok') return ok(undefined);
  connection.destroy();
  const timedOut = written === 'timeout';
  return err(
    printerError(
      timedOut ? 'timeout' : 'io',
      `${target}: ${timedOut ? `the printer did not take the document within ${writeTimeoutMs} ms` : `connection lost while sending (${connection.error ? describeError(connection.error) : 'closed'})`}`,
      true,
      ['unreachable'],
    ),
  );
}

/**
 * Acceptance without a status protocol: our FIN, then the printer's orderly close once it has read up to it.
 * A reset or no close by the deadline comes after every byte went out: the document may have printed, so it is
 * never sent again unasked (docs/printing.md).
 */
export async function awaitOrderlyClose(
  connection: PrinterConnection,
  deadline: number,
  target: string,
): Promise<Result<void, PrinterError>> {
  connection.socket.end();
  const closed = await connection.closedCleanly(deadline);
  if (closed === 'done') return ok(undefined);
  connection.destroy();
  return err(
    mayHavePrintedError(
      closed === 'timeout' ? 'timeout' : 'io',
      `${target}: the printer did not confirm the document (${closed === 'timeout' ? 'no close within the write timeout' : connection.error ? describeError(connection.error) : 'reset'}): it may have printed`,
      ['unreachable'],
    ),
  );
}
