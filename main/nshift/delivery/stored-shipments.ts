/** Stored shipments (docs/nshift-api.md 1.4): made ready elsewhere, booked and printed by the station. */
import { returnFile, type DeliveryCaller, type R } from './caller';
import type { ShipmentResult, StoredShipment } from './schemas';
import type { PrintConfig, ReturnFileOption, Shipment, StoredShipmentFilter } from './types';

export interface StoredShipments {
  list(filter?: StoredShipmentFilter): R<StoredShipment[]>;
  get(storedId: string): R<StoredShipment>;
  create(shipment: Shipment): R<StoredShipment>;
  replace(storedId: string, shipment: Shipment): R<StoredShipment>;
  delete(storedId: string): R<void>;
  /** Book and print a stored shipment (body = the printConfig itself). Never retried. Check `consolidated`. */
  book(storedId: string, printConfig: PrintConfig, options?: ReturnFileOption): R<ShipmentResult[]>;
}

export function storedShipmentsOf(call: DeliveryCaller): StoredShipments {
  return {
    list: (filter = {}) =>
      call.json(
        { operation: 'storedShipments.list', query: { ...filter } },
        (s) => s.storedShipmentListSchema,
      ),
    get: (storedId) =>
      call.json({ operation: 'storedShipments.get', params: { storedId } }, (s) => s.storedShipmentSchema),
    create: (shipment) =>
      call.json({ operation: 'storedShipments.create', body: shipment }, (s) => s.storedShipmentSchema),
    replace: (storedId, shipment) =>
      call.json(
        { operation: 'storedShipments.replace', params: { storedId }, body: shipment },
        (s) => s.storedShipmentSchema,
      ),
    delete: (storedId) => call.empty({ operation: 'storedShipments.delete', params: { storedId } }),
    book: (storedId, printConfig, o) =>
      call.json(
        {
          operation: 'storedShipments.book',
          params: { storedId },
          query: returnFile(o),
          body: printConfig,
        },
        (s) => s.shipmentResultListSchema,
      ),
  };
}
