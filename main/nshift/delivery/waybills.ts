/** Waybills (`/shipment-waybills`, docs/nshift-api.md 1.9): a master shipment over bulk shipments. */
import { returnFile, type DeliveryCaller, type R } from './caller';
import type { Waybill } from './schemas';
import type { JsonObject, PrintConfig, ReturnFileOption } from './types';

export interface Waybills {
  list(): R<Waybill[]>;
  get(waybillId: string): R<Waybill>;
  /** Prints a waybill (a master shipment over bulk shipments); its documents are in `prints`. */
  create(request: JsonObject & { printConfig?: PrintConfig }, options?: ReturnFileOption): R<Waybill>;
}

export function waybillsOf(call: DeliveryCaller): Waybills {
  return {
    list: () => call.json({ operation: 'waybills.list' }, (s) => s.waybillListSchema),
    get: (waybillId) =>
      call.json({ operation: 'waybills.get', params: { waybillId } }, (s) => s.waybillSchema),
    create: (request, o) =>
      call.json(
        { operation: 'waybills.create', query: returnFile(o), body: request },
        (s) => s.waybillSchema,
      ),
  };
}
