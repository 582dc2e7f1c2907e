/**
 * End-of-day manifests ("shipment lists", docs/nshift-api.md 1.6), each under its type:
 * `/shipment-manifests/{manifestType}/manifests`. Documents come inline in `prints[].data` with `returnFile`
 * (default true).
 */
import { pdfBytes, pdfList, returnFile, type DeliveryCaller, type R } from './caller';
import type { Manifest, Print, ShipmentSummary } from './schemas';
import type {
  InlinePdfOption,
  ManifestFilter,
  ManifestRequest,
  ManifestShipmentFilter,
  PrintConfig,
  ReturnFileOption,
} from './types';

export interface Manifests {
  create(request: ManifestRequest, options?: ReturnFileOption): R<Manifest>;
  /** The shipment lists of one type printed earlier (a station lists each of its types). */
  list(manifestType: string, filter?: ManifestFilter): R<Manifest[]>;
  /** The printed manifest: its type, id, date, shipment count and documents. */
  get(manifestType: string, manifestId: string, options?: ReturnFileOption): R<Manifest>;
  shipments(manifestType: string, manifestId: string, filter?: ManifestShipmentFilter): R<ShipmentSummary[]>;
  /** The manifest's documents (each inline in `data` with `returnFile`, default true). */
  listPrints(manifestType: string, manifestId: string, options?: ReturnFileOption): R<Print[]>;
  fetchPrint(manifestType: string, manifestId: string, printId: string): R<Buffer>;
  /** The seed's PDF list: `inlinePdf` (default true) puts each PDF inline in `pdf`. */
  listPdfs(manifestType: string, manifestId: string, options?: InlinePdfOption): R<Print[]>;
  fetchPdf(manifestType: string, manifestId: string, pdfId: string): R<Buffer>;
  /** Prints the manifest again (nShift's documents live one hour); `printConfig` as for a booking. */
  copy(
    manifestType: string,
    manifestId: string,
    options?: ReturnFileOption & { printConfig?: PrintConfig },
  ): R<Print[]>;
}

export function manifestsOf(call: DeliveryCaller): Manifests {
  return {
    create: ({ manifestType, ...body }, o) =>
      call.json(
        { operation: 'manifests.create', params: { manifestType }, query: returnFile(o), body },
        (s) => s.manifestOf(manifestType),
      ),
    list: (manifestType, filter = {}) =>
      call.json({ operation: 'manifests.list', params: { manifestType }, query: { ...filter } }, (s) =>
        s.manifestListOf(manifestType),
      ),
    get: (manifestType, manifestId, o) =>
      call.json(
        { operation: 'manifests.get', params: { manifestType, manifestId }, query: returnFile(o) },
        (s) => s.manifestOf(manifestType),
      ),
    shipments: (manifestType, manifestId, filter = {}) =>
      call.json(
        { operation: 'manifests.shipments', params: { manifestType, manifestId }, query: { ...filter } },
        (s) => s.shipmentSummaryListSchema,
      ),
    listPrints: (manifestType, manifestId, o) =>
      call.json(
        { operation: 'manifests.listPrints', params: { manifestType, manifestId }, query: returnFile(o) },
        (s) => s.printListSchema,
      ),
    fetchPrint: (manifestType, manifestId, printId) =>
      pdfBytes(call, 'manifests.fetchPrint', { manifestType, manifestId, printId }),
    listPdfs: (manifestType, manifestId, o) =>
      pdfList(call, 'manifests.listPdfs', { manifestType, manifestId }, o),
    fetchPdf: (manifestType, manifestId, pdfId) =>
      pdfBytes(call, 'manifests.fetchPdf', { manifestType, manifestId, pdfId }),
    copy: (manifestType, manifestId, o) =>
      call.json(
        {
          operation: 'manifests.copy',
          params: { manifestType, manifestId },
          query: returnFile(o),
          body: o?.printConfig ?? {},
        },
        (s) => s.printsOrManifestOf(manifestType),
      ),
  };
}
