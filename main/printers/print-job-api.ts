/**
 * The small slice of nShift's print-job API the Print Client driver needs. The station adapts its Delivery
 * client to this (POST …/prints/{printId}/print-jobs), so printers/ never depends on the HTTP client.
 */
import type { Result } from '../result';

export type PrintJobTarget = 'shipment' | 'consolidated' | 'manifest';
export type PrintJobContentType = 'pdf_base64' | 'pdf_uri' | 'raw_base64' | 'raw_uri';

export interface CreatePrintJobInput {
  target: PrintJobTarget;
  /** The shipment or consolidated shipment id the document belongs to; a manifest's is `type/id`. */
  ownerId: string;
  printId: string;
  /** nShift Print Client printer id. */
  printerId: number;
  contentType: PrintJobContentType;
}

export interface PrintJobApiError {
  code: 'network' | 'auth' | 'not_found' | 'validation' | 'server' | 'other';
  message: string;
  /** Worth another try later (network, 5xx); a 404 (document expired) or 422 is not. */
  retryable: boolean;
  /** The request may have made the job (its answer was lost): another could print the document twice. */
  mayExist?: true;
}

export interface PrintJobApi {
  createPrintJob(
    input: CreatePrintJobInput,
  ): Promise<Result<{ jobId: string; status: string }, PrintJobApiError>>;
  /** Optional: the Print Client printer's state (`connected`/`disconnected`…), for status(). */
  getPrinterState?(printerId: number): Promise<Result<{ state: string }, PrintJobApiError>>;
  /** Optional: the Print Client printers the account has, for discovery. */
  listPrinters?(): Promise<Result<{ id: number; name: string; state?: string }[], PrintJobApiError>>;
}
