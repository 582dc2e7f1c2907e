/**
 * ZPL straight to a printer's raw TCP port (9100).
 *
 * Hand-written on node:net instead of node-thermal-printer's `raw()` (see docs/printing.md for the long form):
 * its network interface has one idle timeout for connect and write together, resolves as soon as the bytes are
 * in the local kernel buffer and then `destroy()`s the socket, so "resolved" says nothing about the printer.
 *
 * Here "accepted" means the printer has read every byte: we append a `~HS` query after the document and wait
 * for its answer. A Zebra reads its input in order, so an answer to a query that came after the label proves
 * the label was read. A printer that answers `~HS` with something unreadable is treated as alive but unable to
 * confirm; then acceptance is its orderly close after our FIN.
 *
 * Before the first byte of the document, a `~HS` preflight tells whether the printer can print now: paper out,
 * head open, paused… are a retryable `printer_problem` and nothing is sent, so a label never waits inside a
 * paused printer to come out hours later, unasked.
 */
import net from 'node:net';
import type { ZplTcpPrinterConfig } from '../../../preload/api';
import type { PrintableDocument } from '../../labels/document';
import type { Result } from '../../result';
import { err, ok } from '../../result';
import type { SendHooks, SpoolAwareDriver } from '../driver';
import { describeError, printerError } from '../driver';
import type { PrinterError, PrinterStatus } from '../types';
import { blocksPrinting, hostStatusFrames, parseHostStatus } from '../zpl-status';

export interface ZplTcpOptions {
  /** Until the TCP connection is established. */
  connectTimeoutMs?: number;
  /** From the first byte of the document until the printer confirmed it read the last (plus 1 ms per 10 bytes). */
  writeTimeoutMs?: number;
  /** For a `~HS` answer (preflight and `status()`). */
  statusTimeoutMs?: number;
  /** Ask `~HS` before sending (default true). Off only for printers that do not speak it. */
  preflightStatus?: boolean;
  /** How long a connection opened by `prepare()` is kept for the next send. */
  keepWarmMs?: number;
}

const DEFAULTS = {
  connectTimeoutMs: 3000,
  writeTimeoutMs: 10_000,
  statusTimeoutMs: 2000,
  keepWarmMs: 15_000,
};
const HS_QUERY = Buffer.from('~HS', 'latin1');
/** A Zebra sends its three status lines in one go: once something arrived, this much silence ends the answer. */
const STATUS_QUIET_MS = 150;

