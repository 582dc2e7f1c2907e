/**
 * Booking: validate, commit (synchronously, so two concurrent requests can never both book the same thing),
 * then make the documents. Shared by /shipments, /orders/shipments, stored and consolidated bookings.
 */
import { findService } from './catalogue';
import { trackBooking } from './carrier';
import type { SimContext } from './context';
import { generateShipmentDocuments, printJson, type PrintJson } from './documents';
import { formatTimestamp, sscc } from './format';
import type { PrintTarget } from './print-config';
import type { Party, ShipmentInput } from './schemas';
import type { BookingRoute, SimParcel, SimShipment, ValidationItem } from './state';
import { nextId } from './state';
import { hasErrors, validateShipment } from './validation';

export const DEFAULT_SENDER: Party = {
  quickId: '1',
  name: 'Packbench Demo Lager AB',
  address1: 'Industrigatan 5',
  zipcode: '21616',
  city: 'LIMHAMN',
  country: 'SE',
  phone: '+46401234567',
  email: 'lager@example.com',
};

/** The sender: given in full, or by `quickId` from the address book, or the account's default sender. */
export function resolveSender(ctx: SimContext, data: ShipmentInput): Party | null {
  const given = data.sender;
  const quickId = given?.quickId ?? undefined;
  const hasAddress = !!given && !!(given.name || given.address1 || given.zipcode);
  if (given && hasAddress) return given;
  const wanted = quickId ?? '1';
  for (const sender of ctx.state.stores.senders.values()) {
    if (String(sender.quickId ?? sender.id) === wanted) return sender as Party;
  }
  return wanted === '1' ? DEFAULT_SENDER : null;
}

export function newParcelNo(ctx: SimContext): string {
  return sscc('7350', nextId(ctx.state, 'parcelNo'));
}

export function newShipmentNo(ctx: SimContext): string {
  return sscc('7350', 50_000_000_000 + nextId(ctx.state, 'shipmentNo'));
}

export function expandParcels(ctx: SimContext, data: ShipmentInput): SimParcel[] {
  const out: SimParcel[] = [];
  for (const p of data.parcels ?? []) {
    const copies = p.copies ?? 1;
    for (let i = 0; i < copies; i++) {
      out.push({
        parcelNo: newParcelNo(ctx),
        returnParcelNo: null,
        reference: p.reference ?? null,
        weight: p.weight ?? null,
        contents: p.contents ?? null,
        value: p.valuePerParcel ?? null,
      });
    }
  }
  return out;
}

export interface BookingMeta {
  route: BookingRoute;
  storedId?: string;
  orderId?: string;
  internalReference?: string;
  consolidatedId?: string;
  shipmentNo?: string;
  consolidated?: boolean;
  /** Parcels already numbered by the caller (order parcels, consolidated groups). */
  parcels?: SimParcel[];
  createdAt?: number;
  /** False for shipment objects that only represent something (a deleted consolidated shipment). */
  record?: boolean;
}

/** Does the shipment ask for a return shipment too (addon RETURN)? Its booking then makes two. */
export function wantsReturn(data: ShipmentInput): boolean {
  return (data.service?.addons ?? []).some((a) => a.id.toUpperCase() === 'RETURN');
}

/** Creates the shipment(s) in state: a combined normal + return booking gives two. No documents yet. */
export function commitShipment(
  ctx: SimContext,
  data: ShipmentInput,
  sender: Party,
  meta: BookingMeta,
): SimShipment[] {
  const service = findService(data.service?.id ?? undefined);
  const now = meta.createdAt ?? ctx.clock.now();
  const shipDate = data.shipDate ? Date.parse(data.shipDate) : NaN;
  const make = (returnShipment: boolean, parcels: SimParcel[]): SimShipment => {
    const shipment: SimShipment = {
      id: String(nextId(ctx.state, 'shipment')),
      shipmentNo: meta.shipmentNo && !returnShipment ? meta.shipmentNo : newShipmentNo(ctx),
      status: 'PRINTED',
      orderNo: data.orderNo ?? null,
      reference: data.senderReference ?? null,
      serviceId: service?.id ?? String(data.service?.id ?? ''),
      carrierId: service?.carrierId ?? '',
      sender,
      receiver: data.receiver ?? {},
      data,
      parcels,
      printIds: [],
      created: now,
      changed: now,
      shipDate: Number.isNaN(shipDate) ? now : shipDate,
      returnShipment,
      consolidated: meta.consolidated ?? false,
      route: meta.route,
      storedId: meta.storedId,
      orderId: meta.orderId,
      internalReference: meta.internalReference,
      consolidatedId: meta.consolidatedId,
      feedSeq: nextId(ctx.state, 'feed'),
    };
    ctx.state.shipments.set(shipment.id, shipment);
    ctx.state.feed.push(shipment);
    trackBooking(ctx, shipment);
    if (meta.record !== false)
      ctx.state.records.push({ seq: nextId(ctx.state, 'record'), route: meta.route, created: now, shipment });
    return shipment;
  };
  const normal = make(false, meta.parcels ?? expandParcels(ctx, data));
  if (!wantsReturn(data)) return [normal];
  const returnParcels = normal.parcels.map((p) => ({ ...p, parcelNo: newParcelNo(ctx) }));
  normal.parcels.forEach((p, i) => (p.returnParcelNo = returnParcels[i]?.parcelNo ?? null));
  return [normal, make(true, returnParcels)];
}

