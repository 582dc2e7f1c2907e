/**
 * nShift's Print Client (docs/nshift-api.md 1.7): its clients, their printers and print jobs for a shipment's,
 * a consolidated shipment's or a manifest's document. Lists of clients and printers: one page when `page` is
 * given, else every page (`size` 50).
 */
import { pages, type DeliveryCaller, type R } from './caller';
import type { PrintClient, PrintJob, Printer } from './schemas';
import type { CreatePrintJobRequest, PageOptions, PrintJobListFilter } from './types';

export interface PrintClients {
  clients(options?: PageOptions): R<PrintClient[]>;
  client(clientId: number): R<PrintClient>;
  clientPrinters(clientId: number, options?: PageOptions): R<Printer[]>;
  printers(options?: PageOptions): R<Printer[]>;
  printer(printerId: number): R<Printer>;
  jobs(filter?: PrintJobListFilter): R<PrintJob[]>;
  job(printJobId: string | number): R<PrintJob>;
  createShipmentPrintJob(shipmentId: string, printId: string, job: CreatePrintJobRequest): R<PrintJob>;
  createConsolidatedPrintJob(
    consolidatedId: string,
    printId: string,
    job: CreatePrintJobRequest,
  ): R<PrintJob>;
  createManifestPrintJob(
    manifestType: string,
    manifestId: string,
    printId: string,
    job: CreatePrintJobRequest,
  ): R<PrintJob>;
}

export function printClientsOf(call: DeliveryCaller): PrintClients {
  return {
    clients: (o) =>
      pages(o, (query) =>
        call.json({ operation: 'printClients.list', query }, (s) => s.printClientListSchema),
      ),
    client: (clientId) =>
      call.json({ operation: 'printClients.get', params: { clientId } }, (s) => s.printClientSchema),
    clientPrinters: (clientId, o) =>
      pages(o, (query) =>
        call.json(
          { operation: 'printClients.printers', params: { clientId }, query },
          (s) => s.printerListSchema,
        ),
      ),
    printers: (o) =>
      pages(o, (query) => call.json({ operation: 'printers.list', query }, (s) => s.printerListSchema)),
    printer: (printerId) =>
      call.json({ operation: 'printers.get', params: { printerId } }, (s) => s.printerSchema),
    jobs: (filter = {}) =>
      call.json({ operation: 'printJobs.list', query: { ...filter } }, (s) => s.printJobListSchema),
    job: (printJobId) =>
      call.json({ operation: 'printJobs.get', params: { printJobId } }, (s) => s.printJobSchema),
    createShipmentPrintJob: (shipmentId, printId, job) =>
      call.json(
        { operation: 'printJobs.createForShipment', params: { shipmentId, printId }, body: job },
        (s) => s.printJobSchema,
      ),
    createConsolidatedPrintJob: (consolidatedId, printId, job) =>
      call.json(
        { operation: 'printJobs.createForConsolidated', params: { consolidatedId, printId }, body: job },
        (s) => s.printJobSchema,
      ),
    createManifestPrintJob: (manifestType, manifestId, printId, job) =>
      call.json(
        {
          operation: 'printJobs.createForManifest',
          params: { manifestType, manifestId, printId },
          body: job,
        },
        (s) => s.printJobSchema,
      ),
  };
}
