import type { Failure, MethodInput, MethodOutput, PartialShipmentView } from '../../../preload/api';
import type { CheckoutClient, CheckoutError, PartialShipment } from '../../nshift/checkout';
import type { ShipmentSummary, StoredShipment } from '../../nshift/delivery';
import { describeApiError } from '../../nshift/shared';
import { StationError } from '../station-error';
import type { StationContext } from '../context';
import { codeFailure, failureFromDelivery } from '../failures';
import { historyOfOrderNo, isReady } from './resolve';
import { isCancelled } from './shipment-lookup';
import { counted } from '../english-count';

/**
 * The admin's Checkout screen: find partial shipments (by order reference or creation dates) and where each is in
 * nShift Delivery, delete one (in Checkout only: Delivery keeps what it holds), anonymize (by id, or by the
 * receiver's name or e-mail), and export usage metrics as CSV.
 */

function checkoutOf(ctx: StationContext): CheckoutClient {
  const client = ctx.checkout?.();
  if (!client)
    throw StationError.failed(
      codeFailure(
        'checkout_not_configured',
        'No nShift Checkout client credentials are set up on this station.',
      ),
    );
  return client;
}

/**
 * A Checkout error in words an admin can act on: the Checkout credentials (not the Delivery API key), and what
 * Checkout's problem named when it refused; the rest reads as any nShift error.
 */
export function failureFromCheckout(error: CheckoutError): Failure {
  if (error.kind === 'auth')
    return error.reason === 'missing_key'
      ? codeFailure(
          'checkout_not_configured',
          'No nShift Checkout client credentials are set up on this station.',
        )
      : codeFailure(
          'checkout_credentials_refused',
          'nShift Checkout did not accept the client credentials: check the client id and secret, and that the client is enabled with the scope "Public checkout API".',
        );
  if (error.kind === 'validation')
    return codeFailure('checkout_refused', `nShift Checkout refused the request: ${error.message}.`, {
      errors: error.errors.map((e) => ({
        field: e.field || e.messageCode || 'request',
        message: e.message,
      })),
    });
  return failureFromDelivery(error);
}

function unwrap<T>(result: { ok: true; value: T } | { ok: false; error: CheckoutError }): T {
  if (!result.ok) throw StationError.failed(failureFromCheckout(result.error));
  return result.value;
}

const text = (value: unknown): string | undefined =>
  (typeof value === 'string' || typeof value === 'number') && value !== '' ? String(value) : undefined;

/** The row of the screen, from nShift Checkout's own fields; where it is in Delivery comes after (withDelivery). */
export function toPartialShipmentView(p: PartialShipment): PartialShipmentView {
  const pickupPoint = text(p.pickupPoint?.name) ?? text(p.pickupPoint?.pickupPointId);
  const option =
    p.carrier || p.carrierProduct || pickupPoint
      ? {
          ...(text(p.carrier) ? { carrierId: text(p.carrier) } : {}),
          ...(text(p.carrierProduct) ? { serviceId: text(p.carrierProduct) } : {}),
          ...(pickupPoint ? { pickupPoint } : {}),
        }
      : undefined;
  return {
    id: p.id,
    ...(text(p.orderId) ? { orderNo: text(p.orderId) } : {}),
    ...(text(p.created) ? { created: text(p.created) } : {}),
    ...(text(p.sessionId) ? { sessionId: text(p.sessionId) } : {}),
    ...(text(p.subShipmentId) ? { subShipmentId: text(p.subShipmentId) } : {}),
    ...(text(p.receiver?.name) ? { receiverName: text(p.receiver?.name) } : {}),
    ...(text(p.receiver?.city) ? { receiverCity: text(p.receiver?.city) } : {}),
    anonymized: p.anonymized === true,
    ...(option ? { option } : {}),
    parcelCount: p.packages?.length ?? 0,
    delivery: { status: 'pending' },
  };
}

export async function listPartialShipments(
  ctx: StationContext,
  input: MethodInput<'listPartialShipments'>,
): Promise<PartialShipmentView[]> {
  const client = checkoutOf(ctx);
  const found = unwrap(
    await client.partialShipments.list('orderNo' in input ? { orderId: input.orderNo } : input),
  );
  return withDelivery(ctx, found, (p) => client.partialShipments.prepareIdOf(p));
}