export type BookingOutcome = { ok: true; shipments: SimShipment[] } | { ok: false; errors: ValidationItem[] };

/**
 * Validate and commit in one synchronous step: callers mark their own state (order parcels, stored status)
 * before the first await, so a concurrent duplicate sees the booking. On validation errors nothing is created.
 */
export function validateAndCommit(ctx: SimContext, data: ShipmentInput, meta: BookingMeta): BookingOutcome {
  const sender = resolveSender(ctx, data);
  const errors = validateShipment(data, sender);
  if (hasErrors(errors) || !sender) return { ok: false, errors };
  return { ok: true, shipments: commitShipment(ctx, data, sender, meta) };
}

export async function printShipments(
  ctx: SimContext,
  shipments: SimShipment[],
  targets: PrintTarget[],
): Promise<void> {
  for (const s of shipments) s.printIds = await generateShipmentDocuments(ctx, s, targets);
}

/** Validate → commit → documents. */
export async function bookAndPrint(
  ctx: SimContext,
  data: ShipmentInput,
  targets: PrintTarget[],
  meta: BookingMeta,
): Promise<BookingOutcome> {
  const outcome = validateAndCommit(ctx, data, meta);
  if (outcome.ok) await printShipments(ctx, outcome.shipments, targets);
  return outcome;
}

export interface ShipmentResultJson {
  href: string;
  id: string;
  status: string;
  shipmentNo: string;
  orderNo: string | null;
  reference: string | null;
  serviceId: string;
  parcelCount: number;
  sndName: string | null;
  rcvName: string | null;
  rcvZipcode: string | null;
  rcvCity: string | null;
  rcvCountry: string | null;
  created: string;
  changed: string;
  shipDate: string;
  normalShipment: boolean;
  returnShipment: boolean;
  consolidated: boolean;
  parcels: Array<{ parcelNo: string; returnParcelNo: string | null; reference: string | null }>;
  prints: PrintJson[];
  previousPrints: null;
}

/** The shipment result exactly as docs/nshift-api.md 1.3 shows it. */
export function shipmentResultJson(
  ctx: SimContext,
  s: SimShipment,
  inline: boolean,
  printIds: string[] = s.printIds,
): ShipmentResultJson {
  return {
    href: `${ctx.hrefBase}/shipments/${s.id}`,
    id: s.id,
    status: s.status,
    shipmentNo: s.shipmentNo,
    orderNo: s.orderNo,
    reference: s.reference,
    serviceId: s.serviceId,
    parcelCount: s.parcels.length,
    sndName: s.sender.name ?? null,
    rcvName: s.receiver.name ?? null,
    rcvZipcode: s.receiver.zipcode ?? null,
    rcvCity: s.receiver.city ?? null,
    rcvCountry: s.receiver.country ?? null,
    created: formatTimestamp(s.created),
    changed: formatTimestamp(s.changed),
    shipDate: formatTimestamp(s.shipDate),
    normalShipment: !s.returnShipment,
    returnShipment: s.returnShipment,
    consolidated: s.consolidated,
    parcels: s.parcels.map((p) => ({
      parcelNo: p.parcelNo,
      returnParcelNo: p.returnParcelNo,
      reference: p.reference,
    })),
    prints: printIds.flatMap((id) => {
      const doc = ctx.state.documents.get(id);
      return doc ? [printJson(ctx, doc, inline)] : [];
    }),
    previousPrints: null,
  };
}
