/**
 * The station's rules over a Delivery shipment: which shipments one booking makes (to reconcile a booking whose
 * answer was lost) and how a stored shipment is made to join the station's consolidated shipment. Station
 * decisions, so they live here and not in the HTTP client; what nShift itself reads as a consolidated booking is
 * the client's (main/nshift/delivery/consolidation.ts), and the CONSOLIDATE option is recognised only there.
 */
import { isConsolidateOption, type Shipment, type ShipmentOption } from '../nshift/delivery';

/** Does the shipment ask for a return shipment (addon RETURN)? nShift then books two, in one answer. */
export function asksForReturnShipment(shipment: Shipment): boolean {
  const addons = Array.isArray(shipment.service?.addons) ? shipment.service.addons : [];
  return addons.some((a) => String(a.id).toUpperCase() === 'RETURN');
}

/**
 * The stored shipment with the station's consolidation key: any CONSOLIDATE option it had replaced by one with
 * `key`. It is passed back untouched but for its options: unknown fields survive the replace.
 */
export function withConsolidationKey(shipment: Shipment, key: string): Shipment {
  const options: ShipmentOption[] = Array.isArray(shipment.options) ? shipment.options : [];
  return {
    ...shipment,
    options: [...options.filter((o) => !isConsolidateOption(o)), { id: 'CONSOLIDATE', key }],
  };
}
