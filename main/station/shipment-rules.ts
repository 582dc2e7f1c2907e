/**
 * The station's rules over a Delivery shipment: which shipments one booking makes (to reconcile a booking whose
 * answer was lost) and how a stored shipment is made to join the station's consolidated shipment. Station
 * decisions, so they live here and not in the HTTP client; what nShift itself reads as a consolidated booking is
 * the client's (main/nshift/delivery/consolidation.ts), and the CONSOLIDATE option is recognised only there.
 */
import {
  isConsolidateOption,
  type Shipment,
  type ShipmentOption,
  type StoredShipment,
} from '../nshift/delivery';

/** Does the shipment ask for a return shipment (addon RETURN)? nShift then books two, in one answer. */
export function asksForReturnShipment(shipment: Shipment): boolean {
  const addons = Array.isArray(shipment.service?.addons) ? shipment.service.addons : [];
  return addons.some((a) => String(a.id).toUpperCase() === 'RETURN');
}

/**
 * Does booking the stored shipment make a return shipment too? nShift's own answer says so (`returnShipment`);
 * the shipment's RETURN addon says the same where the answer carries the shipment.
 */
export function storedMakesReturnShipment(stored: StoredShipment): boolean {
  if (stored.returnShipment) return true;
  return stored.shipment ? asksForReturnShipment(stored.shipment as Shipment) : false;
}

/**
 * The stored shipment's data, when nShift's answer carries it whole enough to be sent back as a full
 * replacement: a receiver, a service and parcels at least. nShift's documented stored-shipment answers are
 * summaries with none of these, and a replacement built from what is not there would erase them in nShift.
 */
export function wholeShipmentOf(stored: StoredShipment): Shipment | undefined {
  const shipment = stored.shipment as Shipment | null | undefined;
  if (!shipment) return undefined;
  const hasReceiver = typeof shipment.receiver === 'object' && shipment.receiver !== null;
  const hasService = typeof shipment.service?.id === 'string' && shipment.service.id !== '';
  const hasParcels = Array.isArray(shipment.parcels) && shipment.parcels.length > 0;
  return hasReceiver && hasService && hasParcels ? shipment : undefined;
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
