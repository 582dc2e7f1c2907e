import type {
  JobDocument,
  JobView,
  PrinterProblem,
  PrinterStateView,
  SpoolJobView,
} from '../../../preload/api';

/**
 * A job whose documents are in the queue but cannot reach their printer: the printer is offline or reports a
 * problem, or its spool job has already failed to send. The job itself still says "printing", which read as
 * "all is well" while the label was going nowhere.
 */
export interface PrinterWait {
  /** Which of the station's printers the packer should look at: the label printer or the document printer. */
  printer: 'label' | 'document';
  /** `error`: the printer answers but reports problems (paper out, head open…); else it cannot be reached. */
  trouble: 'offline' | 'error';
  printerName?: string;
  problems: PrinterProblem[];
  /** How often the station tried to send it so far. */
  attempts: number;
}

const WAITING_DOCUMENT = new Set<JobDocument['state']>(['queued', 'sending']);

function printerRole(document: JobDocument): PrinterWait['printer'] {
  return document.kind === 'label' || document.kind === 'return_label' || document.format === 'zpl'
    ? 'label'
    : 'document';
}

/**
 * The document's spool job: by its id, or (while the job view does not carry the spool job's id and printer
 * yet, as for a queued label) by the station job and document it was made for.
 */
function spoolJobOf(jobId: string, document: JobDocument, spool: SpoolJobView[]): SpoolJobView | undefined {
  if (document.spoolJobId) return spool.find((s) => s.id === document.spoolJobId);
  return spool.find(
    (s) => s.documentId === document.documentId && (s.stationJobId === undefined || s.stationJobId === jobId),
  );
}

function waitFor(
  jobId: string,
  document: JobDocument,
  printers: PrinterStateView[],
  spool: SpoolJobView[],
): PrinterWait | undefined {
  if (!WAITING_DOCUMENT.has(document.state)) return undefined;
  const spoolJob = spoolJobOf(jobId, document, spool);
  const printerId = document.printerId ?? spoolJob?.printerId;
  const printer = printerId ? printers.find((p) => p.printerId === printerId) : undefined;
  const attempts = spoolJob?.attempts ?? 0;
  const printerDown = printer?.state === 'offline' || printer?.state === 'error';
  // A send that already failed says the same even before the printer's state catches up.
  const sendFailed =
    spoolJob !== undefined &&
    WAITING_DOCUMENT.has(spoolJob.state) &&
    attempts > 0 &&
    Boolean(spoolJob.lastError);
  if (!printerDown && !sendFailed) return undefined;
  return {
    printer: printerRole(document),
    trouble: printer?.state === 'error' ? 'error' : 'offline',
    printerName: printer?.name ?? document.printerName,
    problems: printer?.problems ?? [],
    attempts,
  };
}

/** Whether the job is printing only in name because a printer it needs is away; undefined when it is not. */
export function printerWait(
  job: JobView,
  printers: PrinterStateView[],
  spool: SpoolJobView[],
): PrinterWait | undefined {
  if (job.state !== 'printing') return undefined;
  for (const shipment of job.shipments) {
    for (const document of shipment.documents) {
      const wait = waitFor(job.id, document, printers, spool);
      if (wait) return wait;
    }
  }
  return undefined;
}
