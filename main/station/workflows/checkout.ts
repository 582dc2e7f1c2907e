import type { MethodInput, MethodOutput, PartialShipmentView } from '../../../preload/api';
import type { CheckoutClient, PartialShipment } from '../../nshift/checkout';
import type { StoredShipment } from '../../nshift/delivery/schemas';
import { describeApiError } from '../../nshift/shared/errors';
import { StationError } from '../station-error';
import type { StationContext } from '../context';
import { failure, failureFromDelivery } from '../failures';
import { isInvalid, isReady } from './resolve';
import { counted } from '../english-count';

/**
 * The admin's Checkout screen: find partial shipments (by order reference or creation dates), delete one
 * (in Checkout only: Delivery keeps its stored shipment), anonymize (by id, or by the receiver's name or
 * e-mail), and export usage metrics as CSV.
 */

function checkoutOf(ctx: StationContext): CheckoutClient {
  const client = ctx.checkout?.();
  if (!client)
    throw StationError.failed(
      failure(
        'auth',
        'checkout_not_configured',
        'No nShift Checkout client credentials are set up on this station.',
      ),
    );
  return client;
}

function unwrap<T>(
  result: { ok: true; value: T } | { ok: false; error: Parameters<typeof failureFromDelivery>[0] },
): T {
  if (!result.ok) throw StationError.failed(failureFromDelivery(result.error));
  return result.value;
}

const text = (value: unknown): string | undefined =>
  (typeof value === 'string' || typeof value === 'number') && value !== '' ? String(value) : undefined;

function priceText(price: unknown): string | undefined {
  if (!price || typeof price !== 'object') return text(price);
  const p = price as Record<string, unknown>;
  return p.amount === undefined ? undefined : `${String(p.amount)} ${text(p.currency) ?? ''}`.trim();
}

export function toPartialShipmentView(p: PartialShipment): PartialShipmentView {
  const option = p.selectedOption;
  const storedId = text(p.delivery?.storedId);
  const optionView = option
    ? {
        ...(text(option.carrierId) ? { carrierId: text(option.carrierId) } : {}),
        ...(text(option.serviceId) ? { serviceId: text(option.serviceId) } : {}),
        ...(text(option.name) ? { name: text(option.name) } : {}),
        ...(priceText(option.price) ? { price: priceText(option.price) } : {}),
      }
    : undefined;
  return {
    id: p.id,
    ...(text(p.orderNo) ? { orderNo: text(p.orderNo) } : {}),
    ...(text(p.created) ? { created: text(p.created) } : {}),
    ...(text(p.sessionId) ? { sessionId: text(p.sessionId) } : {}),
    ...(text(p.subShipmentId) ? { subShipmentId: text(p.subShipmentId) } : {}),
    ...(text(p.receiver?.name) ? { receiverName: text(p.receiver?.name) } : {}),
    ...(text(p.receiver?.city) ? { receiverCity: text(p.receiver?.city) } : {}),
    anonymized: p.anonymized === true,
    ...(optionView ? { option: optionView } : {}),
    parcelCount: p.parcels?.length ?? 0,
    delivery: storedId ? { status: 'transferred', storedId } : { status: 'pending' },
  };
}

export async function listPartialShipments(
  ctx: StationContext,
  input: MethodInput<'listPartialShipments'>,
): Promise<PartialShipmentView[]> {
  const client = checkoutOf(ctx);
  const found = unwrap(
    await client.partialShipments.list('orderNo' in input ? { orderNo: input.orderNo } : input),
  );
  return withBookings(ctx, found.map(toPartialShipmentView));
}

/** Delivery look-ups at once for one list: a day's list can name many orders, and the account's rate is shared. */
const LOOKUPS_AT_ONCE = 4;

/**
 * Checkout only knows the stored shipment it handed to Delivery; once that is booked, its id is of no use at the
 * bench. Delivery says which are booked: one stored-shipment list per order number (filtered by order, it names
 * every status), a few at a time. A stored shipment no longer READY, WARNED or INVALID has been booked (as for
 * a scan, resolve.ts); the number is the one nShift gave it. An order Delivery cannot list keeps its rows as
 * Checkout described them.
 */
async function withBookings(
  ctx: StationContext,
  views: PartialShipmentView[],
): Promise<PartialShipmentView[]> {
  const orders = [
    ...new Set(views.flatMap((v) => (v.delivery.status === 'transferred' && v.orderNo ? [v.orderNo] : []))),
  ];
  const stored = new Map<string, StoredShipment>();
  const next = async (): Promise<void> => {
    for (let orderNo = orders.shift(); orderNo !== undefined; orderNo = orders.shift()) {
      const listed = await ctx
        .client()
        .storedShipments.list({ searchField: 'orderNo', searchOp: 'equals', searchValue: orderNo });
      if (!listed.ok) {
        ctx.log(`checkout: stored shipments of ${orderNo} not listed: ${describeApiError(listed.error)}`);
        continue;
      }
      for (const s of listed.value) stored.set(s.id, s);
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, orders.length) }, next));
  return views.map((view) => {
    const { storedId } = view.delivery;
    const match = storedId ? stored.get(storedId) : undefined;
    if (!storedId || !match || isReady(match) || isInvalid(match)) return view;
    return {
      ...view,
      delivery: { status: 'booked', storedId, ...(match.shipmentNo ? { shipmentNo: match.shipmentNo } : {}) },
    };
  });
}

export async function deletePartialShipment(ctx: StationContext, id: string): Promise<{ deleted: true }> {
  unwrap(await checkoutOf(ctx).partialShipments.delete(id));
  ctx.log(`checkout partial shipment ${id} deleted (its Delivery stored shipment stays)`);
  return { deleted: true };
}

export async function anonymizePartialShipments(
  ctx: StationContext,
  input: MethodInput<'anonymizePartialShipments'>,
): Promise<PartialShipmentView[]> {
  const client = checkoutOf(ctx);
  const done =
    'id' in input
      ? [unwrap(await client.partialShipments.anonymize(input.id))]
      : unwrap(
          await client.partialShipments.anonymizeByContact({
            ...(input.name ? { name: input.name } : {}),
            ...(input.email ? { email: input.email } : {}),
          }),
        );
  ctx.log(`checkout: ${counted(done.length, 'partial shipment', 'partial shipments')} anonymized`);
  return done.map(toPartialShipmentView);
}

export async function exportCheckoutMetrics(
  ctx: StationContext,
  { dateFrom, dateTo }: MethodInput<'exportCheckoutMetrics'>,
): Promise<MethodOutput<'exportCheckoutMetrics'>> {
  const csv = unwrap(await checkoutOf(ctx).metrics.fetch({ dateFrom, dateTo }));
  return { fileName: `checkout-usage_${dateFrom}_${dateTo}.csv`, csv };
}
