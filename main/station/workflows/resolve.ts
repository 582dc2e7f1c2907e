import type { Failure, ResolveSource } from '../../../preload/api';
import type { Order, ShipmentSummary, StoredShipment } from '../../nshift/delivery';
import type { BookingTarget } from '../journal';
import type { StationContext } from '../context';
import { detailed, failure, failureFromDelivery } from '../failures';
import { isCancelled, namesShipment } from './shipment-lookup';
import { explainNotFound, partialsOfScan, preparedOfScan, type PartialsOfScan } from './checkout-lookup';
import { openConsolidatedIfListed } from './consolidated';

/** What a scanned code turned out to be. */
export type Resolution =
  | { kind: 'book'; source: 'order' | 'stored' | 'prepared'; orderNo: string; targets: BookingTarget[] }
  /** Already booked (by this station or another): the packer is offered a reprint, never a new booking. */
  | { kind: 'booked'; source: 'order' | 'stored' | 'prepared' | 'shipment'; shipmentIds: string[] }
  | { kind: 'failed'; failure: Failure };

/** Order statuses in which parcels are still waiting to be booked. */
const BOOKABLE_ORDER = new Set(['OPEN', 'PARTIALLY_SHIPPED']);

/**
 * Resolves a code through the configured sources in their order: an nShift order by `internalReference`, stored
 * shipments by `orderNo` (several = a split order, one booking each), a web shop's order through nShift
 * Checkout to its prepared shipments in Delivery (with Checkout credentials; several = a split order), then a
 * shipment or parcel number already booked. The first source that knows the code decides.
 */
export async function resolveCode(
  ctx: StationContext,
  code: string,
  sources: readonly ResolveSource[],
): Promise<Resolution> {
  // A code in the local index needs no lookup at all. Otherwise the order and stored-shipment lookups (both
  // read-only) go out together, so a stored shipment does not wait for an order lookup that finds nothing;
  // the configured order still decides which answer wins, also between two sources the index knows it in.
  // Checkout is asked only in its turn: a code Delivery knows never costs a request to the web shop's service.
  const indexed = sources.find((source) =>
    source === 'order'
      ? ctx.index?.order(code) !== undefined
      : source === 'stored' && (ctx.index?.storedShipments(code)?.length ?? 0) > 0,
  );
  // While its first sweep is under way the index knows what it has read, not what it has not: a source before
  // the one it knows the code in is still asked.
  const before = indexed && !ctx.index?.complete() ? sources.slice(0, sources.indexOf(indexed)) : [];
  const lookups = new Map<ResolveSource, Promise<Resolution | undefined>>();
  for (const source of sources) {
    if (source === 'shipment' || source === 'prepared') continue;
    if (indexed && source !== indexed && !before.includes(source)) continue;
    const lookup = source === 'order' ? fromOrders(ctx, code) : fromStored(ctx, code);
    lookup.catch(() => undefined); // an answer not needed once an earlier source decided is not an error
    lookups.set(source, lookup);
  }
  const partials = partialsOfScan(ctx, code);
  for (const source of sources) {
    const resolution =
      source === 'shipment'
        ? await fromShipments(ctx, code)
        : source === 'prepared'
          ? indexed
            ? undefined
            : await fromPrepared(ctx, code, partials)
          : await lookups.get(source);
    if (resolution) return resolution;
  }
  // Nothing to book: only now (never on the way to a booking) is it asked what else the code may be.
  const consolidated = await consolidationKey(ctx, code);
  if (consolidated) return { kind: 'failed', failure: consolidated };
  // Nothing in Delivery: Checkout may say why.
  return { kind: 'failed', failure: await explainNotFound(ctx, code, partials) };
}

async function fromPrepared(
  ctx: StationContext,
  code: string,
  partials: PartialsOfScan,
): Promise<Resolution | undefined> {
  const found = await preparedOfScan(ctx, code, partials, (orderNo) => historyOfOrderNo(ctx, orderNo));
  if (!found) return undefined;
  if (found.kind === 'book')
    return { kind: 'book', source: 'prepared', orderNo: code, targets: found.targets };
  if (found.kind === 'booked') return { kind: 'booked', source: 'prepared', shipmentIds: found.shipmentIds };
  return { kind: 'failed', failure: found.failure };
}