/** One TCP connection with its unread input, so that status answers can be awaited in order. */
class PrinterConnection {
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
      this.lastDataAt = Date.now();
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
      const remaining = deadline() - Date.now();
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
   * Reads one `~HS` answer and consumes it: three frames, or — for a printer that answers something else —
   * whatever arrived once it went quiet. Nothing by the deadline is `none`.
   */
  async readStatus(
    deadline: number,
  ): Promise<{ kind: 'answer'; text: string } | { kind: 'none'; why: 'timeout' | 'failed' | 'ended' }> {
    const outcome = await this.until(
      () => hostStatusFrames(this.input).length >= 3,
      () => (this.input.length > 0 ? Math.min(deadline, this.lastDataAt + STATUS_QUIET_MS) : deadline),
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
      const timer = setTimeout(() => settle('timeout'), Math.max(0, deadline - Date.now()));
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

export function createZplTcpDriver(
  config: ZplTcpPrinterConfig,
  options: ZplTcpOptions = {},
): SpoolAwareDriver {
  const settings = { ...DEFAULTS, ...options };
  const preflight = options.preflightStatus ?? true;
  const target = `${config.name} (${config.host}:${config.port})`;
  let warm: { connection: PrinterConnection; cancelTimer: () => void } | undefined;
  let lastStatus: PrinterStatus | undefined;

  function connect(): Promise<Result<PrinterConnection, PrinterError>> {
    return new Promise((resolve) => {
      const socket = net.connect({ host: config.host, port: config.port });
      const timer = setTimeout(() => {
        socket.destroy();
        resolve(
          err(
            printerError('timeout', `${target}: no connection within ${settings.connectTimeoutMs} ms`, true, [
              'unreachable',
            ]),
          ),
        );
      }, settings.connectTimeoutMs);
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

  function takeWarm(): PrinterConnection | undefined {
    const current = warm;
    warm = undefined;
    if (current === undefined) return undefined;
    current.cancelTimer();
    if (current.connection.alive) return current.connection;
    current.connection.destroy();
    return undefined;
  }

  /** Connects and, unless switched off, asks `~HS`. A warm connection that died meanwhile is replaced once. */
  async function open(): Promise<
    Result<{ connection: PrinterConnection; confirmsByStatus: boolean }, PrinterError>
  > {
    for (const reuse of [true, false]) {
      const warmConnection = reuse ? takeWarm() : undefined;
      if (reuse && warmConnection === undefined) continue;
      let connection = warmConnection;
      if (connection === undefined) {
        const opened = await connect();
        if (!opened.ok) return opened;
        connection = opened.value;
      }
      if (!preflight) return ok({ connection, confirmsByStatus: false });
      const deadline = Date.now() + settings.statusTimeoutMs;
      const written = await connection.write(HS_QUERY, deadline);
      const answer = written === 'ok' ? await connection.readStatus(deadline) : undefined;
      if (answer === undefined || (answer.kind === 'none' && answer.why !== 'timeout')) {
        connection.destroy();
        if (warmConnection !== undefined) continue; // the printer closed the idle connection: open a fresh one
        return err(
          printerError('io', `${target}: the connection closed before the printer answered ~HS`, true, [
            'unreachable',
          ]),
        );
      }
      if (answer.kind === 'none') {
        connection.destroy();
        return err(
          printerError('timeout', `${target}: no answer to ~HS within ${settings.statusTimeoutMs} ms`, true, [
            'unreachable',
          ]),
        );
      }
      const status = parseHostStatus(answer.text);
      lastStatus = status;
      if (blocksPrinting(status.problems)) {
        connection.destroy();
        return err(
          printerError(
            'printer_problem',
            `${target}: ${status.problems.join(', ').replace(/_/g, ' ')}`,
            true,
            status.problems,
          ),
        );
      }
      return ok({ connection, confirmsByStatus: status.state === 'ready' });
    }
    return err(printerError('unreachable', `${target}: no connection`, true, ['unreachable']));
  }

  async function send(
    document: PrintableDocument,
    hooks: SendHooks = {},
  ): Promise<Result<{ bytes: number }, PrinterError>> {
    if (document.format !== 'zpl') {
      return err(
        printerError(
          'unsupported_format',
          `${target} takes ZPL only, not ${document.format.toUpperCase()} (${document.id})`,
          false,
        ),
      );
    }
    const opened = await open();
    if (!opened.ok) return opened;
    const { connection, confirmsByStatus } = opened.value;
    try {
      await hooks.beforeFirstByte?.();
    } catch (error) {
      connection.destroy();
      return err(printerError('io', `could not record the job as sending: ${describeError(error)}`, true));
    }
    // Big batches get more time (at least 10 kB/s): a false timeout would mean a retry, and a double print.
    const deadline = Date.now() + settings.writeTimeoutMs + Math.ceil(document.bytes.length / 10);
    const payload = confirmsByStatus ? Buffer.concat([document.bytes, HS_QUERY]) : document.bytes;
    const written = await connection.write(payload, deadline);
    if (written !== 'ok') {
      connection.destroy();
      const timedOut = written === 'timeout';
      return err(
        printerError(
          timedOut ? 'timeout' : 'io',
          `${target}: ${timedOut ? `the printer did not take the label within ${settings.writeTimeoutMs} ms` : `connection lost while sending (${connection.error ? describeError(connection.error) : 'closed'})`}`,
          true,
          ['unreachable'],
        ),
      );
    }
    if (confirmsByStatus) {
      const answer = await connection.readStatus(deadline);
      if (answer.kind === 'none') {
        connection.destroy();
        return err(
          printerError(
            answer.why === 'timeout' ? 'timeout' : 'io',
            `${target}: the printer did not confirm the label (${answer.why === 'timeout' ? `no ~HS answer within ${settings.writeTimeoutMs} ms` : 'connection lost'})`,
            true,
            ['unreachable'],
          ),
        );
      }
      lastStatus = parseHostStatus(answer.text);
      connection.socket.end();
      return ok({ bytes: document.bytes.length });
    }
    // No status to confirm with: our FIN, then the printer's orderly close after reading up to it.
    connection.socket.end();
    const closed = await connection.closedCleanly(deadline);
    if (closed === 'done') return ok({ bytes: document.bytes.length });
    connection.destroy();
    return err(
      printerError(
        closed === 'timeout' ? 'timeout' : 'io',
        `${target}: the printer did not confirm the label (${closed === 'timeout' ? 'no close within the write timeout' : connection.error ? describeError(connection.error) : 'reset'})`,
        true,
        ['unreachable'],
      ),
    );
  }

  async function status(): Promise<PrinterStatus> {
    const opened = await connect();
    if (!opened.ok) return { state: 'offline', problems: ['unreachable'], detail: opened.error.message };
    const connection = opened.value;
    try {
      const deadline = Date.now() + settings.statusTimeoutMs;
      if ((await connection.write(HS_QUERY, deadline)) !== 'ok')
        return { state: 'offline', problems: ['unreachable'], detail: 'connection lost' };
      const answer = await connection.readStatus(deadline);
      if (answer.kind === 'none')
        return { state: 'unknown', problems: ['unknown_status'], detail: `no answer to ~HS (${answer.why})` };
      lastStatus = parseHostStatus(answer.text);
      return lastStatus;
    } finally {
      connection.socket.end();
      connection.destroy();
    }
  }

  async function prepare(): Promise<void> {
    if (warm?.connection.alive) return;
    takeWarm()?.destroy();
    const opened = await connect();
    if (!opened.ok) return; // best effort: send() will report the problem properly
    const connection = opened.value;
    const timer = setTimeout(() => {
      if (warm?.connection === connection) warm = undefined;
      connection.socket.end();
      connection.destroy();
    }, settings.keepWarmMs);
    timer.unref();
    warm = { connection, cancelTimer: () => clearTimeout(timer) };
  }

  return {
    config,
    announcesFirstByte: true,
    send,
    status,
    prepare,
    async close() {
      takeWarm()?.destroy();
    },
  };
}
