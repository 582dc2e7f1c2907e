import type { DeliveryClient, DeliveryError, CreatePrintJobRequest } from '../nshift/delivery';
import type { PrintJobApi, PrintJobApiError } from '../printers/print-job-api';
import { err, ok } from '../result';

/** Adapts the Delivery client to the slice of the print-job API the Print Client driver needs. */
export function createPrintJobApi(client: () => DeliveryClient): PrintJobApi {
  return {
    async createPrintJob({ target, ownerId, printId, printerId, contentType }) {
      const print = client().print;
      const job = { printerId, contentType };
      const created =
        target === 'shipment'
          ? await print.createShipmentPrintJob(ownerId, printId, job)
          : target === 'consolidated'
            ? await print.createConsolidatedPrintJob(ownerId, printId, job)
            : await createManifestJob(print, ownerId, printId, job);
      if (!created.ok) return err(toPrintJobError(created.error));
      return ok({ jobId: String(created.value.id), status: created.value.status ?? 'QUEUED' });
    },
    async listPrinters() {
      // Every page: an account with more Print Client printers than one page shows them all in discovery.
      const printers = await client().print.printers();
      if (!printers.ok) return err(toPrintJobError(printers.error));
      return ok(
        printers.value.map((p) => ({
          id: p.id,
          name: p.name ?? `Print Client printer ${p.id}`,
          ...(p.state ? { state: String(p.state) } : {}),
        })),
      );
    },
    async getPrinterState(printerId) {
      const printer = await client().print.printer(printerId);
      if (!printer.ok) return err(toPrintJobError(printer.error));
      return ok({ state: String(printer.value.state ?? 'unknown') });
    },
  };
}

/** A manifest's owner id is `type/id`: nShift keeps shipment lists under their type. */
function createManifestJob(
  print: DeliveryClient['print'],
  ownerId: string,
  printId: string,
  job: CreatePrintJobRequest,
): ReturnType<DeliveryClient['print']['createManifestPrintJob']> {
  const slash = ownerId.indexOf('/');
  if (slash <= 0)
    return Promise.resolve(
      err({
        kind: 'validation',
        operation: 'printJobs.createForManifest',
        status: 0,
        errors: [],
        message: `not sent: the manifest "${ownerId}" does not name its type (type/id)`,
      }),
    );
  return print.createManifestPrintJob(ownerId.slice(0, slash), ownerId.slice(slash + 1), printId, job);
}

function toPrintJobError(error: DeliveryError): PrintJobApiError {
  switch (error.kind) {
    case 'network':
    case 'server':
    case 'rate_limited':
      return {
        code: error.kind === 'network' ? 'network' : 'server',
        message: error.message,
        retryable: true,
      };
    case 'outcome_unknown':
      // The job may exist: sending another could print twice, so the spool must not retry on its own.
      return { code: 'network', message: error.message, retryable: false, mayExist: true };
    case 'auth':
    case 'access':
      return { code: 'auth', message: error.message, retryable: false };
    case 'not_found':
      return { code: 'not_found', message: error.message, retryable: false };
    case 'validation':
      return { code: 'validation', message: error.message, retryable: false };
    case 'malformed':
      return { code: 'other', message: error.message, retryable: false };
  }
}
