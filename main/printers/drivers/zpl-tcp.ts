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
 * paused printer to come out hours later, unasked. The print service asks for that preflight on the warm
 * connection as soon as it has the document (`prepare({ preflight: true })`), while the spool writes the job to
 * disk; `send` then uses the answer when it is at most PREFLIGHT_FRESH_MS old, instead of asking again after
 * the spool's writes, one round trip later.
 */
import type { ZplTcpPrinterConfig } from '../../../preload/api';
import type { PrintableDocument } from '../../labels/document';
import type { Result } from '../../result';
import { err, ok } from '../../result';
import type { PrepareOptions, SendHooks, SpoolAwareDriver } from '../driver';
import { mayHavePrintedError, printerError } from '../driver';
import type { PrinterError, PrinterStatus } from '../types';
import { blocksPrinting, hostStatusFrames, parseHostStatus } from '../zpl-status';
import {
  announceFirstByte,
  awaitOrderlyClose,
  connectTcp,
  monotonicNow,
  sendDeadline,
  writeDocument,
  type PrinterConnection,
} from './tcp-connection';

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
/** How old a preflight answer on the warm connection may be when the document's first byte leaves. */
export const PREFLIGHT_FRESH_MS = 500;
/** A complete `~HS` answer is three `<STX>…<ETX>` strings. */
const hasStatusAnswer = (input: string): boolean => hostStatusFrames(input).length >= 3;

