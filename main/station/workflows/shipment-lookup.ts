import type { ShipmentSummary as ShipmentView } from '../../../preload/api';
import type { ShipmentSummary, DeliveryError } from '../../nshift/delivery';
import type { StationContext } from '../context';

/**
 * Statuses after which the carrier has the parcel: cancelling then may cost a carrier penalty, so the packer
 * is warned. nShift's status vocabulary is not fully public; anything past PRINTED that is not CANCELLED counts.
 */
const NOT_HANDED_OVER = new Set(['', 'READY', 'PRINTED', 'CREATED', 'BOOKED', 'CANCELLED', 'OPEN']);

/** Whether nShift lists the shipment as cancelled: its label is void. */
export function isCancelled(s: Pick<ShipmentSummary, 'status'>): boolean {
  return (s.status ?? '').toUpperCase() === 'CANCELLED';
}

export function isHandedOver(status: string | null | undefined): boolean {
  return !NOT_HANDED_OVER.has((status ?? '').toUpperCase());
}

/** The parcel numbers of a shipment as nShift lists it. */
export function parcelNosOf(s: Pick<ShipmentSummary, 'parcels'>): string[] {
  return (s.parcels ?? []).map((p) => p.parcelNo).filter((n): n is string => Boolean(n));
}

/** Whether a scanned code names this shipment: its id, its shipment number, or one of its parcel numbers. */
export function namesShipment(s: ShipmentSummary, code: string): boolean {
  return (
    s.id === code ||
    s.shipmentNo === code ||
    (s.parcels ?? []).some((p) => p.parcelNo === code || p.returnParcelNo === code)
  );
}

export function toShipmentView(s: ShipmentSummary): ShipmentView {
  return {
    shipmentId: s.id,
    status: (s.status ?? 'UNKNOWN').toUpperCase(),
    parcelNos: parcelNosOf(s),
    handedOver: isHandedOver(s.status),
    ...(s.shipmentNo ? { shipmentNo: s.shipmentNo } : {}),
    ...(s.orderNo ? { orderNo: s.orderNo } : {}),
    ...(s.rcvName ? { receiverName: s.rcvName } : {}),
    ...(s.rcvCity ? { receiverCity: s.rcvCity } : {}),
    ...(s.serviceId ? { serviceId: s.serviceId } : {}),
    ...(s.created ? { created: s.created } : {}),
  };
}

/** The shipments this station cancelled in the journal's days: their labels are void, never reprinted. */
export function cancelledHere(ctx: StationContext): Set<string> {
  const cancelled = new Set<string>();
  for (const job of ctx.jobs.all()) {
    if (job.kind !== 'cancel') continue;
    for (const s of job.shipments) if (s.state === 'cancelled') cancelled.add(s.shipmentId);
  }
  return cancelled;
}

/**
 * How long a reprint waits to hear whether its shipments were cancelled elsewhere: an nShift out of reach (its
 * connect timeouts and retries take many seconds) must not hold up a reprint the label cache can make at once.
 */
const CANCEL_CHECK_MS = 2000;

function unansweredAfter(ms: number): Promise<{ ok: false; error: { message: string } }> {
  return new Promise((resolve) => {
    setTimeout(() => resolve({ ok: false, error: { message: `no answer within ${ms} ms` } }), ms).unref();
  });
}

/**
 * Those of `shipments` that nShift's history lists as cancelled: at another station or in nShift's portal, which
 * this station's journal cannot know. Asked by shipment number (else order number), all at once. Where nShift
 * cannot be asked the shipment is not counted: a reprint from the label cache works without nShift.
 */
export async function cancelledInNShift(
  ctx: StationContext,
  shipments: readonly { shipmentId: string; shipmentNo?: string; orderNo?: string }[],
): Promise<Set<string>> {
  const cancelled = new Set<string>();
  await Promise.all(
    shipments.map(async ({ shipmentId, shipmentNo, orderNo }) => {
      const by = shipmentNo
        ? ({ searchField: 'shipmentNo', searchValue: shipmentNo } as const)
        : orderNo
          ? ({ searchField: 'orderNo', searchValue: orderNo } as const)
          : undefined;
      if (!by) return;
      const result = await Promise.race([ctx.client().history.search(by), unansweredAfter(CANCEL_CHECK_MS)]);
      if (!result.ok) {
        ctx.log(`could not ask nShift whether shipment ${shipmentId} was cancelled: ${result.error.message}`);
        return;
      }
      const listed = result.value.find((s) => s.id === shipmentId);
      if (listed && isCancelled(listed)) cancelled.add(shipmentId);
    }),
  );
  return cancelled;
}

