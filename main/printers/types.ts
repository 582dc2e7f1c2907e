import type {
  PrinterConfig,
  PrinterErrorCode,
  PrinterProblem,
  PrinterStateView,
  SpoolJobView,
  DiscoveredPrinter,
  HeldReason,
} from '../../preload/api';
import type { PrintableDocument } from '../labels/document';
import type { Result } from '../result';

/** Why a driver could not hand a document to its printer. `retryable` errors are worth another try later. */
export interface PrinterError {
  code: PrinterErrorCode;
  message: string;
  retryable: boolean;
  problems?: PrinterProblem[];
  /**
   * Every byte was handed to the printer, and then the printer neither confirmed nor refused it: it may have
   * printed. Never sent again unasked (the spool holds it, `unconfirmed`): sent again, it could print twice.
   */
  mayHavePrinted?: true;
}

export interface PrinterStatus {
  state: 'ready' | 'offline' | 'error' | 'unknown';
  problems: PrinterProblem[];
  /** Raw status text when the printer returned something unparseable (never trusted). */
  detail?: string;
}

/** One kind of printer. `send` resolves only when the printer (or its queue) accepted every byte. */
export interface PrinterDriver {
  readonly config: PrinterConfig;
  send(document: PrintableDocument): Promise<Result<{ bytes: number }, PrinterError>>;
  status(): Promise<PrinterStatus>;
  close?(): Promise<void>;
}

export interface PrinterDiscovery {
  discover(): Promise<DiscoveredPrinter[]>;
}

/** What the station tells the print service about a document, for routing and for the UI. */
export interface PrintRequest {
  document: PrintableDocument;
  stationJobId?: string;
  shipmentId?: string;
  /** An explicit printer (test print, packer's choice); otherwise the router decides. */
  printerId?: string;
  /** The first byte also waits for this (see EnqueueInput.sendAfter). */
  sendAfter?: Promise<void>;
  /** With `sendAfter`: that write records the job as sending (see EnqueueInput.sendingRecordedByOwner). */
  sendingRecordedByOwner?: boolean;
  /** Held at once, not sent: the owner's record says it may have printed before a restart (see EnqueueInput). */
  heldAfterRestart?: boolean;
  /**
   * The packer asked for this print (a reprint): the same document held in the spool is released and printed,
   * once, rather than followed as held. A job resumed after a restart never sets it: what is held waits for the
   * packer.
   */
  releaseHeld?: boolean;
}

export interface PrintOutcome {
  spoolJobId: string;
  printerId: string;
  printerName: string;
  state: 'printed' | 'held' | 'failed';
  bytes: number;
  /** Why a `held` document is held (see SpoolJobView.heldReason). */
  heldReason?: HeldReason;
  error?: PrinterError;
  /**
   * The print spool's own files could not be written (the file system's error): the job ended before any byte was
   * sent, and nothing of it is left in the spool for a restart. Not a printer's fault; the owner decides what the
   * refusal means for its own records.
   */
  spoolRefused?: unknown;
}

export type { PrinterStateView, SpoolJobView };
