import type { PrintableDocument } from '../labels/document';
import type { DeliveryClient, DeliveryError, PrintConfig } from '../nshift/delivery';
import type { Result } from '../result';
import { ok } from '../result';
import type { StationContext } from './context';
import { printConfigFromSettings } from './context';

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
    const docs = await client.documents.fromPrints(listed.value, owner, printConfig);
    if (docs.ok || docs.error.kind !== 'not_found' || !options.copyWhenExpired) return docs;
  } else if (!listed.ok && (listed.error.kind !== 'not_found' || !options.copyWhenExpired)) {
    return listed;
  } else if (listed.ok && !options.copyWhenExpired) {
    return { ok: true, value: [] };
  }
  const copied = await client.shipments.copyPrints(shipmentId, printConfig, { returnFile: true });
  if (!copied.ok) return copied;
  return client.documents.fromPrints(
    copied.value,
    { ...owner, idPrefix: `shp-${shipmentId}-copy` },
    printConfig,
  );
}

/** A shipment's documents from the label cache (exact bytes, no network), in the order they were cached. */
export async function cachedDocuments(ctx: StationContext, shipmentId: string): Promise<PrintableDocument[]> {
  return (await ctx.labelCache.documentsOf(shipmentId)).map((d) => d.document);
}

/**
 * The documents a cached set must hold to count as the shipment's: those its booking journalled, or (when the
 * journal never recorded them) those nShift lists for the shipment, asked without their bytes. An error: nShift
 * could not say, so nothing cached is trusted as the whole set and the download decides.
 */
async function expectedDocuments(
  ctx: StationContext,
  shipmentId: string,
  booked: readonly string[] | undefined,
  anyCached: boolean,
): Promise<Result<readonly string[], DeliveryError>> {
  if (booked !== undefined || !anyCached) return ok(booked ?? []);
  const listed = await ctx.client().shipments.listPrints(shipmentId);
  if (!listed.ok) return listed;
  return ok(listed.value.map((print) => `shp-${shipmentId}-print-${print.id}`));
}

/**
 * An existing shipment's documents: the label cache first, then nShift (a copy once its hour has passed),
 * which then join the cache for the next reprint. `booked` are the documents its booking journalled: when the
 * cache lacks one of them (a label lost, its customs declaration kept), the whole set comes from nShift, so
 * that a reprint never quietly leaves a document out. Without `booked` (a restart reconciling a booking whose
 * answer the journal never kept) the cached set is compared with the documents nShift lists for the shipment:
 * a cache holding some of them never passes for all of them.
 */
export async function knownDocuments(
  ctx: StationContext,
  shipmentId: string,
  booked?: readonly string[],
): Promise<Result<PrintableDocument[], DeliveryError>> {
  const cached = await cachedDocuments(ctx, shipmentId);
  const expected = await expectedDocuments(ctx, shipmentId, booked, cached.length > 0);
  if (expected.ok && cached.length > 0) {
    const cachedIds = new Set(cached.map((doc) => doc.id));
    const lacking = expected.value.filter((id) => !cachedIds.has(id));
    // The expected set, when there is one: the cache may also keep documents the job never printed (an original
    // whose `booked` the journal refused, beside the copy a restart printed after nShift's hour).
    if (lacking.length === 0)
      return ok(expected.value.length > 0 ? cached.filter((doc) => expected.value.includes(doc.id)) : cached);
    ctx.log(
      `shipment ${shipmentId}: the label cache lacks ${lacking.join(', ')}; asking nShift for its documents`,
    );
  }
  const fetched = await documentsOfShipment(
    ctx.client(),
    shipmentId,
    printConfigFromSettings(ctx.settings()),
    {
      copyWhenExpired: true,
    },
  );
  // The documents of one shipment go into the cache together: one record each, one write.
  if (fetched.ok) await ctx.labelCache.putAll(fetched.value);
  return fetched;
}
