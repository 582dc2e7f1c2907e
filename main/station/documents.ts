import type { PrintableDocument } from '../labels/document';
import { documentsFromPrints, documentsFromShipmentResult, type DocumentContext } from '../nshift/delivery/documents';
import type { DeliveryClient } from '../nshift/delivery/client';
import type { DeliveryError } from '../nshift/delivery/errors';
import type { ShipmentResult } from '../nshift/delivery/schemas';
import type { PrintConfig } from '../nshift/delivery/types';
import type { Result } from '../result';

function documentContext(client: DeliveryClient, printConfig: PrintConfig): DocumentContext {
  return { printConfig, fetchByHref: (href, accept) => client.shipments.fetchPrint(href, undefined, accept) };
}

/** The documents that came with a booking response (`returnFile=true`): no extra round trip when inline. */
export function documentsOfResult(client: DeliveryClient, result: ShipmentResult, printConfig: PrintConfig): Promise<Result<PrintableDocument[], DeliveryError>> {
  return documentsFromShipmentResult(result, documentContext(client, printConfig));
}

/**
 * The documents of an existing shipment: listed with their bytes inline (one round trip). nShift keeps them for
 * one hour; after that (`data` null, or the download 404s) a copy is made when the caller allows it.
 */
export async function documentsOfShipment(
  client: DeliveryClient,
  shipmentId: string,
  printConfig: PrintConfig,
  options: { copyWhenExpired?: boolean } = {},
): Promise<Result<PrintableDocument[], DeliveryError>> {
  const owner = { idPrefix: `shp-${shipmentId}`, shipmentId };
  const listed = await client.shipments.listPrints(shipmentId, { returnFile: true });
  if (listed.ok && listed.value.length > 0) {
    const docs = await documentsFromPrints(listed.value, owner, documentContext(client, printConfig));
    if (docs.ok || docs.error.kind !== 'not_found' || !options.copyWhenExpired) return docs;
  } else if (!listed.ok && (listed.error.kind !== 'not_found' || !options.copyWhenExpired)) {
    return listed;
  } else if (listed.ok && !options.copyWhenExpired) {
    return { ok: true, value: [] };
  }
  const copied = await client.shipments.copyPrints(shipmentId, printConfig, { returnFile: true });
  if (!copied.ok) return copied;
  return documentsFromPrints(copied.value, { ...owner, idPrefix: `shp-${shipmentId}-copy` }, documentContext(client, printConfig));
}
