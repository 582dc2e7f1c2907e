/**
 * Prepared shipments: how nShift Delivery holds a Checkout partial shipment until it is booked (the route rows
 * are the "prepared shipments" block of routes.ts; evidence in docs/nshift-checkout-api.md). Booking one books
 * and prints it like a stored shipment, and by default consumes it: a second booking of the same prepare id
 * finds nothing (`404`), which is how a lost answer is recognised as booked.
 */
import type { DeliveryCaller, R } from './caller';
import type { PreparedShipment, ShipmentResult, StoredShipment } from './schemas';
import type { PrintConfig, ReturnFileOption, Shipment } from './types';

export interface PreparedBookOptions extends ReturnFileOption {
  /** Keep the prepared shipment for another booking (nShift: parts sent from elsewhere, backorders, returns). */
  keepPreparedShipment?: boolean;
}

export interface PreparedShipments {
  get(prepareId: string): R<PreparedShipment>;
  /** No further operation works on the id afterwards. */
  delete(prepareId: string): R<void>;
  /** Book and print (body = the printConfig itself). Never retried; `outcome_unknown` when the answer was lost. */
  book(prepareId: string, printConfig: PrintConfig, options?: PreparedBookOptions): R<ShipmentResult[]>;
  /** Turn it into a stored shipment; `shipment` completes it (fields the prepared one lacks). */
  toStored(prepareId: string, shipment?: Shipment): R<StoredShipment>;
}

export function preparedShipmentsOf(call: DeliveryCaller): PreparedShipments {
  return {
    get: (prepareId) =>
      call.json(
        { operation: 'preparedShipments.get', params: { prepareId } },
        (s) => s.preparedShipmentSchema,
      ),
    delete: (prepareId) => call.empty({ operation: 'preparedShipments.delete', params: { prepareId } }),
    book: (prepareId, printConfig, options = {}) =>
      call.json(
        {
          operation: 'preparedShipments.book',
          params: { prepareId },
          query: {
            returnFile: options.returnFile ?? true,
            ...(options.keepPreparedShipment !== undefined
              ? { keepPreparedShipment: options.keepPreparedShipment }
              : {}),
          },
          body: printConfig,
        },
        (s) => s.shipmentResultListSchema,
      ),
    toStored: (prepareId, shipment = {}) =>
      call.json(
        { operation: 'preparedShipments.toStored', params: { prepareId }, body: shipment },
        (s) => s.storedShipmentSchema,
      ),
  };
}