/** Shipments booked by this station today whose id, shipment number, parcel number or scanned code matches. */
export function shipmentsInJournal(
  ctx: StationContext,
  code: string,
): { shipmentId: string; shipmentNo?: string; orderNo?: string }[] {
  const found = new Map<string, { shipmentId: string; shipmentNo?: string; orderNo?: string }>();
  for (const job of ctx.jobs.all()) {
    if (job.kind !== 'scan' && job.kind !== 'book_stored') continue;
    for (const s of job.shipments) {
      if (!s.shipmentId || s.reference) continue;
      if (
        job.scan === code ||
        s.shipmentId === code ||
        s.shipmentNo === code ||
        s.parcelNos.includes(code) ||
        s.orderNo === code
      ) {
        found.set(s.shipmentId, {
          shipmentId: s.shipmentId,
          ...(s.shipmentNo ? { shipmentNo: s.shipmentNo } : {}),
          ...((s.orderNo ?? job.orderNo) ? { orderNo: (s.orderNo ?? job.orderNo) as string } : {}),
        });
      }
    }
  }
  return [...found.values()];
}

/**
 * Finds shipments in nShift's history by what was scanned: a shipment number, a parcel number, or an order
 * number. The history is the live source of the shipment's state (printed, in transit, cancelled).
 */
export async function findShipments(
  ctx: StationContext,
  code: string,
): Promise<ShipmentSummary[] | { error: DeliveryError }> {
  const client = ctx.client();
  for (const searchField of ['shipmentNo', 'parcelNo', 'orderNo'] as const) {
    const result = await client.history.search({ searchField, searchValue: code });
    if (!result.ok) {
      if (result.error.kind === 'not_found') continue;
      return { error: result.error };
    }
    const hits = result.value.filter((s) => namesShipment(s, code) || s.orderNo === code);
    if (hits.length > 0) return hits;
  }
  // A shipment booked here today: search by what the journal knows about it.
  for (const known of shipmentsInJournal(ctx, code)) {
    const by = known.shipmentNo
      ? { searchField: 'shipmentNo', searchValue: known.shipmentNo }
      : known.orderNo
        ? { searchField: 'orderNo', searchValue: known.orderNo }
        : undefined;
    if (!by) continue;
    const result = await client.history.search(by);
    if (result.ok) {
      const hit = result.value.filter((s) => s.id === known.shipmentId);
      if (hit.length > 0) return hit;
    }
  }
  return [];
}

/** What a person reads of a shipment, as far as the journal or nShift's history knows it. */
export interface ShipmentDetails {
  shipmentNo?: string;
  parcelNos: string[];
  receiverName?: string;
  serviceId?: string;
}

/** A shipment's numbers, parcels, receiver and service as nShift's history lists it. */
export function detailsOf(s: ShipmentSummary): ShipmentDetails {
  return {
    parcelNos: parcelNosOf(s),
    ...(s.shipmentNo ? { shipmentNo: s.shipmentNo } : {}),
    ...(s.rcvName ? { receiverName: s.rcvName } : {}),
    ...(s.serviceId ? { serviceId: s.serviceId } : {}),
  };
}

/** What this station's journal, then nShift's history (by the scanned code), says about some shipments. */
export async function shipmentDetails(
  ctx: StationContext,
  code: string,
  shipmentIds: readonly string[],
): Promise<Map<string, ShipmentDetails>> {
  const found = new Map<string, ShipmentDetails>();
  for (const job of ctx.jobs.all()) {
    for (const s of job.shipments) {
      if (!s.reference && shipmentIds.includes(s.shipmentId) && s.shipmentNo) {
        found.set(s.shipmentId, {
          shipmentNo: s.shipmentNo,
          parcelNos: s.parcelNos,
          ...(s.receiverName ? { receiverName: s.receiverName } : {}),
        });
      }
    }
  }
  if (shipmentIds.every((id) => found.has(id))) return found;
  for (const searchField of ['orderNo', 'shipmentNo', 'parcelNo'] as const) {
    const result = await ctx.client().history.search({ searchField, searchValue: code });
    if (!result.ok) continue;
    for (const s of result.value) {
      if (!shipmentIds.includes(s.id) || found.has(s.id)) continue;
      found.set(s.id, detailsOf(s));
    }
    if (shipmentIds.every((id) => found.has(id))) break;
  }
  return found;
}