export function createZplTcpDriver(
  config: ZplTcpPrinterConfig,
  options: ZplTcpOptions = {},
): SpoolAwareDriver {
  const settings = { ...DEFAULTS, ...options };
  const preflight = options.preflightStatus ?? true;
  const target = `${config.name} (${config.host}:${config.port})`;
  /** The preflight's answer: whether the printer can confirm by status, or why nothing may be sent. */
  type Checked = Result<{ confirmsByStatus: boolean }, PrinterError> | 'closed';
  interface Warm {
    connection: PrinterConnection;
    cancelTimer: () => void;
    /** A preflight asked on this connection ahead of the send (answered at `at`). */
    /** Asked at `at` (monotonic) and `wallAt` (the wall clock): see `earlyPreflight`. */
    preflight?: Promise<{ checked: Checked; at: number; wallAt: number }>;
  }
  let warm: Warm | undefined;
  let connecting: Promise<void> | undefined;
  let lastStatus: PrinterStatus | undefined;

  const connect = (): Promise<Result<PrinterConnection, PrinterError>> =>
    connectTcp(config.host, config.port, settings.connectTimeoutMs, target);

  function takeWarm(): Warm | undefined {
    const current = warm;
    warm = undefined;
    if (current === undefined) return undefined;
    current.cancelTimer();
    if (current.connection.alive) return current;
    current.connection.destroy();
    return undefined;
  }

  /** Asks `~HS` on a connection; anything but a printer that can print now destroys the connection. */
  async function askStatus(connection: PrinterConnection): Promise<Checked> {
    const deadline = monotonicNow() + settings.statusTimeoutMs;
    const written = await connection.write(HS_QUERY, deadline);
    const answer = written === 'ok' ? await connection.readAnswer(hasStatusAnswer, deadline) : undefined;
    if (answer === undefined || (answer.kind === 'none' && answer.why !== 'timeout')) {
      connection.destroy();
      return 'closed';
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
    return ok({ confirmsByStatus: status.state === 'ready' });
  }

  /** The preflight asked ahead on a warm connection, when its answer is still fresh enough to send on. */
  async function earlyPreflight(taken: Warm): Promise<Checked | undefined> {
    if (!taken.preflight) return undefined;
    const { checked, at, wallAt } = await taken.preflight;
    // Fresh by both clocks: a PC that slept since moved only its wall clock (the monotonic one stands still
    // through a sleep on Linux and macOS), and a wall clock set back meanwhile costs no more than one ~HS asked again.
    const wallAge = Date.now() - wallAt;
    const fresh = monotonicNow() - at <= PREFLIGHT_FRESH_MS && wallAge >= 0 && wallAge <= PREFLIGHT_FRESH_MS;
    return fresh ? checked : undefined;
  }

  /** Connects and, unless switched off, asks `~HS`. A warm connection that died meanwhile is replaced once. */
  async function open(): Promise<
    Result<{ connection: PrinterConnection; confirmsByStatus: boolean }, PrinterError>
  > {
    for (const reuse of [true, false]) {
      const taken = reuse ? takeWarm() : undefined;
      if (reuse && taken === undefined) continue;
      let connection = taken?.connection;
      if (connection === undefined) {
        const opened = await connect();
        if (!opened.ok) return opened;
        connection = opened.value;
      }
      if (!preflight) return ok({ connection, confirmsByStatus: false });
      const checked = (taken && (await earlyPreflight(taken))) ?? (await askStatus(connection));
      if (checked === 'closed') {
        if (taken !== undefined) continue; // the printer closed the idle connection: open a fresh one
        return err(
          printerError('io', `${target}: the connection closed before the printer answered ~HS`, true, [
            'unreachable',
          ]),
        );
      }
      if (!checked.ok) return checked;
      return ok({ connection, confirmsByStatus: checked.value.confirmsByStatus });
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
    const announced = await announceFirstByte(connection, hooks);
    if (!announced.ok) return announced;
    const deadline = sendDeadline(document.bytes.length, settings.writeTimeoutMs);
    const payload = confirmsByStatus ? Buffer.concat([document.bytes, HS_QUERY]) : document.bytes;
    const written = await writeDocument(connection, payload, deadline, target, settings.writeTimeoutMs);
    if (!written.ok) return written;
    if (confirmsByStatus) {
      const answer = await connection.readAnswer(hasStatusAnswer, deadline);
      if (answer.kind === 'none') {
        connection.destroy();
        // The whole label went out before the query: the printer may have read and printed it.
        return err(
          mayHavePrintedError(
            answer.why === 'timeout' ? 'timeout' : 'io',
            `${target}: the printer did not confirm the label (${answer.why === 'timeout' ? `no ~HS answer within ${settings.writeTimeoutMs} ms` : 'connection lost'}): it may have printed`,
            ['unreachable'],
          ),
        );
      }
      lastStatus = parseHostStatus(answer.text);
      connection.socket.end();
      return ok({ bytes: document.bytes.length });
    }
    // No status to confirm with: our FIN, then the printer's orderly close after reading up to it.
    const closed = await awaitOrderlyClose(connection, deadline, target);
    return closed.ok ? ok({ bytes: document.bytes.length }) : closed;
  }

  async function status(): Promise<PrinterStatus> {
    const opened = await connect();
    if (!opened.ok) return { state: 'offline', problems: ['unreachable'], detail: opened.error.message };
    const connection = opened.value;
    try {
      const deadline = monotonicNow() + settings.statusTimeoutMs;
      if ((await connection.write(HS_QUERY, deadline)) !== 'ok')
        return { state: 'offline', problems: ['unreachable'], detail: 'connection lost' };
      const answer = await connection.readAnswer(hasStatusAnswer, deadline);
      if (answer.kind === 'none')
        return { state: 'unknown', problems: ['unknown_status'], detail: `no answer to ~HS (${answer.why})` };
      lastStatus = parseHostStatus(answer.text);
      return lastStatus;
    } finally {
      connection.socket.end();
      connection.destroy();
    }
  }

  /** One connection opened ahead at a time, however many prepares overlap. */
  async function warmUp(): Promise<Warm | undefined> {
    if (warm?.connection.alive) return warm;
    connecting ??= (async () => {
      takeWarm()?.connection.destroy();
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
    })().finally(() => {
      connecting = undefined;
    });
    await connecting;
    return warm;
  }

  async function prepare(options: PrepareOptions = {}): Promise<void> {
    const current = await warmUp();
    if (!current || !options.preflight || !preflight) return;
    // A preflight already asked on this connection serves the next send while it is fresh.
    if (current.preflight && (await earlyPreflight(current)) !== undefined) return;
    if (warm !== current || !current.connection.alive) return; // taken by a send meanwhile: it asks itself
    current.preflight = askStatus(current.connection).then((checked) => ({
      checked,
      at: monotonicNow(),
      wallAt: Date.now(),
    }));
    await current.preflight;
  }

  return {
    config,
    announcesFirstByte: true,
    send,
    status,
    prepare,
    async close() {
      takeWarm()?.connection.destroy();
    },
  };
}
