/**
 * What the spool needs from a driver beyond `PrinterDriver` (types.ts stays the shared contract; these are
 * optional additions a driver may implement).
 */
import type { DocumentFormat, PrintableDocument } from '../labels/document';
import type { PrinterConfig, PrinterKind } from '../../preload/api';
import type { Result } from '../result';
import type { PrinterDriver, PrinterError } from './types';

export interface SendHooks {
  /**
   * Called once the printer (or queue) is reachable and right before the first byte of the document leaves.
   * The spool persists the job as `sending` here, so the window in which a crash leaves it unsure whether the
   * printer got the label is as small as it can be. A driver that fails before this point sent nothing.
   */
  beforeFirstByte?: () => Promise<void>;
}

export interface SpoolAwareDriver extends PrinterDriver {
  /** True when `send` calls `hooks.beforeFirstByte`; otherwise the spool marks `sending` before calling `send`. */
  readonly announcesFirstByte?: boolean;
  send(document: PrintableDocument, hooks?: SendHooks): Promise<Result<{ bytes: number }, PrinterError>>;
  /** Opens the connection ahead of a send (e.g. while a booking is in flight). Optional, best effort. */
  prepare?(options?: PrepareOptions): Promise<void>;
}

export interface PrepareOptions {
  /**
   * Also ask the printer whether it can print now, on that connection: the document is in hand and the next
   * send is milliseconds away (the spool is writing it to disk), so its preflight need not wait for that.
   */
  preflight?: boolean;
}

/**
 * Which document formats each kind of printer takes: a Zebra's socket (zpl-tcp) never gets a PDF; a network
 * printer's raw port (raw-tcp: an office printer over AppSocket/JetDirect) takes PDFs, and ZPL for the printers
 * that speak it.
 */
export const ACCEPTED_FORMATS: Record<PrinterKind, readonly DocumentFormat[]> = {
  'zpl-tcp': ['zpl'],
  'os-queue': ['zpl', 'pdf'],
  'print-client': ['zpl', 'pdf'],
  file: ['zpl', 'pdf'],
  'raw-tcp': ['pdf', 'zpl'],
};

export function acceptsFormat(printer: PrinterConfig, format: DocumentFormat): boolean {
  return ACCEPTED_FORMATS[printer.kind].includes(format);
}

export function printerError(
  code: PrinterError['code'],
  message: string,
  retryable: boolean,
  problems?: PrinterError['problems'],
): PrinterError {
  return problems === undefined ? { code, message, retryable } : { code, message, retryable, problems };
}

/**
 * A failure after the document went out, which the printer (or its queue) neither confirmed nor refused: it may
 * have printed, so it is not retried (the spool holds it, `unconfirmed`).
 */
export function mayHavePrintedError(
  code: PrinterError['code'],
  message: string,
  problems?: PrinterError['problems'],
): PrinterError {
  return { ...printerError(code, message, false, problems), mayHavePrinted: true };
}

export function describeError(error: unknown): string {
  if (error instanceof Error) {
    const code = (error as NodeJS.ErrnoException).code;
    return code !== undefined && !error.message.includes(code) ? `${code}: ${error.message}` : error.message;
  }
  return String(error);
}
