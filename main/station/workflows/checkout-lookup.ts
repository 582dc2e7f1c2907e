import type { Failure } from '../../../preload/api';
import type { PartialShipment } from '../../nshift/checkout';
import type { ShipmentSummary } from '../../nshift/delivery';
import { describeApiError } from '../../nshift/shared';
import type { BookingTarget } from '../journal';
import type { StationContext } from '../context';
import { codeFailure, failureFromDelivery, failureOf } from '../failures';
import { counted } from '../english-count';
import { isCancelled } from './shipment-lookup';

/**
 * A web shop's order as nShift Checkout knows it, and what nShift Delivery holds of it. With Checkout credentials
 * a scan of the shop's order number finds the order's partial shipments in Checkout, and each one's prepared
 * shipment in Delivery (the client's `prepareIdOf`): those still there are booked, once each, like a split order's stored
 * shipments. Without them no Checkout request is ever made. If Checkout cannot answer, the scan goes on as if it
 * had no partial shipments: the packer gets what Delivery alone says.
 */

/** The order's partial shipments, asked of Checkout once per scan (undefined: no credentials, or no answer). */
export type PartialsOfScan = () => Promise<PartialShipment[] | undefined>;

export function partialsOfScan(ctx: StationContext, code: string): PartialsOfScan {
  let asked: Promise<PartialShipment[] | undefined> | undefined;
  return () => (asked ??= listPartials(ctx, code));
}

async function listPartials(ctx: StationContext, code: string): Promise<PartialShipment[] | undefined> {
  const checkout = ctx.checkout?.();
  if (!checkout) return undefined;
  const found = await checkout.partialShipments.list({ orderId: code });
  if (!found.ok) {
    ctx.log(`checkout lookup of "${code}" failed: ${describeApiError(found.error)}`);
    return undefined;
  }
  // The filter is assumed (docs/nshift-checkout-api.md): only the order's own partial shipments are taken.
  return found.value.filter((p) => (p.orderId ?? '').toLowerCase() === code.toLowerCase());
}

/** What the prepared source made of a scan: targets to book, the shipments already booked, or a failure. */
export type PreparedLookup =
  | { kind: 'book'; targets: BookingTarget[] }
  | { kind: 'booked'; shipmentIds: string[] }
  | { kind: 'failed'; failure: Failure };

/**
 * The scan's prepared shipments in Delivery. Those nShift still holds are booked; none left means they were
 * booked (by this station, another, or the shop's own system: the history by order number tells), or the shop
 * turned them into stored shipments or deleted them, or they never reached Delivery (undefined: the next
 * source, then "nothing found", decides). A prepared shipment nShift could not be asked about fails the scan
 * rather than booking part of the order blind.
 */
export async function preparedOfScan(
  ctx: StationContext,
  code: string,
  partials: PartialsOfScan,
  bookings: (orderNo: string) => Promise<ShipmentSummary[]>,
): Promise<PreparedLookup | undefined> {
  const found = await partials();
  const checkout = ctx.checkout?.();
  if (!found?.length || !checkout) return undefined;
  const client = ctx.client();
  const held = await Promise.all(
    found.map(async (partial) => {
      const prepareId = checkout.partialShipments.prepareIdOf(partial);
      return { prepareId, answer: await client.preparedShipments.get(prepareId) };
    }),
  );
  const refused = held.find((h) => !h.answer.ok && h.answer.error.kind !== 'not_found');
  if (refused && !refused.answer.ok)
    return { kind: 'failed', failure: failureFromDelivery(refused.answer.error) };
  const targets = held
    .filter((h) => h.answer.ok)
    .map((h): BookingTarget => ({ type: 'prepared', prepareId: h.prepareId, orderNo: code }));
  if (targets.length > 0) return { kind: 'book', targets };
  const history = await bookings(code);
  const live = history.filter((s) => !isCancelled(s));
  if (live.length > 0) return { kind: 'booked', shipmentIds: live.map((s) => s.id) };
  const cancelled = history.find(isCancelled);
  if (!cancelled) return undefined;
  // Booked once and cancelled since: the prepared shipment is spent, so nothing can be booked from it again.
  const shipmentNo = cancelled.shipmentNo ?? cancelled.id;
  return {
    kind: 'failed',
    failure: failureOf(
      'prepared_cancelled',
      `The web shop's order "${code}" was booked as shipment ${shipmentNo}, which has been cancelled: its prepared shipment is spent, and its label is void. Have the web shop team make a new shipment for "${code}", then scan again.`,
      { code, shipmentNo },
    ),
  };
}

/**
 * Why a scan found nothing in nShift Delivery. With Checkout credentials, the web shop's side says why: the most
 * common reason in real life is that the shop never created the partial shipment, or that it has not reached the
 * shipping solution yet. Runs only after every Delivery source found nothing, so the hot path of a code that
 * exists never waits for it. If Checkout cannot answer, the packer gets the plain "not found" (the scan did
 * fail for that reason).
 */
export async function explainNotFound(
  ctx: StationContext,
  code: string,
  partials: PartialsOfScan,
): Promise<Failure> {
  const plain = failureOf('no_match', `Nothing in nShift matches "${code}": check the code and scan again.`, {
    code,
  });
  const matches = await partials();
  if (!matches) return plain;
  if (matches.length === 0) {
    return codeFailure(
      'checkout_not_created',
      `Nothing in nShift matches "${code}": the web shop has not created the shipment yet (no partial shipment in nShift Checkout). Put the parcel aside and ask the web shop team to create it.`,
      { params: { orderNo: code } },
    );
  }
  return codeFailure(
    'checkout_not_in_delivery',
    `"${code}" was created at checkout (${counted(matches.length, 'partial shipment', 'partial shipments')} in nShift Checkout) but is not yet in nShift Delivery. Put the parcel aside and scan it again in a few minutes; if it stays missing, ask the web shop team.`,
    { params: { orderNo: code, count: matches.length } },
  );
}