/** Delivery look-ups at once for one list: a day's list can name many orders, and the account's rate is shared. */
const LOOKUPS_AT_ONCE = 4;

/** What Delivery holds of one order whose prepared shipments are not all there any more. */
interface OrderInDelivery {
  ready: StoredShipment[];
  live: ShipmentSummary[];
}

/**
 * Where each partial shipment is in Delivery: its prepared shipment still there (`prepared`), or gone. A gone one
 * was booked, or turned into a stored shipment by the shop, or never arrived: the order's stored shipments and its
 * history by order number tell which. Nothing in Delivery ties a booked shipment to the partial shipment it came
 * from but the order number, so a booked row names the shipment only when the order has exactly one gone partial
 * shipment and one booked shipment: a number on the screen is always that row's. Looked up a few at a time; a
 * row Delivery cannot be asked about stays `pending`, with the reason in the log.
 */
async function withDelivery(
  ctx: StationContext,
  partials: PartialShipment[],
  prepareIdOf: (partial: PartialShipment) => string,
): Promise<PartialShipmentView[]> {
  const client = ctx.client();
  const views = partials.map(toPartialShipmentView);
  const gone = new Map<string, number>();
  const queue = partials.map((partial, index) => ({ partial, index }));
  const nextPrepared = async (): Promise<void> => {
    for (let item = queue.shift(); item !== undefined; item = queue.shift()) {
      const prepareId = prepareIdOf(item.partial);
      const held = await client.preparedShipments.get(prepareId);
      if (held.ok) {
        views[item.index] = { ...views[item.index]!, delivery: { status: 'prepared', prepareId } };
      } else if (held.error.kind === 'not_found') {
        const orderNo = views[item.index]!.orderNo;
        if (orderNo) gone.set(orderNo, (gone.get(orderNo) ?? 0) + 1);
      } else {
        ctx.log(`checkout: prepared shipment ${prepareId} not read: ${describeApiError(held.error)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, queue.length) }, nextPrepared));

  const orders = [...gone.keys()];
  const inDelivery = new Map<string, OrderInDelivery>();
  const nextOrder = async (): Promise<void> => {
    for (let orderNo = orders.shift(); orderNo !== undefined; orderNo = orders.shift()) {
      const stored = await client.storedShipments.list({
        searchField: 'orderNo',
        searchOp: 'equals',
        searchValue: orderNo,
      });
      if (!stored.ok)
        ctx.log(`checkout: stored shipments of ${orderNo} not listed: ${describeApiError(stored.error)}`);
      const live = (await historyOfOrderNo(ctx, orderNo)).filter((s) => !isCancelled(s));
      inDelivery.set(orderNo, { ready: stored.ok ? stored.value.filter(isReady) : [], live });
    }
  };
  await Promise.all(Array.from({ length: Math.min(LOOKUPS_AT_ONCE, orders.length) }, nextOrder));

  return views.map((view) => {
    const order = view.orderNo ? inDelivery.get(view.orderNo) : undefined;
    if (view.delivery.status !== 'pending' || !order || !view.orderNo) return view;
    const count = gone.get(view.orderNo) ?? 0;
    const single = <T>(items: T[]): T | undefined =>
      count === 1 && items.length === 1 ? items[0] : undefined;
    // Booked, unless shipments are missing for some of them and stored shipments wait: then they were stored.
    if (order.live.length > 0 && (order.live.length >= count || order.ready.length === 0)) {
      const shipmentNo = single(order.live)?.shipmentNo;
      return { ...view, delivery: { status: 'booked', ...(shipmentNo ? { shipmentNo } : {}) } };
    }
    if (order.ready.length > 0) {
      const storedId = single(order.ready)?.id;
      return { ...view, delivery: { status: 'stored', ...(storedId ? { storedId } : {}) } };
    }
    return view;
  });
}

export async function deletePartialShipment(ctx: StationContext, id: string): Promise<{ deleted: true }> {
  unwrap(await checkoutOf(ctx).partialShipments.delete(id));
  ctx.log(`checkout partial shipment ${id} deleted (what Delivery holds of it stays)`);
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