/**
 * The key of an open consolidated shipment (a cage's or pallet's label) is no order: the packer is told what it is
 * and where it is closed, not that the web shop never created it. A list nShift refuses says nothing either way.
 */
async function consolidationKey(ctx: StationContext, code: string): Promise<Failure | undefined> {
  const wanted = code.toLowerCase();
  const found = (await openConsolidatedIfListed(ctx))?.find(
    (c) => c.key?.toLowerCase() === wanted || c.consolidatedId === code,
  );
  if (!found) return undefined;
  const key = found.key ?? code;
  return failure(
    'not_found',
    'unknown_code',
    `"${code}" is the key of an open consolidated shipment, not an order or a shipment: nothing was booked. Scan the parcel's order or shipment number instead.`,
    detailed('consolidation_key', { key }),
  );
}

async function fromOrders(ctx: StationContext, code: string): Promise<Resolution | undefined> {
  const indexed = ctx.index?.order(code);
  if (indexed) return { kind: 'book', source: 'order', orderNo: code, targets: [orderTarget(indexed, code)] };
  const result = await ctx.client().orders.list({ internalReference: code });
  if (!result.ok)
    return result.error.kind === 'not_found'
      ? undefined
      : { kind: 'failed', failure: failureFromDelivery(result.error) };
  const matches = result.value.filter((o) => o.internalReference === code);
  if (matches.length === 0) return undefined;
  const open = matches.find((o) => BOOKABLE_ORDER.has((o.status ?? '').toUpperCase()));
  if (open) return { kind: 'book', source: 'order', orderNo: code, targets: [orderTarget(open, code)] };
  const shipped = matches.flatMap(shipmentIdsOfOrder);
  if (shipped.length > 0) return { kind: 'booked', source: 'order', shipmentIds: shipped };
  return {
    kind: 'failed',
    failure: failure(
      'not_found',
      'unknown_code',
      `The order "${code}" is cancelled in nShift: put the parcel aside and ask your team lead.`,
      detailed('order_cancelled', { code }),
    ),
  };
}

/** What booking an order needs to know of it: from a live lookup or the local index. */
type BookableOrder = Pick<Order, 'id'> & { parcels: readonly { id: string; shipmentId?: string | null }[] };

export function orderTarget(order: BookableOrder, internalReference: string): BookingTarget {
  const unbooked = order.parcels.filter((p) => !p.shipmentId).map((p) => p.id);
  const partial = unbooked.length > 0 && unbooked.length < order.parcels.length;
  return { type: 'order', orderId: order.id, internalReference, ...(partial ? { parcelIds: unbooked } : {}) };
}

export function shipmentIdsOfOrder(order: Order): string[] {
  return [...new Set(order.parcels.map((p) => p.shipmentId).filter((id): id is string => Boolean(id)))];
}

