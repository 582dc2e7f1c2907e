import * as z from '../zod';

/** Every scan, reprint, cancel, manifest and test print is a job with a visible state. */
export const jobKindSchema = z.enum([
  'scan',
  'reprint',
  'cancel',
  'manifest',
  'test_print',
  'consolidated_close',
  'book_stored',
]);
export type JobKind = z.infer<typeof jobKindSchema>;

export const jobStateSchema = z.enum([
  'resolving',
  'booking',
  'printing',
  'printed', // every document accepted by its printer
  'held', // at least one document waits for the packer's release (printer offline too long, TTL)
  'done', // finished without printing (cancel, delete)
  'failed',
]);
export type JobState = z.infer<typeof jobStateSchema>;

/** What a scan was found to be in nShift (or what a command's job is about). */
export const resolvedSourceSchema = z.enum([
  'order',
  'stored',
  'prepared',
  'shipment',
  'consolidated',
  'manifest',
]);
export type ResolvedSource = z.infer<typeof resolvedSourceSchema>;

export const spoolJobStateSchema = z.enum(['queued', 'sending', 'printed', 'failed', 'held', 'cancelled']);
export type SpoolJobState = z.infer<typeof spoolJobStateSchema>;

/**
 * Why a printer holds a document: too old to print unasked (`ttl`), the printer stayed offline (`offline`), the
 * station stopped while sending it (`restart`), or it was sent whole and the printer neither confirmed nor refused
 * it (`unconfirmed`); the last two may have printed.
 */
export const heldReasonSchema = z.enum(['ttl', 'offline', 'restart', 'unconfirmed']);
export type HeldReason = z.infer<typeof heldReasonSchema>;

/**
 * Why a printer (or its driver) did not take a document: what the UI says it in words from, never the driver's
 * text. `document_gone`: nShift no longer has the document a Print Client printer was to print (its hour passed).
 */
export const printerErrorCodeSchema = z.enum([
  'unreachable',
  'timeout',
  'rejected',
  'unsupported_format',
  'printer_problem',
  'io',
  'document_gone',
]);
export type PrinterErrorCode = z.infer<typeof printerErrorCodeSchema>;

/** How a document's print ended, as the journal's `print_state` records it (a spool job's final states, and `held`). */
export const printStateSchema = z.enum(['printed', 'held', 'failed', 'cancelled']);
export type PrintState = z.infer<typeof printStateSchema>;
