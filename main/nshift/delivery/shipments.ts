/**
 * Shipments and their documents (docs/nshift-api.md 1.3): book and print, cancel, the prints and PDFs of a
 * shipment and their copies, the printed-shipments feed; and the prints made into PrintableDocuments, downloaded
 * by `href` through this group's `fetchPrint` when nShift did not put them inline (documents.ts).
 */
import type { PrintableDocument } from '../../labels/document';
import { bytesOnly, inlinePdf, pdfBytes, pdfList, returnFile, type DeliveryCaller, type R } from './caller';
import { documentsFromPrints, documentsFromShipmentResult } from './documents';
import type { DocumentOwner } from './documents';
import type { Feed, FeedOptions, Feeds } from './feeds';
import type { FeedPage, Print, ShipmentResult, ShipmentSummary } from './schemas';
import type {
  CreateShipmentRequest,
  DocumentAccept,
  InlinePdfOption,
  PrintConfig,
  ReturnFileOption,
} from './types';

export interface Shipments {
  /** Book and print. Never retried; `outcome_unknown` when the answer was lost. `returnFile` defaults to true. */
  create(request: CreateShipmentRequest, options?: ReturnFileOption): R<ShipmentResult[]>;
  cancel(shipmentId: string): R<void>;
  listPrints(shipmentId: string, options?: ReturnFileOption): R<Print[]>;
  copyPrints(shipmentId: string, printConfig: PrintConfig, options?: ReturnFileOption): R<Print[]>;
  /** Raw document bytes, by `(shipmentId, printId)` or by a print's `href` (followed as given). */
  fetchPrint(shipmentIdOrHref: string, printId?: string, accept?: DocumentAccept): R<Buffer>;
  copyPdfs(shipmentId: string, printConfig: PrintConfig, options?: InlinePdfOption): R<Print[]>;
  listPdfs(shipmentId: string, options?: InlinePdfOption): R<Print[]>;
  fetchPdf(shipmentId: string, pdfId: string): R<Buffer>;
  printedFeedPage(fetchId: number): R<FeedPage<ShipmentSummary>>;
  printedFeed(options?: FeedOptions): Feed<ShipmentSummary>;
}

/** Prints → PrintableDocuments (bytes, format, kind, asked charset), downloading via `href` when needed. */
export interface Documents {
  fromShipmentResult(result: ShipmentResult, printConfig?: PrintConfig): R<PrintableDocument[]>;
  fromPrints(
    prints: readonly Print[],
    owner: DocumentOwner,
    printConfig?: PrintConfig,
  ): R<PrintableDocument[]>;
}

export function shipmentsOf(call: DeliveryCaller, { feedPageCall, feed }: Feeds): Shipments {
  const shipments: Shipments = {
    create: (request, o) =>
      call.json(
        {
          operation: 'shipments.create',
          query: returnFile(o),
          body: { printConfig: request.printConfig, shipment: request.shipment },
        },
        (s) => s.shipmentResultListSchema,
      ),
    cancel: (shipmentId) => call.empty({ operation: 'shipments.cancel', params: { shipmentId } }),
    listPrints: (shipmentId, o) =>
      call.json(
        { operation: 'shipments.listPrints', params: { shipmentId }, query: returnFile(o) },
        (s) => s.printListSchema,
      ),
    copyPrints: (shipmentId, printConfig, o) =>
      call.json(
        {
          operation: 'shipments.copyPrints',
          params: { shipmentId },
          query: returnFile(o),
          body: printConfig,
        },
        (s) => s.printListSchema,
      ),
    fetchPrint: (shipmentIdOrHref, printId, accept = 'application/octet-stream') =>
      bytesOnly(
        printId === undefined
          ? call.bytes({ operation: 'documents.fetchByHref', href: shipmentIdOrHref, accept, document: true })
          : call.bytes({
              operation: 'shipments.fetchPrint',
              params: { shipmentId: shipmentIdOrHref, printId },
              accept,
              document: true,
            }),
      ),
    copyPdfs: (shipmentId, printConfig, o) =>
      call.json(
        { operation: 'shipments.copyPdfs', params: { shipmentId }, query: inlinePdf(o), body: printConfig },
        (s) => s.printListSchema,
      ),
    listPdfs: (shipmentId, o) => pdfList(call, 'shipments.listPdfs', { shipmentId }, o),
    fetchPdf: (shipmentId, pdfId) => pdfBytes(call, 'shipments.fetchPdf', { shipmentId, pdfId }),
    printedFeedPage: (fetchId) =>
      feedPageCall('shipments', 'shipments.printedFeed', fetchId, (s) => s.printedFeedSchema),
    printedFeed: (o) => feed('shipments', shipments.printedFeedPage, o),
  };
  return shipments;
}

export function documentsOf(shipments: Pick<Shipments, 'fetchPrint'>): Documents {
  return {
    fromShipmentResult: (result, printConfig) =>
      documentsFromShipmentResult(result, {
        printConfig,
        fetchByHref: (href, accept) => shipments.fetchPrint(href, undefined, accept),
      }),
    fromPrints: (prints, owner, printConfig) =>
      documentsFromPrints(prints, owner, {
        printConfig,
        fetchByHref: (href, accept) => shipments.fetchPrint(href, undefined, accept),
      }),
  };
}
