/**
 * How a Checkout partial shipment is found in nShift Delivery. The seed says a partial shipment "is also
 * created in the linked shipping solution account", where nShift Delivery calls it a prepared shipment
 * (`/prepared-shipments/{prepareId}`). nShift's older DeliveryCheckout API named a partial shipment by that same
 * prepare ID on both sides (`/delivery-checkout-shipments/{prepareId}` and `/prepared-shipments/{prepareId}`);
 * no public material shows how nShift Checkout's partial-shipment `id` relates to it. Decided here, once, and
 * marked assumed in docs/nshift-checkout-api.md: the partial shipment's `id` is the prepare ID. A real account
 * that shows otherwise is a change to this function alone (the station calls it through the Checkout client's
 * `partialShipments.prepareIdOf`, the simulator directly).
 */
import type { PartialShipment } from './schemas';

export function prepareIdOf(partial: Pick<PartialShipment, 'id'>): string {
  return partial.id;
}