async function fromStored(ctx: StationContext, code: string): Promise<Resolution | undefined> {
  const indexed = ctx.index?.storedShipments(code);
  if (indexed && indexed.length > 0) {
    return {
      kind: 'book',
      source: 'stored',
      orderNo: code,
      targets: indexed.map((s) => ({ type: 'stored', storedId: s.id, orderNo: code })),
    };
  }
  const result = await ctx
    .client()
    .storedShipments.list({ searchField: 'orderNo', searchOp: 'equals', searchValue: code });
  if (!result.ok)
    return result.error.kind === 'not_found'
      ? undefined
      : { kind: 'failed', failure: failureFromDelivery(result.error) };
  const matches = result.value.filter((s) => (s.orderNo ?? '') === code);
  if (matches.length === 0) return undefined;
  const ready = matches.filter((s) => isReady(s));
  if (ready.length > 0) {
    return {
      kind: 'book',
      source: 'stored',
      orderNo: code,
      targets: ready.map((s) => ({ type: 'stored', storedId: s.id, orderNo: code })),
    };
  }
  const invalid = matches.find(isInvalid);
  if (invalid) return { kind: 'failed', failure: storedInvalid(invalid, code) };
  // Stored shipments that exist but are no longer READY have been booked already.
  const bookings = await historyOfOrderNo(ctx, code);
  const live = bookings.filter((s) => !isCancelled(s));
  const cancelled = bookings.find(isCancelled);
  // Booked once and cancelled since: nShift does not book a stored shipment twice, so a reprint (void) or a new
  // booking (refused) cannot help; the packer needs a new shipment made for the order.
  if (live.length === 0 && cancelled) return { kind: 'failed', failure: storedCancelled(code, cancelled) };
  return { kind: 'booked', source: 'stored', shipmentIds: live.map((s) => s.id) };
}

function storedCancelled(code: string, cancelled: ShipmentSummary): Failure {
  const shipmentNo = cancelled.shipmentNo ?? cancelled.id;
  return failure(
    'not_found',
    'already_cancelled',
    `The stored shipment "${code}" was booked as shipment ${shipmentNo}, which has been cancelled: a stored shipment is booked only once, and its label is void. Have a new shipment made for "${code}" in the order system or in nShift, then scan again.`,
    detailed('stored_cancelled', { code, shipmentNo }),
  );
}

/** nShift could not validate it (a field missing or wrong): it cannot be booked until corrected there. */
export function isInvalid(stored: StoredShipment): boolean {
  return (stored.status ?? '').toUpperCase() === 'INVALID';
}

/** An invalid stored shipment, with nShift's own field errors, for the packer to have corrected in nShift. */
export function storedInvalid(stored: StoredShipment, code: string): Failure {
  return failure(
    'validation',
    'validation',
    `The stored shipment for "${code}" is not valid in nShift: correct it there and scan again.`,
    {
      ...detailed('stored_invalid', { code }),
      errors: (stored.statuses ?? []).map((s) => ({
        field: s.field || s.messageCode || 'shipment',
        message: s.message,
      })),
    },
  );
}

export function isReady(stored: StoredShipment): boolean {
  const status = (stored.status ?? '').toUpperCase();
  return status === 'READY' || status === 'WARNED';
}

async function fromShipments(ctx: StationContext, code: string): Promise<Resolution | undefined> {
  for (const searchField of ['shipmentNo', 'parcelNo'] as const) {
    const result = await ctx.client().history.search({ searchField, searchValue: code });
    if (!result.ok) {
      if (result.error.kind === 'not_found' || result.error.kind === 'access') continue;
      return { kind: 'failed', failure: failureFromDelivery(result.error) };
    }
    const hits = result.value.filter((s) => namesShipment(s, code));
    if (hits.length > 0) return { kind: 'booked', source: 'shipment', shipmentIds: hits.map((s) => s.id) };
  }
  return undefined;
}

/** Shipments nShift's history knows for an order number (newest first), for duplicates and reconciliation. */
export async function shipmentsByOrderNo(ctx: StationContext, orderNo: string): Promise<string[]> {
  return (await bookingsByOrderNo(ctx, orderNo)).map((s) => s.id);
}

/** The shipments nShift's history lists for an order number, newest first, cancelled ones left out. */
export async function bookingsByOrderNo(ctx: StationContext, orderNo: string): Promise<ShipmentSummary[]> {
  return (await historyOfOrderNo(ctx, orderNo)).filter((s) => !isCancelled(s));
}

/** Every shipment nShift's history lists for an order number, newest first (none when it cannot be asked). */
export async function historyOfOrderNo(ctx: StationContext, orderNo: string): Promise<ShipmentSummary[]> {
  const result = await ctx.client().history.search({ searchField: 'orderNo', searchValue: orderNo });
  if (!result.ok) return [];
  return result.value.filter((s) => s.orderNo === orderNo);
}
