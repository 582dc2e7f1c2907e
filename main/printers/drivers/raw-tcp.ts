/**
 * A network printer's raw port (AppSocket/JetDirect, TCP 9100) for documents: office and A4 printers that take a
 * PDF (and most also ZPL or PCL) sent as is. What the printer understands is its business; ours is that every
 * byte reaches it exactly once.
 *
 * Unlike a Zebra, such a printer has no status query on this port that every model answers (PJL is not
 * universal), so nothing is asked and nothing extra is sent: "accepted" means the printer closed the connection
 * in order after reading up to our FIN — what CUPS' socket backend waits for too. The socket plumbing, the
 * timeouts and the error classes are the zpl-tcp driver's (tcp-connection.ts).
 */
import type { RawTcpPrinterConfig } from '../../../preload/api';
import type { PrintableDocument } from '../../labels/document';
import type { Result } from '../../result';
import { ok } from '../../result';
import type { SendHooks, SpoolAwareDriver } from '../driver';
import type { PrinterError, PrinterStatus } from '../types';
import {
  announceFirstByte,
  awaitOrderlyClose,
  connectTcp,
  sendDeadline,
  writeDocument,
} from './tcp-connection';

export interface RawTcpOptions {
  /** Until the TCP connection is established. */
  connectTimeoutMs?: number;
  /**
   * From the first byte until the printer closed the connection (plus 1 ms per 10 bytes). Longer than a Zebra's:
   * an office printer may read a big PDF slowly while it rasterises, and a false timeout means a retry.
   */
  writeTimeoutMs?: number;
}

const DEFAULTS = { connectTimeoutMs: 3000, writeTimeoutMs: 60_000 };

export function createRawTcpDriver(
  config: RawTcpPrinterConfig,
  options: RawTcpOptions = {},
): SpoolAwareDriver {
  const settings = { ...DEFAULTS, ...options };
  const target = `${config.name} (${config.host}:${config.port})`;

  async function send(
    document: PrintableDocument,
    hooks: SendHooks = {},
  ): Promise<Result<{ bytes: number }, PrinterError>> {
    const opened = await connectTcp(config.host, config.port, settings.connectTimeoutMs, target);
    if (!opened.ok) return opened;
    const connection = opened.value;
    const announced = await announceFirstByte(connection, hooks);
    if (!announced.ok) return announced;
    const deadline = sendDeadline(document.bytes.length, settings.writeTimeoutMs);
    const written = await writeDocument(
      connection,
      document.bytes,
      deadline,
      target,
      settings.writeTimeoutMs,
    );
    if (!written.ok) return written;
    const closed = await awaitOrderlyClose(connection, deadline, target);
    return closed.ok ? ok({ bytes: document.bytes.length }) : closed;
  }

  /** A connection that opens and closes again with nothing sent: the printer is there. Nothing more is known. */
  async function status(): Promise<PrinterStatus> {
    const opened = await connectTcp(config.host, config.port, settings.connectTimeoutMs, target);
    if (!opened.ok) return { state: 'offline', problems: ['unreachable'], detail: opened.error.message };
    opened.value.socket.end();
    opened.value.destroy();
    return { state: 'ready', problems: [] };
  }

  return { config, announcesFirstByte: true, send, status };
}
