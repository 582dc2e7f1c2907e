/**
 * Consolidated shipments (docs/nshift-api.md 1.5): bookings with option CONSOLIDATE and a key join the open
 * consolidated shipment of that key; closing it prints the shipment-level documents.
 */
import { err, ok } from '../../result';
import { bytesOnly, pdfBytes, pdfList, returnFile, type DeliveryCaller, type R } from './caller';
import { consolidationKeyOf } from './consolidation';
import type { DeliveryError } from './errors';
import { historyPage } from './history';
import type { ConsolidatedShipment, Print, ShipmentResult, ShipmentSummary } from './schemas';
import type {
  CreateShipmentRequest,
  DocumentAccept,
  InlinePdfOption,
  PrintConfig,
  ReturnFileOption,
  StoredShipmentFilter,
} from './types';

/** What deleting a consolidated shipment left: the cancelled shipment nShift adds, when it could be found. */
export interface ConsolidatedDeletion {
  cancelled?: ShipmentSummary;
}

export interface Consolidated {
  /**
   * Create or add to the open consolidated shipment. `shipment.options` must hold `{id: 'CONSOLIDATE', key}`:
   * without it nShift books a normal shipment (seed), so the client refuses such a request unsent
   * (`validation`, status 0). Check `consolidated` on the answer all the same.
   */
  create(request: CreateShipmentRequest, options?: ReturnFileOption): R<ShipmentResult[]>;
  listOpen(filter?: StoredShipmentFilter): R<ConsolidatedShipment[]>;
  /**
   * Deletes an open consolidated shipment. nShift then adds a cancelled shipment for the documents printed
   * earlier (seed); it is returned when it can be found (history, by the consolidated shipment's number).
   */
  delete(consolidatedId: string): R<ConsolidatedDeletion>;
  deleteParcelGroup(consolidatedId: string, partOrderNo: string): R<void>;
  close(consolidatedId: string, printConfig: PrintConfig, options?: ReturnFileOption): R<ShipmentResult[]>;
  listPrints(consolidatedId: string, options?: ReturnFileOption): R<Print[]>;
  fetchPrint(consolidatedId: string, printId: string, accept?: DocumentAccept): R<Buffer>;
  /** The legacy PDF list (docs/nshift-api.md 1.5): `inlinePdf` (default true) puts each PDF inline in `pdf`. */
  listPdfs(consolidatedId: string, options?: InlinePdfOption): R<Print[]>;
  fetchPdf(consolidatedId: string, pdfId: string): R<Buffer>;
}

export function consolidatedOf(call: DeliveryCaller): Consolidated {
  return {
    create: (request, o) => {
      if (!consolidationKeyOf(request.shipment)) return Promise.resolve(err(missingConsolidationKey()));
      return call.json(
        {
          operation: 'consolidated.create',
          query: returnFile(o),
          body: { printConfig: request.printConfig, shipment: request.shipment },
        },
        (s) => s.shipmentResultListSchema,
      );
    },
    listOpen: (filter = {}) =>
      call.json(
        { operation: 'consolidated.listOpen', query: { ...filter } },
        (s) => s.consolidatedShipmentListSchema,
      ),
    delete: async (consolidatedId) => {
      // The cancelled shipment nShift adds carries the consolidated shipment's number: read it first.
      const open = await call.json(
        { operation: 'consolidated.listOpen' },
        (s) => s.consolidatedShipmentListSchema,
      );
      const shipmentNo = open.ok ? open.value.find((c) => c.id === consolidatedId)?.shipmentNo : undefined;
      const deleted = await call.empty({ operation: 'consolidated.delete', params: { consolidatedId } });
      if (!deleted.ok) return deleted;
      if (!shipmentNo) return ok({});
      const found = await historyPage(call, {
        searchField: 'shipmentNo',
        searchValue: shipmentNo,
        status: 'cancelled',
      });
      // The delete is done whatever the look-up says: a missing licence only leaves the shipment unnamed.
      const cancelled = found.ok ? found.value.shipments.find((s) => s.shipmentNo === shipmentNo) : undefined;
      return ok(cancelled ? { cancelled } : {});
    },
    deleteParcelGroup: (consolidatedId, partOrderNo) =>
      call.empty({ operation: 'consolidated.deleteParcelGroup', params: { consolidatedId, partOrderNo } }),
    close: (consolidatedId, printConfig, o) =>
      call.json(
        {
          operation: 'consolidated.close',
          params: { consolidatedId },
          query: returnFile(o),
          body: printConfig,
        },
        (s) => s.shipmentResultListSchema,
      ),
    listPrints: (consolidatedId, o) =>
      call.json(
        { operation: 'consolidated.listPrints', params: { consolidatedId }, query: returnFile(o) },
        (s) => s.printListSchema,
      ),
    fetchPrint: (consolidatedId, printId, accept = 'application/pdf') =>
      bytesOnly(
        call.bytes({
          operation: 'consolidated.fetchPrint',
          params: { consolidatedId, printId },
          accept,
          document: true,
        }),
      ),
    listPdfs: (consolidatedId, o) => pdfList(call, 'consolidated.listPdfs', { consolidatedId }, o),
    fetchPdf: (consolidatedId, pdfId) => pdfBytes(call, 'consolidated.fetchPdf', { consolidatedId, pdfId }),
  };
}

function missingConsolidationKey(): DeliveryError {
  return {
    kind: 'validation',
    operation: 'consolidated.create',
    status: 0,
    errors: [
      {
        message: 'A consolidated booking needs the option CONSOLIDATE with a key; nothing was sent',
        messageCode: 'ConsolidationKey',
        field: 'Option_Key',
        location: 'options',
        type: 'error',
      },
    ],
    message:
      'not sent: a consolidated booking without option CONSOLIDATE and a key would book a normal shipment',
  };
}
